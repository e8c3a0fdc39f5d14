import type { AddressInfo } from "node:net";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, describe, expect, it } from "vitest";
import { errorPage, installJsonConsole, readiness, requestLogger } from "./observability";

// Structured logs and readiness on a real Express server with a stand-in for the app.

async function serve(setup: (app: express.Express) => void) {
  const app = express();
  setup(app);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// The smallest build manifest the logger reads: root > layout > product/:id and the index.
const build = {
  routes: {
    root: { id: "root", path: "" },
    "routes/store/layout": { id: "routes/store/layout", parentId: "root" },
    "routes/store/home": { id: "routes/store/home", parentId: "routes/store/layout", index: true },
    "routes/store/product": { id: "routes/store/product", parentId: "routes/store/layout", path: "product/:id" },
  },
} as unknown as ServerBuild;

const servers: { close: () => Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

describe("request logs", () => {
  it("write one JSON line per request: id, method, route pattern, path without the query, status, duration", async () => {
    const lines: string[] = [];
    const server = await serve((app) => {
      app.use(requestLogger({ build: () => build, sink: (line) => lines.push(line) }));
      app.get("/product/:id", (_req, res) => res.status(404).send("no"));
      app.get("/", (_req, res) => res.send("home"));
      app.get("/boom", (_req, res) => res.status(500).send("boom"));
    });
    servers.push(server);
    const response = await fetch(`${server.url}/product/abc?token=secret`, { headers: { "X-Request-Id": "req-123" } });
    expect(response.headers.get("x-request-id")).toBe("req-123");
    const generated = await fetch(`${server.url}/`);
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    await fetch(`${server.url}/boom`, { headers: { "X-Request-Id": "not valid; injected" } });
    await new Promise((resolve) => setTimeout(resolve, 50));

    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged[0]).toMatchObject({
      level: "warn",
      msg: "request",
      requestId: "req-123",
      method: "GET",
      route: "/product/:id",
      path: "/product/abc",
      status: 404,
    });
    expect(typeof logged[0]!.durationMs).toBe("number");
    expect(typeof logged[0]!.time).toBe("string");
    expect(lines[0]).not.toContain("secret");
    expect(logged[1]).toMatchObject({
      level: "info",
      route: "/",
      status: 200,
      requestId: generated.headers.get("x-request-id"),
    });
    expect(logged[2]).toMatchObject({ level: "error", status: 500, route: "unmatched" });
    expect(logged[2]!.requestId).not.toBe("not valid; injected");
  });

  it("turn console output into JSON lines with the level and the id of the request being handled", async () => {
    const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error };
    const lines: string[] = [];
    try {
      installJsonConsole((line) => lines.push(line));
      const server = await serve((app) => {
        app.use(requestLogger({ sink: () => {} }));
        app.get("/fails", async (_req, res) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          console.error("[checkout] the order could not be placed:", new Error("connection lost"));
          res.status(500).send("x");
        });
      });
      servers.push(server);
      await fetch(`${server.url}/fails`, { headers: { "X-Request-Id": "req-456" } });
      console.warn("outside any request");
    } finally {
      Object.assign(console, saved);
    }
    const [inside, outside] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(inside).toMatchObject({ level: "error", requestId: "req-456" });
    expect(inside!.msg).toContain("the order could not be placed: Error: connection lost");
    expect(inside!.stack).toContain("connection lost");
    expect(outside).toMatchObject({ level: "warn", msg: "outside any request" });
    expect(outside!.requestId).toBeUndefined();
  });
});

describe("/readyz", () => {
  it("answers 200 while the database answers, 503 when it does not, and 503 once draining", async () => {
    let up = true;
    const ready = readiness({
      ping: async () => {
        if (!up) throw new Error("down");
      },
      timeoutMs: 200,
    });
    const server = await serve((app) => app.get("/readyz", ready.handler));
    servers.push(server);
    const status = async () => (await fetch(`${server.url}/readyz`)).status;
    expect(await status()).toBe(200);
    up = false;
    expect(await status()).toBe(503);
    up = true;
    expect(await status()).toBe(200);
    ready.drain();
    expect(await status()).toBe(503);
  });

  it("answers 503 when the database hangs", async () => {
    const ready = readiness({ ping: () => new Promise(() => {}), timeoutMs: 100 });
    const server = await serve((app) => app.get("/readyz", ready.handler));
    servers.push(server);
    const response = await fetch(`${server.url}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable", database: "unreachable" });
  });
});

describe("errors that escape the app", () => {
  it("are answered 503 with Retry-After while the database is unreachable, 500 otherwise, in Spanish", async () => {
    const saved = console.error;
    console.error = () => {};
    try {
      const server = await serve((app) => {
        app.get("/db", () => {
          throw Object.assign(new Error("Failed query"), {
            cause: Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
          });
        });
        app.get("/bug", () => {
          throw new TypeError("x is undefined");
        });
        app.use(errorPage);
      });
      servers.push(server);
      const db = await fetch(`${server.url}/db`);
      expect(db.status).toBe(503);
      expect(db.headers.get("retry-after")).toBe("5");
      expect(await db.text()).toContain("Volvemos en unos segundos");
      const bug = await fetch(`${server.url}/bug`);
      expect(bug.status).toBe(500);
      const text = await bug.text();
      expect(text).toContain("Algo salió mal");
      expect(text).not.toContain("x is undefined");
    } finally {
      console.error = saved;
    }
  });
});
