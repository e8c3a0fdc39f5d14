import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import { type AddressInfo, createServer } from "node:net";
import { sql } from "drizzle-orm";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, describe, expect, it } from "vitest";
import { getDatabaseHandle } from "~/db/client.server";
import { outboxEmails } from "~/db/schema/content";
import { queueEmail } from "~/models/outbox.server";
import { setupTestDatabase } from "../tests/setup/db";
import { insertOrder } from "../tests/setup/factories";
import { createMetrics, metricsAccess } from "./metrics";
import { routeMatcher } from "./observability";
import { pageCache } from "./page-cache";

// /metrics (Prometheus) on a real Express server with the server's middleware: closed to the
// public, counting requests by route pattern and status, the page cache's hits and misses, the
// orders and the outbox from the database; and, in a cluster, one scrape adding up every worker.

const t = setupTestDatabase();

const build = {
  routes: {
    root: { id: "root", path: "" },
    "routes/store/layout": { id: "routes/store/layout", parentId: "root" },
    "routes/store/home": { id: "routes/store/home", parentId: "routes/store/layout", index: true },
    "routes/store/product": { id: "routes/store/product", parentId: "routes/store/layout", path: "product/:id" },
    "routes/resources/not-found": { id: "routes/resources/not-found", parentId: "root", path: "*" },
  },
} as unknown as ServerBuild;

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

