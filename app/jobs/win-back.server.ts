import { type Database, getDb } from "~/db/client.server";
import { purgeWinBackData, sendDueCartReminders, sendDueStockAlerts } from "~/models/win-back.server";
import { every } from "./every.server";

// [23/25] Win back the sale (ADR 0021): queues the cart reminders that are due and the
// back-in-stock alerts the stock triggers marked, then deletes drafts and alerts past the
// retention setting. Every draft and alert is claimed with FOR UPDATE SKIP LOCKED and marked in
// the transaction that queues its e-mail, so with several processes each goes out once; the
// outbox's delivery job sends them (and the outbox is where a refused address never reaches).

export async function runWinBack(db: Database = getDb()) {
  const reminders = await sendDueCartReminders(db);
  const alerts = await sendDueStockAlerts(db);
  const purged = await purgeWinBackData(db);
  return { reminders, alerts, purged };
}

/** Runs runWinBack every `intervalMs` (server/serve.ts); returns a stop function. */
export function startWinBackWorker(intervalMs = 60_000): () => void {
  return every("win-back", intervalMs, () => runWinBack());
}
