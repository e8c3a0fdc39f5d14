import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { categories, productRelations, products } from "~/db/schema/catalog";
import {
  IMPORT_FIELDS,
  type ImportProduct,
  autoMatchColumns,
  mapRows,
  validateImportRows,
} from "~/domain/product-import";
import { buildExportCsv } from "~/domain/product-export";
import { parseCsvText, splitHeader } from "~/domain/csv";
import { SLUG_MAX_LENGTH } from "~/domain/slug";
import { ProductFormSchema, tabOfError } from "~/schemas/product-form";
import { emptyProductForm, productToForm } from "~/schemas/product-form-state";
import { parseProductListQuery } from "~/schemas/product-list-query";
import { setupTestDatabase } from "../../tests/setup/db";
import { insertCategory, insertProduct } from "../../tests/setup/factories";
import { deleteProducts } from "./admin-product-delete.server";
import { duplicateProduct } from "./admin-product-duplicate.server";
import { listProductsForExport } from "./admin-product-export.server";
import { importProducts } from "./admin-product-import.server";
import { getAdminProduct, listAdminProducts, searchProductsForRelation } from "./admin-product-list.server";
import { saveProduct } from "./admin-product-save.server";
import { createUser } from "./user.server";
import { fieldErrors, dottedPath } from "~/domain/field-errors";

const database = setupTestDatabase();

// The admin these changes are made by (the audit log records who).
let ADMIN: { id: string; email: string };
beforeAll(async () => {
  const user = await createUser({ email: "catalogo@vitec.com.ar", password: "clave-de-admin-1", fullName: "Catálogo" });
  ADMIN = { id: user.id, email: user.email };
});

async function wipe() {
  await database.db.delete(products);
  await database.db.delete(categories);
}

const list = async (q: string) => listAdminProducts(parseProductListQuery(new URLSearchParams(q)));
const names = async (q: string) => (await list(q)).items.map((p) => p.name);

function form(overrides: Partial<ReturnType<typeof emptyProductForm>> = {}) {
  return { ...emptyProductForm(), name: "Mouse Logitech", price: "15000", stock: "4", ...overrides };
}

