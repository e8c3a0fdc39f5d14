import cluster from "node:cluster";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterResponseSettled } from "../app/utils/after-response.server";
import { baseUrl, getEnv } from "../app/utils/env.server";
import { startImportImagesWorker } from "../app/jobs/import-images.server";
import { startInvoicingWorker } from "../app/jobs/invoicing.server";
import { startCarrierTrackingWorker } from "../app/jobs/carrier-tracking.server";
import { startCarrierCancellationWorker } from "../app/jobs/carrier-cancellation.server";
import { startPaymentExpiryWorker } from "../app/jobs/payment-expiry.server";
import { startQuoteExpiryWorker } from "../app/jobs/quote-expiry.server";
import { startMailWorker } from "../app/jobs/mail-delivery.server";
import { startProductImportWorker } from "../app/jobs/product-import.server";
import { startWinBackWorker } from "../app/jobs/win-back.server";
import { initDatabase } from "./boot";
import { getLoadContext } from "./client-address";
import { compressResponses } from "./compress";
import { createMetrics } from "./metrics";
import { announce, errorPage, installJsonConsole, readiness, requestLogger, routeMatcher } from "./observability";
import { contentScope, pageCache } from "./page-cache";
import { precompressedAssets } from "./precompressed";
import { readyLines } from "./ready-lines";
import { BODY_LIMITS, bodyLimit, originCheck, requestTarget, securityHeaders, urlGuard } from "./security";
import { isStaffRequest } from "./staff-session";

// One server process: the whole store on one port. `server/index.ts` runs it directly, or as one of
// WEB_CONCURRENCY cluster workers (server/cluster.ts), which then share the port; the primary
// has migrated the database and seeded the demo before starting them.
const env = getEnv();
const started = Date.now();
const { handle, seeded, demoAdmin } = await initDatabase(env, { prepare: cluster.isPrimary });

const app = express();
app.disable("x-powered-by");
// TRUST_PROXY: a hop count or the proxies' addresses, never everyone (ADR 0013); the client's
// address for the rate limits and /metrics' loopback rule is req.ip under it.
app.set("trust proxy", env.TRUST_PROXY ?? false);
// JSON request logs and /readyz; security headers with the CSP nonce, the cross-origin check
// on every POST, body size limits (server/observability.ts, server/security.ts); /metrics for
// Prometheus, open only to METRICS_TOKEN or to this machine (server/metrics.ts).
let build: ServerBuild | undefined;
const metrics = createMetrics({
  routeOf: routeMatcher(() => build),
  database: () => handle,
  token: env.METRICS_TOKEN,
});
// Security headers (nosniff among them) on every answer, /metrics and /readyz included; a
// request line or Host that names no URL of this store answers 400 before anything reads it.
app.use(securityHeaders({ appUrl: baseUrl(env), csp: env.NODE_ENV === "production" }), requestTarget());
app.use(metrics.middleware);
app.get("/metrics", metrics.handler);
if (env.NODE_ENV === "production") {
  installJsonConsole();
  app.use(requestLogger({ build: () => build }));
}
const ready = readiness({ ping: () => handle.ping() });
app.get("/readyz", ready.handler);
app.use(ready.closeConnectionsWhileDraining);
app.use(originCheck({ appUrl: baseUrl(env) }), bodyLimit({ ...BODY_LIMITS, isStaff: isStaffRequest }), urlGuard());
// Pages are compressed; small answers (the storefront's API: stock, viewer, cart check) are not:
// setting up a compressor costs more than the few hundred bytes it would save.
app.use(compressResponses({ threshold: 4 * 1024 }));

if (env.NODE_ENV === "production") {
  // Hashed file names never change: cache for a year. Everything else in public/: an hour.
  // Scripts and styles go as the build's brotli copies to browsers that accept them.
  app.use("/assets", precompressedAssets("build/client/assets"));
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
  // Files of public/ all have an extension: a page's path is not looked up on disk first.
  const publicFiles = express.static("build/client", { maxAge: "1h", index: false });
  app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? publicFiles(req, res, next) : next()));
  build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
  // Anonymous storefront pages from a cache kept per content version (server/page-cache.ts, ADR 0005);
  // without it, every GET still reads settings and categories once per content version.
  app.use(env.PAGE_CACHE !== "off" ? pageCache({ build, getLoadContext }) : contentScope());
  app.use(createRequestHandler({ build, mode: "production", getLoadContext }));
} else {
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(devServer.middlewares);
  app.use(
    createRequestHandler({
      build: () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      mode: "development",
      getLoadContext,
    }),
  );
}
// An error that escaped everything above: logged, and answered 503 (database unreachable) or 500.
app.use(errorPage);

const server = app.listen(env.PORT, env.HOST, () => {
  // In a cluster, the primary says it once, when every worker listens.
  if (cluster.isWorker) return void process.send?.({ type: "listening" });
  const kind =
    handle.kind === "pglite" ? `embedded PGlite (${path.resolve(env.DATA_DIR)})` : "PostgreSQL (DATABASE_URL)";
  announce(readyLines(env, `${env.NODE_ENV}, ${kind}, ready in ${Date.now() - started} ms`, seeded, demoAdmin));
});
// Sends the outbox by SMTP when SMTP_URL is set; failures stay in the outbox and are retried.
const stopMailWorker = startMailWorker(env.MAIL_POLL_MS);
// Cancels online orders left unpaid past their deadline and returns their stock.
const stopPaymentExpiry = startPaymentExpiryWorker();
// Marks the quotes past their last valid day as expired (ADR 0022 "Quotes").
const stopQuoteExpiry = startQuoteExpiryWorker();
// Writes the product imports queued by the wizard, then brings their remote images home.
const stopProductImports = startProductImportWorker();
const stopImportImages = startImportImagesWorker();
// Asks ARCA for the CAE of pending invoices, when ARCA is configured (ADR 0017).
const stopInvoicing = startInvoicingWorker(env.ARCA_POLL_MS);
// Reads the carriers' tracking of open shipments; delivered parcels deliver their orders (ADR 0018).
const stopCarrierTracking = startCarrierTrackingWorker(env.CARRIER_TRACKING_POLL_MS);
// Cancels with the carrier the shipments of cancelled orders (ADR 0018).
const stopCarrierCancellation = startCarrierCancellationWorker();
// Cart reminders and back-in-stock alerts when due, and their data deleted after retention (ADR 0021).
const stopWinBack = startWinBackWorker(env.WIN_BACK_POLL_MS);

// Graceful shutdown: /readyz answers 503 and every answer closes its connection for
// SHUTDOWN_GRACE_MS (connections already queued are still served, a load balancer moves on), then
// the port closes, the requests in flight finish, and the database closes.
let closing = false;
function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(`${signal} received, closing...`);
  ready.drain();
  stopMailWorker();
  stopPaymentExpiry();
  stopQuoteExpiry();
  stopProductImports();
  stopImportImages();
  stopInvoicing();
  stopCarrierTracking();
  stopCarrierCancellation();
  stopWinBack();
  const grace = env.SHUTDOWN_GRACE_MS ?? 1000;
  const force = setTimeout(() => process.exit(1), grace + 10_000);
  force.unref();
  setTimeout(() => {
    server.close(async () => {
      // Work an answer left behind (a password-reset e-mail to queue) ends before the database closes.
      await afterResponseSettled();
      await handle.close().catch(() => undefined);
      process.exit(0);
    });
    server.closeIdleConnections();
  }, grace);
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
// A worker whose primary is gone (killed) stops too, instead of serving on alone.
if (cluster.isWorker) process.on("disconnect", () => shutdown("primary gone"));
