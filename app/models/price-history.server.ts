import { asc, eq, gt, inArray, or, sql } from "drizzle-orm";
import { type DbOrTx, getDb } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { priceHistory, productVariants, products } from "~/db/schema/catalog";
import { type PriceChange, type PriceSource, checkDiscount, mayShowRegular, priceStates } from "~/domain/price-history";
import type { HotSaleLine } from "~/domain/hot-sale-report";
import { hasOwnPrice } from "~/domain/pricing";
import { variantLabel } from "~/domain/variants";
import { listVariants } from "./variants.server";
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

/** A product's rows and, by variant id, each variant's rows, oldest first. */
type ProductHistory = { own: PriceChange[]; variants: Map<string, PriceChange[]> };
const emptyHistory = (): ProductHistory => ({ own: [], variants: new Map() });

const historyColumns = {
  productId: priceHistory.productId,
  variantId: priceHistory.variantId,
  price: priceHistory.price,
  salePrice: priceHistory.salePrice,
  at: priceHistory.changedAt,
};

// One product's (its page) as a prepared statement; several (a list of cards) built each time:
// `= any($1::uuid[])` would let them share one, but PGlite runs it three times slower than `in`.
const historyOfOne = preparedQuery("price_history_of_product", (db) =>
  db
    .select(historyColumns)
    .from(priceHistory)
    .where(eq(priceHistory.productId, sql.placeholder("id")))
    .orderBy(asc(priceHistory.changedAt)),
);

/** The price history of these products, in one query on the (product_id, changed_at) index. */
async function historiesOf(productIds: string[], db: DbOrTx): Promise<Map<string, ProductHistory>> {
  const ids = [...new Set(productIds)];
  const rows =
    ids.length === 1
      ? await historyOfOne({ id: ids[0] }, db)
      : await db
          .select(historyColumns)
          .from(priceHistory)
          .where(inArray(priceHistory.productId, ids))
          .orderBy(asc(priceHistory.productId), asc(priceHistory.changedAt));
  const byProduct = new Map<string, ProductHistory>();
  for (const row of rows) {
    const entry = byProduct.get(row.productId) ?? emptyHistory();
    byProduct.set(row.productId, entry);
    if (row.variantId === null) entry.own.push(row);
    else {
      const list = entry.variants.get(row.variantId) ?? [];
      list.push(row);
      entry.variants.set(row.variantId, list);
    }
  }
  return byProduct;
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
  const byProduct = await historiesOf(productIds, db);
  for (const id of productIds) {
    const entry = byProduct.get(id) ?? emptyHistory();
    const variants = new Map<string, boolean>();
    for (const [variantId, list] of entry.variants) {
      variants.set(variantId, mayShowRegular(priceStates(entry.own, list), period));
    }
    result.set(id, { product: mayShowRegular(priceStates(entry.own), period), variants });
  }
  return result;
}

/** One row of a product's price history as the admin's product dialog lists it. */
export type PriceHistoryRow = {
  at: Date;
  /** The variant's options ("16 GB / Negro"), null for the product's own price. */
  variant: string | null;
  variantId: string | null;
  actor: string | null;
  source: string;
  price: string | null;
  salePrice: string | null;
};

/** Every price change of a product and its variants, oldest first (the dialog's chart and table). */
export async function listPriceHistory(productId: string, db: DbOrTx = getDb()): Promise<PriceHistoryRow[]> {
  const rows = await db
    .select({
      at: priceHistory.changedAt,
      variantId: priceHistory.variantId,
      options: productVariants.options,
      actor: priceHistory.actor,
      source: priceHistory.source,
      price: priceHistory.price,
      salePrice: priceHistory.salePrice,
    })
    .from(priceHistory)
    .leftJoin(productVariants, eq(productVariants.id, priceHistory.variantId))
    .where(eq(priceHistory.productId, productId))
    .orderBy(asc(priceHistory.changedAt), asc(priceHistory.id));
  return rows.map(({ options, ...row }) => ({ ...row, variant: options ? variantLabel(options) : null }));
}

/**
 * Every product and variant on sale today, checked against the price paid `days` days before
 * `now` (~/domain/price-history checkDiscount), by name. A variant without a price of its own
 * is on sale with its product and is its product's line.
 */
export async function hotSaleReport(
  days: number,
  now: Date = new Date(),
  db: DbOrTx = getDb(),
): Promise<HotSaleLine[]> {
  const onSale = await db
    .select({ id: products.id, name: products.name, sku: products.sku, status: products.status })
    .from(products)
    .where(
      or(
        gt(products.salePrice, "0"),
        sql`exists (select 1 from ${productVariants} v where v.product_id = ${products.id} and v.sale_price > 0)`,
      ),
    )
    .orderBy(asc(products.name), asc(products.id));
  if (onSale.length === 0) return [];
  const histories = await historiesOf(
    onSale.map((p) => p.id),
    db,
  );
  const variants = await listVariants(
    onSale.map((p) => p.id),
    db,
  );
  const lines: HotSaleLine[] = [];
  for (const product of onSale) {
    const history = histories.get(product.id) ?? emptyHistory();
    const base = { productId: product.id, name: product.name, status: product.status };
    const own = checkDiscount(priceStates(history.own), now, days);
    if (own) lines.push({ ...base, sku: product.sku, variant: null, ...own });
    for (const variant of variants.get(product.id) ?? []) {
      if (!hasOwnPrice({ price: variant.price, sale_price: variant.salePrice })) continue;
      const check = checkDiscount(priceStates(history.own, history.variants.get(variant.id) ?? []), now, days);
      if (check) lines.push({ ...base, sku: variant.sku, variant: variantLabel(variant.options), ...check });
    }
  }
  return lines;
}
