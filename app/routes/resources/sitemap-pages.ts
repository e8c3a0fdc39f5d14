import { buildPagesSitemap, sitemapResponse } from "~/models/sitemap.server";
import { baseUrl } from "~/utils/env.server";

// /sitemap-pages.xml: the static pages and the category listings (listed by /sitemap.xml).
export async function loader() {
  return sitemapResponse(await buildPagesSitemap(baseUrl()));
}
