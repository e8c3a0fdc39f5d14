import { asc } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { productVariants, products } from "~/db/schema/catalog";
import type { ExportProduct } from "~/domain/product-export";
import { categoryPaths } from "./category-paths.server";
import { codesAndBoxColumns, variantColumns } from "./variants.server";

// The products CSV export's rows.

/** Every product for the CSV export, oldest first (the order an import recreates), with its variants. */
export async function listProductsForExport(): Promise<ExportProduct[]> {
  const db = getDb();
  const variantRows = await db
    .select(variantColumns)
    .from(productVariants)
    .orderBy(asc(productVariants.productId), asc(productVariants.position));
  const variants = new Map<string, ExportProduct["variants"]>();
  // The export writes no variant id, GTIN or MPN.
  for (const { id: _id, gtin: _gtin, mpn: _mpn, productId, ...v } of variantRows)
    variants.set(productId, [...(variants.get(productId) ?? []), v]);
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      price: products.price,
      salePrice: products.salePrice,
      stock: products.stock,
      ivaRate: products.ivaRate,
      description: products.description,
      imageUrl: products.imageUrl,
      categoryId: products.categoryId,
      sku: products.sku,
      brand: products.brand,
      ...codesAndBoxColumns(products),
      usdPrice: products.usdPrice,
      markupPercent: products.markupPercent,
      status: products.status,
      isFeatured: products.isFeatured,
      meta: products.meta,
    })
    .from(products)
    .orderBy(asc(products.createdAt), asc(products.id));
  // Categories are written as their full path, which the import matches (or creates) again.
  const paths = await categoryPaths(db);
  return rows.map(({ id, categoryId, ...p }) => ({
    ...p,
    categoryName: categoryId ? (paths.get(categoryId) ?? null) : null,
    variants: variants.get(id) ?? [],
  }));
}
