import type { Route } from "./+types/sitemap-products";
import { parseSitemapPage } from "~/domain/sitemap";
import { buildProductSitemap, sitemapResponse } from "~/models/sitemap.server";
import { baseUrl } from "~/utils/env.server";

// /sitemap-products.xml?page=N: file N of the published products (listed by /sitemap.xml).
export async function loader({ request }: Route.LoaderArgs) {
  const page = parseSitemapPage(new URL(request.url).searchParams.get("page"));
  return sitemapResponse(page === null ? null : await buildProductSitemap(baseUrl(), page));
}
