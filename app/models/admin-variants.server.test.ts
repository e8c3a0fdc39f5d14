import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { productVariants, products } from "~/db/schema/catalog";
import { ProductFormSchema } from "~/schemas/product-form";
import { emptyProductForm, productToForm } from "~/schemas/product-form-state";
import { setupTestDatabase } from "../../tests/setup/db";
import { insertProduct } from "../../tests/setup/factories";
import { duplicateProduct } from "./admin-product-duplicate.server";
import { getAdminProduct, listAdminProducts } from "./admin-product-list.server";
import { saveProduct } from "./admin-product-save.server";
import { getDashboardStats, listLowStockProducts } from "./dashboard.server";
import { parseProductListQuery } from "~/schemas/product-list-query";
import { createUser } from "./user.server";
import { fieldErrors, dottedPath } from "~/domain/field-errors";

// The admin's Opciones tab saves the variant table ([14/15]): what the server keeps of it.

const t = setupTestDatabase();
let ADMIN: { id: string; email: string };
beforeAll(async () => {
  const user = await createUser({ email: "variantes@vitec.com.ar", password: "clave-de-admin-1", fullName: "Stock" });
  ADMIN = { id: user.id, email: user.email };
});

const ram = (names: string[]) => ({
  key: "g1",
  title: "Memoria RAM",
  options: names.map((name, i) => ({ key: `o${i}`, name, price: "", image_url: "" })),
});

type Row = { ram: string; sku?: string; stock: string; price?: string; sale_price?: string };

function form(name: string, sku: string, groups: ReturnType<typeof ram>[], rows: Row[]) {
  const values = emptyProductForm();
  return {
    ...values,
    name,
    sku,
    price: "900000",
    stock: "",
    meta: { ...values.meta, option_groups: groups },
    variants: rows.map((r, i) => ({
      key: `v${i}`,
      options: [{ group: "Memoria RAM", option: r.ram }],
      sku: r.sku ?? "",
      price: r.price ?? "",
      sale_price: r.sale_price ?? "",
      stock: r.stock,
      image_url: "",
    })),
  };
}

async function save(values: ReturnType<typeof form>) {
  const parsed = ProductFormSchema.safeParse(values);
  if (!parsed.success) return { ok: false as const, errors: fieldErrors(parsed.error, dottedPath) };
  return saveProduct(ADMIN, parsed.data);
}

const variantRows = (productId: string) =>
  t.db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position));

