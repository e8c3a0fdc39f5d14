import "./runtime";
import cluster from "node:cluster";
import { getEnv } from "../app/utils/env.server";
import { runPrimary, workerCount } from "./cluster";

// The Node entry (npm start). With WEB_CONCURRENCY above 1 (the default on PostgreSQL: one per
// core), a primary process prepares the database and runs that many workers on the same port
// (server/cluster.ts); otherwise this process is the server (server/serve.ts).
const env = getEnv();
const workers = workerCount(env);
if (cluster.isPrimary && workers > 1) await runPrimary(env, workers);
else await import("./serve");
