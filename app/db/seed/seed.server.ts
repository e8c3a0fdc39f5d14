import { eq, inArray } from "drizzle-orm";
import type { Database, DbOrTx } from "~/db/client.server";
import { categories, productRelations, productVariants, products } from "~/db/schema/catalog";
import { reconcileVariants, variantKey } from "~/domain/variants";
import { settings } from "~/db/schema/content";
import { iterateBigCatalog, type BigCatalogRow } from "./big-catalog";
import {
  DEMO_CATEGORIES,
  DEMO_PRODUCTS,
  DEMO_RELATIONS,
  type DemoCategory,
  type DemoProduct,
  demoCreatedAt,
  demoVariantStocks,
} from "./demo-catalog";

export const BIG_CATALOG_BATCH_SIZE = 1000;

function money(value: number | null): string | null {
  return value === null ? null : value.toFixed(2);
}

/**
 * Inserts the demo categories that are missing (by id), parents before children. A demo
 * slug already taken by another category gets the id appended instead of failing.
 * Returns how many were inserted.
 */
export async function ensureDemoCategories(db: DbOrTx): Promise<number> {
  const existing = await db.select({ id: categories.id, slug: categories.slug }).from(categories);
  const ids = new Set(existing.map((c) => c.id));
  const slugs = new Set(existing.map((c) => c.slug));
  const missing = DEMO_CATEGORIES.filter((c) => !ids.has(c.id));
  const toRow = (c: DemoCategory) => ({
    id: c.id,
    name: c.name,
    slug: slugs.has(c.slug) ? `${c.slug}-${c.id.toLowerCase().replace(/_/g, "-")}` : c.slug,
    parentId: c.parentId,
  });

  let inserted = 0;
  for (const level of [missing.filter((c) => !c.parentId), missing.filter((c) => c.parentId)]) {
    if (level.length === 0) continue;
    const rows = await db
      .insert(categories)
      .values(level.map(toRow))
      .onConflictDoNothing()
      .returning({ id: categories.id });
    inserted += rows.length;
  }
  return inserted;
}

function demoProductRow(p: DemoProduct, index: number, now: Date): typeof products.$inferInsert {
  const createdAt = demoCreatedAt(index, now);
  return {
    name: p.name,
    description: p.description,
    price: money(p.price),
    salePrice: money(p.salePrice),
    imageUrl: p.imageUrl,
    stock: p.stock,
    status: p.status,
    categoryId: p.categoryId,
    sku: p.sku,
    brand: p.brand,
    slug: p.slug,
    isFeatured: p.isFeatured,
    meta: p.meta,
    createdAt,
    updatedAt: createdAt,
  };
}

/**
 * Inserts the demo catalogue: categories, products and related products. The caller makes
 * sure it runs once (init.server.ts keeps a marker; scripts/seed.ts checks for an empty
 * products table). Products whose slug or sku already exists are left as they are.
 */
export async function seedDemoCatalog(
  db: DbOrTx,
  now: Date = new Date(),
): Promise<{ categories: number; products: number }> {
  const categoryCount = await ensureDemoCategories(db);

  const inserted = await db
    .insert(products)
    .values(DEMO_PRODUCTS.map((p, index) => demoProductRow(p, index, now)))
    .onConflictDoNothing()
    .returning({ id: products.id, slug: products.slug });

  // Products with options get their variants ([14/15]); the trigger sums their stock.
  const demoBySlug = new Map(DEMO_PRODUCTS.map((p) => [p.slug, p]));
  const variantRows = inserted.flatMap(({ id, slug }) => {
    const demo = demoBySlug.get(slug)!;
    const { variants } = reconcileVariants(demo.meta.option_groups, [], demo.sku);
    const stocks = demoVariantStocks(demo.stock, variants.length, demo.variantStock);
    return variants.map((v, position) => ({
      productId: id,
      options: v.options,
      optionKey: variantKey(v.options),
      sku: v.sku,
      stock: stocks[position]!,
      imageUrl: null,
      position,
    }));
  });
  if (variantRows.length > 0) await db.insert(productVariants).values(variantRows).onConflictDoNothing();

  const slugs = DEMO_PRODUCTS.map((p) => p.slug);
  const rows = await db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(inArray(products.slug, slugs));
  const idBySlug = new Map(rows.map((r) => [r.slug, r.id]));
  const relations = DEMO_RELATIONS.flatMap(([a, b]) => {
    const idA = idBySlug.get(a);
    const idB = idBySlug.get(b);
    if (!idA || !idB) return [];
    return [
      { productId: idA, relatedProductId: idB },
      { productId: idB, relatedProductId: idA },
    ];
  });
  if (relations.length > 0) await db.insert(productRelations).values(relations).onConflictDoNothing();

  return { categories: categoryCount, products: inserted.length };
}

async function insertBigBatch(db: Database, batch: BigCatalogRow[]): Promise<number> {
  const rows = batch.map((row) => ({ ...row, updatedAt: row.createdAt }));
  const inserted = await db.insert(products).values(rows).onConflictDoNothing().returning({ id: products.id });
  return inserted.length;
}

/**
 * Adds `count` generated products (see big-catalog.ts) in batches of 1000, one insert each.
 * Generated slugs and skus are stable, so a re-run skips the products already there.
 * Calls onProgress with the number of rows processed after every batch; returns how many
 * were inserted.
 */
export async function seedBigCatalog(
  db: Database,
  count: number,
  onProgress?: (done: number) => void,
): Promise<number> {
  await ensureDemoCategories(db);
  let inserted = 0;
  let done = 0;
  let batch: BigCatalogRow[] = [];
  for (const row of iterateBigCatalog(count, undefined, new Date())) {
    batch.push(row);
    if (batch.length === BIG_CATALOG_BATCH_SIZE) {
      inserted += await insertBigBatch(db, batch);
      done += batch.length;
      batch = [];
      onProgress?.(done);
    }
  }
  if (batch.length > 0) {
    inserted += await insertBigBatch(db, batch);
    done += batch.length;
    onProgress?.(done);
  }
  return inserted;
}

// A settings row that says the demo was seeded once, so a restart never seeds it again (even
// after staff deleted demo products).
const DEMO_MARKER = "demo_seeded_at";

export async function isDemoSeeded(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ key: settings.key }).from(settings).where(eq(settings.key, DEMO_MARKER));
  return rows.length > 0;
}

export async function markDemoSeeded(db: DbOrTx): Promise<void> {
  await db.insert(settings).values({ key: DEMO_MARKER, value: new Date().toISOString() }).onConflictDoNothing();
}
