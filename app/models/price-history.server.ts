import { asc, inArray, sql } from "drizzle-orm";
import { type DbOrTx, getDb } from "~/db/client.server";
import { priceHistory } from "~/db/schema/catalog";
import { type PriceChange, type PriceSource, mayShowRegular, priceStates } from "~/domain/price-history";
import type { AuditActor } from "./audit.server";
import { getSetting } from "./settings.server";

// [22/25] Reads of the price history (written by triggers, migration 0022; ADR 0019).

/**
 * Says who changes prices in this transaction, and from where, for the price-history triggers
 * (migration 0022: transaction-local settings vitec.actor and vitec.price_source). Every writer
 * of products' or variants' prices calls it first thing in its transaction.
 */
export async function tagPriceChanges(tx: DbOrTx, actor: AuditActor, source: PriceSource): Promise<void> {
  await tx.execute(
    sql`select set_config('vitec.actor', ${actor.email}, true), set_config('vitec.price_source', ${source}, true)`,
  );
}

/**
 * The "antes" rule's period in days (Configuración > Precio anterior en ofertas). Read through the
 * settings cache, which the content version renews: changing it re-renders every cached page.
 */
export async function referenceDays(db?: DbOrTx): Promise<number> {
  return (await getSetting("price_reference", db)).days;
}

/** Per product: whether its own regular price, and each variant's, may be shown struck through. */
export type AntesFlags = { product: boolean; variants: Map<string, boolean> };

/**
 * The "antes" rule applied to these products' histories, in one query (indexed by product and
 * time): a regular price is struck through only when it held `days` days (by default the period
 * set in Configuración) before the sale began.
 */
export async function antesFlags(
  productIds: string[],
  days?: number,
  db: DbOrTx = getDb(),
): Promise<Map<string, AntesFlags>> {
  const result = new Map<string, AntesFlags>();
  if (productIds.length === 0) return result;
  const period = days ?? (await referenceDays());
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
      variants.set(variantId, mayShowRegular(priceStates(entry.own, list), period));
    }
    result.set(id, { product: mayShowRegular(priceStates(entry.own), period), variants });
  }
  return result;
}
