import { spawn } from "node:child_process";
import { sql } from "drizzle-orm";
import { type DatabaseHandle, queryRows } from "~/db/client.server";
import { expireAllUnpaidOrders } from "~/jobs/payment-expiry.server";

/**
 * The expiry job in two processes at once: on PostgreSQL, two real Node processes on the same
 * schema; on the embedded database (one process can open it), two runs at once in this one.
 */
export async function runExpiryInTwoProcesses(handle: DatabaseHandle): Promise<number[]> {
  if (handle.kind === "pglite") {
    return Promise.all([expireAllUnpaidOrders(handle.db, 3), expireAllUnpaidOrders(handle.db, 3)]);
  }
  const [{ schema }] = (await queryRows<{ schema: string }>(sql`select current_schema() as schema`, handle.db)) as [
    { schema: string },
  ];
  const startAt = String(Date.now() + 2500);
  const run = () =>
    new Promise<number>((resolve, reject) => {
      const child = spawn(process.execPath, ["--import", "tsx", "tests/setup/expire-orders-process.ts"], {
        env: { ...process.env, DATABASE_SCHEMA: schema, START_AT: startAt, NODE_ENV: "test" },
        stdio: ["ignore", "pipe", "inherit"],
      });
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
      child.on("error", reject);
      child.on("exit", (code) =>
        code === 0 ? resolve((JSON.parse(out) as { expired: number }).expired) : reject(new Error(`exit ${code}`)),
      );
    });
  return Promise.all([run(), run()]);
}
