import Papa from "papaparse";
import { type SelectedOption, type VariantPrice, defaultSelection, isPriced, variantPricing } from "./pricing";
import type { FinancingPlan, OptionGroup } from "./product-meta";
import { financing } from "./financing";
import { variantLabel } from "./variants";
import { escapeXml } from "./sitemap";

// Product feeds for Google Merchant Center (RSS 2.0 with the g: namespace) and the Meta
// (Facebook/Instagram) catalogue (CSV), written from the same product data and price rule as the
// store. Pure: the model streams rows through these, a batch at a time.

export const GOOGLE_NAMESPACE = "http://base.google.com/ns/1.0";

/** What a feed says of one published product (URLs absolute, description plain text). */
export type FeedProduct = {
  id: string;
  title: string;
  description: string;
  link: string;
  imageLink: string | null;
  additionalImageLinks: string[];
  inStock: boolean;
  /** The store's price fields and option groups: the feed applies the store's price rule to them. */
  price: number | string | null;
  salePrice: number | string | null;
  /** The storefront strikes the regular price through (ADR 0019): only then a sale_price. */
  antes: boolean;
  optionGroups: OptionGroup[];
  /** The product's financing plans ([22/25]): the first one, which the product page shows first, is the item's installment. */
  financingPlans?: FinancingPlan[];
  /** One item of a product's variants ([14/15]): its options and own amounts; the product's id groups them. */
  variant?: { options: SelectedOption[]; amounts: VariantPrice | null; itemGroupId: string };
  sku: string | null;
  brand: string | null;
  /** The maker's identifiers ([18/25]); a variant item carries its own only. */
  gtin: string | null;
  mpn: string | null;
  /** "Computación > Notebooks". */
  productType: string | null;
};

/**
 * Whether the item goes in the feeds: only with a price above 0 ([18/25]: a product without a
 * price is never offered at $ 0; the store shows it as "Consultar precio").
 */
export function isListed(p: Pick<FeedProduct, "price" | "salePrice" | "optionGroups" | "variant">): boolean {
  const selected = p.variant?.options ?? defaultSelection(p.optionGroups);
  const { paid } = variantPricing(
    { price: p.price, sale_price: p.salePrice, option_groups: p.optionGroups },
    selected,
    p.variant?.amounts ?? null,
  );
  return isPriced(paid);
}

/**
 * Google's identifier_exists=no: only when the item has neither a GTIN nor a brand with an MPN
 * (a branded product with its identifiers must not say it has none).
 */
export function lacksIdentifiers(p: Pick<FeedProduct, "brand" | "gtin" | "mpn">): boolean {
  return !p.gtin && !(p.brand && p.mpn);
}

/** 12345.5 -> "12345.50 ARS" (the feeds' price format). */
export function feedPrice(amount: number): string {
  return `${amount.toFixed(2)} ARS`;
}

/**
 * The feed's price and sale price, by the store's price rule: for a variant, its own; else as
 * the product page shows it before a choice (the first option of each group: an option with its
 * own price replaces the price, no sale then; else a sale price below the price is the sale price).
 */
export function feedPrices(p: Pick<FeedProduct, "price" | "salePrice" | "antes" | "optionGroups" | "variant">): {
  price: string;
  salePrice: string | null;
} {
  const selected = p.variant?.options ?? defaultSelection(p.optionGroups);
  const { regular, paid } = variantPricing(
    { price: p.price, sale_price: p.salePrice, option_groups: p.optionGroups },
    selected,
    p.variant?.amounts ?? null,
  );
  return p.antes && paid < regular
    ? { price: feedPrice(regular), salePrice: feedPrice(paid) }
    : { price: feedPrice(paid), salePrice: null };
}

/**
 * A product with variants as one feed item per variant, grouped by the product's id: its own
 * id, title with the options, link that opens on it, image, availability, price and SKU.
 */
export function variantItems(
  p: FeedProduct,
  variants: {
    id: string;
    options: SelectedOption[];
    sku: string;
    price: number | string | null;
    salePrice: number | string | null;
    antes: boolean;
    stock: number;
    imageLink: string | null;
    gtin?: string | null;
    mpn?: string | null;
  }[],
): FeedProduct[] {
  return variants.map((v) => ({
    ...p,
    id: v.id,
    title: `${p.title} (${variantLabel(v.options)})`,
    link: `${p.link}?variante=${v.id}`,
    imageLink: v.imageLink ?? p.imageLink,
    inStock: v.stock > 0,
    sku: v.sku,
    // A GTIN or MPN names one sellable item: a variant's are its own, never the product's.
    gtin: v.gtin ?? null,
    mpn: v.mpn ?? null,
    antes: v.antes,
    variant: { options: v.options, amounts: { price: v.price, sale_price: v.salePrice }, itemGroupId: p.id },
  }));
}

