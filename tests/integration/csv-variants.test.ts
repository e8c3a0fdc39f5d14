import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { productVariants, products } from "~/db/schema/catalog";
import { auditLog } from "~/db/schema/staff";
import { autoMatchColumns, mapRows, validateImportRows } from "~/domain/product-import";
import { buildExportCsv } from "~/domain/product-export";
import { parseCsvText, splitHeader } from "~/domain/csv";
import { listProductsForExport } from "~/models/admin-product-export.server";
import { importProducts } from "~/models/admin-product-import.server";
import { createUser } from "~/models/user.server";
import { setupTestDatabase } from "../setup/db";
import { insertProduct } from "../setup/factories";

// The product CSV with variants ([14/15]): one row per variant, grouped by slug; exporting and
// importing the file again changes nothing; a changed cell changes just that.

const t = setupTestDatabase();
let ADMIN: { id: string; email: string };

beforeAll(async () => {
  const user = await createUser({ email: "csv@vitec.com.ar", password: "clave-de-admin-1", fullName: "CSV" });
  ADMIN = { id: user.id, email: user.email };
  await insertProduct({ name: "Mouse Logitech", sku: "MS-1", stock: 9 });
  await insertProduct({
    name: "Notebook IdeaPad",
    sku: "NB-1",
    price: "900000.00",
    variantStock: [4, 0, 2, 1],
    variantPrices: [
      { price: null, salePrice: null },
      { price: null, salePrice: null },
      { price: "990000.00", salePrice: "950000.00" },
      { price: null, salePrice: null },
    ],
    meta: {
      option_groups: [
        { title: "Memoria RAM", options: [{ name: "8GB" }, { name: "16GB", price: 929999 }] },
        { title: "Color", options: [{ name: "Gris" }, { name: "Azul" }] },
      ],
    },
  });
});

function readCsv(csv: string) {
  const { headers, data } = splitHeader(parseCsvText(csv));
  return validateImportRows(mapRows(data, autoMatchColumns(headers)));
}

const snapshot = async () => ({
  products: await t.db
    .select({ id: products.id, slug: products.slug, stock: products.stock, updatedAt: products.updatedAt })
    .from(products)
    .orderBy(asc(products.slug)),
  variants: await t.db.select().from(productVariants).orderBy(asc(productVariants.sku)),
});

describe("CSV export and import with variants", () => {
  it("exports one row per variant, the product's columns on its first row only", async () => {
    const csv = buildExportCsv(await listProductsForExport());
    const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines).toHaveLength(1 + 1 + 4);
    const notebook = lines.filter((l) => l.includes("notebook") || l.includes("NB-1"));
    expect(notebook[0]).toContain("Notebook IdeaPad");
    expect(notebook[0]).toContain("Memoria RAM: 8GB | Color: Gris");
    expect(notebook[2]).toMatch(
      /^;;;;;;;;;;;;;;;;;;;;;[^;]+;Memoria RAM: 16GB \| Color: Gris;[^;]+;990000,00;950000,00;2;;;;;$/,
    );
  });

  it("imports its own export without changing anything", async () => {
    const before = await snapshot();
    const auditBefore = await t.db.$count(auditLog);
    const { products: valid, errors } = readCsv(buildExportCsv(await listProductsForExport()));
    expect(errors).toEqual([]);
    expect(await importProducts(ADMIN, valid)).toMatchObject({ ok: true, created: 0, updated: 0, unchanged: 2 });
    expect(await snapshot()).toEqual(before);
    expect(await t.db.$count(auditLog)).toBe(auditBefore);
  });

  it("changes only what a cell changed: one variant's stock", async () => {
    const before = await snapshot();
    const csv = buildExportCsv(await listProductsForExport()).replace(
      /(Memoria RAM: 8GB \| Color: Azul;[^;]+;;;)0;/,
      "$17;",
    );
    const { products: valid, errors } = readCsv(csv);
    expect(errors).toEqual([]);
    expect(await importProducts(ADMIN, valid)).toMatchObject({ ok: true, created: 0, updated: 1, unchanged: 1 });
    const after = await snapshot();
    // Same variants (same ids), one stock changed, the product's total with it.
    expect(after.variants.map((v) => v.id)).toEqual(before.variants.map((v) => v.id));
    expect(after.variants.map((v) => [v.options.map((o) => o.option).join("/"), v.stock])).toEqual(
      before.variants.map((v) => [
        v.options.map((o) => o.option).join("/"),
        v.options.map((o) => o.option).join("/") === "8GB/Azul" ? 7 : v.stock,
      ]),
    );
    const notebook = after.products.find((p) => before.products.find((b) => b.id === p.id)!.stock !== p.stock);
    expect(notebook?.stock).toBe(14);
  });

  it("recreates the same products and variants in an empty store", async () => {
    const exported = await listProductsForExport();
    const { products: valid } = readCsv(buildExportCsv(exported));
    await t.db.delete(products);
    expect(await importProducts(ADMIN, valid)).toMatchObject({ ok: true, created: 2 });
    expect(await listProductsForExport()).toEqual(exported);
    const [row] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.sku, "NB-1"));
    expect(row!.stock).toBe(14);
  });
});
