import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { type DbOrTx, type Tx, getDb } from "~/db/client.server";
import { productVariants, products } from "~/db/schema/catalog";
import type { SelectedOption } from "~/domain/pricing";
import type { BoxData } from "~/domain/parcels";
import { type VariantRow, findVariant, variantKey } from "~/domain/variants";
import { isUuid } from "~/domain/uuid";

// Reading and writing product variants ([14/15], ADR 0010). The lock order: a product row
// before its variants, products in id order, variants in id order. Every path that changes a
// variant's stock (the order, the payment expiry, the admin save, the import) follows it, so
// concurrent writers queue instead of deadlocking, and the trigger that keeps products.stock as
// the variants' sum (migration 0014) sees every committed change.

/** [18/25] The maker's codes and [21/25] the packed box (g, cm): alike on products and variants; null when not known. */
export type CodesAndBox = {
  gtin: string | null;
  mpn: string | null;
  weightGrams: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
};

/** The columns of CodesAndBox, of the products or the variants table. */
export function codesAndBoxColumns<T extends Record<keyof CodesAndBox, unknown>>(table: T): Pick<T, keyof CodesAndBox> {
  const { gtin, mpn, weightGrams, lengthCm, widthCm, heightCm } = table;
  return { gtin, mpn, weightGrams, lengthCm, widthCm, heightCm };
}

export type StoredVariant = {
  id: string;
  productId: string;
  options: SelectedOption[];
  sku: string;
  price: string | null;
  salePrice: string | null;
  stock: number;
  imageUrl: string | null;
} & CodesAndBox;

export const variantColumns = {
  id: productVariants.id,
  productId: productVariants.productId,
  options: productVariants.options,
  sku: productVariants.sku,
  price: productVariants.price,
  salePrice: productVariants.salePrice,
  stock: productVariants.stock,
  imageUrl: productVariants.imageUrl,
  ...codesAndBoxColumns(productVariants),
};

/** The variants of these products, each product's in its table order. */
export async function listVariants(productIds: string[], db: DbOrTx = getDb()): Promise<Map<string, StoredVariant[]>> {
  const ids = [...new Set(productIds.filter(isUuid))];
  const map = new Map<string, StoredVariant[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select(variantColumns)
    .from(productVariants)
    .where(inArray(productVariants.productId, ids))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
  for (const row of rows) map.set(row.productId, [...(map.get(row.productId) ?? []), row]);
  return map;
}

/** The variant of a selection among a product's variants. */
export function variantOf(
  variants: StoredVariant[] | undefined,
  selected: SelectedOption[],
): StoredVariant | undefined {
  return variants ? findVariant(variants, selected) : undefined;
}

/** Rows as the pricing rules take them. */
export function variantPriceOf(variant: StoredVariant | undefined) {
  return variant ? { price: variant.price, sale_price: variant.salePrice } : null;
}

/** The units left of each variant of a published product ([] without variants; null when not found). */
export async function getPublishedVariantStock(
  productId: string | undefined,
): Promise<{ id: string; stock: number }[] | null> {
  if (!isUuid(productId)) return null;
  const rows = await getDb()
    .select({ id: productVariants.id, stock: productVariants.stock, status: products.status })
    .from(products)
    .leftJoin(productVariants, eq(productVariants.productId, products.id))
    .where(eq(products.id, productId));
  if (rows.length === 0 || rows[0]!.status !== "published") return null;
  return rows.flatMap((r) => (r.id === null ? [] : [{ id: r.id, stock: r.stock ?? 0 }]));
}

/**
 * Locks a variant row (after its product's, in the caller's transaction) and returns it as it is
 * now: its stock to check and its price as the order must charge it; null when it is gone. Its
 * stock is then taken through the stock ledger (app/models/stock-ledger.server.ts).
 */
export async function lockVariant(tx: Tx, variantId: string): Promise<StoredVariant | null> {
  const [row] = await tx
    .select(variantColumns)
    .from(productVariants)
    .where(eq(productVariants.id, variantId))
    .for("no key update");
  return row ?? null;
}

/**
 * Replaces a product's variants with `rows` (the table for its current option groups), in the
 * caller's transaction, after the caller locked the product row: rows whose combination
 * existed are updated in place (same id: order items keep pointing at them), new ones are
 * inserted, the others deleted. products.stock follows through the trigger.
 */
export async function replaceVariants(tx: Tx, productId: string, rows: VariantRow[]): Promise<void> {
  const existing = await tx
    .select({ id: productVariants.id, optionKey: productVariants.optionKey, sku: productVariants.sku })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.id))
    .for("update");
  const byKey = new Map(existing.map((v) => [v.optionKey, v]));
  const keep = new Set<string>();
  const keyed = rows.map((row, position) => ({ row, position, key: variantKey(row.options) }));
  for (const { key } of keyed) {
    const found = byKey.get(key);
    if (found) keep.add(found.id);
  }
  // Dropped combinations go first, so their SKUs are free for the rows that take them over.
  const dropped = existing.filter((v) => !keep.has(v.id)).map((v) => v.id);
  if (dropped.length) await tx.delete(productVariants).where(inArray(productVariants.id, dropped));
  // An SKU moving from one kept variant to another would clash midway: park them first.
  const moving = keyed.filter(({ row, key }) => {
    const found = byKey.get(key);
    return found && found.sku !== row.sku;
  });
  if (moving.length) {
    const ids = moving.map(({ key }) => byKey.get(key)!.id);
    await tx
      .update(productVariants)
      .set({ sku: sql`'~' || ${productVariants.id}::text` })
      .where(inArray(productVariants.id, ids));
  }
  for (const { row, position, key } of keyed) {
    const values = {
      options: row.options,
      optionKey: key,
      sku: row.sku,
      price: row.price === null ? null : row.price.toFixed(2),
      salePrice: row.sale_price === null ? null : row.sale_price.toFixed(2),
      stock: row.stock,
      imageUrl: row.image_url,
      ...(row.gtin !== undefined ? { gtin: row.gtin } : {}),
      ...(row.mpn !== undefined ? { mpn: row.mpn } : {}),
      ...(row.box !== undefined ? boxColumns(row.box) : {}),
      position,
    };
    const found = byKey.get(key);
    if (found) await tx.update(productVariants).set(values).where(eq(productVariants.id, found.id));
    else await tx.insert(productVariants).values({ ...values, productId });
  }
}

/** A box's fields as columns (a field left out of `box` is written as null: not known). */
export function boxColumns(box: BoxData) {
  return {
    weightGrams: box.weightGrams ?? null,
    lengthCm: box.lengthCm ?? null,
    widthCm: box.widthCm ?? null,
    heightCm: box.heightCm ?? null,
  };
}

/** SKUs among `skus` already used by another product or by another product's variants. */
export async function skusInUse(tx: DbOrTx, skus: string[], exceptProductId: string | null): Promise<Set<string>> {
  if (skus.length === 0) return new Set();
  const notThis = exceptProductId ? [exceptProductId] : [];
  const productRows = await tx
    .select({ sku: products.sku })
    .from(products)
    .where(
      notThis.length ? and(inArray(products.sku, skus), notInArray(products.id, notThis)) : inArray(products.sku, skus),
    );
  const variantRows = await tx
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(
      notThis.length
        ? and(inArray(productVariants.sku, skus), notInArray(productVariants.productId, notThis))
        : inArray(productVariants.sku, skus),
    );
  return new Set([...productRows, ...variantRows].map((r) => r.sku!).filter(Boolean));
}
