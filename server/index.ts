import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import { initDatabase } from "../app/db/init.server";
import { baseUrl, getEnv } from "../app/utils/env.server";
import { startMailWorker } from "../app/utils/mail.server";

const env = getEnv();
const started = Date.now();
const { handle, seeded, demoAdmin } = await initDatabase(env);

const app = express();
app.disable("x-powered-by");
if (process.env.TRUST_PROXY === "true") app.set("trust proxy", true);
const getLoadContext = (req: express.Request) => ({ remoteAddress: req.ip ?? req.socket.remoteAddress ?? "unknown" });
app.use(compression());
app.use((_req, res, next) => {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  next();
});

if (env.NODE_ENV === "production") {
  // Hashed file names never change: cache for a year. Everything else in public/: an hour.
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static("build/client", { maxAge: "1h", index: false }));
  const build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
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

const server = app.listen(env.PORT, env.HOST, () => {
  const kind = handle.kind === "pglite" ? `embedded PGlite (${path.resolve(env.DATA_DIR)})` : "PostgreSQL (DATABASE_URL)";
  console.log(`\nVitec está en ${baseUrl(env)}  [${env.NODE_ENV}, ${kind}, ready in ${Date.now() - started} ms]`);
  if (seeded) console.log("Demo catalogue seeded (first start).");
  if (demoAdmin) console.log(`Demo admin: ${demoAdmin.email} / ${demoAdmin.password}  ->  ${baseUrl(env)}/admin/login\n`);
});
// Sends the outbox by SMTP when SMTP_URL is set; failures stay in the outbox and are retried.
const stopMailWorker = startMailWorker();

// Graceful shutdown: stop accepting, let requests in flight finish, then close the database.
let closing = false;
function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(`${signal} received, closing...`);
  stopMailWorker();
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close(async () => {
    await handle.close().catch(() => undefined);
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
