import cluster, { type Worker } from "node:cluster";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { initDatabase } from "./boot";
import type { Env } from "../app/utils/env.server";
import { serveClusterMetrics } from "./metrics";
import { announce } from "./observability";
import { readyLines } from "./ready-lines";

// Every core (WEB_CONCURRENCY): the primary migrates the database and seeds the demo once, then
// runs N workers (server/serve.ts) that share the port; the operating system hands each new
// connection to one of them. A worker that dies is replaced (waiting longer after quick
// successive deaths). On SIGTERM or SIGINT every worker drains as a single server does
// (docs/reliability.md), and the primary exits when the last one has.
//
// What each worker keeps for itself: the page cache and the per-version caches of settings and
// categories (all keyed by the content version in the database, so they agree). What they share
// through the database: sessions, rate limits, the outbox and the background jobs' claims.
// /metrics adds up every worker's figures here, in the primary (server/metrics.ts).

export function workerCount(env: Env): number {
  if (env.NODE_ENV !== "production") return 1; // the dev server (Vite, hot reload) is one process
  const asked = env.WEB_CONCURRENCY;
  if (!env.DATABASE_URL) {
    if (asked && asked > 1) {
      throw new Error(
        `WEB_CONCURRENCY=${asked} needs PostgreSQL (DATABASE_URL): the embedded database allows one process.`,
      );
    }
    return 1;
  }
  return asked ?? availableParallelism();
}

export async function runPrimary(env: Env, count: number): Promise<void> {
  const started = Date.now();
  const { handle, seeded, demoAdmin } = await initDatabase(env);
  await handle.close();

  let closing = false;
  let listening = 0;
  let announced = false;
  const recentDeaths: number[] = [];

  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.on("message", (message: { type?: string }) => {
      if (message?.type !== "listening") return;
      listening++;
      if (announced || listening < count) return;
      announced = true;
      const status = `${env.NODE_ENV}, PostgreSQL (DATABASE_URL), ${count} workers, ready in ${Date.now() - started} ms`;
      announce(readyLines(env, status, seeded, demoAdmin));
    });
    return worker;
  };

  serveClusterMetrics();
  cluster.setupPrimary({ exec: fileURLToPath(new URL("./serve.ts", import.meta.url)) });
  cluster.on("exit", (worker, code, signal) => {
    if (closing) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // Replaced at once, unless workers keep dying: then after 1, 2, 4... seconds (at most 30).
    const now = Date.now();
    recentDeaths.push(now);
    while (recentDeaths.length && recentDeaths[0]! < now - 60_000) recentDeaths.shift();
    const delay = recentDeaths.length <= 1 ? 0 : Math.min(30_000, 1000 * 2 ** (recentDeaths.length - 2));
    console.error(
      `[cluster] worker ${worker.process.pid} died (${signal ?? `exit ${code}`}); starting another${delay ? ` in ${delay / 1000} s` : ""}`,
    );
    setTimeout(() => !closing && fork(), delay);
  });
  for (let i = 0; i < count; i++) fork();

  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received, closing ${count} workers...`);
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker.process.kill("SIGTERM");
    const force = setTimeout(() => process.exit(1), (env.SHUTDOWN_GRACE_MS ?? 1000) + 15_000);
    force.unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
