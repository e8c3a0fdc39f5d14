import { createInterface } from "node:readline";
import { runInvoicing } from "~/jobs/invoicing.server";
import { arcaConfig } from "~/services/arca/config.server";
import { openChildDatabase } from "./child-database";

// One store process of the invoicing drill (tests/integration/invoicing-processes.test.ts): on the
// PostgreSQL schema it is given, with ARCA configured from the environment (ARCA_* variables
// pointing at the double), it prints "ready", waits for "go" on stdin, runs the invoicing job
// until nothing is left to claim, prints what it did as JSON and exits.

const handle = await openChildDatabase();
const config = arcaConfig({});
process.stdout.write("ready\n");
await new Promise<void>((resolve) => {
  const lines = createInterface({ input: process.stdin });
  lines.on("line", (line) => line.trim() === "go" && (lines.close(), resolve()));
});
const total = { authorised: 0, failed: 0, waiting: 0, busy: 0 };
for (;;) {
  const round = await runInvoicing(config, 10);
  for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += round[key];
  if (round.authorised + round.failed + round.waiting + round.busy === 0) break;
  if (round.busy > 0) await new Promise((resolve) => setTimeout(resolve, 5));
}
process.stdout.write(`${JSON.stringify(total)}\n`);
await handle.close();
process.exit(0);
