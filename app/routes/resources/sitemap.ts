import { STATIC_PAGES } from "~/domain/site-pages";
import { listCategories } from "~/models/catalog.server";
import { listPublishedForSitemap } from "~/models/product.server";
import { baseUrl } from "~/utils/env.server";

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

// /sitemap.xml: static pages, category listings and every published product (never drafts).
export async function loader() {
  const origin = baseUrl();
  const [products, categories] = await Promise.all([listPublishedForSitemap(), listCategories()]);
  const entries = [
    ...STATIC_PAGES.map((path) => ({ loc: `${origin}${path}`, lastmod: null as string | null })),
    ...categories.map((c) => ({ loc: `${origin}/store?category=${encodeURIComponent(c.id)}`, lastmod: null })),
    ...products.map((p) => ({ loc: `${origin}/product/${p.id}`, lastmod: p.updatedAt.toISOString().slice(0, 10) })),
  ];
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      (e) => `  <url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</url>`,
    ),
    "</urlset>",
  ].join("\n");
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
