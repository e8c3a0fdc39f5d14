import cluster, { type Worker } from "node:cluster";
import { createHash, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import { sql } from "drizzle-orm";
import type { Request, RequestHandler } from "express";
import client from "prom-client";
import { type DatabaseHandle, queryRows } from "../app/db/client.server";

// /metrics in Prometheus' text format (prom-client), for an operator's scraper:
//   http_requests_total and http_request_duration_seconds by method, route PATTERN (the React
//     Router route, /product/:id; never the raw URL, so the labels stay few) and status;
//   vitec_page_cache_requests_total by result (hit, miss, bypass: server/page-cache.ts);
//   vitec_orders_placed_total and vitec_outbox_emails{status="pending"|"failed"}, read from the
//     database when scraped (shared by every process, so every worker reports the same figure);
//   vitec_db_pool_connections (this process's PostgreSQL pool) and Node's own metrics, the
//     event-loop lag among them (nodejs_eventloop_lag_seconds).
// Closed to the public: with METRICS_TOKEN, only `Authorization: Bearer <token>`; without it,
// only a client on this machine: the client address the rate limits use (req.ip under
// TRUST_PROXY) and the socket's peer both on loopback, and no header that a proxy adds. In a cluster (server/cluster.ts) each worker counts its own
// requests; the worker that gets the scrape asks the primary, which adds up every worker's
// registry (prom-client's AggregatorRegistry), so one scrape is the whole instance.

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const PROXY_HEADERS = [
  "via",
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "x-real-ip",
];
const ASK = "vitec:metrics-ask";
const ANSWER = "vitec:metrics-answer";

export type Metrics = {
  registry: client.Registry;
  /** Counts every finished request by route pattern and status (register it first). */
  middleware: RequestHandler;
  /** GET /metrics. */
  handler: RequestHandler;
};

export type MetricsOptions = {
  /** path -> route pattern ("/product/:id"): observability.ts's routeMatcher. */
  routeOf: (path: string) => string;
  /** The database the store-wide figures are read from; its pool is reported too. */
  database?: () => DatabaseHandle | undefined;
  /** METRICS_TOKEN. */
  token?: string;
};

/** An address of this machine's loopback (127.0.0.0/8, ::1, and IPv4 mapped into IPv6). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith("127.");
  return address === "::1";
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Who may read /metrics: the bearer of the token, or (no token set) a direct client on this machine. */
export function metricsAccess(
  req: Pick<Request, "headers" | "socket"> & { ip?: string },
  token: string | undefined,
): 200 | 401 | 403 {
  if (token) {
    const given = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "")?.[1]?.trim() ?? "";
    return timingSafeEqual(digest(given), digest(token)) ? 200 : 401;
  }
  // The resolved client address and the socket's peer; a proxy on this machine connects from
  // loopback too, so anything that passed through one (it adds one of these headers, if only
  // Via) is a visitor, not the operator.
  if (!isLoopback(req.ip ?? req.socket.remoteAddress) || !isLoopback(req.socket.remoteAddress)) return 403;
  return PROXY_HEADERS.some((h) => req.headers[h] !== undefined) ? 403 : 200;
}

