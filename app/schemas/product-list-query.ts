import { z } from "zod";
import { pageSizeParam } from "./list-query";

// The admin products table's URL: search, filters, sort and page. Bad values fall back to the
// defaults rather than failing the screen.

export { PAGE_SIZES } from "./list-query";
export const DEFAULT_PAGE_SIZE = 10;
export const LOW_STOCK_THRESHOLD = 10;
export const PRODUCT_SORTS = ["name", "sku", "category", "price", "stock", "status", "created_at"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const STOCK_FILTERS = ["in", "low", "out"] as const;
/** The category filter value for products without a category. */
export const NO_CATEGORY = "none";

export const ProductListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .transform((v) => v.replaceAll("\0", ""))
    .catch(""),
  category: z
    .string()
    .trim()
    .max(100)
    .transform((v) => v.replaceAll("\0", ""))
    .catch(""),
  status: z.enum(["published", "draft"]).or(z.literal("")).catch(""),
  stock: z.enum(STOCK_FILTERS).or(z.literal("")).catch(""),
  sort: z.enum(PRODUCT_SORTS).catch("created_at"),
  dir: z.enum(["asc", "desc"]).catch("desc"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  size: pageSizeParam(DEFAULT_PAGE_SIZE),
});

export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

export function parseProductListQuery(params: URLSearchParams): ProductListQuery {
  const fields = Object.keys(ProductListQuerySchema.shape).map((key) => [key, params.get(key) ?? undefined]);
  return ProductListQuerySchema.parse(Object.fromEntries(fields));
}
