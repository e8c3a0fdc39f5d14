import { describe, expect, it } from "vitest";
import { BIG_CATALOG_CATEGORY_IDS, createRng, generateBigCatalog, iterateBigCatalog } from "./big-catalog";
import { DEMO_CATEGORIES } from "./demo-catalog";

describe("generateBigCatalog", () => {
  it("gives the same rows for the same seed and different rows for another seed", () => {
    const first = generateBigCatalog(50, 7);
    const again = generateBigCatalog(50, 7);
    expect(again).toEqual(first);
    const other = generateBigCatalog(50, 8);
    expect(other.map((r) => r.name)).not.toEqual(first.map((r) => r.name));
  });

  it("gives the same first rows whatever the count (so a bigger re-run skips them)", () => {
    const small = generateBigCatalog(20);
    const big = Array.from(iterateBigCatalog(200)).slice(0, 20);
    expect(big).toEqual(small);
  });

  it("makes rows a store could hold: unique slugs and skus, valid prices and descriptions", () => {
    const rows = generateBigCatalog(5000);
    expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.sku)).size).toBe(rows.length);
    const categoryIds = new Set(DEMO_CATEGORIES.map((c) => c.id));
    for (const row of rows) {
      expect(row.description.length).toBeLessThanOrEqual(250);
      expect(row.slug).toMatch(/^[a-z0-9-]{1,255}$/);
      expect(Number(row.price)).toBeGreaterThan(0);
      if (row.salePrice !== null) expect(Number(row.salePrice)).toBeLessThan(Number(row.price));
      expect(row.stock).toBeGreaterThanOrEqual(0);
      expect(categoryIds.has(row.categoryId)).toBe(true);
      if (row.isFeatured) expect(row.status).toBe("published");
    }
  });

  it("looks like a real catalogue: mostly published, spread prices and categories, Spanish accents", () => {
    const rows = generateBigCatalog(5000);
    const published = rows.filter((r) => r.status === "published").length / rows.length;
    expect(published).toBeGreaterThan(0.92);
    expect(published).toBeLessThan(0.98);
    expect(rows.some((r) => r.salePrice !== null)).toBe(true);
    expect(rows.some((r) => r.stock === 0)).toBe(true);
    const prices = rows.map((r) => Number(r.price));
    expect(Math.min(...prices)).toBeLessThan(30000);
    expect(Math.max(...prices)).toBeGreaterThan(1500000);
    expect(new Set(prices).size).toBeGreaterThan(500);
    expect(new Set(rows.map((r) => r.categoryId))).toEqual(new Set(BIG_CATALOG_CATEGORY_IDS));
    for (const word of ["Cámara", "Teclado Mecánico", "Auriculares Inalámbricos", "Notebook Lenovo IdeaPad"]) {
      expect(rows.some((r) => r.name.includes(word))).toBe(true);
    }
  });

  it("uses a seedable PRNG in [0, 1)", () => {
    const a = createRng(1);
    const b = createRng(1);
    const values = Array.from({ length: 1000 }, () => a());
    expect(values).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
  });
});