const stockOf = async (id: string) =>
  (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

describe("saving a product's variants", () => {
  it("keeps each variant's SKU, prices and stock; the product's stock is their total", async () => {
    const result = await save(
      form(
        "Notebook Variantes",
        "NB-VAR",
        [ram(["8GB", "16GB"])],
        [
          { ram: "8GB", stock: "7" },
          { ram: "16GB", stock: "3", sku: "NB-VAR-16", price: "990000", sale_price: "950000" },
        ],
      ),
    );
    expect(result.ok).toBe(true);
    const id = (result as { id: string }).id;
    const rows = await variantRows(id);
    expect(rows.map((r) => [r.options[0]!.option, r.sku, r.price, r.salePrice, r.stock])).toEqual([
      ["8GB", "NB-VAR-8gb", null, null, 7],
      ["16GB", "NB-VAR-16", "990000.00", "950000.00", 3],
    ]);
    expect(await stockOf(id)).toBe(10);

    // The dialog opens with them, and saving it unchanged changes nothing.
    const product = (await getAdminProduct(id))!;
    const again = productToForm(product);
    expect(again.variants.map((v) => [v.sku, v.stock])).toEqual([
      ["NB-VAR-8gb", "7"],
      ["NB-VAR-16", "3"],
    ]);
    expect((await save(again as ReturnType<typeof form>)).ok).toBe(true);
    const after = await variantRows(id);
    expect(after.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(await stockOf(id)).toBe(10);

    // An option added comes with stock 0; one removed takes its variant (and its units) away.
    await save({
      ...again,
      meta: { ...again.meta, option_groups: [ram(["16GB", "32GB"])] },
      variants: [again.variants[1]!],
    } as ReturnType<typeof form>);
    const changed = await variantRows(id);
    expect(changed.map((r) => [r.options[0]!.option, r.stock])).toEqual([
      ["16GB", 3],
      ["32GB", 0],
    ]);
    expect(changed[0]!.id).toBe(rows[1]!.id);
    expect(await stockOf(id)).toBe(3);

    // Without option groups the product keeps a stock of its own again.
    await save({ ...again, meta: { ...again.meta, option_groups: [] }, variants: [], stock: "12" } as ReturnType<
      typeof form
    >);
    expect(await variantRows(id)).toEqual([]);
    expect(await stockOf(id)).toBe(12);
  });

  it("keeps each variant's own GTIN and MPN, and refuses a mistyped GTIN naming its row", async () => {
    const values = form(
      "Mouse Variantes",
      "MS-VAR",
      [ram(["8GB", "16GB"])],
      [
        { ram: "8GB", stock: "1" },
        { ram: "16GB", stock: "1" },
      ],
    );
    values.variants[0] = { ...values.variants[0]!, gtin: "5099206027299", mpn: "910-004940" } as never;
    const result = await save(values);
    expect(result.ok).toBe(true);
    const id = (result as { id: string }).id;
    expect((await variantRows(id)).map((r) => [r.gtin, r.mpn])).toEqual([
      ["5099206027299", "910-004940"],
      [null, null],
    ]);
    const again = productToForm((await getAdminProduct(id))!);
    expect(again.variants.map((v) => [v.gtin, v.mpn])).toEqual([
      ["5099206027299", "910-004940"],
      ["", ""],
    ]);
    again.variants[1] = { ...again.variants[1]!, gtin: "123" };
    expect(await save(again as ReturnType<typeof form>)).toEqual({
      ok: false,
      errors: { "variants.1.gtin": "El GTIN «123» debe tener 8, 12, 13 o 14 dígitos (EAN/UPC)." },
    });
  });

  it("refuses an SKU another product or variant uses, or repeated in the product, naming the row", async () => {
    await insertProduct({ name: "Otro", sku: "OCUPADO" });
    const result = await save(
      form(
        "Monitor Variantes",
        "MON-VAR",
        [ram(["A", "B", "C"])],
        [
          { ram: "A", stock: "1", sku: "OCUPADO" },
          { ram: "B", stock: "1", sku: "MON-X" },
          { ram: "C", stock: "1", sku: "MON-X" },
        ],
      ),
    );
    expect(result).toMatchObject({
      ok: false,
      errors: {
        "variants.0.sku": "El SKU «OCUPADO» ya lo usa otro producto.",
        "variants.2.sku": "El SKU «MON-X» está repetido en otra variante.",
      },
    });
  });

  it("refuses repeated option names and group titles", async () => {
    const result = await save(form("Repetido", "REP", [ram(["8GB", "8GB"])], []));
    expect(result).toMatchObject({
      ok: false,
      errors: { "meta.option_groups.0.options.1.name": "Ya hay una opción con ese nombre en este grupo." },
    });
  });

  it("copies the variants with new SKUs when the product is duplicated", async () => {
    const original = await insertProduct({
      name: "Mochila",
      variantStock: [2, 5],
      meta: { option_groups: [{ title: "Color", options: [{ name: "Negro" }, { name: "Azul" }] }] },
    });
    const copy = (await duplicateProduct(ADMIN, original.id))!;
    const rows = await variantRows(copy.id);
    expect(rows.map((r) => [r.options[0]!.option, r.stock])).toEqual([
      ["Negro", 2],
      ["Azul", 5],
    ]);
    const originalSkus = (await variantRows(original.id)).map((r) => r.sku);
    expect(rows.some((r) => originalSkus.includes(r.sku))).toBe(false);
  });
});

describe("low stock counts variants", () => {
  it("badges a product whose total is fine but one variant is low, and lists that variant on the dashboard", async () => {
    const before = (await getDashboardStats()).lowStock;
    const product = await insertProduct({
      name: "Auriculares Variantes",
      variantStock: [40, 2],
      meta: { option_groups: [{ title: "Color", options: [{ name: "Rojo" }, { name: "Gris" }] }] },
    });
    const page = await listAdminProducts(parseProductListQuery(new URLSearchParams("stock=low&q=Auriculares")));
    expect(page.items.map((p) => [p.name, p.stock, p.lowVariants])).toEqual([["Auriculares Variantes", 42, 1]]);
    expect((await getDashboardStats()).lowStock).toBe(before + 1);
    const low = await listLowStockProducts(50);
    expect(low.filter((l) => l.id === product.id).map((l) => [l.name, l.stock])).toEqual([
      ["Auriculares Variantes (Color: Gris)", 2],
    ]);
  });
});
