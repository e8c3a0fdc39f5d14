import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { categories, priceHistory, products } from "~/db/schema/catalog";
import { orderItems, orders } from "~/db/schema/orders";
import { auditLog } from "~/db/schema/staff";
import { DEFAULT_EXCHANGE_RATE } from "~/domain/dollar-pricing";
import { repricePegged } from "~/models/dollar-pricing.server";
import { saveProduct } from "~/models/admin-product-save.server";
import { emptyProductForm } from "~/schemas/product-form-state";
import { ProductFormSchema } from "~/schemas/product-form";
import { saveSetting } from "~/models/settings.server";
import { createUser } from "~/models/user.server";
import { action as categoriesAction } from "~/routes/admin/categories";
import { setupTestDatabase } from "../setup/db";
import { args, formRequest, outcome, signedInAdmin } from "../setup/routes";
import { insertCategory, insertOrder, insertProduct } from "../setup/factories";

// [22/25] Prices pegged to the dollar (ADR 0020): a new rate re-prices every pegged product, in
// batches, writing the price history and raising the content version once per batch, and never
// touching the orders already placed.

const database = setupTestDatabase();

let ADMIN: { id: string; email: string };
beforeAll(async () => {
  const user = await createUser({ email: "dolar@vitec.com.ar", password: "clave-de-admin-1", fullName: "Dólar" });
  ADMIN = { id: user.id, email: user.email };
});

const setRate = (rate: number, roundTo: 1 | 10 | 100 | 1000 = 100) =>
  saveSetting("exchange_rate", { ...DEFAULT_EXCHANGE_RATE, rate, roundTo, source: "BNA vendedor", date: "2026-11-26" });

const contentVersion = async () => {
  const [row] = await queryRows<{ version: string }>(sql`select version from content_version where id = 1`);
  return Number(row!.version);
};

const priceOf = async (id: string) => {
  const [row] = await database.db
    .select({ price: products.price, salePrice: products.salePrice })
    .from(products)
    .where(eq(products.id, id));
  return row!;
};

describe("re-pricing pegged products", () => {
  it("uses the product's markup, else its category's (or an ancestor's), keeps a sale's percentage and leaves unpegged products alone", async () => {
    await insertCategory({ id: "cat-informatica", name: "Informática" });
    await database.db.update(categories).set({ markupPercent: 30 }).where(eq(categories.id, "cat-informatica"));
    await insertCategory({ id: "cat-notebooks", name: "Notebooks", parentId: "cat-informatica" });
    const inherited = await insertProduct({ name: "Notebook 14", usdPrice: 1000, categoryId: "cat-notebooks" });
    const own = await insertProduct({ name: "Mouse", usdPrice: 20, markupPercent: 50, categoryId: "cat-notebooks" });
    const onSale = await insertProduct({ name: "Monitor", usdPrice: 200, price: "200000.00", salePrice: "180000.00" });
    const plain = await insertProduct({ name: "Cable", price: "5000.00" });
    await setRate(1000);

    const report = await repricePegged(ADMIN, { productIds: [inherited.id, own.id, onSale.id, plain.id] });

    expect(report).toMatchObject({ changed: 2, unchanged: 1, skipped: [] });
    expect(await priceOf(inherited.id)).toEqual({ price: "1300000.00", salePrice: null });
    expect(await priceOf(own.id)).toEqual({ price: "30000.00", salePrice: null });
    // 10 % off the old 200.000 stays 10 % off the new 200.000 x 1.000 / 1.000 = 200.000: same.
    expect(await priceOf(onSale.id)).toEqual({ price: "200000.00", salePrice: "180000.00" });
    expect(await priceOf(plain.id)).toEqual({ price: "5000.00", salePrice: null });

    await setRate(1500);
    await repricePegged(ADMIN, { productIds: [onSale.id] });
    expect(await priceOf(onSale.id)).toEqual({ price: "300000.00", salePrice: "270000.00" });
  });

  it("a clerk who saves a product with a USD price gets the peso price of the rate, history tagged by the save", async () => {
    await setRate(1000);
    const values = { ...emptyProductForm(), name: "Tablet 10", price: "1", stock: "3", usd_price: "250", markup: "20" };
    const parsed = ProductFormSchema.parse(values);
    const saved = await saveProduct(ADMIN, parsed);
    if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
    const [row] = await database.db
      .select({ price: products.price, usdPrice: products.usdPrice, markup: products.markupPercent })
      .from(products)
      .where(eq(products.id, saved.id));
    expect(row).toEqual({ price: "300000.00", usdPrice: 250, markup: 20 });
    const refused = ProductFormSchema.safeParse({ ...values, usd_price: "0", markup: "2000" });
    expect(refused.success ? [] : refused.error.issues.map((i) => i.message)).toEqual([
      "El precio en dólares debe ser mayor que 0.",
      "El margen admite hasta 1000 %.",
    ]);
  });

  it("names what it skipped: no rate yet, and variants with a price of their own", async () => {
    const product = await insertProduct({
      name: "Auriculares",
      usdPrice: 50,
      meta: { option_groups: [{ title: "Color", options: [{ name: "Negro" }, { name: "Blanco" }] }] },
      variantPrices: [
        { price: "99000.00", salePrice: null },
        { price: null, salePrice: null },
      ],
    });
    await saveSetting("exchange_rate", DEFAULT_EXCHANGE_RATE);
    const none = await repricePegged(ADMIN, { productIds: [product.id] });
    expect(none.skipped).toContainEqual({
      id: product.id,
      name: "Auriculares",
      reason: "No hay cotización del dólar.",
    });
    await setRate(1000);
    const report = await repricePegged(ADMIN, { productIds: [product.id] });
    expect(report.changed).toBe(1);
    expect(report.skipped).toEqual([
      { id: product.id, name: "Auriculares", reason: "1 variante tiene precio propio y no sigue al dólar." },
    ]);
  });

  it("re-prices 10.000 pegged products in batches of 500: one content-version bump per batch, history with who, orders untouched", async () => {
    await database.db.execute(sql`
      insert into products (name, slug, price, usd_price, stock)
      select 'Pegado ' || g, 'pegado-' || g, 1000, 10 + g % 90, 1 from generate_series(1, 10000) g`);
    const sold = await insertProduct({ name: "Vendido", slug: "vendido", usdPrice: 100, price: "100000.00" });
    const orderId = await insertOrder({ subtotal: "100000.00", total: "100000.00" }, [
      { name: "Vendido", quantity: 1, price: "100000.00", productId: sold.id },
    ]);
    await setRate(1234.56, 10);
    const before = await contentVersion();

    const report = await repricePegged(ADMIN);

    const pegged = await database.db.$count(products, sql`${products.usdPrice} is not null`);
    expect(report.batches).toBe(Math.ceil(pegged / 500));
    // Every pegged product is priced; the only notes are the earlier test's variant with its own price.
    expect(report.changed + report.unchanged).toBe(pegged);
    expect(report.skipped.map((s) => s.name)).toEqual(["Auriculares"]);
    expect(report.changed).toBeGreaterThanOrEqual(10_001);
    expect(report.sample.length).toBeGreaterThan(0);
    expect(await contentVersion()).toBe(before + report.batches);

    // USD 100 x 1.234,56 = 123.456 -> to the nearest $ 10: 123.460.
    expect((await priceOf(sold.id)).price).toBe("123460.00");
    const [order] = await database.db.select({ total: orders.total }).from(orders).where(eq(orders.id, orderId));
    const [line] = await database.db
      .select({ price: orderItems.price })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    expect([order!.total, line!.price]).toEqual(["100000.00", "100000.00"]);

    const history = await database.db.$count(
      priceHistory,
      and(eq(priceHistory.source, "repricing"), eq(priceHistory.actor, ADMIN.email)),
    );
    expect(history).toBeGreaterThanOrEqual(report.changed);
    const [audit] = await database.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.action, "product.reprice"))
      .orderBy(sql`${auditLog.createdAt} desc`)
      .limit(1);
    expect(audit!.after).toMatchObject({ cambiados: report.changed });

    // Running again changes nothing and raises nothing.
    const again = await repricePegged(ADMIN);
    expect(again.changed).toBe(0);
    expect(await contentVersion()).toBe(before + report.batches);
  }, 240_000);
});