export function createMetrics(options: MetricsOptions): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });

  const labelNames = ["method", "route", "status"] as const;
  const requests = new client.Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status.",
    labelNames,
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by method, route pattern and status.",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pageCache = new client.Counter({
    name: "vitec_page_cache_requests_total",
    help: "Storefront pages answered from the page cache (hit), rendered and kept (miss), or rendered and not kept (bypass).",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  for (const result of ["hit", "miss", "bypass"]) pageCache.inc({ result }, 0);

  // Store-wide figures, from the database when scraped; the same in every process ("max" across workers).
  let warned = false;
  const fromDatabase = async <T>(read: (handle: DatabaseHandle) => Promise<T>): Promise<T | null> => {
    const handle = options.database?.();
    if (!handle) return null;
    try {
      return await read(handle);
    } catch (error) {
      if (!warned) console.warn("[metrics] cannot read the database:", error instanceof Error ? error.message : error);
      warned = true;
      return null;
    }
  };
  new client.Counter({
    name: "vitec_orders_placed_total",
    help: "Orders placed in the store (all processes; counted in the database).",
    registers: [registry],
    aggregator: "max",
    async collect() {
      const rows = await fromDatabase((h) =>
        queryRows<{ n: number }>(sql`select count(*)::int as n from orders`, h.db),
      );
      if (!rows) return;
      this.reset();
      this.inc(rows[0]?.n ?? 0);
    },
  });
  new client.Gauge({
    name: "vitec_outbox_emails",
    help: "E-mails in the outbox waiting to be sent (pending) or given up after 8 attempts (failed).",
    labelNames: ["status"] as const,
    registers: [registry],
    aggregator: "max",
    async collect() {
      const rows = await fromDatabase((h) =>
        queryRows<{ status: string; n: number }>(
          sql`select status, count(*)::int as n from outbox_emails where status in ('pending', 'failed') group by status`,
          h.db,
        ),
      );
      if (!rows) return;
      for (const status of ["pending", "failed"]) {
        this.set({ status }, rows.find((r) => r.status === status)?.n ?? 0);
      }
    },
  });
  new client.Gauge({
    name: "vitec_db_pool_connections",
    help: "This process's PostgreSQL connections: open (total), idle, requests waiting for one, and the pool's maximum (max).",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const pool = options.database?.()?.pool?.();
      if (!pool) return;
      for (const [state, value] of Object.entries(pool)) this.set({ state }, value);
    },
  });

  const middleware: RequestHandler = (req, res, next) => {
    if (req.path === "/metrics") return next();
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const path = req.originalUrl.split("?")[0] ?? "/";
      // /readyz and the build's assets are Express's own (server/serve.ts), not React Router routes.
      let route = path === "/readyz" ? path : path.startsWith("/assets/") ? "/assets/*" : options.routeOf(path);
      // A file of public/ (favicon.ico, the icon sprite) is not the catch-all page it would match.
      if (route === "/*" && /\.[a-z0-9]+$/i.test(path) && res.statusCode < 400) route = "static";
      const labels = {
        method: METHODS.has(req.method) ? req.method : "other",
        route,
        status: String(res.statusCode),
      };
      requests.inc(labels);
      duration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
      const cache = res.getHeader("x-page-cache");
      if (cache === "hit" || cache === "miss" || cache === "bypass") pageCache.inc({ result: cache });
    });
    next();
  };

  if (cluster.isWorker) {
    // The primary's AggregatorRegistry asks each worker for this registry (prom-client's own messages).
    client.AggregatorRegistry.setRegistries([registry]);
    new client.AggregatorRegistry();
  }

  const handler: RequestHandler = async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const access = metricsAccess(req, options.token);
    if (access !== 200) {
      if (access === 401) res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      return void res.status(access).type("text/plain").send("No autorizado.");
    }
    try {
      const text = cluster.isWorker ? await askPrimary() : await registry.metrics();
      res.type(registry.contentType).send(text);
    } catch (error) {
      console.error("[metrics] could not collect:", error);
      res.status(503).type("text/plain").send("Métricas no disponibles en este momento.");
    }
  };

  return { registry, middleware, handler };
}

// ---------------------------------------------------------------- cluster

let asked = 0;
const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();

function askPrimary(): Promise<string> {
  if (waiting.size === 0) process.on("message", onAnswer);
  const id = ++asked;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => settle(id, new Error("the primary did not answer")), 10_000);
    waiting.set(id, {
      resolve: (text) => (clearTimeout(timer), resolve(text)),
      reject: (error) => (clearTimeout(timer), reject(error)),
    });
    process.send?.({ type: ASK, id });
  });
}

function settle(id: number, result: string | Error) {
  const pending = waiting.get(id);
  if (!pending) return;
  waiting.delete(id);
  if (waiting.size === 0) process.off("message", onAnswer);
  if (typeof result === "string") pending.resolve(result);
  else pending.reject(result);
}

function onAnswer(message: { type?: string; id?: number; text?: string; error?: string }) {
  if (message?.type !== ANSWER || typeof message.id !== "number") return;
  settle(message.id, message.error !== undefined ? new Error(message.error) : (message.text ?? ""));
}

/**
 * In the primary: answers a worker's request for the cluster's metrics with every worker's
 * registries added up (counters and histograms summed; the database figures once).
 */
export function serveClusterMetrics(): void {
  const aggregator = new client.AggregatorRegistry();
  cluster.on("message", (worker: Worker, message: { type?: string; id?: number }) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, text }),
      (error: Error) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, error: error.message }),
    );
  });
}
