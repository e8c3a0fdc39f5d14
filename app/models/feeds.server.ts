import { and, asc, eq, gt, isNotNull, ne } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { products } from "~/db/schema/catalog";
import { type FeedProduct, isListed, variantItems } from "~/domain/feeds";
import { type SelectedOption, hasOwnPrice } from "~/domain/pricing";
import { antesFlags } from "./price-history.server";
import type { OptionGroup } from "~/domain/product-meta";
import { hasVariants } from "~/domain/variants";
import { listVariants } from "./variants.server";
import { htmlToText } from "~/domain/rich-text";
import { listCategories } from "./catalog.server";
import { productFacts } from "./product.server";
import { feedImageUrl } from "~/services/storage.server";

// The published products for the product feeds, read in batches by id (keyset), so a catalogue
// of 100,000 products never sits in memory: the route streams each batch as it comes. A product
// without an image is left out: Google and Meta both refuse an item without one; so is an item
// without a price ([18/25]: never offered at $ 0).

export const FEED_BATCH_SIZE = 500;

/** "Computación > Notebooks" for every category id (a loop in the tree stops at the repeat). */
function categoryPaths(rows: { id: string; name: string; parentId: string | null }[]): Map<string, string> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const paths = new Map<string, string>();
  for (const row of rows) {
    const names: string[] = [];
    const seen = new Set<string>();
    for (
      let at: typeof row | undefined = row;
      at && !seen.has(at.id);
      at = at.parentId ? byId.get(at.parentId) : undefined
    ) {
      seen.add(at.id);
      names.unshift(at.name);
    }
    paths.set(row.id, names.join(" > "));
  }
  return paths;
}

function absolute(url: string | null | undefined, siteUrl: string): string | null {
  if (!url) return null;
  try {
    return new URL(url, siteUrl).toString();
  } catch {
    return null;
  }
}

/** The brand, when the product's extra data names it ("Marca"). */
function brandOf(extra: Record<string, string> | undefined): string | null {
  const entry = Object.entries(extra ?? {}).find(([key]) => key.trim().toLowerCase() === "marca");
  return entry?.[1]?.trim() || null;
}

/** The image of a variant's first option that has one. */
function optionImage(groups: OptionGroup[] | undefined, options: SelectedOption[]): string | null {
  for (const group of groups ?? []) {
    const chosen = options.find((o) => o.group === group.title);
    const image = group.options.find((o) => o.name === chosen?.option)?.image_url;
    if (image) return image;
  }
  return null;
}

/** Published products, oldest id first, `batchSize` at a time. */
export async function* feedProducts(siteUrl: string, batchSize = FEED_BATCH_SIZE): AsyncGenerator<FeedProduct[]> {
  const paths = categoryPaths(await listCategories());
  let after: string | null = null;
  for (;;) {
    const rows = await getDb()
      .select({
        ...productFacts,
        categoryId: products.categoryId,
        meta: products.meta,
      })
      .from(products)
      .where(
        and(
          eq(products.status, "published"),
          isNotNull(products.imageUrl),
          ne(products.imageUrl, ""),
          after ? gt(products.id, after) : undefined,
        ),
      )
      .orderBy(asc(products.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    // Products with variants are one item per variant ([14/15]).
    const variants = await listVariants(rows.filter((r) => hasVariants(r.meta.option_groups)).map((r) => r.id));
    // Sale prices only where the storefront strikes the regular one (ADR 0019).
    const antes = await antesFlags(rows.map((r) => r.id));
    yield rows.flatMap((row): FeedProduct[] => {
      const item: FeedProduct = {
        id: row.id,
        title: row.name,
        description: (row.description?.trim() || htmlToText(row.meta.description_html)).replace(/\s+/g, " "),
        link: `${siteUrl}/product/${row.id}`,
        imageLink: absolute(feedImageUrl(row.imageUrl), siteUrl),
        additionalImageLinks: (row.meta.gallery_images ?? []).flatMap(
          (url) => absolute(feedImageUrl(url), siteUrl) ?? [],
        ),
        inStock: row.stock > 0,
        price: row.price,
        salePrice: row.salePrice,
        antes: antes.get(row.id)?.product ?? false,
        optionGroups: row.meta.option_groups ?? [],
        financingPlans: row.meta.financing_plans ?? [],
        sku: row.sku,
        brand: row.brand ?? brandOf(row.meta.extra_info),
        gtin: row.gtin,
        mpn: row.mpn,
        productType: row.categoryId ? (paths.get(row.categoryId) ?? null) : null,
      };
      const own = variants.get(row.id);
      if (!own?.length) return isListed(item) ? [item] : [];
      return variantItems(
        item,
        own.map((v) => ({
          ...v,
          antes: hasOwnPrice({ price: v.price, sale_price: v.salePrice })
            ? (antes.get(row.id)?.variants.get(v.id) ?? false)
            : item.antes,
          imageLink: absolute(feedImageUrl(v.imageUrl ?? optionImage(row.meta.option_groups, v.options)), siteUrl),
        })),
      ).filter(isListed);
    });
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.id;
  }
}
