import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { productVariants, products } from "~/db/schema/catalog";
import { parseCsvText, splitHeader } from "~/domain/csv";
import { fieldErrors, dottedPath } from "~/domain/field-errors";
import { buildExportCsv } from "~/domain/product-export";
import { autoMatchColumns, mapRows, validateImportRows } from "~/domain/product-import";
import { listProductsForExport } from "~/models/admin-product-export.server";
import { importProducts } from "~/models/admin-product-import.server";
import { getAdminProduct } from "~/models/admin-product-list.server";
import { saveProduct } from "~/models/admin-product-save.server";
import { createUser } from "~/models/user.server";
import { ProductFormSchema } from "~/schemas/product-form";
import { emptyProductForm, productToForm } from "~/schemas/product-form-state";
import { setupTestDatabase } from "../setup/db";

// [21/25] A product's packed weight and size for the carriers, with a variant's own override: typed
// in the product dialog, exported and imported by CSV, refused with the field or the row named.

const t = setupTestDatabase();
let ADMIN: { id: string; email: string };

beforeAll(async () => {
  const user = await createUser({ email: "envios@vitec.com.ar", password: "clave-de-admin-1", fullName: "Envíos" });
  ADMIN = { id: user.id, email: user.email };
});

function readCsv(csv: string) {
  const { headers, data } = splitHeader(parseCsvText(csv));
  return validateImportRows(mapRows(data, autoMatchColumns(headers)));
}

const boxOf = async (slug: string) => {
  const [row] = await t.db
    .select({
      id: products.id,
      weightGrams: products.weightGrams,
      lengthCm: products.lengthCm,
      widthCm: products.widthCm,
      heightCm: products.heightCm,
    })
    .from(products)
    .where(eq(products.slug, slug));
  return row!;
};

describe("weight and size in the product dialog", () => {
  it("saves the product's box and a variant's own weight, and shows them back as typed", async () => {
    const values = {
      ...emptyProductForm(),
      name: "Monitor Samsung 24",
      price: "250000",
      stock: "3",
      weight_grams: "4200",
      length_cm: "60,5",
      width_cm: "40",
      height_cm: "12.25",
      meta: {
        ...emptyProductForm().meta,
        option_groups: [
          {
            key: "g",
            title: "Base",
            options: [
              { key: "a", name: "Fija", price: "", image_url: "" },
              { key: "b", name: "Regulable", price: "", image_url: "" },
            ],
          },
        ],
      },
    };
    const base = { sku: "", price: "", sale_price: "", stock: "1", image_url: "", gtin: "", mpn: "" };
    values.variants = [
      {
        ...base,
        key: "1",
        options: [{ group: "Base", option: "Fija" }],
        weight_grams: "",
        length_cm: "",
        width_cm: "",
        height_cm: "",
      },
      {
        ...base,
        key: "2",
        options: [{ group: "Base", option: "Regulable" }],
        weight_grams: "5100",
        length_cm: "",
        width_cm: "",
        height_cm: "30",
      },
    ];
    const parsed = ProductFormSchema.safeParse(values);
    expect(parsed.success).toBe(true);
    const saved = await saveProduct(ADMIN, parsed.data!);
    const product = await getAdminProduct((saved as { id: string }).id);
    expect(product).toMatchObject({ weightGrams: 4200, lengthCm: 60.5, widthCm: 40, heightCm: 12.3 });
    expect(product!.variants.map((v) => [v.weightGrams, v.heightCm])).toEqual([
      [null, null],
      [5100, 30],
    ]);
    const form = productToForm(product!);
    expect([form.weight_grams, form.length_cm, form.height_cm]).toEqual(["4200", "60,5", "12,3"]);
    expect(form.variants[1]).toMatchObject({ weight_grams: "5100", length_cm: "", height_cm: "30" });
  });

  it("says beside each field what the carriers' data needs", () => {
    const parsed = ProductFormSchema.safeParse({
      ...emptyProductForm(),
      name: "Cable HDMI",
      price: "5000",
      stock: "1",
      weight_grams: "0,5",
      length_cm: "0",
      width_cm: "abc",
      height_cm: "2000",
    });
    expect(parsed.success ? {} : fieldErrors(parsed.error, dottedPath)).toEqual({
      weight_grams: "El peso (g) va en gramos enteros.",
      length_cm: "El largo (cm) debe ser mayor que 0.",
      width_cm: "El ancho (cm) «abc» no es un número.",
      height_cm: "El alto (cm) admite hasta 1000 cm.",
    });
  });
});

