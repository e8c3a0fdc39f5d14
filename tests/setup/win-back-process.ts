import { createInterface } from "node:readline";
import { runWinBack } from "~/jobs/win-back.server";
import { openChildDatabase } from "./child-database";

// One store process of the win-back drill (tests/integration/win-back.test.ts): on the PostgreSQL
// schema it is given it prints "ready", waits for "go" on stdin, runs the win-back job's round
// three times as the server's timer would, prints how many reminders and alerts it queued as JSON
// and exits.

const handle = await openChildDatabase();
process.stdout.write("ready\n");
await new Promise<void>((resolve) => {
  const lines = createInterface({ input: process.stdin });
  lines.on("line", (line) => line.trim() === "go" && (lines.close(), resolve()));
});
const total = { reminders: 0, alerts: 0 };
for (let round = 0; round < 3; round++) {
  const done = await runWinBack();
  total.reminders += done.reminders;
  total.alerts += done.alerts;
}
process.stdout.write(`${JSON.stringify(total)}\n`);
await handle.close();
process.exit(0);
