import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { format } from "node:util";
import type { ErrorRequestHandler, RequestHandler } from "express";
import { type RouteObject, type ServerBuild, matchRoutes } from "react-router";

// Structured logs and readiness (docs/reliability.md). In production every line the server
// prints is one JSON object: requests as {msg:"request", requestId, method, route, path,
// status, durationMs}, and whatever the app logs through console.* with its level and the id of
// the request it belongs to, so one failed checkout can be followed from request to error.

type RequestStore = { requestId: string };
const requestContext = new AsyncLocalStorage<RequestStore>();

/** The id of the request being handled, if any (it is also sent back as X-Request-Id). */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

export type LogLine = Record<string, unknown> & { level: "info" | "warn" | "error"; msg: string };
export type LogSink = (line: string) => void;

// Errors go to stderr, everything else to stdout: a process manager keeps both, and a test
// runner that ignores the request log still shows the errors.
const stdoutSink: LogSink = (line) => process.stdout.write(`${line}\n`);
const stderrSink: LogSink = (line) => process.stderr.write(`${line}\n`);

/**
 * The lines a person reads when the store has started (its URL, the demo login): plain text on
 * stdout even where every other line is JSON, so `npm start` says where the store is in words.
 */
export function announce(lines: string[]): void {
  process.stdout.write(`\n${lines.join("\n")}\n\n`);
}

export function logLine(fields: LogLine, sink?: LogSink): void {
  sink ??= fields.level === "error" ? stderrSink : stdoutSink;
  const requestId = fields.requestId ?? currentRequestId();
  sink(JSON.stringify({ time: new Date().toISOString(), ...fields, ...(requestId ? { requestId } : {}) }));
}

/**
 * Turns console.log/info/warn/error into JSON lines with a level and the current request id.
 * Called once at start in production; development keeps the readable console.
 */
export function installJsonConsole(sink?: LogSink): void {
  const write =
    (level: LogLine["level"]) =>
    (...args: unknown[]) => {
      const error = args.find((a): a is Error => a instanceof Error);
      logLine({ level, msg: format(...args), ...(error?.stack ? { stack: error.stack } : {}) }, sink);
    };
  console.log = write("info");
  console.info = write("info");
  console.warn = write("warn");
  console.error = write("error");
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * Logs one line per finished request. The route is the pattern of the React Router route that
 * served it (/product/:id), found in the build, so lines group by page; the path drops the
 * query string (a confirmation link carries its access token there).
 */
export function requestLogger(options: { build?: () => ServerBuild | undefined; sink?: LogSink } = {}): RequestHandler {
  // Request lines go to stdout whatever their status (a 500 is also logged as an error by the app).
  const sink = options.sink ?? stdoutSink;
  const routeOf = routeMatcher(options.build);
  return (req, res, next) => {
    const given = req.get("x-request-id");
    const requestId = given && REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const path = req.originalUrl.split("?")[0] ?? "/";
      if (path.startsWith("/assets/")) return;
      if ((path === "/healthz" || path === "/readyz") && res.statusCode === 200) return;
      const status = res.statusCode;
      logLine(
        {
          level: status >= 500 ? "error" : status >= 400 ? "warn" : "info",
          msg: "request",
          requestId,
          method: req.method,
          route: routeOf(path),
          path,
          status,
          durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
          ...(res.getHeader("x-page-cache") ? { cache: String(res.getHeader("x-page-cache")) } : {}),
        },
        sink,
      );
    });
    requestContext.run({ requestId }, next);
  };
}

/** path -> route pattern ("/product/:id"), from the build's route manifest; "static" otherwise. */
export function routeMatcher(getBuild: (() => ServerBuild | undefined) | undefined): (path: string) => string {
  let tree: { routes: RouteObject[]; patterns: Map<string, string> } | undefined;
  // matchRoutes flattens and ranks the whole route tree on every call (about half a millisecond
  // here, as much as serving a cached page): remember the answer for recent paths (bench/README.md).
  const recent = new Map<string, string>();
  return (path) => {
    const build = getBuild?.();
    if (!build) return "static";
    tree ??= routeTree(build);
    const known = recent.get(path);
    if (known) return known;
    let route: string;
    try {
      const id = matchRoutes(tree.routes, path)?.at(-1)?.route.id;
      route = (id && tree.patterns.get(id)) || "unmatched";
    } catch {
      route = "unmatched";
    }
    if (recent.size >= 5000) recent.clear();
    recent.set(path, route);
    return route;
  };
}

