import { openDatabase } from "~/db/client.server";
import { expireAllUnpaidOrders } from "~/jobs/payment-expiry.server";

// One "server process" of the two-process expiry drill (tests/integration/mercadopago.test.ts):
// waits for the common start time, runs the expiry job on the PostgreSQL schema it is given, in
// small batches so that the two processes interleave, and prints how many orders it expired.

const url = process.env.DATABASE_URL!;
const schema = process.env.DATABASE_SCHEMA!;
const startAt = Number(process.env.START_AT ?? Date.now());

const handle = await openDatabase({ kind: "pg", url, schema, maxConnections: 4 });
await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
const expired = await expireAllUnpaidOrders(handle.db, 3);
await handle.close();
process.stdout.write(JSON.stringify({ expired }));
