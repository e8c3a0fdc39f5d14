import { describe, expect, it } from "vitest";
import { loader as robots } from "~/routes/resources/robots";
import { loader as sitemap } from "~/routes/resources/sitemap";
import { setupTestDatabase } from "../setup/db";
import { insertCategory, insertProduct } from "../setup/factories";

setupTestDatabase();

describe("sitemap.xml and robots.txt", () => {
  it("lists static pages, categories and published products, never drafts", async () => {
    await insertCategory({ id: "pcol_MOUSE", name: "Mouse" });
    const published = await insertProduct({ name: "Mouse publicado" });
    const draft = await insertProduct({ name: "Mouse borrador", status: "draft" });

    const response = await sitemap();
    expect(response.headers.get("Content-Type")).toContain("application/xml");
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain("http://localhost:3000/");
    expect(locs).toContain("http://localhost:3000/terminos-y-condiciones");
    expect(locs).toContain("http://localhost:3000/store?category=pcol_MOUSE");
    expect(locs).toContain(`http://localhost:3000/product/${published.id}`);
    expect(locs).not.toContain(`http://localhost:3000/product/${draft.id}`);
    // Every URL is absolute and escaped for XML.
    for (const loc of locs) expect(loc).toMatch(/^http:\/\/localhost:3000\/[^<>&"']*$/);
  });

  it("points robots.txt to the sitemap and keeps private areas out", async () => {
    const text = await robots().text();
    expect(text).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    expect(text).toContain("Disallow: /admin");
    expect(text).toContain("Disallow: /checkout");
  });
});
