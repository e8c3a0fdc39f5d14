import { STATIC_PAGES } from "~/domain/site-pages";
import { SITEMAP_MAX_URLS, productSitemapSlice, sitemapIndexXml, sitemapPaths, urlsetXml } from "~/domain/sitemap";
import { listCategories } from "./catalog.server";
import { countPublishedProducts, listPublishedForSitemap } from "./product.server";

// The XML of /sitemap.xml (an index) and of the files it lists. `chunkSize` is the number of
// products per file: the protocol's maximum in production, a few in tests.

export async function buildSitemapIndex(origin: string, chunkSize = SITEMAP_MAX_URLS): Promise<string> {
  const total = await countPublishedProducts();
  return sitemapIndexXml(sitemapPaths(total, chunkSize).map((path) => ({ loc: `${origin}${path}` })));
}

/** Static pages and category listings. */
export async function buildPagesSitemap(origin: string): Promise<string> {
  const categories = await listCategories();
  return urlsetXml([
    ...STATIC_PAGES.map((path) => ({ loc: `${origin}${path}` })),
    ...categories.map((c) => ({ loc: `${origin}/store?category=${encodeURIComponent(c.id)}` })),
  ]);
}

/** Product file number `page` (1-based): published products only; null past the last file. */
export async function buildProductSitemap(
  origin: string,
  page: number,
  chunkSize = SITEMAP_MAX_URLS,
): Promise<string | null> {
  const rows = await listPublishedForSitemap(productSitemapSlice(page, chunkSize));
  if (rows.length === 0) return null;
  return urlsetXml(rows.map((p) => ({ loc: `${origin}/product/${p.id}`, lastmod: p.updatedAt })));
}

/** The HTTP answer for a sitemap file; a file that does not exist is a 404. */
export function sitemapResponse(xml: string | null): Response {
  if (xml === null)
    return new Response("No encontrado", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
