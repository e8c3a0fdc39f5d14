import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/db/seed/default-settings";
import { products } from "~/db/schema/catalog";
import { getPublishedProduct } from "~/models/product.server";
import { getSettings, updateSetting } from "~/models/settings.server";
import { createUser } from "~/models/user.server";
import { setupTestDatabase } from "../tests/setup/db";
import { insertProduct } from "../tests/setup/factories";
import { readContentVersion } from "~/utils/content-version.server";
import { pageCache } from "./page-cache";

// The cache of anonymous storefront pages, in front of a stand-in for React Router that renders
// a product's name and price and the store's phone from the database, and counts its renders.
// Behaviour only: what each answer says and whether it was rendered again, never how fast.

const test = setupTestDatabase();

let renders = 0;
async function handler(request: Request, context: AppLoadContext): Promise<Response> {
  renders++;
  const url = new URL(request.url);
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  if (url.searchParams.has("flash")) headers.append("Set-Cookie", "vitec_toast=; Max-Age=0; Path=/");
  if (url.pathname === "/search") return new Response("<p>sin resultados</p>", { status: 404, headers });
  const id = url.pathname.split("/")[2];
  const [product, { store }] = await Promise.all([getPublishedProduct(id), getSettings(["store"])]);
  if (!product) return new Response("No encontrado", { status: 404, headers });
  const who = request.headers.get("cookie") ? "cliente" : "visitante";
  return new Response(
    `<html><script nonce="${context.cspNonce}">1</script><p>${product.name} ${product.price} ${store.phone} ${who}</p><p>stock ${product.stock}</p></html>`,
    { headers },
  );
}

