import { beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../tests/setup/db";
import { insertProduct } from "../../tests/setup/factories";
import { SEARCH_PAGE_SIZE, searchProducts } from "./search.server";

setupTestDatabase();

beforeAll(async () => {
  await insertProduct({ name: "Cámara Web Logitech C920 Full HD", description: "Ideal para videollamadas." });
  await insertProduct({ name: "Notebook Lenovo IdeaPad 3", description: "Ryzen 5, 8 GB de RAM." });
  await insertProduct({ name: "Notebook HP 15", description: "Intel Core i5." });
  await insertProduct({ name: "Teclado Mecánico Redragon Kumara", description: "Switches rojos." });
  await insertProduct({ name: "Monitor Samsung 24", description: "Panel IPS con cámara integrada." });
  await insertProduct({ name: "Notebook borrador", status: "draft" });
  await insertProduct({
    name: "Mochila Targus para Notebook 15.6",
    description: "Mochila acolchada para notebook: protege tu notebook y sus accesorios.",
  });
});

const found = async (q: string) => (await searchProducts(q)).items.map((p) => p.name);

describe("search", () => {
  it("finds accented names without the accent, and the other way round", async () => {
    expect(await found("camara")).toContain("Cámara Web Logitech C920 Full HD");
    expect(await found("mecánico")).toEqual(["Teclado Mecánico Redragon Kumara"]);
  });

  it("ranks a match in the name above a match in the description", async () => {
    expect(await found("cámara")).toEqual(["Cámara Web Logitech C920 Full HD", "Monitor Samsung 24"]);
  });

  it("ranks the products a word names above the ones that only mention it", async () => {
    const names = await found("notebooks");
    expect(names).toHaveLength(3);
    expect(names.slice(0, 2).sort()).toEqual(["Notebook HP 15", "Notebook Lenovo IdeaPad 3"]);
    expect(names[2]).toBe("Mochila Targus para Notebook 15.6");
  });

  it("matches plurals and stems in Spanish", async () => {
    expect(await found("notebooks")).toEqual(expect.arrayContaining(["Notebook Lenovo IdeaPad 3", "Notebook HP 15"]));
    expect(await found("teclados")).toEqual(["Teclado Mecánico Redragon Kumara"]);
  });

  it("joins words by OR and counts the results", async () => {
    const result = await searchProducts("lenovo redragon");
    expect(result.total).toBe(2);
    expect(result.items.map((p) => p.name).sort()).toEqual([
      "Notebook Lenovo IdeaPad 3",
      "Teclado Mecánico Redragon Kumara",
    ]);
  });

  it("still finds products when a word has a small typo", async () => {
    expect(await found("notbook")).toEqual(expect.arrayContaining(["Notebook Lenovo IdeaPad 3", "Notebook HP 15"]));
    expect(await found("logitec")).toEqual(["Cámara Web Logitech C920 Full HD"]);
  });

  it("never shows drafts", async () => {
    expect(await found("borrador")).toEqual([]);
  });

  it("answers nothing for blank text or pure punctuation, without an error", async () => {
    expect(await searchProducts("   ")).toEqual({ items: [], total: 0, totalIsAtLeast: false, words: [] });
    expect((await searchProducts("'; drop table products; --")).total).toBeGreaterThanOrEqual(0);
  });

  it("pages through the results 24 at a time, best first, each product once", async () => {
    for (let i = 0; i < 30; i++) {
      await insertProduct({
        name: `Parlante Portatil ${String(i).padStart(2, "0")}`,
        description: "Parlante bluetooth.",
      });
    }
    const first = await searchProducts("parlante");
    const second = await searchProducts("parlante", 2);
    expect(first.total).toBe(30);
    expect(first.items).toHaveLength(SEARCH_PAGE_SIZE);
    expect(second.items).toHaveLength(30 - SEARCH_PAGE_SIZE);
    const ids = [...first.items, ...second.items].map((p) => p.id);
    expect(new Set(ids).size).toBe(30);
    // Newest first within a tier: the last inserted leads page 1.
    expect(first.items[0]!.name).toBe("Parlante Portatil 29");
    // A page past the end is empty (the route shows the last one).
    expect((await searchProducts("parlante", 3)).items).toEqual([]);
  });
});
