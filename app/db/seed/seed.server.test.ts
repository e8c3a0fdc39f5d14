import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { and, count, eq, isNotNull, isNull, like, lt, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categories, productRelations, products } from "~/db/schema/catalog";
import { COLLECTIONS } from "~/domain/collections";
import type { ProductMeta } from "~/domain/product-meta";
import { setupTestDatabase } from "../../../tests/setup/db";
import { categoryImageUrl } from "./big-catalog";
import { DEMO_CATEGORIES, DEMO_PRODUCTS, DEMO_RELATIONS } from "./demo-catalog";
import { ensureDemoCategories, seedBigCatalog, seedDemoCatalog } from "./seed.server";

const PUBLIC_DIR = fileURLToPath(new URL("../../../public", import.meta.url));
const testDb = setupTestDatabase();

function imageUrlsOf(meta: ProductMeta): string[] {
  const options = (meta.option_groups ?? []).flatMap((g) => g.options.map((o) => o.image_url ?? null));
  return [...(meta.gallery_images ?? []), ...options].filter((url): url is string => !!url);
}

describe("demo catalogue data", () => {
  it("is consistent before it reaches the database", () => {
    const slugs = new Set(DEMO_PRODUCTS.map((p) => p.slug));
    expect(slugs.size).toBe(DEMO_PRODUCTS.length);
    expect(new Set(DEMO_PRODUCTS.map((p) => p.sku)).size).toBe(DEMO_PRODUCTS.length);
    const categoryIds = new Set(DEMO_CATEGORIES.map((c) => c.id));
    for (const p of DEMO_PRODUCTS) {
      expect(p.description.length, p.slug).toBeLessThanOrEqual(250);
      expect(categoryIds.has(p.categoryId), p.slug).toBe(true);
      if (p.isFeatured) expect(p.status === "published" && p.stock > 0, p.slug).toBe(true);
    }
    for (const [a, b] of DEMO_RELATIONS) {
      expect(slugs.has(a), a).toBe(true);
      expect(slugs.has(b), b).toBe(true);
      expect(a).not.toBe(b);
    }
  });
});

describe("seedDemoCatalog", () => {
  it("fills a store a shopper can browse", async () => {
    const db = testDb.db;
    const result = await seedDemoCatalog(db);
    expect(result.products).toBe(DEMO_PRODUCTS.length);
    expect(result.categories).toBe(DEMO_CATEGORIES.length);

    const all = await db.select().from(products);
    expect(all.length).toBeGreaterThanOrEqual(60);
    // [18/25] Each demo product carries its maker's brand, which the feeds send.
    const lenovo = all.find((p) => p.name.startsWith("Notebook Lenovo"));
    expect(lenovo?.brand).toBe("Lenovo");
    expect(all.filter((p) => !p.brand).map((p) => p.name)).toEqual([]);

    // Every collection of the home grid exists as a top-level category.
    const cats = await db.select().from(categories);
    for (const collection of COLLECTIONS) {
      const cat = cats.find((c) => c.id === collection.id);
      expect(cat, collection.id).toBeDefined();
      expect(cat?.parentId).toBeNull();
      expect(cat?.name).toBe(collection.name);
    }
    const subcategories = cats.filter((c) => c.parentId !== null);
    expect(subcategories.length).toBeGreaterThan(0);
    // Subcategories hold products too.
    expect(all.some((p) => subcategories.some((c) => c.id === p.categoryId))).toBe(true);

    const onSale = all.filter((p) => p.salePrice !== null);
    expect(onSale.length).toBeGreaterThanOrEqual(5);
    for (const p of onSale) expect(Number(p.salePrice)).toBeLessThan(Number(p.price));
    expect(all.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(3);
    expect(all.filter((p) => p.status === "draft").length).toBeGreaterThanOrEqual(2);
    const featured = all.filter((p) => p.isFeatured);
    expect(featured.length).toBeGreaterThanOrEqual(4);
    for (const p of featured) expect(p.status === "published" && p.stock > 0).toBe(true);

    // Newest first is meaningful: creation dates are spread out.
    expect(new Set(all.map((p) => p.createdAt.getTime())).size).toBe(all.length);

    const metas = all.map((p) => p.meta);
    const options = metas.flatMap((m) => m.option_groups ?? []).flatMap((g) => g.options);
    expect(options.some((o) => o.image_url)).toBe(true);
    expect(options.some((o) => !o.image_url)).toBe(true);
    expect(metas.some((m) => (m.financing_plans ?? []).some((f) => f.interest_rate === 0))).toBe(true);
    const reviews = metas.flatMap((m) => m.reviews ?? []);
    expect(reviews.length).toBeGreaterThan(0);
    for (const r of reviews) expect(r.rating >= 1 && r.rating <= 5 && r.text !== "" && r.author !== "").toBe(true);
    const videos = metas.flatMap((m) => m.videos ?? []);
    expect(videos.length).toBeGreaterThan(0);
    for (const v of videos) expect(v).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[A-Za-z0-9_-]{11}$/);
    expect(metas.some((m) => (m.gallery_images ?? []).length > 1)).toBe(true);
    expect(metas.some((m) => m.price_legend && m.description_html && m.extra_info)).toBe(true);

    const [relations] = await db.select({ n: count() }).from(productRelations);
    expect(relations!.n).toBeGreaterThan(0);

    // Every image the store will ask for is a file in public/.
    const urls = new Set(all.flatMap((p) => [p.imageUrl ?? "", ...imageUrlsOf(p.meta)]));
    for (const url of urls) {
      expect(url, "every product has an image").toMatch(/^\/images\/products\/[a-z0-9-]+\.svg$/);
      expect(existsSync(`${PUBLIC_DIR}${url}`), url).toBe(true);
    }
  });

  it("does not fail when the categories already exist", async () => {
    const result = await seedDemoCatalog(testDb.db);
    expect(result).toEqual({ categories: 0, products: 0 });
  });
});

