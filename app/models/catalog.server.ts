import { type SQL, and, asc, count, desc, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { cachedByContentVersion } from "~/utils/content-version.server";
import { categories, productCounts, products } from "~/db/schema/catalog";
import { CATALOG_PAGE_SIZE, type CatalogQuery } from "~/domain/catalog-query";
import { withDescendants } from "~/domain/category-tree";
import { type CardRow, type ProductCardData, cardColumns, withAntes } from "./product.server";

export type CategoryRow = { id: string; name: string; slug: string; parentId: string | null };

// Categories change rarely and every storefront page reads them: inside a storefront request they
// come from a cache kept per content version, renewed at once by any change
// (app/utils/content-version.server.ts).

/** All categories ordered by name (spec: "GET categories ordered by name"). */
export async function listCategories(): Promise<CategoryRow[]> {
  return cachedByContentVersion("categories", () =>
    getDb()
      .select({ id: categories.id, name: categories.name, slug: categories.slug, parentId: categories.parentId })
      .from(categories)
      .orderBy(asc(categories.name)),
  );
}

export async function listTopLevelCategories(): Promise<CategoryRow[]> {
  return cachedByContentVersion("categories:top", () =>
    getDb()
      .select({ id: categories.id, name: categories.name, slug: categories.slug, parentId: categories.parentId })
      .from(categories)
      .where(isNull(categories.parentId))
      .orderBy(asc(categories.name)),
  );
}

/** The category and all its descendants, at any depth (~/domain/category-tree). */
export async function categoryWithDescendants(id: string): Promise<string[]> {
  return withDescendants([id], await listCategories());
}

// Each order ends with the id, so pages never overlap, and matches one index of migration 0008.
const ORDER: Record<CatalogQuery["sort"], SQL[]> = {
  price_asc: [sql`${products.listingPrice} asc nulls last`, desc(products.createdAt), desc(products.id)],
  price_desc: [sql`${products.listingPrice} desc nulls last`, desc(products.createdAt), desc(products.id)],
  created_at_desc: [desc(products.createdAt), desc(products.id)],
  created_at_asc: [asc(products.createdAt), asc(products.id)],
};

/** The catalogue without filters (its first pages are the most asked for), prepared per order. */
const unfilteredPage = Object.fromEntries(
  (Object.keys(ORDER) as CatalogQuery["sort"][]).map((sort) => [
    sort,
    preparedQuery(`catalog_page_${sort}`, (db) => {
      const page = db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.status, "published"))
        .orderBy(...ORDER[sort])
        .limit(CATALOG_PAGE_SIZE)
        .offset(sql.placeholder("offset"))
        .as("page");
      return db
        .select(cardColumns)
        .from(products)
        .innerJoin(page, eq(products.id, page.id))
        .orderBy(...ORDER[sort]);
    }),
  ]),
) as Record<CatalogQuery["sort"], (values: Record<string, unknown>) => Promise<CardRow[]>>;

const unfilteredTotal = preparedQuery("catalog_total_published", (db) =>
  db.select({ n: sql<string | null>`sum(${productCounts.published})` }).from(productCounts),
);

/**
 * One page of published products with the exact total count. The page's ids are picked first
 * from an index alone (the rows skipped by a deep page are never read), then its 12 rows are
 * read. The total without a price filter is a sum over product_counts (kept by a trigger);
 * with one, a count over the price or category index.
 */
export async function listCatalogProducts(query: CatalogQuery): Promise<{ items: ProductCardData[]; total: number }> {
  const offset = (query.page - 1) * CATALOG_PAGE_SIZE;
  if (!query.category && query.minPrice === null && query.maxPrice === null) {
    const [items, total] = await Promise.all([
      unfilteredPage[query.sort]({ offset }).then(withAntes),
      unfilteredTotal({}).then((rows) => Number(rows[0]?.n ?? 0)),
    ]);
    return { items, total };
  }
  const categoryIds = query.category ? await categoryWithDescendants(query.category) : null;
  const conditions: SQL[] = [eq(products.status, "published")];
  if (categoryIds) conditions.push(inArray(products.categoryId, categoryIds));
  if (query.minPrice !== null) conditions.push(gte(products.listingPrice, query.minPrice.toFixed(2)));
  if (query.maxPrice !== null) conditions.push(lte(products.listingPrice, query.maxPrice.toFixed(2)));
  const where = and(...conditions);
  const db = getDb();
  const page = db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...ORDER[query.sort])
    .limit(CATALOG_PAGE_SIZE)
    .offset(offset)
    .as("page");
  const priceFilter = query.minPrice !== null || query.maxPrice !== null;
  const [items, total] = await Promise.all([
    db
      .select(cardColumns)
      .from(products)
      .innerJoin(page, eq(products.id, page.id))
      .orderBy(...ORDER[query.sort])
      .then(withAntes),
    priceFilter
      ? db
          .select({ n: count() })
          .from(products)
          .where(where)
          .then((rows) => rows[0]?.n ?? 0)
      : db
          .select({ n: sql<string | null>`sum(${productCounts.published})` })
          .from(productCounts)
          .where(categoryIds ? inArray(productCounts.categoryKey, categoryIds) : undefined)
          .then((rows) => Number(rows[0]?.n ?? 0)),
  ]);
  return { items, total };
}
