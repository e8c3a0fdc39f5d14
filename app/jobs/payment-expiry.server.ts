import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { type Database, getDb } from "~/db/client.server";
import { products } from "~/db/schema/catalog";
import { orderItems, orders } from "~/db/schema/orders";
import { SYSTEM_ACTOR, recordAudit } from "~/models/audit.server";
import { announceStatusChange } from "~/models/order-notifications.server";
import { orderNumber } from "~/models/order.server";
import { returnVariantStock } from "~/models/variants.server";
import { every } from "./every.server";

// An online order holds its stock while the shopper pays. When its time runs out with no
// payment approved or on its way (awaiting, rejected or cancelled payments only), this job
// cancels it and returns its stock. The deadline lives in the order row, so a restart loses
// nothing; each order is claimed with FOR UPDATE SKIP LOCKED and changes state in the same
// transaction, so with several processes running the job each order expires exactly once.

/** Payment states with no money on its way: an order in one of these may expire. */
const EXPIRABLE = ["awaiting_payment", "rejected", "cancelled"] as const;

/** Expires up to `limit` overdue orders; returns how many. Run it again for more. */
export async function expireUnpaidOrders(db: Database = getDb(), limit = 50): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.status, "pending"),
          isNotNull(orders.paymentExpiresAt),
          lte(orders.paymentExpiresAt, sql`now()`),
          inArray(orders.paymentStatus, [...EXPIRABLE]),
        ),
      )
      .orderBy(asc(orders.paymentExpiresAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return 0;
    const ids = due.map((o) => o.id);

    // The stock comes back, to the variant it was taken from when there is one: products in id
    // order, each product's variants after it (the lock order of the checkout).
    const returned = await tx
      .select({
        productId: orderItems.productId,
        variantId: orderItems.variantId,
        quantity: sql<number>`sum(${orderItems.quantity})::int`,
      })
      .from(orderItems)
      .where(and(inArray(orderItems.orderId, ids), isNotNull(orderItems.productId)))
      .groupBy(orderItems.productId, orderItems.variantId)
      .orderBy(asc(orderItems.productId), asc(orderItems.variantId));
    let locked: string | null = null;
    for (const { productId, variantId, quantity } of returned) {
      if (variantId) {
        if (locked !== productId) {
          await tx.select({ id: products.id }).from(products).where(eq(products.id, productId!)).for("no key update");
          locked = productId;
        }
        await returnVariantStock(tx, variantId, quantity);
        continue;
      }
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${quantity}`, updatedAt: sql`now()` })
        .where(eq(products.id, productId!));
    }

    await tx
      .update(orders)
      .set({ status: "cancelled", updatedAt: sql`now()` })
      .where(inArray(orders.id, ids));
    await recordAudit(
      tx,
      SYSTEM_ACTOR,
      ids.map((id) => ({
        action: "order.expire",
        entityType: "order" as const,
        entityId: id,
        entityLabel: `#${orderNumber(id)}`,
        before: { status: "pending" },
        after: { status: "cancelled" },
      })),
    );
    // The customer hears that the order was cancelled (the cancelled e-mail, when it is on).
    for (const id of ids) await announceStatusChange(tx, id, "pending", "cancelled");
    return ids.length;
  });
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
