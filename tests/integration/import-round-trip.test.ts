import { asc } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { categories, productVariants, products } from "~/db/schema/catalog";
import { decodeCsvBytes, parseCsvText, splitHeader } from "~/domain/csv";
import type { ImportProduct } from "~/domain/product-import";
import { autoMatchColumns } from "~/domain/product-import";
import { buildExportCsv } from "~/domain/product-export";
import { listProductsForExport } from "~/models/admin-product-export.server";
import { importProducts } from "~/models/admin-product-import.server";
import { planImport } from "~/models/product-imports.server";
import { createUser } from "~/models/user.server";
import { setupTestDatabase } from "../setup/db";

// Whatever the catalogue (names with quotes, semicolons and formula starts, prices to the cent,
// nested categories, variants), exporting it and importing the file again changes nothing: the
// file is read through the same wizard path a merchant uses (decoded, columns matched by header,
// each price column's separator decided from the column).

const t = setupTestDatabase();
let ADMIN: { id: string; email: string };
beforeAll(async () => {
  const user = await createUser({ email: "ida-y-vuelta@vitec.com.ar", password: "clave-de-admin-1", fullName: "IyV" });
  ADMIN = { id: user.id, email: user.email };
});

const text = (min: number, max: number) =>
  fc
    .string({ unit: fc.constantFrom(..."abcxyzñáéü ABC019,;.\"'=+-@>|:/"), minLength: min, maxLength: max })
    .map((s) => s.replace(/\s+/g, " ").trim())
    .filter((s) => s.length >= min && !s.includes(" > ") && !/^[>|:]|[>|:]$/.test(s));

const cents = fc.integer({ min: 0, max: 99_999_999_99 }).map((c) => c / 100);
const categoryName = fc.constantFrom("Audio", "Video", "Cables", "Gamer", "Ñandú");

const productArb = fc.record({
  name: text(1, 40),
  price: fc.option(cents, { nil: null }),
  salePrice: fc.option(cents, { nil: null }),
  stock: fc.integer({ min: 0, max: 5000 }),
  description: fc.option(text(1, 120), { nil: null }),
  category: fc.array(categoryName, { maxLength: 3 }),
  status: fc.constantFrom("published" as const, "draft" as const),
  isFeatured: fc.boolean(),
  colors: fc.uniqueArray(fc.constantFrom("Negro", "Blanco", "Rojo; oscuro", 'Azul "marino"'), { maxLength: 3 }),
  variantPrice: fc.option(cents, { nil: null }),
  brand: fc.option(fc.constantFrom("Logitech", "Ñandú", "HP; Inc."), { nil: null }),
});

type Generated = typeof productArb extends fc.Arbitrary<infer T> ? T : never;

function toImport(p: Generated, i: number): { row: number; product: ImportProduct } {
  return {
    row: i + 2,
    product: {
      name: p.name,
      price: p.price,
      salePrice: p.salePrice,
      stock: p.stock,
      description: p.description,
      imageUrl: null,
      categoryName: p.category.length ? p.category.join(" > ") : null,
      sku: `SKU-${i}`,
      status: p.status,
      isFeatured: p.isFeatured,
      meta: {},
      ivaRate: i % 2 ? 21 : 10.5,
      brand: p.brand,
      gtin: null,
      mpn: p.brand ? `MPN-${i}` : null,
      slug: `producto-${i}`,
      variants: p.colors.map((color, v) => ({
        row: i + 2,
        options: [{ group: "Color", option: color }],
        sku: `SKU-${i}-${v}`,
        price: v === 0 ? p.variantPrice : null,
        salePrice: null,
        stock: (p.stock + v) % 7,
        imageUrl: null,
      })),
    },
  };
}

const snapshot = async () => ({
  products: await t.db.select().from(products).orderBy(asc(products.slug)),
  variants: await t.db.select().from(productVariants).orderBy(asc(productVariants.sku)),
  categories: await t.db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories)
    .orderBy(asc(categories.id)),
});

describe("export and import again", () => {
  it("changes nothing, whatever the catalogue", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(productArb, { minLength: 1, maxLength: 6 }), async (catalogue) => {
        await t.db.delete(products);
        await t.db.delete(categories);
        const created = await importProducts(ADMIN, catalogue.map(toImport));
        expect(created.ok).toBe(true);
        const before = await snapshot();

        const csv = buildExportCsv(await listProductsForExport());
        const { text: decoded } = decodeCsvBytes(new TextEncoder().encode(csv));
        const { headers, data } = splitHeader(parseCsvText(decoded));
        const plan = planImport(
          { fileName: "exportacion.csv", headers, data, mapping: null },
          autoMatchColumns(headers),
        );
        expect(plan.profile).toBeNull();
        expect(plan.errors).toEqual([]);
        const again = await importProducts(ADMIN, plan.products);
        expect(again).toMatchObject({
          ok: true,
          created: 0,
          updated: 0,
          unchanged: catalogue.length,
          categoriesCreated: 0,
        });
        expect(await snapshot()).toEqual(before);
      }),
      { numRuns: 25 },
    );
  });
});
