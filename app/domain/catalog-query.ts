// The catalogue's state lives in the URL (/store?sort=&category=&minPrice=&maxPrice=&page=).
// Bad values fall back to defaults instead of failing.

export const CATALOG_PAGE_SIZE = 12;
export const CATALOG_SORTS = ["price_asc", "price_desc", "created_at_desc", "created_at_asc"] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];
export const DEFAULT_SORT: CatalogSort = "created_at_desc";
/** created_at_asc is understood but not offered (spec). */
export const OFFERED_SORTS: { value: CatalogSort; label: string }[] = [
  { value: "created_at_desc", label: "Más recientes" },
  { value: "price_asc", label: "Menor precio" },
  { value: "price_desc", label: "Mayor precio" },
];

export type CatalogQuery = {
  sort: CatalogSort;
  category: string | null;
  minPrice: number | null;
  maxPrice: number | null;
  page: number;
};

const MAX_PRICE = 1_000_000_000;
const MAX_PAGE = 100_000;

function parsePrice(raw: string | null): number | null {
  if (raw === null || raw.trim() === "") return null;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) return null;
  return Math.min(value, MAX_PRICE);
}

function parsePage(raw: string | null): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) return 1;
  return Math.min(value, MAX_PAGE);
}

/** Reads the query; `knownCategory` says whether a category id exists (unknown ones are dropped). */
export function parseCatalogQuery(params: URLSearchParams, knownCategory: (id: string) => boolean): CatalogQuery {
  const sortRaw = params.get("sort");
  const sort = (CATALOG_SORTS as readonly string[]).includes(sortRaw ?? "") ? (sortRaw as CatalogSort) : DEFAULT_SORT;
  const categoryRaw = params.get("category");
  const category = categoryRaw && knownCategory(categoryRaw) ? categoryRaw : null;
  let minPrice = parsePrice(params.get("minPrice"));
  let maxPrice = parsePrice(params.get("maxPrice"));
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  return { sort, category, minPrice, maxPrice, page: parsePage(params.get("page")) };
}

/** The URL of the catalogue with some values changed; any filter change goes back to page 1. */
export function catalogHref(current: CatalogQuery, changes: Partial<CatalogQuery>): string {
  const next: CatalogQuery = { ...current, ...changes };
  if (!("page" in changes)) next.page = 1;
  const params = new URLSearchParams();
  if (next.sort !== DEFAULT_SORT) params.set("sort", next.sort);
  if (next.category) params.set("category", next.category);
  if (next.minPrice !== null) params.set("minPrice", String(next.minPrice));
  if (next.maxPrice !== null) params.set("maxPrice", String(next.maxPrice));
  if (next.page > 1) params.set("page", String(next.page));
  const query = params.toString();
  return query ? `/store?${query}` : "/store";
}

export function pageCount(total: number, pageSize = CATALOG_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
