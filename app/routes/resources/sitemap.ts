import { buildSitemapIndex, sitemapResponse } from "~/models/sitemap.server";
import { baseUrl } from "~/utils/env.server";

// /sitemap.xml: a sitemap index of /sitemap-pages.xml (static pages, categories) and the product
// files /sitemap-products.xml?page=N (published products only, never drafts).
export async function loader() {
  return sitemapResponse(await buildSitemapIndex(baseUrl()));
}
