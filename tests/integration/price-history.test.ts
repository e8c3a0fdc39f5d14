import { readFileSync } from "node:fs";
import { asc, eq, gte, inArray, sql } from "drizzle-orm";
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
import { planImport, queueImport } from "~/models/product-imports.server";
import { runQueuedImports } from "~/jobs/product-import.server";
import { saveSetting } from "~/models/settings.server";
import { decodeCsvBytes, parseCsvText, splitHeader } from "~/domain/csv";
import { autoMatchColumns, mapRows, validateImportRows } from "~/domain/product-import";
import { loader as productLoader } from "~/routes/store/product";
import { action as productsAction } from "~/routes/admin/products";
import { queryRows } from "~/db/client.server";
import { setupTestDatabase } from "../setup/db";
import { args, getRequest, outcome, signedInAdmin } from "../setup/routes";
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

/** Who and from where each of a product's history rows says, with its time, oldest first. */
async function whoOf(productId: string) {
  return database.db
    .select({
      variantId: priceHistory.variantId,
      price: priceHistory.price,
      actor: priceHistory.actor,
      source: priceHistory.source,
      at: priceHistory.changedAt,
    })
    .from(priceHistory)
    .where(eq(priceHistory.productId, productId))
    .orderBy(asc(priceHistory.changedAt));
}

describe("every price writer says who and from where", () => {
  it("an admin save of a product and its variants: the staff member, 'admin', at the time of the save", async () => {
    const values = emptyProductForm();
    const before = Date.now();
    const saved = await saveProduct(
      ADMIN,
      parseForm({
        ...values,
        name: "Notebook 14",
        price: "800000",
        stock: "",
        meta: {
          ...values.meta,
          option_groups: [
            {
              key: "g1",
              title: "RAM",
              options: ["8 GB", "16 GB"].map((name, i) => ({ key: `o${i}`, name, price: "", image_url: "" })),
            },
          ],
        },
        variants: ["8 GB", "16 GB"].map((ram, i) => ({
          key: `v${i}`,
          options: [{ group: "RAM", option: ram }],
          sku: "",
          price: i === 1 ? "950000" : "",
          sale_price: "",
          stock: "1",
          image_url: "",
          gtin: "",
          mpn: "",
          weight_grams: "",
          length_cm: "",
          width_cm: "",
          height_cm: "",
        })),
      }),
    );
    if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
    const rows = await whoOf(saved.id);
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.variantId !== null)).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ actor: ADMIN.email, source: "admin" });
      expect(row.at.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(row.at.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  it("a CSV import: the staff member who uploaded it, 'csv'; a platform's file: 'import:<platform>'", async () => {
    const { headers, data } = splitHeader(parseCsvText("Nombre,Precio,Stock\nWebcam HD,25000,1\n"));
    const { products: rows } = validateImportRows(mapRows(data, autoMatchColumns(headers)));
    expect((await importProducts(ADMIN, rows)).ok).toBe(true);
    const [webcam] = await database.db.select().from(products).where(eq(products.name, "Webcam HD"));
    expect(await whoOf(webcam!.id)).toMatchObject([{ price: "25000.00", actor: ADMIN.email, source: "csv" }]);

    // Through the background job, as the admin's import screen does: Vitec's own CSV and a
    // Tiendanube export (tests/fixtures/imports).
    const files = [
      ["vitec.csv", new TextEncoder().encode("Nombre,Precio,Stock\nWebcam 4K,55000,1\n"), "csv"],
      [
        "tiendanube-productos.csv",
        readFileSync("tests/fixtures/imports/tiendanube-productos.csv"),
        "import:tiendanube",
      ],
    ] as const;
    for (const [name, bytes, source] of files) {
      const { headers, data } = splitHeader(parseCsvText(decodeCsvBytes(bytes).text));
      const plan = planImport({ fileName: name, headers, data, mapping: null }, autoMatchColumns(headers));
      const [start] = await queryRows<{ ms: number }>(
        sql`select floor(extract(epoch from clock_timestamp()) * 1000)::float8 as ms`,
      );
      await queueImport(ADMIN, name, plan);
      expect(await runQueuedImports()).toBe(1);
      const written = await database.db
        .select({ actor: priceHistory.actor, source: priceHistory.source })
        .from(priceHistory)
        .where(gte(priceHistory.changedAt, new Date(Number(start!.ms))));
      expect(written.length).toBeGreaterThanOrEqual(plan.products.length);
      expect(new Set(written.map((r) => `${r.actor} ${r.source}`))).toEqual(new Set([`${ADMIN.email} ${source}`]));
    }
  });

  it("a save on the admin's products screen: the signed-in clerk's e-mail, on creating and on changing the price", async () => {
    await signedInAdmin(); // another clerk, signed in too: the history names the one who saved
    const clerk = await signedInAdmin();
    const save = async (product: Record<string, unknown>) => {
      const request = new Request("http://localhost/admin/productos", {
        method: "POST",
        body: JSON.stringify({ intent: "save", product }),
        headers: { cookie: clerk.cookie, "Content-Type": "application/json" },
      });
      const answer = await outcome(() => productsAction(args(request) as never));
      expect(answer.status).toBe(200);
    };
    const values = { ...emptyProductForm(), name: "Parlante Actor", price: "70000", stock: "2" };
    await save(values);
    const [created] = await database.db.select().from(products).where(eq(products.name, "Parlante Actor"));
    await save({ ...values, id: created!.id, slug: created!.slug, price: "65000", sale_price: "60000" });
    const rows = await whoOf(created!.id);
    expect(rows.map((r) => [r.price, r.actor, r.source])).toEqual([
      ["70000.00", clerk.email, "admin"],
      ["65000.00", clerk.email, "admin"],
    ]);
  });

  it("a duplicate: the staff member, 'duplicate'", async () => {
    const original = await insertProduct({ name: "Router", price: "40000.00" });
    const copy = await duplicateProduct(ADMIN, original.id, 1767225600000);
    expect(await whoOf(copy!.id)).toMatchObject([{ price: "40000.00", actor: ADMIN.email, source: "duplicate" }]);
  });
});

describe("the reference period in Configuración", () => {
  it("a sale backed by 20 days of history shows no antes with 30 days, and shows it once staff set 15", async () => {
    const product = await insertProduct({ name: "Smartwatch", price: "120000.00" });
    await age(product.id, 20);
    await database.db.update(products).set({ salePrice: "99000.00" }).where(eq(products.id, product.id));
    expect((await storefrontProduct(product.id)).antes).toBe(false);
    await saveSetting("price_reference", { days: 15 });
    try {
      expect((await storefrontProduct(product.id)).antes).toBe(true);
    } finally {
      await saveSetting("price_reference", { days: 30 });
    }
  });
});
