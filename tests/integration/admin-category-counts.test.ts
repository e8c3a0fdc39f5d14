import { describe, expect, it } from "vitest";
import { parseCatalogQuery } from "~/domain/catalog-query";
import { listAdminCategories } from "~/models/admin-categories.server";
import { listAdminProducts } from "~/models/admin-product-list.server";
import { listCatalogProducts } from "~/models/catalog.server";
import { parseProductListQuery } from "~/schemas/product-list-query";
import { setupTestDatabase } from "../setup/db";
import { insertCategory, insertProduct } from "../setup/factories";

// Finding 9 of the spec walk: Admin > Categorías said Gaming had 3 products and its filter listed
// those 3, while the store's Gaming showed 10 (its subcategories' products too).

setupTestDatabase();

describe("a category in the admin, as the store shows it", () => {
  it("counts and filters Gaming with its subcategories' products, the same number the store shows", async () => {
    await insertCategory({ id: "pcol_GAMING", name: "Gaming" });
    await insertCategory({ id: "pcat_CONSOLAS", name: "Consolas", parentId: "pcol_GAMING" });
    await insertCategory({ id: "pcat_SILLAS", name: "Sillas gamer", parentId: "pcol_GAMING" });
    await insertCategory({ id: "pcol_MOUSE", name: "Mouse" });
    for (const [name, categoryId] of [
      ["Joystick", "pcol_GAMING"],
      ["Volante", "pcol_GAMING"],
      ["Consola", "pcat_CONSOLAS"],
      ["Consola retro", "pcat_CONSOLAS"],
      ["Silla", "pcat_SILLAS"],
      ["Mouse", "pcol_MOUSE"],
    ]) {
      await insertProduct({ name: name!, categoryId });
    }

    const store = await listCatalogProducts(parseCatalogQuery(new URLSearchParams("category=pcol_GAMING"), () => true));
    expect(store.total).toBe(5);

    const counts = Object.fromEntries((await listAdminCategories()).map((c) => [c.name, c.productCount]));
    expect(counts).toEqual({ Gaming: 5, Consolas: 2, "Sillas gamer": 1, Mouse: 1 });

    const filtered = await listAdminProducts(parseProductListQuery(new URLSearchParams("category=pcol_GAMING")));
    expect(filtered.total).toBe(store.total);
    expect(filtered.items.map((p) => p.name).sort()).toEqual(store.items.map((p) => p.name).sort());
    // A subcategory alone still lists only its own.
    const consoles = await listAdminProducts(parseProductListQuery(new URLSearchParams("category=pcat_CONSOLAS")));
    expect(consoles.items.map((p) => p.name).sort()).toEqual(["Consola", "Consola retro"]);

    // Deleting Gaming leaves only its own 2 products "Sin categoría" (its subcategories keep theirs).
    const gaming = (await listAdminCategories()).find((c) => c.name === "Gaming")!;
    expect(gaming.ownProductCount).toBe(2);
  });
});