describe("a category's markup in the category editor", () => {
  it("is saved from the dialog's form, re-prices the category's pegged products (and its subcategories') and says so in the toast", async () => {
    const admin = await signedInAdmin();
    await insertCategory({ id: "cat-audio", name: "Audio" });
    await insertCategory({ id: "cat-parlantes", name: "Parlantes", parentId: "cat-audio" });
    await insertCategory({ id: "cat-otra", name: "Otra" });
    const inherited = await insertProduct({ name: "Parlante grande", usdPrice: 100, categoryId: "cat-parlantes" });
    const own = await insertProduct({ name: "Auricular", usdPrice: 100, markupPercent: 50, categoryId: "cat-audio" });
    const elsewhere = await insertProduct({ name: "Cable USB", usdPrice: 10, categoryId: "cat-otra" });
    await setRate(1000);
    await repricePegged(ADMIN);
    expect((await priceOf(inherited.id)).price).toBe("100000.00");
    const save = (markup: string) =>
      outcome(() =>
        categoriesAction(
          args(
            formRequest(
              "/admin/categorias",
              { intent: "save", id: "cat-audio", name: "Audio", slug: "audio", parent_id: "", markup },
              { cookie: admin.cookie },
            ),
          ) as never,
        ),
      );

    const refused = await save("12.5");
    expect(refused.status).toBe(400);
    expect((refused.body as { errors: Record<string, string> }).errors.markup).toMatch(/^El margen: /);
    expect((await save("1001")).body).toMatchObject({ errors: { markup: "El margen admite hasta 1000 %." } });

    const saved = await save("25,5");
    expect(saved.status).toBe(200);
    const [row] = await database.db.select().from(categories).where(eq(categories.id, "cat-audio"));
    expect(row!.markupPercent).toBe(25.5);
    // 100 USD × 1.000 + 25,5 % = $ 125.500, rounded to $ 125.500; the product with its own markup is left as it is.
    expect((await priceOf(inherited.id)).price).toBe("125500.00");
    expect((await priceOf(own.id)).price).toBe("150000.00");
    expect((await priceOf(elsewhere.id)).price).toBe("10000.00");
    const toast = (saved.body as { toast: { type: string; description: string } }).toast;
    expect(toast.type).toBe("success");
    expect(toast.description.replaceAll("\u00a0", " ")).toContain(
      "1 precio cambiado (Parlante grande: $ 100.000,00 → $ 125.500,00)",
    );
    expect(toast.description).toContain("1 sin cambios");

    // Emptied: back to no markup (no parent), and the prices follow.
    await save("");
    expect((await priceOf(inherited.id)).price).toBe("100000.00");
  });
});