function routeTree(build: ServerBuild): { routes: RouteObject[]; patterns: Map<string, string> } {
  const entries = Object.entries(build.routes).map(([id, route]) => ({ id, route: route! }));
  const patterns = new Map<string, string>();
  const nodes = (parentId: string | undefined, parentPattern: string): RouteObject[] =>
    entries
      .filter((e) => e.route.parentId === parentId)
      .map((e): RouteObject => {
        const own = e.route.path ?? "";
        const pattern = own ? `${parentPattern.replace(/\/$/, "")}/${own}` : parentPattern || "/";
        patterns.set(e.id, pattern);
        return e.route.index
          ? { id: e.id, index: true }
          : { id: e.id, path: e.route.path, children: nodes(e.id, pattern) };
      });
  return { routes: nodes(undefined, ""), patterns };
}

/**
 * /readyz: 200 while the server takes traffic, 503 once it is shutting down (so a load
 * balancer stops sending requests while the ones in flight finish) or when the database does
 * not answer within 2 s. /healthz (the app's route) stays the liveness check.
 */
export function readiness(options: { ping: () => Promise<void>; timeoutMs?: number }) {
  let draining = false;
  const handler: RequestHandler = async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (draining) return void res.status(503).json({ status: "draining" });
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        options.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error("timeout")), options.timeoutMs ?? 2000);
        }),
      ]);
      res.json({ status: "ready", database: "ok" });
    } catch {
      res.status(503).json({ status: "unavailable", database: "unreachable" });
    } finally {
      clearTimeout(timer);
    }
  };
  /** While draining, every answer closes its connection, so keep-alive clients reconnect elsewhere. */
  const closeConnectionsWhileDraining: RequestHandler = (_req, res, next) => {
    if (draining) res.setHeader("Connection", "close");
    next();
  };
  return {
    handler,
    closeConnectionsWhileDraining,
    /** Called on SIGTERM: from now on /readyz answers 503. */
    drain() {
      draining = true;
    },
  };
}

const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08003",
  "08006",
]);

/** True for an error caused by the database connection (a restart, an outage), anywhere in its causes. */
export function isConnectionError(error: unknown): boolean {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === "object" && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && CONNECTION_CODES.has(code)) return true;
    if (
      typeof message === "string" &&
      /Connection terminated|not queryable|connection error|terminating connection/i.test(message)
    )
      return true;
  }
  return false;
}

/**
 * The last handler: an error that escaped the app (a middleware's, or React Router's own) is
 * logged with its request id and answered in Spanish: 503 with Retry-After while the database
 * is unreachable, 500 otherwise; never Express's default page with a stack.
 */
export const errorPage: ErrorRequestHandler = (error, req, res, _next) => {
  console.error(`[server] ${req.method} ${req.path} failed:`, error);
  if (res.headersSent) {
    res.end();
    return;
  }
  const unavailable = isConnectionError(error);
  if (unavailable) res.setHeader("Retry-After", "5");
  const title = unavailable ? "Volvemos en unos segundos" : "Algo salió mal";
  const text = unavailable
    ? "La tienda no puede atenderte en este momento. Probá de nuevo en unos segundos."
    : "Ocurrió un error inesperado. Por favor, intentá de nuevo.";
  res
    .status(unavailable ? 503 : 500)
    .type("html")
    .send(
      `<!doctype html><html lang="es-AR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} | Vitec</title></head><body style="font-family:sans-serif;text-align:center;padding:4rem 1rem"><h1>${title}</h1><p>${text}</p><p><a href="/">Volver al inicio</a></p></body></html>`,
    );
};
