import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { type Database, getDb } from "~/db/client.server";
import { orders } from "~/db/schema/orders";
import { SYSTEM_ACTOR } from "~/models/audit.server";
import { applyOrderEvent } from "~/models/order-life.server";
import { every } from "./every.server";

// An online order holds its stock while the shopper pays. When its time runs out with no
// payment approved or on its way (awaiting, rejected or cancelled payments only), this job
// applies the order's "expire" event: cancelled, its stock released through the ledger, the
// customer told (ADR 0012). The deadline lives in the order row, so a restart loses nothing;
// each order is claimed with FOR UPDATE SKIP LOCKED and changes state in the same transaction,
// so with several processes running the job each order expires exactly once; and the ledger
// refuses a second release of the same units even if it ran twice.

/** Payment states with no money on its way: an order in one of these may expire. */
const EXPIRABLE = ["awaiting_payment", "rejected", "cancelled"] as const;

/** Overdue online orders with nothing on its way (nor a payment for staff to check). */
const due = () =>
  and(
    eq(orders.status, "pending"),
    isNotNull(orders.paymentExpiresAt),
    lte(orders.paymentExpiresAt, sql`now()`),
    inArray(orders.paymentStatus, [...EXPIRABLE]),
    // A payment for staff to check (another amount) holds the order until they decide.
    sql`jsonb_array_length(${orders.paymentFlags}) = 0`,
  );

/**
 * Expires up to `limit` overdue orders, each in its own transaction (its stock released in the
 * house lock order); returns how many. Run it again for more.
 */
export async function expireUnpaidOrders(db: Database = getDb(), limit = 50): Promise<number> {
  const candidates = await db
    .select({ id: orders.id })
    .from(orders)
    .where(due())
    .orderBy(asc(orders.paymentExpiresAt))
    .limit(limit);
  let expired = 0;
  for (const { id } of candidates) {
    const done = await db.transaction(async (tx) => {
      // Another process may have it: skipped, not waited for.
      const [claimed] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, id), due()))
        .for("update", { skipLocked: true });
      if (!claimed) return false;
      return (await applyOrderEvent(tx, SYSTEM_ACTOR, id, { kind: "expire" })).ok;
    });
    if (done) expired++;
  }
  return expired;
}

/** Expires every overdue order, in batches of `batchSize`. */
export async function expireAllUnpaidOrders(db: Database = getDb(), batchSize = 50): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await expireUnpaidOrders(db, batchSize);
    total += n;
    if (n === 0) return total;
  }
}

/** Looks for overdue online orders every `intervalMs` (server/index.ts); returns a stop function. */
export function startPaymentExpiryWorker(intervalMs = 30_000): () => void {
  return every("payment-expiry", intervalMs, () => expireAllUnpaidOrders());
}
