import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { productRelations, productVariants, products } from "~/db/schema/catalog";
import { parseCatalogQuery } from "~/domain/catalog-query";
import { listCatalogProducts } from "~/models/catalog.server";
import { listRelatedProducts } from "~/models/product.server";
import { searchProducts } from "~/models/search.server";
import { setupTestDatabase } from "../setup/db";
import { insertCategory, insertProduct, variantsOf } from "../setup/factories";

// [22/25] One price per product in listings (ADR 0019, migration 0025): a product whose
// variants differ in price shows "Desde" the lowest one in stock (all of them when none is),
// and the catalogue filters and sorts by that same figure, in cards, search and related products.

const database = setupTestDatabase();

const CATEGORY = "pcat_DESDE";
const ram = (names: string[]) => ({
  meta: { option_groups: [{ title: "RAM", options: names.map((name) => ({ name })) }] },
});
const query = (q: string) => parseCatalogQuery(new URLSearchParams(`category=${CATEGORY}&${q}`), () => true);
const catalogue = async (q: string) => (await listCatalogProducts(query(q))).items;
const cardOf = async (id: string) => (await catalogue("")).find((c) => c.id === id)!;

let notebook: Awaited<ReturnType<typeof insertProduct>>;
beforeAll(async () => {
  await insertCategory({ id: CATEGORY, name: "Notebooks Desde" });
  // 8 GB is cheapest but sold out: "Desde" is the cheapest that can be bought, 16 GB.
  notebook = await insertProduct({
    name: "Notebook Desde",
    price: "900000.00",
    categoryId: CATEGORY,
    ...ram(["8 GB", "16 GB", "32 GB"]),
    variantStock: [0, 2, 1],
    variantPrices: [
      { price: null, salePrice: null },
      { price: "1000000.00", salePrice: null },
      { price: "1300000.00", salePrice: "1200000.00" },
    ],
  });
  await insertProduct({ name: "Tablet barata", price: "950000.00", categoryId: CATEGORY });
  await insertProduct({ name: "Tablet cara", price: "1100000.00", categoryId: CATEGORY });
});

describe("the listing price of a product with variants", () => {
  it("is the lowest price among the variants in stock, and the card says it varies", async () => {
    const card = await cardOf(notebook.id);
    expect(card).toMatchObject({ listingPrice: "1000000.00", listingPriceFrom: true });
  });

  it("the price filter and the price sort use the same figure the card shows", async () => {
    expect((await catalogue("minPrice=950001&maxPrice=1050000")).map((c) => c.name)).toEqual(["Notebook Desde"]);
    expect((await catalogue("maxPrice=950000")).map((c) => c.name)).toEqual(["Tablet barata"]);
    expect((await catalogue("sort=price_asc")).map((c) => c.name)).toEqual([
      "Tablet barata",
      "Notebook Desde",
      "Tablet cara",
    ]);
    expect((await catalogue("sort=price_desc")).map((c) => c.name)).toEqual([
      "Tablet cara",
      "Notebook Desde",
      "Tablet barata",
    ]);
  });

  it("follows stock, variant prices and the product's own price as they change", async () => {
    const [eight, sixteen, thirtyTwo] = await variantsOf(notebook.id);
    const listing = async () => {
      const [row] = await database.db
        .select({ price: products.listingPrice, from: products.listingPriceFrom })
        .from(products)
        .where(eq(products.id, notebook.id));
      return row;
    };
    // 16 GB sells out: the cheapest left is 32 GB on sale.
    await database.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, sixteen!.id));
    expect(await listing()).toEqual({ price: "1200000.00", from: true });
    // Nothing in stock: the lowest of all, 8 GB at the product's price.
    await database.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, thirtyTwo!.id));
    expect(await listing()).toEqual({ price: "900000.00", from: true });
    // The product's price is 8 GB's price (it has none of its own).
    await database.db.update(products).set({ price: "850000.00" }).where(eq(products.id, notebook.id));
    expect(await listing()).toEqual({ price: "850000.00", from: true });
    // Every variant at one price: no "Desde".
    await database.db
      .update(productVariants)
      .set({ price: "850000.00", salePrice: null, stock: 1 })
      .where(eq(productVariants.productId, notebook.id));
    expect(await listing()).toEqual({ price: "850000.00", from: false });
    // Back as it was for the other tests.
    await database.db.update(products).set({ price: "900000.00" }).where(eq(products.id, notebook.id));
    for (const [variant, price, salePrice, stock] of [
      [eight!, null, null, 0],
      [sixteen!, "1000000.00", null, 2],
      [thirtyTwo!, "1300000.00", "1200000.00", 1],
    ] as const) {
      await database.db
        .update(productVariants)
        .set({ price, salePrice, stock })
        .where(eq(productVariants.id, variant.id));
    }
    expect(await listing()).toEqual({ price: "1000000.00", from: true });
  });

  it("an option's own price makes its variant's price, as on the product page", async () => {
    const gpu = await insertProduct({
      name: "PC Desde",
      price: "1500000.00",
      meta: {
        option_groups: [
          {
            title: "Placa",
            options: [
              { name: "RTX 4060", price: 1700000 },
              { name: "RTX 4070", price: 1900000 },
            ],
          },
        ],
      },
      variantStock: [0, 3],
    });
    const [row] = await database.db
      .select({ price: products.listingPrice, from: products.listingPriceFrom })
      .from(products)
      .where(eq(products.id, gpu.id));
    expect(row).toEqual({ price: "1900000.00", from: true });
  });

  it("a product without variants lists at the price paid", async () => {
    const sale = await insertProduct({ name: "Mouse Desde", price: "20000.00", salePrice: "15000.00" });
    const [row] = await database.db
      .select({ price: products.listingPrice, from: products.listingPriceFrom })
      .from(products)
      .where(eq(products.id, sale.id));
    expect(row).toEqual({ price: "15000.00", from: false });
  });

  it("search results and related products carry the same listing price", async () => {
    const found = (await searchProducts("notebook")).items.find((c) => c.id === notebook.id);
    expect(found).toMatchObject({ listingPrice: "1000000.00", listingPriceFrom: true });
    const other = await insertProduct({ name: "Funda" });
    await database.db.insert(productRelations).values({ productId: other.id, relatedProductId: notebook.id });
    const related = (await listRelatedProducts(other.id)).find((c) => c.id === notebook.id);
    expect(related).toMatchObject({ listingPrice: "1000000.00", listingPriceFrom: true });
  });
});
