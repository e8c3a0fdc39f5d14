// XML sitemaps (sitemaps.org protocol). A file holds at most 50,000 URLs, so /sitemap.xml is a
// sitemap index: one file for the static pages and categories, then the published products in
// files of at most SITEMAP_MAX_URLS each. Every file lives at the site root, because a sitemap
// may only list URLs under its own folder.

export const SITEMAP_MAX_URLS = 50_000;

export const PAGES_SITEMAP_PATH = "/sitemap-pages.xml";
export const PRODUCTS_SITEMAP_PATH = "/sitemap-products.xml";

export type SitemapEntry = { loc: string; lastmod?: Date | null };

export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!,
  );
}

function entryXml(tag: "url" | "sitemap", { loc, lastmod }: SitemapEntry): string {
  const date = lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : "";
  return `  <${tag}><loc>${escapeXml(loc)}</loc>${date}</${tag}>`;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

/** A sitemap file: a <urlset> of page URLs. */
export function urlsetXml(entries: readonly SitemapEntry[]): string {
  return [
    XML_DECLARATION,
    `<urlset xmlns="${NAMESPACE}">`,
    ...entries.map((e) => entryXml("url", e)),
    "</urlset>",
  ].join("\n");
}

/** A sitemap index: the sitemap files to read. */
export function sitemapIndexXml(sitemaps: readonly SitemapEntry[]): string {
  return [
    XML_DECLARATION,
    `<sitemapindex xmlns="${NAMESPACE}">`,
    ...sitemaps.map((e) => entryXml("sitemap", e)),
    "</sitemapindex>",
  ].join("\n");
}

function checkChunkSize(chunkSize: number): void {
  if (!Number.isInteger(chunkSize) || chunkSize < 1 || chunkSize > SITEMAP_MAX_URLS) {
    throw new RangeError(`chunkSize must be an integer between 1 and ${SITEMAP_MAX_URLS}`);
  }
}

/** How many product sitemap files `total` products need (none when there are none). */
export function productSitemapCount(total: number, chunkSize = SITEMAP_MAX_URLS): number {
  checkChunkSize(chunkSize);
  return Math.ceil(Math.max(0, total) / chunkSize);
}

/** The path of product sitemap number `page` (1-based). */
export function productSitemapPath(page: number): string {
  return `${PRODUCTS_SITEMAP_PATH}?page=${page}`;
}

/** The paths the index lists: the pages file, then one file per chunk of products. */
export function sitemapPaths(productTotal: number, chunkSize = SITEMAP_MAX_URLS): string[] {
  const files = productSitemapCount(productTotal, chunkSize);
  return [PAGES_SITEMAP_PATH, ...Array.from({ length: files }, (_, i) => productSitemapPath(i + 1))];
}

/** The 1-based file number of a ?page= value (none: file 1), or null when it is not a plain positive integer. */
export function parseSitemapPage(value: string | null): number | null {
  if (value === null) return 1;
  if (!/^[1-9]\d{0,6}$/.test(value)) return null;
  return Number(value);
}

/** The rows of product sitemap number `page`: what to skip and how many to take. */
export function productSitemapSlice(page: number, chunkSize = SITEMAP_MAX_URLS): { offset: number; limit: number } {
  checkChunkSize(chunkSize);
  return { offset: (page - 1) * chunkSize, limit: chunkSize };
}
