import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { categories, productRelations, products } from "~/db/schema/catalog";
import type { OptionGroup } from "~/domain/product-meta";
import { hasOwnPrice } from "~/domain/pricing";
import { isUuid } from "~/domain/uuid";
import { antesFlags } from "./price-history.server";
import { getSetting } from "./settings.server";

/** Enough of a description for a card's two lines. */
const CARD_DESCRIPTION_LENGTH = 120;

/**
 * What a product card needs (catalogue, search, home, related products, wishlist), and no more:
 * the description as far as two lines show it, whether it is in stock (cards never show the
 * count, so a sale that leaves stock above zero changes no listing: ADR 0005), and of each
 * option group only its first option, which "Agregar" adds and the card's price is.
 */
/** What a product page and the shopping feeds say of a product: name, prices, stock, identifiers. */
export const productFacts = {
  id: products.id,
  name: products.name,
  description: products.description,
  price: products.price,
  salePrice: products.salePrice,
  imageUrl: products.imageUrl,
  stock: products.stock,
  sku: products.sku,
  brand: products.brand,
  gtin: products.gtin,
  mpn: products.mpn,
};

export const cardColumns = {
  id: products.id,
  name: products.name,
  description: sql<string | null>`left(${products.description}, ${CARD_DESCRIPTION_LENGTH})`,
  price: products.price,
  salePrice: products.salePrice,
  imageUrl: products.imageUrl,
  inStock: sql<boolean>`${products.stock} > 0`,
  ivaRate: products.ivaRate,
  // [22/25] The listing price (migration 0025) and whether the variants differ ("Desde $ X").
  listingPrice: products.listingPrice,
  listingPriceFrom: products.listingPriceFrom,
  // [22/25] Pegged to the dollar (ADR 0020): the card may show "USD x" beside the pesos.
  pegged: sql<boolean>`${products.usdPrice} is not null`,
  optionGroups: sql<OptionGroup[] | null>`(
    select jsonb_agg(jsonb_build_object('title', g->'title', 'options', jsonb_build_array(g->'options'->0)) order by n)
    from jsonb_array_elements(${products.meta}->'option_groups') with ordinality as t(g, n)
    where jsonb_array_length(g->'options') > 0)`,
  // A product with variants: the first one (each group's first option), which the card adds,
  // at its own price when it has one; whether it has stock (cards never show counts).
  firstVariant: sql<{ id: string; price: string | null; sale_price: string | null; in_stock: boolean } | null>`(
    select jsonb_build_object('id', v.id, 'price', v.price, 'sale_price', v.sale_price, 'in_stock', v.stock > 0)
    from product_variants v where v.product_id = ${products.id} order by v.position limit 1)`,
};

/** cardColumns as a select list for a raw query on products (the search). */
export const cardSelectList = sql.join(
  Object.entries(cardColumns).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
  sql`, `,
);

export type ProductCardData = {
  id: string;
  name: string;
  description: string | null;
  price: string | null;
  salePrice: string | null;
  imageUrl: string | null;
  inStock: boolean;
  ivaRate: number;
  /** The price the catalogue filters and sorts by; with `listingPriceFrom`, the card says "Desde" it. */
  listingPrice: string | null;
  listingPriceFrom: boolean;
  optionGroups: OptionGroup[] | null;
  firstVariant: {
    id?: string;
    price: string | number | null;
    sale_price: string | number | null;
    in_stock: boolean;
  } | null;
  /** The regular price may be shown struck through (held long enough before the sale, ADR 0019). */
  antes: boolean;
  /** Pegged to the dollar with "Mostrar USD junto al precio" on: the rate for "USD x" (ADR 0020); else null. */
  usdRate: number | null;
};

/** A card as its query returns it, before the price history and the exchange rate are applied. */
export type CardRow = Omit<ProductCardData, "antes" | "usdRate"> & { pegged: boolean };

/**
 * Cards with the "antes" rule applied (one query on the price history for all of them) and, for
 * pegged products when staff show it, the rate of "USD x" (the settings cache, no query).
 */
export async function withAntes(rows: CardRow[]): Promise<ProductCardData[]> {
  const flags = await antesFlags(rows.map((r) => r.id));
  const exchange = rows.some((r) => r.pegged) ? await getSetting("exchange_rate") : null;
  const rate = exchange?.showUsd && exchange.rate ? exchange.rate : null;
  return rows.map(({ pegged, ...row }) => {
    const flag = flags.get(row.id);
    const variant = row.firstVariant;
    const antes =
      variant?.id && hasOwnPrice(variant) ? (flag?.variants.get(variant.id) ?? false) : (flag?.product ?? false);
    return { ...row, antes, usdRate: pegged ? rate : null };
  });
}

/** Published products marked as featured, newest first (home page). */
export async function listFeaturedProducts(limit = 8): Promise<ProductCardData[]> {
  return getDb()
    .select(cardColumns)
    .from(products)
    .where(and(eq(products.status, "published"), eq(products.isFeatured, true)))
    .orderBy(desc(products.createdAt))
    .limit(limit)
    .then(withAntes);
}

const publishedProduct = preparedQuery("product_published", (db) =>
  db
    .select({
      ...productFacts,
      ivaRate: products.ivaRate,
      slug: products.slug,
      meta: products.meta,
      categoryId: products.categoryId,
      categoryName: categories.name,
      updatedAt: products.updatedAt,
      usdPrice: products.usdPrice,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.id, sql.placeholder("id")), eq(products.status, "published"))),
);

/** A published product with its category name, or null (missing, draft, or not an id). */
export async function getPublishedProduct(id: string | undefined) {
  if (!isUuid(id)) return null;
  const [row] = await publishedProduct({ id });
  return row ?? null;
}

const relatedCards = preparedQuery("product_related_cards", (db) =>
  db
    .select(cardColumns)
    .from(productRelations)
    .innerJoin(products, eq(products.id, productRelations.relatedProductId))
    .where(and(eq(productRelations.productId, sql.placeholder("id")), eq(products.status, "published")))
    .orderBy(desc(products.createdAt))
    .limit(12),
);

/** Published products related to this one (spec: product_relations). */
export async function listRelatedProducts(id: string): Promise<ProductCardData[]> {
  return relatedCards({ id }).then(withAntes);
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
      categoryId: products.categoryId,
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

/** The name of a published product, or null (missing, draft, or not an id). */
export async function getPublishedProductName(id: string | undefined): Promise<string | null> {
  if (!isUuid(id)) return null;
  const [row] = await getDb()
    .select({ name: products.name })
    .from(products)
    .where(and(eq(products.id, id), eq(products.status, "published")));
  return row?.name ?? null;
}

/** The units left of a published product, or null (missing, draft, or not an id). */
export async function getPublishedProductStock(id: string | undefined): Promise<number | null> {
  if (!isUuid(id)) return null;
  const [row] = await getDb()
    .select({ stock: products.stock })
    .from(products)
    .where(and(eq(products.id, id), eq(products.status, "published")));
  return row ? row.stock : null;
}