/** One server process: security headers with a fresh nonce, the cache, then the stand-in. */
function startProcess(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = express();
  let n = 0;
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++n}`;
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.cspNonce}'`);
    next();
  });
  const getLoadContext = (_req: express.Request, res: express.Response) => ({
    remoteAddress: "test",
    cspNonce: res.locals.cspNonce as string,
  });
  app.use(pageCache({ handler, getLoadContext }));
  // What React Router does for everything the cache does not answer.
  app.use(async (req, res) => {
    const response = await handler(
      new Request(`http://test${req.originalUrl}`, { headers: { cookie: req.headers.cookie ?? "" } }),
      getLoadContext(req, res),
    );
    res.status(response.status).setHeader("X-Page-Cache", "none");
    res.send(await response.text());
  });
  return new Promise((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

let one: Awaited<ReturnType<typeof startProcess>>;
let two: Awaited<ReturnType<typeof startProcess>>;
let productId: string;
let actor: { id: string; email: string };

beforeAll(async () => {
  const product = await insertProduct({ name: "Notebook Cache", price: "1000.00" });
  productId = product.id;
  const user = await createUser({
    email: "cache@vitec.com.ar",
    password: "clave-de-admin-1",
    fullName: "Cache",
    role: "admin",
  });
  actor = { id: user.id, email: "cache@vitec.com.ar" };
  one = await startProcess();
  two = await startProcess();
});
afterAll(async () => {
  await one?.close();
  await two?.close();
});

async function get(base: string, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, { headers });
  return {
    status: response.status,
    cache: response.headers.get("x-page-cache"),
    csp: response.headers.get("content-security-policy"),
    cookie: response.headers.get("set-cookie"),
    body: await response.text(),
  };
}

describe("page cache", () => {
  it("renders an anonymous page once and serves it again from memory", async () => {
    const first = await get(one.url, `/product/${productId}`);
    expect(first.cache).toBe("miss");
    expect(first.body).toContain("Notebook Cache 1000.00");
    const before = renders;
    const second = await get(one.url, `/product/${productId}`);
    expect(second.cache).toBe("hit");
    expect(second.body).toBe(first.body);
    expect(renders).toBe(before);
  });

  it("serves a cached page with the Content-Security-Policy whose nonce its scripts carry", async () => {
    const hit = await get(one.url, `/product/${productId}`);
    const nonce = /nonce="([^"]+)"/.exec(hit.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(hit.csp).toBe(`script-src 'nonce-${nonce}'`);
  });

  it("shows an admin's price change at once, in this process and in another one on the same database", async () => {
    await get(one.url, `/product/${productId}`);
    await get(two.url, `/product/${productId}`);
    expect((await get(two.url, `/product/${productId}`)).cache).toBe("hit");

    await test.db.update(products).set({ price: "1500.00" }).where(eq(products.id, productId));

    const fromOne = await get(one.url, `/product/${productId}`);
    const fromTwo = await get(two.url, `/product/${productId}`);
    expect(fromOne.body).toContain("Notebook Cache 1500.00");
    expect(fromTwo.body).toContain("Notebook Cache 1500.00");
    expect(fromOne.cache).toBe("miss");
  });

  it("a sale that leaves stock above zero changes no cached page; running out changes them", async () => {
    const other = await insertProduct({ name: "Otro producto", price: "50.00", stock: 8 });
    await get(one.url, `/product/${other.id}`);
    expect((await get(one.url, `/product/${other.id}`)).cache).toBe("hit");
    const version = await readContentVersion();

    // The page does not show the units left (the browser asks /api/products/:id/stock).
    await test.db.update(products).set({ stock: 7 }).where(eq(products.id, other.id));
    expect(await readContentVersion()).toBe(version);
    expect((await get(one.url, `/product/${other.id}`)).cache).toBe("hit");

    // Sin stock: every page that shows the product changes.
    await test.db.update(products).set({ stock: 0 }).where(eq(products.id, other.id));
    const out = await get(one.url, `/product/${other.id}`);
    expect(out.cache).toBe("miss");
    expect(out.body).toContain("stock 0");
  });

  it("shows a settings change at once", async () => {
    await get(one.url, `/product/${productId}`);
    await updateSetting(actor, "store", { ...DEFAULT_SETTINGS.store, phone: "+54 11 3333-3333" });
    expect((await get(one.url, `/product/${productId}`)).body).toContain("+54 11 3333-3333");
    expect((await get(two.url, `/product/${productId}`)).body).toContain("+54 11 3333-3333");
  });

  it("shows a product that was unpublished as not found at once", async () => {
    const draft = await insertProduct({ name: "Se despublica", price: "10.00" });
    expect((await get(one.url, `/product/${draft.id}`)).status).toBe(200);
    await test.db.update(products).set({ status: "draft" }).where(eq(products.id, draft.id));
    expect((await get(one.url, `/product/${draft.id}`)).status).toBe(404);
  });

  it("serves the same public page to a signed-in visitor, rendered without anyone's cookies", async () => {
    const anonymous = await get(one.url, `/product/${productId}`);
    expect(anonymous.body).toContain("visitante");
    const signedIn = await get(one.url, `/product/${productId}`, { cookie: "better-auth.session_token=abc" });
    expect(signedIn.cache).toBe("hit");
    expect(signedIn.body).toBe(anonymous.body);
    // Rendered for a request with a session, the page still says nothing about it.
    await test.db.update(products).set({ price: "1600.00" }).where(eq(products.id, productId));
    const fresh = await get(one.url, `/product/${productId}`, { cookie: "better-auth.session_token=abc" });
    expect(fresh.cache).toBe("miss");
    expect(fresh.body).toContain("visitante");
    expect(fresh.body).not.toContain("cliente");
  });

  it("renders as usual a request with a flashed toast or an Authorization header", async () => {
    expect((await get(one.url, `/product/${productId}`, { cookie: "vitec_toast=abc" })).cache).toBe("none");
    expect((await get(one.url, `/product/${productId}`, { authorization: "Bearer x" })).cache).toBe("none");
  });

  it("does not keep an answer that sets a cookie (a consumed toast) or is not a 200", async () => {
    const flashed = await get(one.url, `/product/${productId}?flash=1`);
    expect(flashed.cookie).toContain("vitec_toast=");
    expect(flashed.cache).toBe("bypass");
    const again = await get(one.url, `/product/${productId}?flash=1`);
    expect(again.cache).toBe("bypass");
    expect(again.cookie).toContain("vitec_toast=");

    expect((await get(one.url, "/search?q=nada")).status).toBe(404);
    expect((await get(one.url, "/search?q=nada")).cache).toBe("bypass");
  });

  it("leaves pages outside the storefront's public ones alone (confirmation, account, admin)", async () => {
    for (const path of ["/cuenta", "/success", "/admin/productos"]) {
      expect((await get(one.url, path)).cache).toBe("none");
    }
  });
});
