import cluster from "node:cluster";
import express from "express";
import type { ServerBuild } from "react-router";
import { createMetrics, serveClusterMetrics } from "../../server/metrics";
import { routeMatcher } from "../../server/observability";

// A cluster of WORKERS processes on PORT with the server's metrics (server/metrics.test.ts): the
// primary adds up the workers' figures as server/cluster.ts does; each worker answers
// /product/:id with its own process id, so the test sees that more than one worker served.

const workers = Number(process.env.WORKERS ?? 2);
const build = {
  routes: {
    root: { id: "root", path: "" },
    "routes/store/product": { id: "routes/store/product", parentId: "root", path: "product/:id" },
  },
} as unknown as ServerBuild;

if (cluster.isPrimary) {
  serveClusterMetrics();
  let listening = 0;
  for (let i = 0; i < workers; i++) {
    cluster.fork().on("message", (message: { type?: string }) => {
      if (message?.type === "listening" && ++listening === workers) process.stdout.write("ready\n");
    });
  }
  process.on("SIGTERM", () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    process.exit(0);
  });
} else {
  const metrics = createMetrics({ routeOf: routeMatcher(() => build) });
  const app = express();
  app.use(metrics.middleware);
  app.get("/metrics", metrics.handler);
  app.get("/product/:id", (_req, res) => void res.send(String(process.pid)));
  app.listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.({ type: "listening" }));
  process.on("SIGTERM", () => process.exit(0));
}