describe("weight and size in the product CSV", () => {
  it("exports the columns and imports them back, a variant's beside its product's", async () => {
    const csv = [
      "name;price;stock;slug;weight_grams;length_cm;width_cm;height_cm;variant_options;variant_stock;variant_weight_grams;variant_height_cm",
      "Parlante JBL;80000;;parlante-jbl;900;20;10,5;10;Color: Negro;2;;",
      ";;;parlante-jbl;;;;;Color: Rojo;1;1100;12,5",
      "Router TP-Link;30000;5;router-tp;450;25;18;4;;;;",
    ].join("\n");
    const read = readCsv(csv);
    expect(read.errors).toEqual([]);
    expect(await importProducts(ADMIN, read.products)).toMatchObject({ ok: true, created: 2 });
    expect(await boxOf("parlante-jbl")).toMatchObject({ weightGrams: 900, lengthCm: 20, widthCm: 10.5, heightCm: 10 });
    const { id } = await boxOf("parlante-jbl");
    const variants = await t.db
      .select({
        sku: productVariants.sku,
        weightGrams: productVariants.weightGrams,
        heightCm: productVariants.heightCm,
      })
      .from(productVariants)
      .where(eq(productVariants.productId, id))
      .orderBy(productVariants.position);
    expect(variants.map((v) => [v.weightGrams, v.heightCm])).toEqual([
      [null, null],
      [1100, 12.5],
    ]);

    // The export writes them the Argentine way; importing it again changes nothing.
    const exported = buildExportCsv(await listProductsForExport());
    const lines = exported.replace(/^\uFEFF/, "").split("\r\n");
    const header = lines[0]!.split(";");
    const router = lines.find((l) => l.includes("router-tp"))!.split(";");
    expect(router[header.indexOf("weight_grams")]).toBe("450");
    expect(router[header.indexOf("length_cm")]).toBe("25");
    const red = lines.find((l) => l.includes("Color: Rojo"))!.split(";");
    expect(red[header.indexOf("variant_height_cm")]).toBe("12,5");
    const again = readCsv(exported);
    expect(again.errors).toEqual([]);
    expect(await importProducts(ADMIN, again.products)).toMatchObject({ ok: true, updated: 0 });

    // A file without those columns leaves the stored weight and size as they are.
    const plain = readCsv("name;price;stock;slug\nRouter TP-Link;31000;5;router-tp");
    expect(await importProducts(ADMIN, plain.products)).toMatchObject({ ok: true, updated: 1 });
    expect(await boxOf("router-tp")).toMatchObject({ weightGrams: 450, lengthCm: 25 });
  });

  it("names the row and the column of a weight or size the carriers cannot take", () => {
    const read = readCsv(
      [
        "name;price;stock;slug;weight_grams;length_cm;variant_options;variant_weight_grams",
        "Teclado;10000;1;teclado;1,5;;;",
        "Mouse;8000;1;mouse;100;0;;",
        "Auriculares;20000;;auris;200;15;Color: Negro;",
        ";;;auris;;;Color: Blanco;-4",
      ].join("\n"),
    );
    expect(read.errors.map((e) => e.message)).toEqual([
      "Fila 2: el peso (g) va en gramos enteros.",
      "Fila 3: el largo (cm) debe ser mayor que 0.",
      "Fila 4: el producto no se importa porque una de sus variantes tiene errores.",
      "Fila 5: el peso (g) «-4» no es un número (de la variante).",
    ]);
  });
});
