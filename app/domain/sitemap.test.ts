import { describe, expect, it } from "vitest";
import {
  SITEMAP_MAX_URLS,
  escapeXml,
  parseSitemapPage,
  productSitemapCount,
  productSitemapSlice,
  sitemapIndexXml,
  sitemapPaths,
  urlsetXml,
} from "./sitemap";

describe("sitemaps", () => {
  it("needs one product file per 50,000 products, none without products", () => {
    expect(productSitemapCount(0)).toBe(0);
    expect(productSitemapCount(1)).toBe(1);
    expect(productSitemapCount(SITEMAP_MAX_URLS)).toBe(1);
    expect(productSitemapCount(SITEMAP_MAX_URLS + 1)).toBe(2);
    expect(productSitemapCount(5, 2)).toBe(3);
    expect(() => productSitemapCount(5, SITEMAP_MAX_URLS + 1)).toThrow(RangeError);
    expect(() => productSitemapCount(5, 0)).toThrow(RangeError);
  });

  it("lists the pages file first, then the product files", () => {
    expect(sitemapPaths(0)).toEqual(["/sitemap-pages.xml"]);
    expect(sitemapPaths(5, 2)).toEqual([
      "/sitemap-pages.xml",
      "/sitemap-products.xml?page=1",
      "/sitemap-products.xml?page=2",
      "/sitemap-products.xml?page=3",
    ]);
    expect(productSitemapSlice(3, 2)).toEqual({ offset: 4, limit: 2 });
  });

  it("reads only plain positive page numbers", () => {
    expect(parseSitemapPage(null)).toBe(1);
    expect(parseSitemapPage("2")).toBe(2);
    for (const bad of ["0", "-1", "1.5", "abc", "", "01", "99999999"]) expect(parseSitemapPage(bad)).toBeNull();
  });

  it("writes escaped XML with dates as YYYY-MM-DD", () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe("a&amp;b&lt;c&gt;&quot;d&apos;");
    const urlset = urlsetXml([{ loc: "https://x.com/a?b=1&c=2", lastmod: new Date("2026-03-04T10:00:00Z") }]);
    expect(urlset).toContain("<url><loc>https://x.com/a?b=1&amp;c=2</loc><lastmod>2026-03-04</lastmod></url>");
    expect(urlset.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
    expect(sitemapIndexXml([{ loc: "https://x.com/sitemap-pages.xml" }])).toContain(
      "<sitemap><loc>https://x.com/sitemap-pages.xml</loc></sitemap>",
    );
  });
});
