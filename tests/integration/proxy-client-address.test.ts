import { type Server, createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { like } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "~/db/schema/content";

// The store behind one reverse proxy (TRUST_PROXY=1, as docs/deploy.md sets it), with a client
// that writes a new X-Forwarded-For on every request, hoping each looks like another visitor.
// The proxy here is a real one (node:http, in this file) and, worse than the documented nginx
// block, appends the peer's address to what the client sent (nginx's $proxy_add_x_forwarded_for).
// Express resolves the client address under the env's setting and server/client-address.ts
// hands it to the store's real actions, on this file's database: every per-address limit holds.

process.env.TRUST_PROXY = "1";

const { getEnv } = await import("~/utils/env.server");
const { getLoadContext } = await import("../../server/client-address");
const { action: loginAction } = await import("~/routes/auth/login");
const { action: forgotAction } = await import("~/routes/auth/forgot-password");
const { action: couponAction } = await import("~/routes/resources/coupon-check");
const { action: checkoutAction } = await import("~/routes/checkout/checkout");
const { action: contactAction } = await import("~/routes/content/contacto");
const { action: withdrawalAction } = await import("~/routes/content/arrepentimiento");
const { setupTestDatabase } = await import("../setup/db");
const { outcome } = await import("../setup/routes");
const { afterResponseSettled } = await import("~/utils/after-response.server");

const t = setupTestDatabase();

const ACTIONS: Record<string, (args: never) => unknown> = {
  "/login": loginAction as never,
  "/olvide-mi-contrasena": forgotAction as never,
  "/api/coupon": couponAction as never,
  "/checkout": checkoutAction as never,
  "/contacto": contactAction as never,
  "/arrepentimiento": withdrawalAction as never,
};

const servers: Server[] = [];
let proxyPort = 0;

function listen(server: Server): Promise<number> {
  servers.push(server);
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

beforeAll(async () => {
  const app = express();
  app.set("trust proxy", getEnv().TRUST_PROXY);
  app.post("/{*path}", async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const request = new Request(`http://localhost${req.originalUrl}`, {
      method: "POST",
      headers,
      body: Buffer.concat(chunks),
    });
    const action = ACTIONS[req.path]!;
    const answer = await outcome(() => action({ request, params: {}, context: getLoadContext(req, res) } as never));
    res.json({ status: answer.status });
  });
  const storePort = await listen(createServer(app));

  // The proxy: passes the request on, adding the peer's address to the client's X-Forwarded-For.
  proxyPort = await listen(
    createServer((incoming, outgoing) => {
      const sent = incoming.headers["x-forwarded-for"];
      const peer = incoming.socket.remoteAddress!;
      const upstream = httpRequest(
        {
          host: "127.0.0.1",
          port: storePort,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, "x-forwarded-for": sent ? `${sent}, ${peer}` : peer },
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(outgoing);
        },
      );
      incoming.pipe(upstream);
    }),
  );
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

let n = 0;
/** One request through the proxy, from an address the client made up this time. */
async function post(path: string, body: Record<string, string> | object, json = false): Promise<number> {
  n += 1;
  const response = await fetch(`http://127.0.0.1:${proxyPort}${path}`, {
    method: "POST",
    headers: {
      "X-Forwarded-For": `203.0.113.${n % 250}, 198.51.100.${(n * 7) % 250}`,
      ...(json ? { "Content-Type": "application/json" } : {}),
    },
    body: json ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>),
  });
  return ((await response.json()) as { status: number }).status;
}

/** The statuses of `count` requests sent one after another. */
async function statuses(count: number, send: (i: number) => Promise<number>): Promise<number[]> {
  const result: number[] = [];
  for (let i = 0; i < count; i++) result.push(await send(i));
  return result;
}

describe("a client rotating X-Forwarded-For behind the proxy", () => {
  it("gets 429 at the 31st wrong sign-in", async () => {
    const answers = await statuses(31, (i) =>
      post("/login", { intent: "login", email: `adivino${i}@example.com`, password: "no-es-esta" }),
    );
    expect(answers.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(answers[30]).toBe(429);
  });

  it("gets 429 at the 6th password-reset request", async () => {
    const answers = await statuses(6, () => post("/olvide-mi-contrasena", { email: "victima@example.com" }));
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    await afterResponseSettled();
  });

  it("gets 429 at the 11th sign-up", async () => {
    const answers = await statuses(11, (i) =>
      post("/login", {
        intent: "signup",
        fullName: "Cuenta Falsa",
        email: `falsa${i}@example.com`,
        password: "clave-segura-1",
      }),
    );
    expect(answers.slice(0, 10).every((s) => s === 302)).toBe(true);
    expect(answers[10]).toBe(429);
  });

  it("gets 429 at the 31st coupon guess and the 31st checkout", async () => {
    const coupons = await statuses(31, (i) =>
      post("/api/coupon", { code: `ADIVINA${i}`, lines: [], paymentMethod: "transferencia" }, true),
    );
    expect(coupons.slice(0, 30)).not.toContain(429);
    expect(coupons[30]).toBe(429);
    const checkouts = await statuses(31, () => post("/checkout", { email: "x@example.com" }));
    expect(checkouts.slice(0, 30)).not.toContain(429);
    expect(checkouts[30]).toBe(429);
  });

  it("gets 429 at the 6th enquiry and the 11th withdrawal request", async () => {
    const enquiries = await statuses(6, (i) =>
      post("/contacto", {
        name: "Ana",
        email: "ana@example.com",
        phone: "11 5555 1234",
        subject: "Hola",
        message: `Consulta ${i}`,
      }),
    );
    expect(enquiries.slice(0, 5)).not.toContain(429);
    expect(enquiries[5]).toBe(429);
    const withdrawals = await statuses(11, () =>
      post("/arrepentimiento", { orderNumber: "1a2b3c4d", email: "ana@example.com", reason: "No lo quiero" }),
    );
    expect(withdrawals.slice(0, 10)).not.toContain(429);
    expect(withdrawals[10]).toBe(429);
  });

  it("is counted under the address the proxy saw, never one it wrote", async () => {
    const keys = (await t.db.select({ key: rateLimits.key }).from(rateLimits).where(like(rateLimits.key, "%:%"))).map(
      (r) => r.key,
    );
    expect(keys).toEqual(expect.arrayContaining(["password-reset:127.0.0.1", "coupon:127.0.0.1"]));
    expect(keys.filter((k) => /203\.0\.113\.|198\.51\.100\./.test(k))).toEqual([]);
  });
});
