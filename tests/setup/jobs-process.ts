import cluster from "node:cluster";
import { startPaymentExpiryWorker } from "~/jobs/payment-expiry.server";
import { startMailWorker } from "~/jobs/mail-delivery.server";
import { openChildDatabase } from "./child-database";

// One "server" of the job drill (tests/integration/jobs-once.test.ts): on the PostgreSQL schema it
// is given, it runs the store's background jobs as server/serve.ts starts them (the outbox's
// sender, SMTP_URL; the expiry of unpaid online orders), every JOB_INTERVAL_MS, until SIGTERM.
// With WORKERS=N it is a node:cluster primary and each of its N workers runs them, as the
// processes of `WEB_CONCURRENCY=N npm start` do. Prints "ready" once every one has started.

const workers = Number(process.env.WORKERS ?? 1);
const interval = Number(process.env.JOB_INTERVAL_MS ?? 100);

if (cluster.isPrimary && workers > 1) {
  let started = 0;
  for (let i = 0; i < workers; i++) {
    cluster.fork().on("message", (message: { type?: string }) => {
      if (message?.type === "ready" && ++started === workers) process.stdout.write("ready\n");
    });
  }
  process.on("SIGTERM", () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    cluster.on("exit", () => Object.keys(cluster.workers ?? {}).length === 0 && process.exit(0));
  });
} else {
  const handle = await openChildDatabase();
  const stops = [startMailWorker(interval), startPaymentExpiryWorker(interval)];
  // The jobs' timers do not hold the process open (a server's port does): this does, until SIGTERM.
  const alive = setInterval(() => undefined, 60_000);
  if (cluster.isWorker) process.send?.({ type: "ready" });
  else process.stdout.write("ready\n");
  process.on("SIGTERM", async () => {
    for (const stop of stops) stop();
    clearInterval(alive);
    await handle.close().catch(() => undefined);
    process.exit(0);
  });
}