function parseForm(values: ReturnType<typeof emptyProductForm>) {
  const parsed = ProductFormSchema.safeParse(values);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

function importRow(row: number, product: Partial<ImportProduct> & { name: string }) {
  return {
    row,
    product: {
      price: 1000,
      salePrice: null,
      stock: 1,
      description: null,
      imageUrl: null,
      categoryName: null,
      sku: null,
      status: "published" as const,
      isFeatured: false,
      meta: {},
      ivaRate: 21 as const,
      brand: null,
      gtin: null,
      mpn: null,
      slug: null,
      variants: [],
      ...product,
    },
  };
}

describe("the admin product list", () => {
  beforeEach(async () => {
    await wipe();
    await insertCategory({ id: "pcol_MOUSE", name: "Mouse" });
    await insertCategory({ id: "pcol_TECLADOS", name: "Teclados" });
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    await insertProduct({
      name: "Mouse óptico",
      sku: "MO-1",
      price: "5000",
      stock: 0,
      categoryId: "pcol_MOUSE",
      createdAt: day(1),
    });
    await insertProduct({
      name: "Teclado mecánico",
      sku: "TK-9",
      price: "30000",
      stock: 25,
      categoryId: "pcol_TECLADOS",
      createdAt: day(2),
    });
    await insertProduct({ name: "Borrador", sku: "BR-2", price: null, stock: 5, status: "draft", createdAt: day(3) });
  });

  it("shows the newest first by default, with the category name and the exact count", async () => {
    const page = await list("");
    expect(page.items.map((p) => [p.name, p.categoryName])).toEqual([
      ["Borrador", null],
      ["Teclado mecánico", "Teclados"],
      ["Mouse óptico", "Mouse"],
    ]);
    expect(page).toMatchObject({ total: 3, page: 1, pageCount: 1, size: 10 });
  });

  it("searches by name (accents ignored) or SKU", async () => {
    expect(await names("q=optico")).toEqual(["Mouse óptico"]);
    expect(await names("q=tk-")).toEqual(["Teclado mecánico"]);
    expect(await names("q=100%25")).toEqual([]);
  });

  it("filters by category (or none), status and stock", async () => {
    expect(await names("category=pcol_MOUSE")).toEqual(["Mouse óptico"]);
    expect(await names("category=none")).toEqual(["Borrador"]);
    expect(await names("status=draft")).toEqual(["Borrador"]);
    expect(await names("stock=out")).toEqual(["Mouse óptico"]);
    expect(await names("stock=low")).toEqual(["Borrador", "Mouse óptico"]);
    expect(await names("stock=in&status=published")).toEqual(["Teclado mecánico"]);
  });

  it("sorts by any column both ways (missing values last)", async () => {
    expect(await names("sort=price&dir=asc")).toEqual(["Mouse óptico", "Teclado mecánico", "Borrador"]);
    expect(await names("sort=price&dir=desc")).toEqual(["Teclado mecánico", "Mouse óptico", "Borrador"]);
    expect(await names("sort=name&dir=asc")).toEqual(["Borrador", "Mouse óptico", "Teclado mecánico"]);
    expect(await names("sort=category&dir=asc")).toEqual(["Mouse óptico", "Teclado mecánico", "Borrador"]);
  });

  it("pages with sizes 10 to 50 and keeps the page within range", async () => {
    for (let i = 0; i < 22; i++) await insertProduct({ name: `Extra ${String(i).padStart(2, "0")}` });
    const second = await list("size=20&page=2&sort=name&dir=asc");
    expect(second).toMatchObject({ total: 25, page: 2, pageCount: 2, size: 20 });
    expect(second.items).toHaveLength(5);
    expect((await list("size=20&page=9")).page).toBe(2);
    expect((await list("size=7")).size).toBe(10);
  });

  it("finds products to relate, without the product itself", async () => {
    const [mouse] = await database.db.select().from(products).where(eq(products.sku, "MO-1"));
    expect((await searchProductsForRelation("mouse", null)).map((p) => p.name)).toEqual(["Mouse óptico"]);
    expect(await searchProductsForRelation("mouse", mouse!.id)).toEqual([]);
  });
});

describe("saving a product", () => {
  beforeEach(wipe);

  it("creates a draft with the spec's rules: slug from the name, empty price null, empty stock 0, description cut, IVA 21", async () => {
    const input = parseForm(
      form({ name: "Cámara Web HD", price: "", stock: "", status: "draft", description: "d".repeat(300) }),
    );
    const result = await saveProduct(ADMIN, input);
    expect(result.ok).toBe(true);
    const saved = await getAdminProduct((result as { id: string }).id);
    expect(saved).toMatchObject({
      name: "Cámara Web HD",
      slug: "camara-web-hd",
      price: null,
      stock: 0,
      status: "draft",
      ivaRate: 21,
    });
    expect(saved!.description).toHaveLength(250);
  });

  it("publishes only with a price above 0 and a stock (errors go to the Detalles tab)", () => {
    const errors = (values: Partial<ReturnType<typeof emptyProductForm>>) => {
      const parsed = ProductFormSchema.safeParse(form(values));
      return parsed.success ? {} : fieldErrors(parsed.error, dottedPath);
    };
    expect(errors({ price: "", stock: "" })).toEqual({
      price: "Ingresá el precio: es obligatorio para publicar el producto.",
      stock: "Ingresá el stock: es obligatorio para publicar el producto.",
    });
    expect(errors({ price: "0" })).toEqual({ price: "El precio debe ser mayor que 0 para publicar el producto." });
    expect(errors({ price: "0,00", stock: "0" })).toEqual({
      price: "El precio debe ser mayor que 0 para publicar el producto.",
    });
    expect(errors({ stock: "-1" })).toEqual({ stock: "El stock no puede ser negativo." });
    expect(errors({ stock: "1.5", status: "draft" })).toEqual({ stock: "El stock debe ser un número entero." });
    // Stock 0 is a published product without stock; a draft needs neither price nor stock.
    expect(errors({ stock: "0" })).toEqual({});
    expect(errors({ price: "", stock: "", status: "draft" })).toEqual({});
    expect(tabOfError("price")).toBe("detalles");
    expect(tabOfError("stock")).toBe("detalles");
  });

  it("saves the IVA rate (21 or 10.5) and refuses any other", async () => {
    const result = await saveProduct(ADMIN, parseForm(form({ iva_rate: "10.5" })));
    const saved = await getAdminProduct((result as { id: string }).id);
    expect(saved!.ivaRate).toBe(10.5);
    expect(productToForm(saved!).iva_rate).toBe("10.5");
    const id = (result as { id: string }).id;
    await saveProduct(ADMIN, parseForm(form({ id, slug: saved!.slug, iva_rate: "21" })));
    expect((await getAdminProduct(id))!.ivaRate).toBe(21);
    const parsed = ProductFormSchema.safeParse(form({ iva_rate: "27" }));
    expect(parsed.success ? {} : fieldErrors(parsed.error, dottedPath)).toEqual({
      iva_rate: "Elegí una alícuota de IVA válida (21 % o 10,5 %).",
    });
  });

  it("saves the brand, GTIN and MPN the feeds send, and refuses a mistyped GTIN", async () => {
    const result = await saveProduct(
      ADMIN,
      parseForm(form({ brand: " Logitech ", gtin: "5099206 027299", mpn: "910-004940" })),
    );
    const saved = await getAdminProduct((result as { id: string }).id);
    expect([saved!.brand, saved!.gtin, saved!.mpn]).toEqual(["Logitech", "5099206027299", "910-004940"]);
    expect(productToForm(saved!)).toMatchObject({ brand: "Logitech", gtin: "5099206027299", mpn: "910-004940" });
    const parsed = ProductFormSchema.safeParse(form({ gtin: "5099206027298" }));
    expect(parsed.success ? {} : fieldErrors(parsed.error, dottedPath)).toEqual({
      gtin: "El GTIN «5099206027298» no es válido: revisá los dígitos (el último no coincide).",
    });
  });

  it("sanitizes description_html and every extra_info value", async () => {
    const values = form();
    values.meta.description_html =
      '<p onclick="robar()">Hola<script>alert(1)</script> <a href="javascript:alert(1)">x</a></p>';
    values.meta.extra_info = [
      { key: "a", label: "Garantía", value: '<p style="text-align:center">1 año</p><img src="x" onerror="alert(1)">' },
    ];
    const result = await saveProduct(ADMIN, parseForm(values));
    const saved = await getAdminProduct((result as { id: string }).id);
    expect(saved!.meta.description_html).toBe("<p>Hola <a>x</a></p>");
    expect(saved!.meta.extra_info).toEqual({ Garantía: '<p style="text-align:center">1 año</p><img src="x" />' });
  });

  it("replaces the relations on save", async () => {
    const a = await insertProduct({ name: "A" });
    const b = await insertProduct({ name: "B" });
    const c = await insertProduct({ name: "C" });
    const created = await saveProduct(
      ADMIN,
      parseForm(
        form({
          related: [
            { id: a.id, name: "A" },
            { id: b.id, name: "B" },
          ],
        }),
      ),
    );
    const id = (created as { id: string }).id;
    expect((await getAdminProduct(id))!.related.map((r) => r.name)).toEqual(["A", "B"]);

    const edit = form({
      id,
      related: [
        { id: c.id, name: "C" },
        { id, name: "itself" },
      ],
    });
    expect((await saveProduct(ADMIN, parseForm(edit))).ok).toBe(true);
    expect((await getAdminProduct(id))!.related.map((r) => r.name)).toEqual(["C"]);
    const rows = await database.db.select().from(productRelations).where(eq(productRelations.productId, id));
    expect(rows).toHaveLength(1);
  });

  it("refuses a slug or SKU that another product uses, and writes nothing", async () => {
    await insertProduct({ name: "Existente", slug: "mouse-logitech", sku: "ML-1" });
    const result = await saveProduct(ADMIN, parseForm(form({ sku: "ML-1" })));
    expect(result).toEqual({
      ok: false,
      status: 409,
      errors: { slug: "Ya existe otro producto con ese slug.", sku: "Ya existe otro producto con ese SKU." },
    });
    expect(await database.db.select().from(products)).toHaveLength(1);
  });

  it("validates the form in Spanish", () => {
    const parsed = ProductFormSchema.safeParse(form({ name: " ", price: "10,123", sale_price: "12.5", stock: "2.5" }));
    expect(parsed.success).toBe(false);
    const messages = Object.fromEntries(parsed.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages).toMatchObject({
      name: "Ingresá el nombre del producto.",
      price: "El precio: «10,123» tiene 3 decimales; un importe lleva hasta 2 (centavos).",
      sale_price: "El precio de oferta: usá coma para los decimales: 12,5.",
      stock: "El stock debe ser un número entero.",
    });
  });
});

describe("duplicating and deleting", () => {
  beforeEach(wipe);

  it("duplicates as a draft with -copia-{timestamp}, at most 255 characters, same relations, no SKU", async () => {
    const related = await insertProduct({ name: "Relacionado" });
    const original = await insertProduct({
      name: "Original",
      slug: "s".repeat(SLUG_MAX_LENGTH),
      sku: "ORIG",
      status: "published",
      ivaRate: 10.5,
    });
    await database.db.insert(productRelations).values({ productId: original.id, relatedProductId: related.id });
    const copy = await duplicateProduct(ADMIN, original.id, 1767225600000);
    expect(copy!.slug).toHaveLength(SLUG_MAX_LENGTH);
    expect(copy!.slug.endsWith("-copia-1767225600000")).toBe(true);
    const saved = await getAdminProduct(copy!.id);
    expect(saved).toMatchObject({
      name: "Original (copia)",
      status: "draft",
      sku: null,
      price: original.price,
      ivaRate: 10.5,
    });
    expect(saved!.related.map((r) => r.name)).toEqual(["Relacionado"]);
    expect(await duplicateProduct(ADMIN, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it("deletes one or many products", async () => {
    const a = await insertProduct({ name: "A" });
    const b = await insertProduct({ name: "B" });
    const c = await insertProduct({ name: "C" });
    expect(await deleteProducts(ADMIN, [a.id])).toBe(1);
    expect(await deleteProducts(ADMIN, [b.id, c.id])).toBe(2);
    expect(await database.db.select().from(products)).toHaveLength(0);
  });
});

describe("CSV import and export", () => {
  beforeEach(wipe);

  it("imports valid rows, creates unknown categories and matches known ones by name", async () => {
    await insertCategory({ id: "pcol_MOUSE", name: "Mouse" });
    const result = await importProducts(ADMIN, [
      importRow(2, { name: "Mouse inalámbrico", categoryName: "mouse", sku: "MI-1" }),
      importRow(3, { name: "Auriculares", categoryName: "Audio" }),
      importRow(4, {
        name: "Auriculares",
        categoryName: "AUDIO",
        status: "draft",
        meta: { price_legend: "IVA incluido", reviews: "no" },
      }),
    ]);
    expect(result).toEqual({ ok: true, imported: 3, created: 3, updated: 0, unchanged: 0, categoriesCreated: 1 });
    const rows = await listProductsForExport();
    expect(rows.map((r) => [r.name, r.categoryName, r.status])).toEqual([
      ["Mouse inalámbrico", "Mouse", "published"],
      ["Auriculares", "Audio", "published"],
      ["Auriculares", "Audio", "draft"],
    ]);
    // Same names get distinct slugs; a meta field of the wrong shape is dropped, not the row.
    const slugs = (await database.db.select({ slug: products.slug }).from(products)).map((r) => r.slug).sort();
    expect(slugs).toEqual(["auriculares", "auriculares-2", "mouse-inalambrico"]);
    expect(rows[2]!.meta).toEqual({ price_legend: "IVA incluido" });
  });

  it("imports nothing when a row breaks a rule of the database mid-way, and names the row", async () => {
    await insertProduct({ name: "Existente", sku: "DUP-1" });
    const rows = Array.from({ length: 10 }, (_, i) =>
      importRow(i + 2, { name: `Producto ${i}`, sku: i === 5 ? "DUP-1" : `OK-${i}`, categoryName: "Nueva" }),
    );
    const result = await importProducts(ADMIN, rows);
    expect(result).toEqual({ ok: false, row: 7, message: "Fila 7: ya existe un producto con el SKU «DUP-1»." });
    expect(await database.db.select().from(products)).toHaveLength(1);
    // The category it would have created is rolled back too.
    expect(await database.db.select().from(categories)).toHaveLength(0);
  });

  it("imports nothing when a SKU repeats inside the file", async () => {
    const result = await importProducts(ADMIN, [
      importRow(2, { name: "A", sku: "X" }),
      importRow(3, { name: "B", sku: "Y" }),
      importRow(4, { name: "C", sku: "X" }),
    ]);
    expect(result).toEqual({
      ok: false,
      row: 4,
      message: "Fila 4: el SKU «X» está repetido (también está en la fila 2).",
    });
    expect(await database.db.select().from(products)).toHaveLength(0);
  });

  it("rolls back every batch when a later batch fails a database check", async () => {
    const rows = Array.from({ length: 700 }, (_, i) => importRow(i + 2, { name: `Lote ${i}` }));
    rows[650] = importRow(652, { name: "Stock imposible", stock: -1 });
    const result = await importProducts(ADMIN, rows);
    expect(result).toMatchObject({ ok: false, row: 652 });
    expect((result as { message: string }).message).toMatch(/^Fila 652: un valor no cumple las reglas del catálogo/);
    expect(await database.db.select().from(products)).toHaveLength(0);
  });

  it("gives the same products after an export and an import (formulas neutralised in the file)", async () => {
    await insertCategory({ id: "pcol_NOTEBOOKS", name: "Notebooks" });
    const values = form({
      name: '=HYPERLINK("http://malo.example","clic")',
      sku: "+SKU-1",
      price: "899.999,99",
      sale_price: "849999",
      stock: "12",
      category_id: "pcol_NOTEBOOKS",
      description: '-descuento; con punto y coma, comas y "comillas"',
      image_url: "/uploads/product-images/1-a.png",
      is_featured: true,
      iva_rate: "10.5",
    });
    values.meta.description_html = "<p><strong>Potente</strong></p>";
    values.meta.option_groups = [
      { key: "g", title: "Memoria", options: [{ key: "o", name: "16 GB", price: "950000", image_url: "" }] },
    ];
    values.meta.financing_plans = [{ key: "f", name: "3 cuotas", interest_rate: "10" }];
    values.meta.reviews = [{ key: "r", author: "Ana", text: "Excelente", rating: 5 }];
    values.meta.videos = ["https://www.youtube.com/watch?v=abc"];
    values.meta.extra_info = [{ key: "e", label: "Garantía", value: "<p>1 año</p>" }];
    values.meta.gallery_images = ["/uploads/product-images/2-b.png"];
    await saveProduct(ADMIN, parseForm(values));
    await saveProduct(ADMIN, parseForm(form({ name: "@Draft sin precio", price: "", status: "draft" })));

    const before = await listProductsForExport();
    const csv = buildExportCsv(before);
    // Formula injection: the cells that start like a formula carry an apostrophe.
    expect(csv).toContain(`"'=HYPERLINK(""http://malo.example"",""clic"")"`);
    expect(csv).toContain("'+SKU-1");
    expect(csv).toContain("'@Draft sin precio");
    expect(csv).not.toMatch(/(^|[;\n])=HYPERLINK/);
    // The IVA rate in es-AR: 10,5 for the notebook, 21 for the draft.
    expect(before.map((p) => p.ivaRate)).toEqual([10.5, 21]);
    const ivaColumn = IMPORT_FIELDS.indexOf("iva_rate");
    expect(csv.split("\r\n").map((line) => line.split(";").at(ivaColumn - IMPORT_FIELDS.length))).toEqual([
      "iva_rate",
      "10,5",
      "21",
    ]);

    await database.db.delete(products);
    const { headers, data } = splitHeader(parseCsvText(csv));
    const { products: valid, errors } = validateImportRows(mapRows(data, autoMatchColumns(headers)));
    expect(errors).toEqual([]);
    expect(await importProducts(ADMIN, valid)).toMatchObject({ ok: true, imported: 2, categoriesCreated: 0 });
    expect(await listProductsForExport()).toEqual(before);
  });
});
