import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { priceHistory, products } from "~/db/schema/catalog";
import { parseCsvText, splitHeader } from "~/domain/csv";
import { DEFAULT_EXCHANGE_RATE } from "~/domain/dollar-pricing";
import { buildExportCsv } from "~/domain/product-export";
import { autoMatchColumns, mapRows, validateImportRows } from "~/domain/product-import";
import { listProductsForExport } from "~/models/admin-product-export.server";
import { importProducts } from "~/models/admin-product-import.server";
import { saveSetting } from "~/models/settings.server";
import { createUser } from "~/models/user.server";
import { setupTestDatabase } from "../setup/db";

// [22/25] The USD price and markup of a dollar-pegged product (ADR 0020) in the product CSV:
// exported, imported back unchanged, a pegged row priced at the rate as an admin save does, a file
// without those columns keeping what is stored, and bad cells refused with the row named.

const database = setupTestDatabase();
let ADMIN: { id: string; email: string };

beforeAll(async () => {
  const user = await createUser({ email: "csv-dolar@vitec.com.ar", password: "clave-de-admin-1", fullName: "CSV" });
  ADMIN = { id: user.id, email: user.email };
  await saveSetting("exchange_rate", {
    ...DEFAULT_EXCHANGE_RATE,
    rate: 1000,
    roundTo: 100,
    source: "BNA vendedor",
    date: "2026-11-26",
  });
});

function readCsv(csv: string) {
  const { headers, data } = splitHeader(parseCsvText(csv));
  return validateImportRows(mapRows(data, autoMatchColumns(headers)));
}

const stored = async (slug: string) => {
  const [row] = await database.db
    .select({
      id: products.id,
      price: products.price,
      salePrice: products.salePrice,
      usdPrice: products.usdPrice,
      markup: products.markupPercent,
    })
    .from(products)
    .where(eq(products.slug, slug));
  return row!;
};

describe("precio_usd and margen in the product CSV", () => {
  it("imports a pegged product priced at the rate, exports its columns, and importing the export changes nothing", async () => {
    const read = readCsv(
      [
        "name;price;sale_price;stock;slug;precio_usd;margen",
        "Notebook 15;1;;3;notebook-15;899,99;20",
        "Mouse;15000;;10;mouse;;",
      ].join("\n"),
    );
    expect(read.errors).toEqual([]);
    expect(await importProducts(ADMIN, read.products)).toMatchObject({ ok: true, created: 2 });
    // USD 899,99 × 1.000 + 20 % = $ 1.079.988 → to the nearest $ 100: $ 1.080.000 (the file's $ 1 is only a base).
    const notebook = await stored("notebook-15");
    expect(notebook).toMatchObject({ price: "1080000.00", usdPrice: 899.99, markup: 20 });
    expect(await stored("mouse")).toMatchObject({ price: "15000.00", usdPrice: null, markup: null });
    const [history] = await database.db
      .select({ actor: priceHistory.actor, source: priceHistory.source, price: priceHistory.price })
      .from(priceHistory)
      .where(and(eq(priceHistory.productId, notebook.id)))
      .orderBy(desc(priceHistory.changedAt))
      .limit(1);
    expect(history).toEqual({ actor: ADMIN.email, source: "csv", price: "1080000.00" });

    const exported = buildExportCsv(await listProductsForExport());
    const lines = exported.replace(/^\uFEFF/, "").split("\r\n");
    const header = lines[0]!.split(";");
    const cells = lines.find((l) => l.includes("notebook-15"))!.split(";");
    expect([cells[header.indexOf("precio_usd")], cells[header.indexOf("margen")]]).toEqual(["899,99", "20,00"]);
    const mouse = lines.find((l) => l.includes(";mouse;"))!.split(";");
    expect([mouse[header.indexOf("precio_usd")], mouse[header.indexOf("margen")]]).toEqual(["", ""]);

    const again = readCsv(exported);
    expect(again.errors).toEqual([]);
    expect(await importProducts(ADMIN, again.products)).toMatchObject({ ok: true, updated: 0 });
  });

  it("keeps the stored USD price and markup when the file has no such columns, and unpegs on an empty cell", async () => {
    const first = readCsv("name;price;stock;slug;precio_usd;margen\nMonitor 27;1;2;monitor-27;200;10");
    expect(await importProducts(ADMIN, first.products)).toMatchObject({ ok: true, created: 1 });
    expect(await stored("monitor-27")).toMatchObject({ price: "220000.00", usdPrice: 200, markup: 10 });

    // Only the name changes: still pegged, still priced by the dollar (the file's $ 5 is a base only).
    const plain = readCsv("name;price;stock;slug\nMonitor 27 pulgadas;5;2;monitor-27");
    expect(await importProducts(ADMIN, plain.products)).toMatchObject({ ok: true, updated: 1 });
    expect(await stored("monitor-27")).toMatchObject({ price: "220000.00", usdPrice: 200, markup: 10 });

    // Only the markup column: the USD price stays, the new markup re-prices it.
    const markup = readCsv("name;price;stock;slug;margen\nMonitor 27 pulgadas;5;2;monitor-27;25");
    expect(await importProducts(ADMIN, markup.products)).toMatchObject({ ok: true, updated: 1 });
    expect(await stored("monitor-27")).toMatchObject({ price: "250000.00", usdPrice: 200, markup: 25 });

    const unpegged = readCsv("name;price;stock;slug;precio_usd\nMonitor 27 pulgadas;230000;2;monitor-27;");
    expect(await importProducts(ADMIN, unpegged.products)).toMatchObject({ ok: true, updated: 1 });
    expect(await stored("monitor-27")).toMatchObject({ price: "230000.00", usdPrice: null, markup: 25 });
  });

  it("names the row of a USD price or markup it cannot take", () => {
    const read = readCsv(
      [
        "name;price;stock;slug;precio_usd;margen",
        "Teclado;10000;1;teclado;0;",
        "Webcam;10000;1;webcam;50;1500",
        "Parlante;10000;1;parlante;50;-5",
        "Router;10000;1;router;cincuenta;",
        "Cable;1000;1;cable;12,5;7,5",
      ].join("\n"),
    );
    expect(read.errors.map((e) => e.message)).toEqual([
      "Fila 2: el precio en dólares debe ser mayor que 0.",
      "Fila 3: el margen admite hasta 1000 %.",
      "Fila 4: el margen no puede ser negativo.",
      expect.stringMatching(/^Fila 5: el precio en dólares: /),
    ]);
    expect(read.products.map((p) => [p.product.name, p.product.usdPrice, p.product.markupPercent])).toEqual([
      ["Cable", 12.5, 7.5],
    ]);
  });
});
