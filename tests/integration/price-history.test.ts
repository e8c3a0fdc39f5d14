import { asc, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { priceHistory, productVariants, products } from "~/db/schema/catalog";
import { emptyProductForm } from "~/schemas/product-form-state";
import { ProductFormSchema } from "~/schemas/product-form";
import { duplicateProduct } from "~/models/admin-product-duplicate.server";
import { importProducts } from "~/models/admin-product-import.server";
import { getAdminProduct } from "~/models/admin-product-list.server";
import { saveProduct } from "~/models/admin-product-save.server";
import { listFeaturedProducts } from "~/models/product.server";
import { createUser } from "~/models/user.server";
import { parseCsvText, splitHeader } from "~/domain/csv";
import { autoMatchColumns, mapRows, validateImportRows } from "~/domain/product-import";
import { loader as productLoader } from "~/routes/store/product";
import { setupTestDatabase } from "../setup/db";
import { args, getRequest, outcome } from "../setup/routes";
import { insertProduct, variantsOf } from "../setup/factories";

// [22/25] Every price a product or variant has had is kept (ADR 0019), whatever wrote it: the
// "antes" price and the Hot Sale report can only be backed by that history.

const database = setupTestDatabase();

let ADMIN: { id: string; email: string };
beforeAll(async () => {
  const user = await createUser({ email: "precios@vitec.com.ar", password: "clave-de-admin-1", fullName: "Precios" });
  ADMIN = { id: user.id, email: user.email };
});

async function historyOf(productId: string) {
  const rows = await database.db
    .select({ variantId: priceHistory.variantId, price: priceHistory.price, salePrice: priceHistory.salePrice })
    .from(priceHistory)
    .where(eq(priceHistory.productId, productId))
    .orderBy(asc(priceHistory.changedAt), asc(priceHistory.price));
  return rows;
}

function parseForm(values: ReturnType<typeof emptyProductForm>) {
  const parsed = ProductFormSchema.safeParse(values);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

describe("price history", () => {
  it("an admin save records the new price and each later change of price or sale price, not other edits", async () => {
    const values = { ...emptyProductForm(), name: "Monitor 27", price: "300000", stock: "2" };
    const created = await saveProduct(ADMIN, parseForm(values));
    if (!created.ok) throw new Error("not saved");
    const id = created.id;
    const saved = await getAdminProduct(id);
    expect(await historyOf(id)).toEqual([{ variantId: null, price: "300000.00", salePrice: null }]);

    await saveProduct(ADMIN, parseForm({ ...values, id, slug: saved!.slug, name: "Monitor 27 pulgadas" }));
    expect(await historyOf(id)).toHaveLength(1);

    await saveProduct(ADMIN, parseForm({ ...values, id, slug: saved!.slug, sale_price: "270000" }));
    expect((await historyOf(id)).map((r) => [r.price, r.salePrice])).toEqual([
      ["300000.00", null],
      ["300000.00", "270000.00"],
    ]);
  });

  it("a CSV import records the prices it creates and the ones it changes", async () => {
    const fromCsv = (csv: string) => {
      const { headers, data } = splitHeader(parseCsvText(csv));
      const { products: rows, errors } = validateImportRows(mapRows(data, autoMatchColumns(headers)));
      expect(errors).toEqual([]);
      return importProducts(ADMIN, rows);
    };
    expect((await fromCsv("Nombre,Precio,Stock\nTeclado mecánico,1000,1\n")).ok).toBe(true);
    const [imported] = await database.db.select().from(products).where(eq(products.name, "Teclado mecánico"));
    expect(await historyOf(imported!.id)).toEqual([{ variantId: null, price: "1000.00", salePrice: null }]);

    const again = `Nombre,Slug,Precio,Precio de oferta,Stock\nTeclado mecánico,${imported!.slug},1200,1100,1\n`;
    expect((await fromCsv(again)).ok).toBe(true);
    expect((await historyOf(imported!.id)).at(-1)).toEqual({ variantId: null, price: "1200.00", salePrice: "1100.00" });
  });

  it("a duplicate starts its own history with the original's prices", async () => {
    const original = await insertProduct({ name: "Mouse", price: "15000.00", salePrice: "12000.00" });
    const copy = await duplicateProduct(ADMIN, original.id, 1767225600000);
    expect(await historyOf(copy!.id)).toEqual([{ variantId: null, price: "15000.00", salePrice: "12000.00" }]);
  });

  it("a variant's own price is recorded against the variant, also when written by hand in SQL", async () => {
    const product = await insertProduct({
      name: "Notebook",
      meta: { option_groups: [{ title: "RAM", options: [{ name: "8 GB" }, { name: "16 GB" }] }] },
      variantPrices: [
        { price: "900000.00", salePrice: null },
        { price: "1000000.00", salePrice: null },
      ],
    });
    const [first] = await variantsOf(product.id);
    await database.db.update(productVariants).set({ salePrice: "850000.00" }).where(eq(productVariants.id, first!.id));
    await database.db.update(productVariants).set({ stock: 9 }).where(eq(productVariants.id, first!.id));
    const rows = (await historyOf(product.id)).filter((r) => r.variantId === first!.id);
    expect(rows.map((r) => [r.price, r.salePrice])).toEqual([
      ["900000.00", null],
      ["900000.00", "850000.00"],
    ]);
  });

  it("says who and from where when the writer sets vitec.actor and vitec.price_source", async () => {
    const product = await insertProduct({ name: "Parlante", price: "5000.00" });
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('vitec.actor', 'precios@vitec.com.ar', true)`);
      await tx.execute(sql`select set_config('vitec.price_source', 'repricing', true)`);
      await tx.update(products).set({ price: "5500.00" }).where(eq(products.id, product.id));
    });
    await database.db.update(products).set({ price: "5600.00" }).where(eq(products.id, product.id));
    const rows = await database.db
      .select({ price: priceHistory.price, actor: priceHistory.actor, source: priceHistory.source })
      .from(priceHistory)
      .where(eq(priceHistory.productId, product.id))
      .orderBy(asc(priceHistory.price));
    expect(rows).toEqual([
      { price: "5000.00", actor: null, source: "app" },
      { price: "5500.00", actor: "precios@vitec.com.ar", source: "repricing" },
      { price: "5600.00", actor: null, source: "app" },
    ]);
  });
});

type ProductPage = { product: { antes: boolean; variants: { id: string; antes: boolean }[] } };

async function storefrontProduct(id: string): Promise<ProductPage["product"]> {
  const result = await outcome(() => productLoader(args(getRequest(`/product/${id}`), { params: { id } }) as never));
  expect(result.status).toBe(200);
  return (result.body as ProductPage).product;
}

/** Moves a product's (and its variants') history back in time, as if it had been written `days` ago. */
async function age(productId: string, days: number) {
  await database.db.execute(
    sql`update price_history set changed_at = changed_at - make_interval(days => ${days}) where product_id = ${productId}`,
  );
}

describe("the storefront's antes price", () => {
  it("a fresh sale shows the sale price alone; after the regular price held 30 days before it, the regular one struck", async () => {
    const fresh = await insertProduct({ name: "Auriculares", price: "50000.00" });
    await database.db.update(products).set({ salePrice: "40000.00" }).where(eq(products.id, fresh.id));
    expect((await storefrontProduct(fresh.id)).antes).toBe(false);

    const backed = await insertProduct({ name: "Parlante grande", price: "50000.00" });
    await age(backed.id, 31);
    await database.db.update(products).set({ salePrice: "40000.00" }).where(eq(products.id, backed.id));
    expect((await storefrontProduct(backed.id)).antes).toBe(true);
  });

  it("a price raised days before the sale is not shown as antes, per variant too", async () => {
    const product = await insertProduct({
      name: "Tablet",
      meta: { option_groups: [{ title: "Color", options: [{ name: "Negro" }, { name: "Blanco" }] }] },
      variantPrices: [
        { price: "300000.00", salePrice: null },
        { price: "300000.00", salePrice: null },
      ],
    });
    const [black, white] = await variantsOf(product.id);
    await age(product.id, 60);
    await database.db.update(productVariants).set({ price: "360000.00" }).where(eq(productVariants.id, white!.id));
    await age(product.id, 3);
    await database.db
      .update(productVariants)
      .set({ salePrice: "290000.00" })
      .where(inArray(productVariants.id, [black!.id, white!.id]));
    const page = await storefrontProduct(product.id);
    expect(Object.fromEntries(page.variants.map((v) => [v.id, v.antes]))).toEqual({
      [black!.id]: true,
      [white!.id]: false,
    });
  });

  it("cards follow the same rule", async () => {
    const fresh = await insertProduct({ name: "Cargador", price: "20000.00", isFeatured: true });
    const backed = await insertProduct({ name: "Cable", price: "20000.00", isFeatured: true });
    await age(backed.id, 45);
    await database.db
      .update(products)
      .set({ salePrice: "15000.00" })
      .where(inArray(products.id, [fresh.id, backed.id]));
    const cards = await listFeaturedProducts(50);
    expect(cards.find((c) => c.id === fresh.id)?.antes).toBe(false);
    expect(cards.find((c) => c.id === backed.id)?.antes).toBe(true);
  });
});
