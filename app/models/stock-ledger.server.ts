import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "~/db/client.server";
import { productVariants, products } from "~/db/schema/catalog";
import { orderItems, stockMovements } from "~/db/schema/orders";

// The stock ledger (ADR 0012): an order's units leave the stock as one reservation per order
// line and come back as one release of that reservation. products.stock and
// product_variants.stock are changed here, in the caller's transaction (applyOrderEvent's),
// with the ledger's rows; the database refuses a second release of one reservation. Lock order
// as everywhere (ADR 0010): products in id order, each product's variants after it in id order.

/** Units of a line that the stock does not have now (reopening an order names them). */
export type Shortfall = { name: string; wanted: number; available: number };

type Line = { id: string; productId: string; variantId: string | null; quantity: number; name: string };

/** Locks the products of these lines (and their variants) in the house order; returns the stock of each. */
async function lockStock(tx: Tx, lines: readonly Line[]): Promise<Map<string, number>> {
  const stock = new Map<string, number>();
  const productIds = [...new Set(lines.map((l) => l.productId))].sort();
  for (const productId of productIds) {
    const [product] = await tx
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, productId))
      .for("no key update");
    if (product) stock.set(productId, product.stock);
    const variantIds = [
      ...new Set(lines.filter((l) => l.productId === productId && l.variantId).map((l) => l.variantId!)),
    ].sort();
    for (const variantId of variantIds) {
      const [variant] = await tx
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.id, variantId))
        .for("no key update");
      if (variant) stock.set(variantId, variant.stock);
    }
  }
  return stock;
}

async function changeStock(tx: Tx, line: Pick<Line, "productId" | "variantId">, delta: number): Promise<void> {
  if (line.variantId) {
    // products.stock follows through the variants' trigger (migration 0014).
    await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${delta}` })
      .where(eq(productVariants.id, line.variantId));
    return;
  }
  await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${delta}`, updatedAt: sql`now()` })
    .where(eq(products.id, line.productId));
}

/**
 * Takes the units of every line of the order from the stock, one reservation row per line.
 * When the stock does not have them all, nothing is written and the lines short are returned
 * (a product or variant deleted since counts as having none).
 */
export async function reserveOrderStock(tx: Tx, orderId: string): Promise<Shortfall[]> {
  const lines: Line[] = (
    await tx
      .select({
        id: orderItems.id,
        productId: orderItems.productId,
        variantId: orderItems.variantId,
        quantity: orderItems.quantity,
        name: orderItems.name,
      })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.productId)))
      .orderBy(asc(orderItems.productId), asc(orderItems.variantId), asc(orderItems.id))
  ).map((l) => ({ ...l, productId: l.productId! }));
  if (lines.length === 0) return [];
  const stock = await lockStock(tx, lines);

  const wanted = new Map<string, { name: string; quantity: number }>();
  for (const line of lines) {
    const key = line.variantId ?? line.productId;
    const entry = wanted.get(key) ?? { name: line.name, quantity: 0 };
    entry.quantity += line.quantity;
    wanted.set(key, entry);
  }
  const short = [...wanted.entries()]
    .filter(([key, w]) => (stock.get(key) ?? 0) < w.quantity)
    .map(([key, w]) => ({ name: w.name, wanted: w.quantity, available: Math.max(0, stock.get(key) ?? 0) }));
  if (short.length > 0) return short;

  for (const line of lines) await changeStock(tx, line, -line.quantity);
  await tx.insert(stockMovements).values(
    lines.map((line) => ({
      orderId,
      orderItemId: line.id,
      productId: line.productId,
      variantId: line.variantId,
      quantity: line.quantity,
      kind: "reserve" as const,
    })),
  );
  return [];
}

/**
 * Gives back every reservation of the order not given back yet, one release row each (the
 * database refuses a second one), to the product or variant it was taken from; one deleted
 * since gets nothing back. Returns the units released.
 */
export async function releaseOrderStock(tx: Tx, orderId: string): Promise<number> {
  const release = alias(stockMovements, "release");
  const open = await tx
    .select({
      id: stockMovements.id,
      orderItemId: stockMovements.orderItemId,
      productId: stockMovements.productId,
      variantId: stockMovements.variantId,
      quantity: stockMovements.quantity,
    })
    .from(stockMovements)
    .leftJoin(release, eq(release.reservationId, stockMovements.id))
    .where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.kind, "reserve"), isNull(release.id)))
    .orderBy(asc(stockMovements.productId), asc(stockMovements.variantId), asc(stockMovements.id));
  if (open.length === 0) return 0;
  const back = open.filter((r) => r.productId !== null);
  await lockStock(
    tx,
    back.map((r) => ({ ...r, productId: r.productId!, name: "" })),
  );
  await tx.insert(stockMovements).values(
    open.map((r) => ({
      orderId,
      orderItemId: r.orderItemId,
      productId: r.productId,
      variantId: r.variantId,
      quantity: r.quantity,
      kind: "release" as const,
      reservationId: r.id,
    })),
  );
  for (const r of back) {
    // A variant deleted since (variant_id set null on a product that had variants) is skipped.
    if (r.variantId === null && (await hasVariants(tx, r.productId!))) continue;
    await changeStock(tx, { productId: r.productId!, variantId: r.variantId }, r.quantity);
  }
  return open.reduce((sum, r) => sum + r.quantity, 0);
}

async function hasVariants(tx: Tx, productId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(inArray(productVariants.productId, [productId]))
    .limit(1);
  return rows.length > 0;
}

/** "faltan 2 unidades de Teclado (quedan 0) y 1 unidad de Mouse (quedan 3)". */
export function shortfallText(short: readonly Shortfall[]): string {
  const one = (s: Shortfall) => {
    const missing = s.wanted - s.available;
    return `${missing} ${missing === 1 ? "unidad" : "unidades"} de ${s.name} (${s.available === 1 ? "queda 1" : `quedan ${s.available}`})`;
  };
  const parts = short.map(one);
  const joined = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} y ${parts.at(-1)}` : parts[0];
  return `faltan ${joined}`;
}