async function serve(options: { token?: string; trustProxy?: number } = {}) {
  const metrics = createMetrics({
    routeOf: routeMatcher(() => build),
    database: () => getDatabaseHandle(),
    token: options.token,
  });
  const app = express();
  if (options.trustProxy) app.set("trust proxy", options.trustProxy);
  app.use(metrics.middleware);
  app.get("/metrics", metrics.handler);
  app.get(
    "/",
    pageCache({
      handler: async () => new Response("<p>inicio</p>", { headers: { "Content-Type": "text/html" } }),
      getLoadContext: () => ({ remoteAddress: "test", cspNonce: undefined }),
    }),
  );
  app.get("/readyz", (_req, res) => void res.json({ status: "ready" }));
  app.get("/favicon.ico", (_req, res) => void res.type("image/x-icon").send("ico"));
  app.get("/product/:id", (req, res) => void res.status(req.params.id === "no-existe" ? 404 : 200).send("ok"));
  app.post("/product/:id", (_req, res) => void res.status(403).send("no"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    scrape: (headers: Record<string, string> = {}) => fetch(`${url}/metrics`, { headers }),
  };
}

/** The value of one series of the exposition ("name{labels} value"), or undefined. */
function value(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("/metrics refuses the public", () => {
  it("without METRICS_TOKEN: only a client on this machine, never one that came through a proxy", async () => {
    const store = await serve({ trustProxy: 1 });
    expect((await store.scrape()).status).toBe(200);
    // TRUST_PROXY makes X-Forwarded-For the client's address: it must not open /metrics, nor
    // must a same-machine proxy that adds only Via or X-Forwarded-Proto.
    for (const headers of <Record<string, string>[]>[
      { Via: "1.1 nginx" },
      { "X-Forwarded-Proto": "https" },
      { "X-Forwarded-For": "127.0.0.1" },
      { "X-Forwarded-For": "203.0.113.9, 127.0.0.1" },
      { Forwarded: "for=127.0.0.1" },
      { "X-Real-IP": "127.0.0.1" },
    ]) {
      const refused = await store.scrape(headers);
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(await refused.text()).not.toContain("http_requests_total");
    }
    // Any other machine (the socket's own address decides).
    for (const remoteAddress of ["203.0.113.9", "10.0.0.5", "::ffff:192.168.1.20", "2001:db8::1"]) {
      expect(metricsAccess({ headers: {}, socket: { remoteAddress } } as never, undefined), remoteAddress).toBe(403);
    }
    // The address the rate limits use (req.ip) decides too: a visitor behind a trusted proxy on this machine.
    expect(
      metricsAccess({ headers: {}, socket: { remoteAddress: "127.0.0.1" }, ip: "203.0.113.9" } as never, undefined),
    ).toBe(403);
    for (const remoteAddress of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) {
      expect(metricsAccess({ headers: {}, socket: { remoteAddress } } as never, undefined), remoteAddress).toBe(200);
    }
  });

  it("with METRICS_TOKEN: only its bearer, from wherever", async () => {
    const token = "token-de-metricas-0123456789";
    const store = await serve({ token });
    const missing = await store.scrape();
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await store.scrape({ Authorization: "Bearer otro-token-0123456789" })).status).toBe(401);
    expect((await store.scrape({ Authorization: token })).status).toBe(401);
    expect((await store.scrape({ Authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await store.scrape({ Authorization: `Bearer ${token}`, "X-Forwarded-For": "203.0.113.9" })).status).toBe(
      200,
    );
    expect(metricsAccess({ headers: {}, socket: { remoteAddress: "127.0.0.1" } } as never, token)).toBe(401);
  });
});

describe("/metrics counts", () => {
  it("each request by route pattern and status, never by its address", async () => {
    const store = await serve();
    await fetch(`${store.url}/product/abc123`);
    await fetch(`${store.url}/product/def456`);
    await fetch(`${store.url}/product/no-existe`);
    await fetch(`${store.url}/product/abc123`, { method: "POST" });
    await fetch(`${store.url}/readyz`);
    await fetch(`${store.url}/favicon.ico`);
    await fetch(`${store.url}/cualquier/cosa`);
    const text = await (await store.scrape()).text();
    expect(value(text, 'http_requests_total{method="GET",route="/product/:id",status="200"}')).toBe(2);
    expect(value(text, 'http_requests_total{method="GET",route="/product/:id",status="404"}')).toBe(1);
    expect(value(text, 'http_requests_total{method="POST",route="/product/:id",status="403"}')).toBe(1);
    expect(value(text, 'http_request_duration_seconds_count{method="GET",route="/product/:id",status="200"}')).toBe(2);
    expect(value(text, 'http_requests_total{method="GET",route="/readyz",status="200"}')).toBe(1);
    expect(value(text, 'http_requests_total{method="GET",route="static",status="200"}')).toBe(1);
    expect(value(text, 'http_requests_total{method="GET",route="/*",status="404"}')).toBe(1);
    expect(text).not.toMatch(/abc123|def456|no-existe|cualquier|favicon/);
    expect(text).toContain("nodejs_eventloop_lag_seconds");
  });

  it("page-cache hits and misses", async () => {
    const store = await serve();
    for (let i = 0; i < 3; i++) expect(await (await fetch(`${store.url}/`)).text()).toBe("<p>inicio</p>");
    const text = await (await store.scrape()).text();
    expect(value(text, 'vitec_page_cache_requests_total{result="miss"}')).toBe(1);
    expect(value(text, 'vitec_page_cache_requests_total{result="hit"}')).toBe(2);
  });

  it("orders placed and e-mails pending and failed, from the database; the database pool", async () => {
    const store = await serve();
    const before = value(await (await store.scrape()).text(), "vitec_orders_placed_total")!;
    await insertOrder();
    await insertOrder();
    for (const to of ["a@example.com", "b@example.com", "c@example.com"]) {
      await queueEmail({ to, subject: "Pedido", html: "<p>x</p>", kind: "order_customer" });
    }
    await t.db
      .update(outboxEmails)
      .set({ status: "failed" })
      .where(sql`${outboxEmails.to} = 'c@example.com'`);
    const text = await (await store.scrape()).text();
    expect(value(text, "vitec_orders_placed_total")).toBe(before + 2);
    expect(value(text, 'vitec_outbox_emails{status="pending"}')).toBe(2);
    expect(value(text, 'vitec_outbox_emails{status="failed"}')).toBe(1);
    if (t.handle.kind === "pg") expect(value(text, 'vitec_db_pool_connections{state="max"}')).toBe(30);
  });
});

/** A free port on loopback. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** One GET on a new connection (the cluster hands each new connection to a worker in turn). */
function get(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve(body));
      })
      .on("error", reject);
  });
}

describe("/metrics in a cluster", () => {
  let primary: ChildProcess | undefined;
  afterAll(() => void primary?.kill("SIGTERM"));

  it("one scrape adds up the requests every worker served", async () => {
    const port = await freePort();
    primary = spawn(process.execPath, ["--import", "tsx", "tests/setup/metrics-cluster.ts"], {
      env: { ...process.env, PORT: String(port), WORKERS: "2" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((resolve, reject) => {
      primary!.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
      primary!.once("exit", (code) => reject(new Error(`the cluster exited (${code})`)));
    });
    const url = `http://127.0.0.1:${port}`;
    const servedBy = new Set<string>();
    for (let i = 0; i < 40; i++) servedBy.add(await get(`${url}/product/p${i}`));
    expect(servedBy.size).toBe(2);
    const text = await get(`${url}/metrics`);
    expect(value(text, 'http_requests_total{method="GET",route="/product/:id",status="200"}')).toBe(40);
    expect(value(text, 'http_request_duration_seconds_count{method="GET",route="/product/:id",status="200"}')).toBe(40);
  });
});