/** Merchant Center limits: title 150 characters, description 5,000. */
function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

export function googleFeedHead(store: { name: string; siteUrl: string }): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}">\n<channel>\n` +
    `<title>${escapeXml(store.name)}</title>\n<link>${escapeXml(store.siteUrl)}</link>\n` +
    `<description>${escapeXml(`Productos de ${store.name}`)}</description>\n`
  );
}

export const GOOGLE_FEED_TAIL = "</channel>\n</rss>\n";

/**
 * Google's installment attribute (months, amount per month, credit_type) for the plan the product
 * page shows first, at the price paid: only when the page shows financing, i.e. the product has a plan.
 */
export function installmentTag(
  p: Pick<FeedProduct, "price" | "salePrice" | "antes" | "optionGroups" | "variant" | "financingPlans">,
): string {
  const plan = p.financingPlans?.[0];
  if (!plan) return "";
  const { salePrice, price } = feedPrices(p);
  const paid = Number.parseFloat(salePrice ?? price);
  const terms = financing(paid, plan);
  return (
    "<g:installment>" +
    `<g:months>${terms.count}</g:months>` +
    `<g:amount>${feedPrice(terms.installment)}</g:amount>` +
    (terms.interestFree ? "" : "<g:credit_type>finance</g:credit_type>") +
    "</g:installment>"
  );
}

/** One <item> of the Google feed. */
export function googleFeedItem(p: FeedProduct): string {
  const { price, salePrice } = feedPrices(p);
  const tag = (name: string, value: string | null | undefined) =>
    value ? `<g:${name}>${escapeXml(value)}</g:${name}>` : "";
  return (
    "<item>" +
    tag("id", p.id) +
    tag("title", clip(p.title, 150)) +
    tag("description", clip(p.description || p.title, 5000)) +
    tag("link", p.link) +
    tag("image_link", p.imageLink) +
    p.additionalImageLinks
      .slice(0, 10)
      .map((url) => tag("additional_image_link", url))
      .join("") +
    tag("availability", p.inStock ? "in_stock" : "out_of_stock") +
    tag("price", price) +
    tag("sale_price", salePrice) +
    installmentTag(p) +
    tag("condition", "new") +
    tag("brand", p.brand) +
    tag("gtin", p.gtin) +
    tag("mpn", p.mpn) +
    (lacksIdentifiers(p) ? tag("identifier_exists", "no") : "") +
    tag("product_type", p.productType) +
    tag("item_group_id", p.variant?.itemGroupId ?? null) +
    "</item>\n"
  );
}

/** The Meta catalogue's columns (its CSV template's names). */
export const META_COLUMNS = [
  "id",
  "title",
  "description",
  "availability",
  "condition",
  "price",
  "sale_price",
  "link",
  "image_link",
  "additional_image_link",
  "brand",
  "gtin",
  "mpn",
  "product_type",
  "item_group_id",
] as const;

export function metaFeedHeader(): string {
  return `${META_COLUMNS.join(",")}\r\n`;
}

/** One row of the Meta catalogue CSV. */
export function metaFeedRow(p: FeedProduct): string {
  const { price, salePrice } = feedPrices(p);
  const cells: Record<(typeof META_COLUMNS)[number], string> = {
    id: p.id,
    title: clip(p.title, 200),
    description: clip(p.description || p.title, 9999),
    availability: p.inStock ? "in stock" : "out of stock",
    condition: "new",
    price,
    sale_price: salePrice ?? "",
    link: p.link,
    image_link: p.imageLink ?? "",
    additional_image_link: p.additionalImageLinks.slice(0, 20).join(","),
    brand: p.brand ?? "",
    gtin: p.gtin ?? "",
    mpn: p.mpn ?? "",
    product_type: p.productType ?? "",
    item_group_id: p.variant?.itemGroupId ?? "",
  };
  // Comma-separated, quoted where needed, one CRLF line.
  return `${Papa.unparse([META_COLUMNS.map((c) => cells[c])], { newline: "\r\n" })}\r\n`;
}
