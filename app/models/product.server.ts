import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb, queryRows } from "~/db/client.server";
import { categories, productRelations, products } from "~/db/schema/catalog";
import type { OptionGroup } from "~/domain/product-meta";
import { isUuid } from "~/domain/uuid";

/** The columns every view of a product shows: name, prices, image, stock. */
const shownColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  price: products.price,
  salePrice: products.salePrice,
  imageUrl: products.imageUrl,
  stock: products.stock,
  ivaRate: products.ivaRate,
};

/** What a product card needs (catalogue, search, home, related products, wishlist). */
export const cardColumns = {
  ...shownColumns,
  // The card's "Agregar" adds each group's first option, at that option's price.
  optionGroups: sql<OptionGroup[] | null>`${products.meta}->'option_groups'`,
};

export type ProductCardData = {
  id: string;
  name: string;
  description: string | null;
  price: string | null;
  salePrice: string | null;
  imageUrl: string | null;
  stock: number;
  ivaRate: number;
  optionGroups: OptionGroup[] | null;
};

/** Published products marked as featured, newest first (home page). */
export async function listFeaturedProducts(limit = 8): Promise<ProductCardData[]> {
  return getDb()
    .select(cardColumns)
    .from(products)
    .where(and(eq(products.status, "published"), eq(products.isFeatured, true)))
    .orderBy(desc(products.createdAt))
    .limit(limit);
}

/** A published product with its category name, or null (missing, draft, or not an id). */
export async function getPublishedProduct(id: string | undefined) {
  if (!isUuid(id)) return null;
  const [row] = await getDb()
    .select({
      ...shownColumns,
      sku: products.sku,
      slug: products.slug,
      meta: products.meta,
      categoryId: products.categoryId,
      categoryName: categories.name,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.id, id), eq(products.status, "published")));
  return row ?? null;
}

/** Published products related to this one (spec: product_relations). */
export async function listRelatedProducts(id: string): Promise<ProductCardData[]> {
  return getDb()
    .select(cardColumns)
    .from(productRelations)
    .innerJoin(products, eq(products.id, productRelations.relatedProductId))
    .where(and(eq(productRelations.productId, id), eq(products.status, "published")))
    .orderBy(desc(products.createdAt))
    .limit(12);
}

/** Current data of the products in a cart, to check prices and stock (published only). */
export async function getProductsForCart(ids: string[]) {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return [];
  return getDb()
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      salePrice: products.salePrice,
      imageUrl: products.imageUrl,
      stock: products.stock,
      ivaRate: products.ivaRate,
      meta: products.meta,
    })
    .from(products)
    .where(and(inArray(products.id, valid), eq(products.status, "published")));
}

/** How many products are published (the sitemap index splits them into files). */
export async function countPublishedProducts(): Promise<number> {
  const [row] = await getDb().select({ total: count() }).from(products).where(eq(products.status, "published"));
  return row?.total ?? 0;
}

/**
 * One slice of the published products' ids and last changes, for a product sitemap. Oldest
 * first, so new products land in the last file and the others keep their contents.
 */
export async function listPublishedForSitemap({
  offset,
  limit,
}: {
  offset: number;
  limit: number;
}): Promise<{ id: string; updatedAt: Date }[]> {
  return getDb()
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.status, "published"))
    .orderBy(asc(products.createdAt), asc(products.id))
    .offset(offset)
    .limit(limit);
}

/**
 * The version of a product's row (PostgreSQL's xmin: every update of the row, a sale included,
 * gives it a new one), or null when there is no such product. The page cache keys a product page
 * by it (server/page-cache.ts).
 */
export async function productRowVersion(id: string): Promise<string | null> {
  if (!isUuid(id)) return null;
  const [row] = await queryRows<{ v: string }>(sql`select xmin::text as v from ${products} where id = ${id}`);
  return row?.v ?? null;
}
