import { describe, expect, it, beforeAll } from "vitest";
import { parseCatalogQuery } from "~/domain/catalog-query";
import { setupTestDatabase } from "../../tests/setup/db";
import { insertCategory, insertProduct } from "../../tests/setup/factories";
import { listCatalogProducts, listTopLevelCategories } from "./catalog.server";

setupTestDatabase();

const query = (q: string) => parseCatalogQuery(new URLSearchParams(q), () => true);
const names = async (q: string) => (await listCatalogProducts(query(q))).items.map((p) => p.name);

beforeAll(async () => {
  await insertCategory({ id: "pcol_GAMING", name: "Gaming" });
  await insertCategory({ id: "pcat_CONSOLAS", name: "Consolas", parentId: "pcol_GAMING" });
  await insertCategory({ id: "pcat_RETRO", name: "Retro", parentId: "pcat_CONSOLAS" });
  await insertCategory({ id: "pcol_SILLAS", name: "Sillas" });
  const day = (n: number) => new Date(Date.UTC(2026, 9, n));
  await insertProduct({ name: "Joystick", price: "30000", categoryId: "pcol_GAMING", createdAt: day(1) });
  await insertProduct({ name: "Consola", price: "500000", categoryId: "pcat_CONSOLAS", createdAt: day(2) });
  await insertProduct({
    name: "Consola retro",
    price: "80000",
    salePrice: "60000",
    categoryId: "pcat_RETRO",
    createdAt: day(3),
  });
  await insertProduct({ name: "Silla", price: "200000", categoryId: "pcol_SILLAS", createdAt: day(4) });
  await insertProduct({
    name: "Borrador",
    price: "1000",
    categoryId: "pcol_GAMING",
    status: "draft",
    createdAt: day(5),
  });
});

describe("catalogue", () => {
  it("lists only published products, newest first by default", async () => {
    expect(await names("")).toEqual(["Silla", "Consola retro", "Consola", "Joystick"]);
  });

  it("includes the category and all its descendants", async () => {
    expect(await names("category=pcol_GAMING")).toEqual(["Consola retro", "Consola", "Joystick"]);
    expect(await names("category=pcat_CONSOLAS")).toEqual(["Consola retro", "Consola"]);
  });

  it("filters by the price the shopper pays, bounds included", async () => {
    // Consola retro costs 60.000 on sale (80.000 regular).
    expect(await names("minPrice=30000&maxPrice=60000&sort=price_asc")).toEqual(["Joystick", "Consola retro"]);
  });

  it("sorts by price both ways and by date both ways", async () => {
    expect(await names("sort=price_asc")).toEqual(["Joystick", "Consola retro", "Silla", "Consola"]);
    expect(await names("sort=price_desc")).toEqual(["Consola", "Silla", "Consola retro", "Joystick"]);
    expect(await names("sort=created_at_asc")).toEqual(["Joystick", "Consola", "Consola retro", "Silla"]);
  });

  it("pages by 12 with the exact total", async () => {
    for (let i = 0; i < 20; i++) await insertProduct({ name: `Silla extra ${i}`, categoryId: "pcol_SILLAS" });
    const first = await listCatalogProducts(query("category=pcol_SILLAS"));
    const second = await listCatalogProducts(query("category=pcol_SILLAS&page=2"));
    expect(first.total).toBe(21);
    expect(first.items).toHaveLength(12);
    expect(second.items).toHaveLength(9);
    expect(new Set([...first.items, ...second.items].map((p) => p.id)).size).toBe(21);
  });

  it("offers only top-level categories for the filter", async () => {
    expect((await listTopLevelCategories()).map((c) => c.id)).toEqual(["pcol_GAMING", "pcol_SILLAS"]);
  });
});
