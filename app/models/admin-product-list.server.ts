import { type SQL, and, asc, count, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { type DbOrTx, getDb } from "~/db/client.server";
import { categories, productRelations, productVariants, products } from "~/db/schema/catalog";
import { type CodesAndBox, type StoredVariant, codesAndBoxColumns, listVariants } from "./variants.server";
import { categoryWithDescendants } from "./catalog.server";
import type { ProductMeta } from "~/domain/product-meta";
import {
  LOW_STOCK_THRESHOLD,
  NO_CATEGORY,
  type ProductListQuery,
  type ProductSort,
} from "~/schemas/product-list-query";

// The admin products table: one page of products by search, filters and sort, one product
// for the dialog, and the search behind the related-products picker.

const listColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  sku: products.sku,
  brand: products.brand,
  ...codesAndBoxColumns(products),
  description: products.description,
  price: products.price,
  salePrice: products.salePrice,
  usdPrice: products.usdPrice,
  markupPercent: products.markupPercent,
  stock: products.stock,
  ivaRate: products.ivaRate,
  status: products.status,
  isFeatured: products.isFeatured,
  imageUrl: products.imageUrl,
  categoryId: products.categoryId,
  categoryName: categories.name,
  meta: products.meta,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  // Variants below the low-stock threshold (the table's "Stock bajo" badge counts them).
  lowVariants: sql<number>`(select count(*)::int from ${productVariants} v where v.product_id = ${products.id} and v.stock < ${LOW_STOCK_THRESHOLD})`,
};

export type AdminProduct = {
  id: string;
  usdPrice: number | null;
  markupPercent: number | null;
  name: string;
  slug: string;
  sku: string | null;
  brand: string | null;
  description: string | null;
  price: string | null;
  salePrice: string | null;
  stock: number;
  /** IVA rate in percent: 21 or 10.5. */
  ivaRate: number;
  status: "published" | "draft";
  isFeatured: boolean;
  imageUrl: string | null;
  categoryId: string | null;
  categoryName: string | null;
  meta: ProductMeta;
  createdAt: Date;
  updatedAt: Date;
  related: { id: string; name: string }[];
  lowVariants: number;
  /** Its variants in table order ([] without option groups). */
  variants: StoredVariant[];
} & CodesAndBox;

export type AdminProductPage = { items: AdminProduct[]; total: number; page: number; pageCount: number; size: number };

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The list's conditions; a category stands for its subcategories' products too, as in the store. */
async function filters(query: ProductListQuery): Promise<SQL | undefined> {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(
      or(
        sql`public.unaccent(${products.name}) ilike public.unaccent(${pattern})`,
        sql`${products.sku} ilike ${pattern}`,
      )!,
    );
  }
  if (query.category === NO_CATEGORY) conditions.push(sql`${products.categoryId} is null`);
  else if (query.category) conditions.push(inArray(products.categoryId, await categoryWithDescendants(query.category)));
  if (query.status) conditions.push(eq(products.status, query.status));
  if (query.stock === "in") conditions.push(sql`${products.stock} > 0`);
  if (query.stock === "low")
    conditions.push(
      sql`(${products.stock} < ${LOW_STOCK_THRESHOLD} or exists (select 1 from ${productVariants} v where v.product_id = ${products.id} and v.stock < ${LOW_STOCK_THRESHOLD}))`,
    );
  if (query.stock === "out") conditions.push(eq(products.stock, 0));
  return conditions.length ? and(...conditions) : undefined;
}

function ordering(sort: ProductSort, dir: "asc" | "desc"): SQL[] {
  const by = (column: SQL | typeof products.name) =>
    dir === "asc" ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
  const tie = dir === "asc" ? asc(products.id) : desc(products.id);
  const columns: Record<ProductSort, SQL[]> = {
    name: [by(sql`lower(${products.name})`)],
    sku: [by(sql`${products.sku}`)],
    category: [by(sql`lower(${categories.name})`)],
    price: [by(sql`${products.price}`)],
    stock: [by(sql`${products.stock}`)],
    status: [by(sql`${products.status}`)],
    created_at: [by(sql`${products.createdAt}`)],
  };
  return [...columns[sort], tie];
}

async function relatedOf(ids: string[], db: DbOrTx): Promise<Map<string, { id: string; name: string }[]>> {
  const map = new Map<string, { id: string; name: string }[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({ productId: productRelations.productId, id: products.id, name: products.name })
    .from(productRelations)
    .innerJoin(products, eq(products.id, productRelations.relatedProductId))
    .where(inArray(productRelations.productId, ids))
    .orderBy(asc(products.name));
  for (const r of rows) map.set(r.productId, [...(map.get(r.productId) ?? []), { id: r.id, name: r.name }]);
  return map;
}

/** One page of products with filters and sort, the exact count, and each row's relations. */
export async function listAdminProducts(query: ProductListQuery): Promise<AdminProductPage> {
  const db = getDb();
  const where = await filters(query);
  const [{ n: total } = { n: 0 }] = await db.select({ n: count() }).from(products).where(where);
  const pageCount = Math.max(1, Math.ceil(total / query.size));
  const page = Math.min(query.page, pageCount);
  const rows = await db
    .select(listColumns)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(...ordering(query.sort, query.dir))
    .limit(query.size)
    .offset((page - 1) * query.size);
  const ids = rows.map((r) => r.id);
  const related = await relatedOf(ids, db);
  const variants = await listVariants(ids, db);
  return {
    items: rows.map((r) => ({
      ...r,
      meta: r.meta ?? {},
      related: related.get(r.id) ?? [],
      variants: variants.get(r.id) ?? [],
    })),
    total,
    page,
    pageCount,
    size: query.size,
  };
}

/** One product with its category name and relations, or null. */
export async function getAdminProduct(id: string, db: DbOrTx = getDb()): Promise<AdminProduct | null> {
  const [row] = await db
    .select(listColumns)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id));
  if (!row) return null;
  const related = await relatedOf([id], db);
  const variants = await listVariants([id], db);
  return { ...row, meta: row.meta ?? {}, related: related.get(id) ?? [], variants: variants.get(id) ?? [] };
}

/** Products whose name or SKU matches, for the related-products picker. */
export async function searchProductsForRelation(
  q: string,
  exclude: string | null,
  limit = 10,
): Promise<{ id: string; name: string; sku: string | null }[]> {
  const pattern = `%${escapeLike(q)}%`;
  const conditions: SQL[] = [];
  if (q) {
    conditions.push(
      or(
        sql`public.unaccent(${products.name}) ilike public.unaccent(${pattern})`,
        sql`${products.sku} ilike ${pattern}`,
      )!,
    );
  }
  if (exclude) conditions.push(ne(products.id, exclude));
  return getDb()
    .select({ id: products.id, name: products.name, sku: products.sku })
    .from(products)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(products.name))
    .limit(limit);
}