describe("ensureDemoCategories", () => {
  it("recreates a deleted demo category even when another category took its slug", async () => {
    const db = testDb.db;
    await db.delete(categories).where(eq(categories.id, "pcat_CONSOLAS"));
    await db.insert(categories).values({ id: "cat_otra", name: "Consolas retro", slug: "consolas" });
    expect(await ensureDemoCategories(db)).toBe(1);
    const [restored] = await db.select().from(categories).where(eq(categories.id, "pcat_CONSOLAS"));
    expect(restored?.parentId).toBe("pcol_GAMING");
    expect(restored?.slug).not.toBe("consolas");
  });
});

describe("seedBigCatalog", () => {
  it("adds generated products in batches, and a re-run skips them", async () => {
    const db = testDb.db;
    const progress: number[] = [];
    const inserted = await seedBigCatalog(db, 2500, (done) => progress.push(done));
    expect(inserted).toBe(2500);
    expect(progress).toEqual([1000, 2000, 2500]);

    const generated = like(products.sku, "GEN-%");
    const [total] = await db
      .select({ n: count(), slugs: sql<number>`count(distinct ${products.slug})::int` })
      .from(products)
      .where(generated);
    expect(total!.n).toBe(2500);
    expect(total!.slugs).toBe(2500);

    const [drafts] = await db
      .select({ n: count() })
      .from(products)
      .where(and(generated, eq(products.status, "draft")));
    expect(drafts!.n).toBeGreaterThan(0);
    expect(drafts!.n).toBeLessThan(250);

    const [prices] = await db
      .select({
        min: sql<string>`min(${products.price})`,
        max: sql<string>`max(${products.price})`,
        distinct: sql<number>`count(distinct ${products.price})::int`,
      })
      .from(products)
      .where(generated);
    expect(Number(prices!.min)).toBeLessThan(30000);
    expect(Number(prices!.max)).toBeGreaterThan(1500000);
    expect(prices!.distinct).toBeGreaterThan(300);

    const perCategory = await db
      .select({ categoryId: products.categoryId, n: count() })
      .from(products)
      .where(generated)
      .groupBy(products.categoryId);
    expect(perCategory.length).toBeGreaterThanOrEqual(12);
    expect(perCategory.every((c) => c.categoryId !== null && c.n < 1000)).toBe(true);
    for (const { categoryId } of perCategory)
      expect(existsSync(`${PUBLIC_DIR}${categoryImageUrl(categoryId!)}`)).toBe(true);

    const [onSale] = await db
      .select({ n: count() })
      .from(products)
      .where(and(generated, isNotNull(products.salePrice), lt(products.salePrice, products.price)));
    expect(onSale!.n).toBeGreaterThan(100);

    const [noCategory] = await db
      .select({ n: count() })
      .from(products)
      .where(and(generated, isNull(products.categoryId)));
    expect(noCategory!.n).toBe(0);

    expect(await seedBigCatalog(db, 3000)).toBe(500);
  });
});
