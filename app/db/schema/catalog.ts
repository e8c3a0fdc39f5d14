import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import type { ProductMeta } from "~/domain/product-meta";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const categories = pgTable(
  "categories",
  {
    // Text ids so the spec's collection ids (pcol_PC, ...) are kept as they are.
    id: text("id")
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    parentId: text("parent_id").references((): AnyPgColumn => categories.id, { onDelete: "set null" }),
    // [22/25] Markup (percent) over the dollar price of its pegged products that have none (ADR 0020).
    markupPercent: numeric("markup_percent", { precision: 6, scale: 2, mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("categories_parent_id_idx").on(t.parentId),
    check("categories_not_own_parent", sql`${t.parentId} is null or ${t.parentId} <> ${t.id}`),
    check("categories_markup_valid", sql`${t.markupPercent} is null or ${t.markupPercent} between 0 and 1000`),
  ],
);

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description"),
    price: numeric("price", { precision: 12, scale: 2 }),
    salePrice: numeric("sale_price", { precision: 12, scale: 2 }),
    // The price a shopper pays without options: the sale price when it is below the price.
    // Catalogue filters and sorts use it, so a product on sale is found at its sale price.
    effectivePrice: numeric("effective_price", { precision: 12, scale: 2 }).generatedAlwaysAs(
      sql`case when sale_price > 0 and (price is null or price <= 0 or sale_price < price) then sale_price else price end`,
    ),
    // [22/25] What listings show and the catalogue filters and sorts by (migration 0025, kept by
    // triggers): the price paid, or with variants the lowest among those in stock (all when none
    // is); listingPriceFrom: the variants differ in price, so cards say "Desde".
    listingPrice: numeric("listing_price", { precision: 12, scale: 2 }),
    listingPriceFrom: boolean("listing_price_from").notNull().default(false),
    imageUrl: text("image_url"),
    // [22/25] Pegged to the dollar (ADR 0020): the list price in USD and the markup in percent (null:
    // the category's, else 0). With a USD price, the price above follows the exchange rate.
    usdPrice: numeric("usd_price", { precision: 12, scale: 2, mode: "number" }),
    markupPercent: numeric("markup_percent", { precision: 6, scale: 2, mode: "number" }),
    // IVA rate in percent (Ley 27.743: prices also show the amount without national taxes).
    ivaRate: numeric("iva_rate", { precision: 4, scale: 2, mode: "number" }).notNull().default(21),
    stock: integer("stock").notNull().default(0),
    status: text("status", { enum: ["published", "draft"] })
      .notNull()
      .default("published"),
    categoryId: text("category_id").references(() => categories.id, { onDelete: "set null" }),
    sku: text("sku").unique(),
    // [18/25] The maker's identifiers for Google and Meta (and JSON-LD): brand, GTIN (EAN/UPC, 8,
    // 12, 13 or 14 digits, check digit verified by the app) and the manufacturer part number.
    brand: text("brand"),
    gtin: text("gtin"),
    mpn: text("mpn"),
    slug: text("slug").notNull().unique(),
    // [21/25] The box one unit travels in (ADR 0018): grams and centimetres; null: the store's
    // default parcel (setting default_parcel) decides, field by field (~/domain/parcels).
    weightGrams: integer("weight_grams"),
    lengthCm: numeric("length_cm", { precision: 6, scale: 1, mode: "number" }),
    widthCm: numeric("width_cm", { precision: 6, scale: 1, mode: "number" }),
    heightCm: numeric("height_cm", { precision: 6, scale: 1, mode: "number" }),
    isFeatured: boolean("is_featured").notNull().default(false),
    meta: jsonb("meta").$type<ProductMeta>().notNull().default({}),
    // Full-text document: name weighs more than the description. es_unaccent is the
    // Spanish configuration with accents folded (migration 0000).
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('es_unaccent', coalesce(name, '')), 'A') || setweight(to_tsvector('es_unaccent', coalesce(description, '')), 'B')`,
    ),
    // The storefront search ranks by where a word matches (app/models/search.server.ts): the name,
    // and the name's first word (what the product is: "Notebook", "Mochila").
    nameVector: tsvector("name_vector").generatedAlwaysAs(sql`to_tsvector('es_unaccent', coalesce(name, ''))`),
    headVector: tsvector("head_vector").generatedAlwaysAs(
      sql`to_tsvector('es_unaccent', split_part(coalesce(name, ''), ' ', 1))`,
    ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("products_status_created_at_idx").on(t.status, t.createdAt.desc()),
    index("products_status_listing_price_idx").on(t.status, t.listingPrice),
    index("products_category_id_idx").on(t.categoryId),
    index("products_featured_idx")
      .on(t.isFeatured)
      .where(sql`${t.isFeatured}`),
    index("products_search_vector_idx").using("gin", t.searchVector),
    // The storefront's catalogue (app/models/catalog.server.ts): one index per offered order, over
    // published products only, with the id as the last key so that a page is picked from the index
    // alone (index-only scan) and the 12 rows are read afterwards.
    // Migration 0008 adds INCLUDE (head_vector, name_vector, search_vector) for the search.
    index("products_published_created_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
    index("products_published_price_asc_idx")
      .on(t.listingPrice.asc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
    index("products_published_price_desc_idx")
      .on(t.listingPrice.desc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published'`),
    index("products_published_name_vector_idx")
      .using("gin", t.nameVector)
      .where(sql`${t.status} = 'published'`),
    index("products_published_head_vector_idx")
      .using("gin", t.headVector)
      .where(sql`${t.status} = 'published'`),
    // A category filter (with or without prices) reads this index only, for the page and the count.
    index("products_published_category_price_idx")
      .on(t.categoryId, t.listingPrice, t.createdAt, t.id)
      .where(sql`${t.status} = 'published'`),
    check("products_stock_non_negative", sql`${t.stock} >= 0`),
    check("products_brand_length", sql`char_length(${t.brand}) between 1 and 70`),
    check("products_gtin_digits", sql`${t.gtin} ~ '^([0-9]{8}|[0-9]{12,14})$'`),
    check("products_mpn_length", sql`char_length(${t.mpn}) between 1 and 70`),
    check("products_price_non_negative", sql`${t.price} is null or ${t.price} >= 0`),
    check("products_sale_price_non_negative", sql`${t.salePrice} is null or ${t.salePrice} >= 0`),
    check("products_description_length", sql`${t.description} is null or char_length(${t.description}) <= 250`),
    check("products_slug_length", sql`char_length(${t.slug}) between 1 and 255`),
    check("products_usd_price_positive", sql`${t.usdPrice} is null or ${t.usdPrice} > 0`),
    check("products_markup_valid", sql`${t.markupPercent} is null or ${t.markupPercent} between 0 and 1000`),
    index("products_pegged_idx")
      .on(t.id)
      .where(sql`${t.usdPrice} is not null`),
    check("products_iva_rate_valid", sql`${t.ivaRate} in (21, 10.5)`),
    check("products_status_valid", sql`${t.status} in ('published', 'draft')`),
    check("products_weight_valid", sql`${t.weightGrams} between 1 and 1000000`),
    check("products_dimensions_valid", sql`${t.lengthCm} > 0 and ${t.widthCm} > 0 and ${t.heightCm} > 0`),
  ],
);

