import { describe, expect, it } from "vitest";
import { loader as robots } from "~/routes/resources/robots";
import { buildProductSitemap, buildSitemapIndex } from "~/models/sitemap.server";
import { listPublishedForSitemap } from "~/models/product.server";
import { loader as sitemap } from "~/routes/resources/sitemap";
import { loader as sitemapPages } from "~/routes/resources/sitemap-pages";
import { loader as sitemapProducts } from "~/routes/resources/sitemap-products";
import { setupTestDatabase } from "../setup/db";
import { insertCategory, insertProduct } from "../setup/factories";

setupTestDatabase();

function get(path: string) {
  return { request: new Request(`http://localhost:3000${path}`), params: {}, context: {} } as never;
}

function locsOf(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
}

describe("sitemap.xml and robots.txt", () => {
  it("is an index of the pages file and the product files, which list published products, never drafts", async () => {
    await insertCategory({ id: "pcol_MOUSE", name: "Mouse" });
    const published = await insertProduct({ name: "Mouse publicado" });
    const draft = await insertProduct({ name: "Mouse borrador", status: "draft" });

    const response = await sitemap();
    expect(response.headers.get("Content-Type")).toContain("application/xml");
    const index = await response.text();
    expect(index.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locsOf(index);
    expect(files).toEqual([
      "http://localhost:3000/sitemap-pages.xml",
      "http://localhost:3000/sitemap-products.xml?page=1",
    ]);

    const pages = await (await sitemapPages()).text();
    expect(pages).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const productsFile = await (await sitemapProducts(get("/sitemap-products.xml?page=1"))).text();
    const locs = [...locsOf(pages), ...locsOf(productsFile)];
    expect(locs).toContain("http://localhost:3000/");
    expect(locs).toContain("http://localhost:3000/terminos-y-condiciones");
    expect(locs).toContain("http://localhost:3000/store?category=pcol_MOUSE");
    expect(locs).toContain(`http://localhost:3000/product/${published.id}`);
    expect(locs).not.toContain(`http://localhost:3000/product/${draft.id}`);
    expect(productsFile).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    // Every URL is absolute and escaped for XML.
    for (const loc of locs) expect(loc).toMatch(/^http:\/\/localhost:3000\/[^<>&"']*$/);

    // A file past the last one, or a page that is not a number, does not exist.
    expect((await sitemapProducts(get("/sitemap-products.xml?page=2"))).status).toBe(404);
    expect((await sitemapProducts(get("/sitemap-products.xml?page=abc"))).status).toBe(404);
  });

  it("splits the published products into files of at most chunkSize URLs, each product once", async () => {
    const origin = "https://www.vitec.com.ar";
    const draft = await insertProduct({ name: "Teclado borrador", status: "draft" });
    for (let i = 1; i <= 4; i++) await insertProduct({ name: `Teclado ${i}` });
    const published = await listPublishedForSitemap({ offset: 0, limit: 1000 });
    expect(published.length).toBeGreaterThanOrEqual(4);
    const fileCount = Math.ceil(published.length / 2);

    const files = locsOf(await buildSitemapIndex(origin, 2));
    expect(files).toEqual([
      `${origin}/sitemap-pages.xml`,
      ...Array.from({ length: fileCount }, (_, i) => `${origin}/sitemap-products.xml?page=${i + 1}`),
    ]);

    const listed: string[] = [];
    for (let page = 1; page <= fileCount; page++) {
      const urls = locsOf((await buildProductSitemap(origin, page, 2))!);
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(2);
      listed.push(...urls);
    }
    expect(listed.sort()).toEqual(published.map((p) => `${origin}/product/${p.id}`).sort());
    expect(listed).not.toContain(`${origin}/product/${draft.id}`);
    expect(await buildProductSitemap(origin, fileCount + 1, 2)).toBeNull();
  });

  it("points robots.txt to the sitemap and keeps private areas out", async () => {
    const text = await robots().text();
    expect(text).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    expect(text).toContain("Disallow: /admin");
    expect(text).toContain("Disallow: /checkout");
  });
});
