import { type SQL, and, asc, count, desc, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import { getDb, queryRows } from "~/db/client.server";
import { categories, products } from "~/db/schema/catalog";
import { CATALOG_PAGE_SIZE, type CatalogQuery } from "~/domain/catalog-query";
import { type ProductCardData, cardColumns } from "./product.server";

export type CategoryRow = { id: string; name: string; slug: string; parentId: string | null };

/** All categories ordered by name (spec: "GET categories ordered by name"). */
export async function listCategories(): Promise<CategoryRow[]> {
  return getDb()
    .select({ id: categories.id, name: categories.name, slug: categories.slug, parentId: categories.parentId })
    .from(categories)
    .orderBy(asc(categories.name));
}

export async function listTopLevelCategories(): Promise<CategoryRow[]> {
  return getDb()
    .select({ id: categories.id, name: categories.name, slug: categories.slug, parentId: categories.parentId })
    .from(categories)
    .where(isNull(categories.parentId))
    .orderBy(asc(categories.name));
}

/** The category and all its descendants, at any depth. */
export async function categoryWithDescendants(id: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(sql`
    with recursive tree as (
      select id from ${categories} where id = ${id}
      union
      select c.id from ${categories} c join tree t on c.parent_id = t.id
    )
    select id from tree`);
  return rows.map((r) => r.id);
}

const ORDER: Record<CatalogQuery["sort"], SQL[]> = {
  price_asc: [sql`${products.effectivePrice} asc nulls last`, desc(products.createdAt)],
  price_desc: [sql`${products.effectivePrice} desc nulls last`, desc(products.createdAt)],
  created_at_desc: [desc(products.createdAt), desc(products.id)],
  created_at_asc: [asc(products.createdAt), asc(products.id)],
};

/** One page of published products with the exact total count. */
export async function listCatalogProducts(query: CatalogQuery): Promise<{ items: ProductCardData[]; total: number }> {
  const conditions: SQL[] = [eq(products.status, "published")];
  if (query.category) conditions.push(inArray(products.categoryId, await categoryWithDescendants(query.category)));
  if (query.minPrice !== null) conditions.push(gte(products.effectivePrice, query.minPrice.toFixed(2)));
  if (query.maxPrice !== null) conditions.push(lte(products.effectivePrice, query.maxPrice.toFixed(2)));
  const where = and(...conditions);
  const db = getDb();
  const [items, totals] = await Promise.all([
    db
      .select(cardColumns)
      .from(products)
      .where(where)
      .orderBy(...ORDER[query.sort])
      .limit(CATALOG_PAGE_SIZE)
      .offset((query.page - 1) * CATALOG_PAGE_SIZE),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { items, total: totals[0]?.n ?? 0 };
}
