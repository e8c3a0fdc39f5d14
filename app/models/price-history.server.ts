import { asc, inArray } from "drizzle-orm";
import { type DbOrTx, getDb } from "~/db/client.server";
import { priceHistory } from "~/db/schema/catalog";
import { type PriceChange, mayShowRegular, priceStates } from "~/domain/price-history";

// [22/25] Reads of the price history (written by triggers, migration 0022; ADR 0019).

/** Per product: whether its own regular price, and each variant's, may be shown struck through. */
export type AntesFlags = { product: boolean; variants: Map<string, boolean> };

/**
 * The "antes" rule applied to these products' histories, in one query (indexed by product and
 * time): a regular price is struck through only when it held `days` days before the sale began.
 */
export async function antesFlags(
  productIds: string[],
  days: number,
  db: DbOrTx = getDb(),
): Promise<Map<string, AntesFlags>> {
  const result = new Map<string, AntesFlags>();
  if (productIds.length === 0) return result;
  const rows = await db
    .select({
      productId: priceHistory.productId,
      variantId: priceHistory.variantId,
      price: priceHistory.price,
      salePrice: priceHistory.salePrice,
      at: priceHistory.changedAt,
    })
    .from(priceHistory)
    .where(inArray(priceHistory.productId, [...new Set(productIds)]))
    .orderBy(asc(priceHistory.productId), asc(priceHistory.changedAt));
  const byProduct = new Map<string, { own: PriceChange[]; variants: Map<string, PriceChange[]> }>();
  for (const row of rows) {
    const entry = byProduct.get(row.productId) ?? {
      own: [] as PriceChange[],
      variants: new Map<string, PriceChange[]>(),
    };
    byProduct.set(row.productId, entry);
    if (row.variantId === null) entry.own.push(row);
    else entry.variants.set(row.variantId, [...(entry.variants.get(row.variantId) ?? []), row]);
  }
  for (const id of productIds) {
    const entry = byProduct.get(id) ?? { own: [], variants: new Map<string, PriceChange[]>() };
    const variants = new Map<string, boolean>();
    for (const [variantId, list] of entry.variants) {
      variants.set(variantId, mayShowRegular(priceStates(entry.own, list), days));
    }
    result.set(id, { product: mayShowRegular(priceStates(entry.own), days), variants });
  }
  return result;
}