// A variant is one combination of the product's options (one option of each group), with its own
// SKU, stock and, optionally, price, sale price and image ([14/15], ADR 0010). A product with
// option groups sells its variants; products.stock is then the sum of its variants' stock, kept
// by a trigger (migration 0014). Whoever changes a variant's stock locks its product row first
// (the order, the payment expiry, the admin save, the import), so every path takes the locks in
// the same order and the trigger's sum sees every committed change.
export const productVariants = pgTable(
  "product_variants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    // [{group, option}] in the order of the product's option groups.
    options: jsonb("options").$type<{ group: string; option: string }[]>().notNull(),
    // The options as one canonical text (~/domain/variants variantKey): one variant per combination.
    optionKey: text("option_key").notNull(),
    sku: text("sku").notNull().unique(),
    price: numeric("price", { precision: 12, scale: 2 }),
    salePrice: numeric("sale_price", { precision: 12, scale: 2 }),
    stock: integer("stock").notNull().default(0),
    imageUrl: text("image_url"),
    // [18/25] A variant has its own SKU, so it may have its own GTIN and MPN (the product's brand).
    gtin: text("gtin"),
    mpn: text("mpn"),
    // [21/25] Its own box where it differs from the product's (null: the product's, field by field).
    weightGrams: integer("weight_grams"),
    lengthCm: numeric("length_cm", { precision: 6, scale: 1, mode: "number" }),
    widthCm: numeric("width_cm", { precision: 6, scale: 1, mode: "number" }),
    heightCm: numeric("height_cm", { precision: 6, scale: 1, mode: "number" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    unique("product_variants_product_option_key_unique").on(t.productId, t.optionKey),
    index("product_variants_low_stock_idx").on(t.stock),
    check("product_variants_stock_non_negative", sql`${t.stock} >= 0`),
    check("product_variants_price_non_negative", sql`${t.price} is null or ${t.price} >= 0`),
    check("product_variants_sale_price_non_negative", sql`${t.salePrice} is null or ${t.salePrice} >= 0`),
    check("product_variants_sku_length", sql`char_length(${t.sku}) between 1 and 100`),
    check("product_variants_gtin_digits", sql`${t.gtin} ~ '^([0-9]{8}|[0-9]{12,14})$'`),
    check("product_variants_mpn_length", sql`char_length(${t.mpn}) between 1 and 70`),
    check("product_variants_weight_valid", sql`${t.weightGrams} between 1 and 1000000`),
    check("product_variants_dimensions_valid", sql`${t.lengthCm} > 0 and ${t.widthCm} > 0 and ${t.heightCm} > 0`),
  ],
);

// [22/25] Every price or sale price a product or variant has had (ADR 0019), written by triggers
// on products and product_variants (migration 0022) so that no write path can forget it. Who and
// from where come from the transaction-local settings vitec.actor and vitec.price_source.
export const priceHistory = pgTable(
  "price_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
    price: numeric("price", { precision: 12, scale: 2 }),
    salePrice: numeric("sale_price", { precision: 12, scale: 2 }),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
    actor: text("actor"),
    source: text("source").notNull().default("app"),
  },
  (t) => [index("price_history_product_changed_idx").on(t.productId, t.changedAt)],
);

export const productRelations = pgTable(
  "product_relations",
  {
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    relatedProductId: uuid("related_product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.relatedProductId] }),
    index("product_relations_related_idx").on(t.relatedProductId),
    check("product_relations_not_self", sql`${t.productId} <> ${t.relatedProductId}`),
  ],
);

// Dictionary of the words in product names (lower case, accents folded), kept up to date by
// a trigger (migration 0003). Search corrects a misspelt query word to its nearest
// dictionary word through the trigram index instead of scanning every product name.
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (t) => [
  index("search_words_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`),
]);

// How many published products each category has ('' for none), kept by a trigger on products
// (migration 0008), so that the catalogue's total without a price filter is a sum over a few
// rows instead of a count over the whole catalogue.
export const productCounts = pgTable("product_counts", {
  categoryKey: text("category_key").primaryKey(),
  published: integer("published").notNull().default(0),
});
