import { basePrice, isPriced, unitPrice } from "~/domain/pricing";
import type { OptionGroup } from "~/domain/product-meta";
import { variantLabel } from "~/domain/variants";

/** What the product page's loader knows of the product, as far as JSON-LD uses it. */
export type JsonLdProduct = {
  id: string;
  name: string;
  metaDescription: string;
  imageUrl: string | null;
  categoryName: string | null;
  sku: string | null;
  brand: string | null;
  gtin: string | null;
  mpn: string | null;
  price: number | null;
  salePrice: number | null;
  inStock: boolean;
  optionGroups: OptionGroup[];
  rating: { ratingValue: string; reviewCount: number } | null;
  variants: {
    id: string;
    options: { group: string; option: string }[];
    sku: string;
    price: number | null;
    salePrice: number | null;
    imageUrl: string | null;
    gtin: string | null;
    mpn: string | null;
    inStock: boolean;
  }[];
};

/**
 * schema.org Product with its price in ARS, availability and, when reviewed, the aggregate
 * rating. A product with variants is a ProductGroup whose hasVariant lists each variant's
 * offer (its SKU, price, image and availability).
 */
export function productJsonLd(product: JsonLdProduct, origin: string) {
  const url = new URL(`/product/${product.id}`, origin).toString();
  const absolute = (src: string) => new URL(src, origin).toString();
  const rating = product.rating;
  // Without a price there is no offer ([18/25]: never offered at $ 0; the page says "Consultar precio").
  const offers = (price: number, inStock: boolean, offerUrl: string) =>
    isPriced(price)
      ? {
          offers: {
            "@type": "Offer",
            url: offerUrl,
            priceCurrency: "ARS",
            price: price.toFixed(2),
            availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
            itemCondition: "https://schema.org/NewCondition",
          },
        }
      : {};
  const identifiers = (gtin: string | null, mpn: string | null) => ({
    ...(gtin ? { gtin } : {}),
    ...(mpn ? { mpn } : {}),
  });
  const common = {
    "@context": "https://schema.org",
    name: product.name,
    description: product.metaDescription,
    ...(product.imageUrl ? { image: [absolute(product.imageUrl)] } : {}),
    ...(product.categoryName ? { category: product.categoryName } : {}),
    ...(product.brand ? { brand: { "@type": "Brand", name: product.brand } } : {}),
    url,
    ...(rating ? { aggregateRating: { "@type": "AggregateRating", ...rating, bestRating: 5, worstRating: 1 } } : {}),
  };
  if (product.variants.length > 0) {
    const priced = { price: product.price, sale_price: product.salePrice, option_groups: product.optionGroups };
    const variesBy = product.optionGroups.map((g) => SCHEMA_PROPERTIES[g.title.toLowerCase()]).filter(Boolean);
    return {
      ...common,
      "@type": "ProductGroup",
      ...(product.sku ? { productGroupID: product.sku } : { productGroupID: product.id }),
      ...(variesBy.length ? { variesBy } : {}),
      hasVariant: product.variants.map((v) => {
        const optionImage = product.optionGroups
          .flatMap((g) => g.options.filter((o) => v.options.some((s) => s.group === g.title && s.option === o.name)))
          .find((o) => o.image_url)?.image_url;
        const image = v.imageUrl ?? optionImage ?? product.imageUrl;
        return {
          "@type": "Product",
          name: `${product.name} (${variantLabel(v.options)})`,
          sku: v.sku,
          ...identifiers(v.gtin, v.mpn),
          ...(image ? { image: absolute(image) } : {}),
          ...Object.fromEntries(
            v.options.flatMap((o) => {
              const property = SCHEMA_PROPERTIES[o.group.toLowerCase()];
              return property ? [[property.replace("https://schema.org/", ""), o.option]] : [];
            }),
          ),
          additionalProperty: v.options.map((o) => ({ "@type": "PropertyValue", name: o.group, value: o.option })),
          ...offers(
            unitPrice(priced, v.options, { price: v.price, sale_price: v.salePrice }),
            v.inStock,
            `${url}?variante=${v.id}`,
          ),
        };
      }),
    };
  }
  return {
    ...common,
    "@type": "Product",
    ...(product.sku ? { sku: product.sku } : {}),
    ...identifiers(product.gtin, product.mpn),
    ...offers(basePrice({ price: product.price, sale_price: product.salePrice }), product.inStock, url),
  };
}

/** Option groups that are schema.org properties (the others go as additionalProperty). */
const SCHEMA_PROPERTIES: Record<string, string> = {
  color: "https://schema.org/color",
  talle: "https://schema.org/size",
  tamaño: "https://schema.org/size",
  material: "https://schema.org/material",
};
