import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { products } from "~/db/schema/catalog";
import { DEMO_PRODUCTS } from "~/db/seed/demo-catalog";
import { createTestDatabase } from "../setup/db";

// Migration 0016 on a store that already has products: brands are filled in only where they are
// known for sure (the demo catalogue under its own slug and name, a "Marca" in the extra
// information); a renamed demo product or any other product keeps no brand.

const BEFORE = "0016_brand_identifiers";
let handle: DatabaseHandle;
let partial: string;

beforeAll(async () => {
  partial = mkdtempSync(path.join(tmpdir(), "vitec-migrations-"));
  cpSync("drizzle", partial, { recursive: true });
  const journalFile = path.join(partial, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((e) => e.tag === BEFORE),
  );
  writeFileSync(journalFile, JSON.stringify(journal));
  handle = await createTestDatabase(partial);
});

afterAll(async () => {
  await handle?.close();
  rmSync(partial, { recursive: true, force: true });
});

describe("migration 0016: brand, GTIN and MPN", () => {
  it("fills in the brands it knows for sure and leaves the others empty", async () => {
    const db = handle.db;
    const lenovo = DEMO_PRODUCTS.find((p) => p.brand === "Lenovo")!;
    const hp = DEMO_PRODUCTS.find((p) => p.brand === "HP")!;
    const insert = (name: string, slug: string, meta: object = {}) =>
      db.execute(
        sql`insert into products (name, slug, price, stock, meta) values (${name}, ${slug}, 1000, 1, ${JSON.stringify(meta)}::jsonb)`,
      );
    await insert(lenovo.name, lenovo.slug);
    await insert("Notebook renombrada por la tienda", hp.slug);
    await insert("Auriculares", "auriculares", { extra_info: { " marca ": "JBL", Garantía: "<p>12 meses</p>" } });
    await insert("Cable", "cable", { extra_info: { Marca: "<p>Genérico</p>" } });
    await insert("Mouse sin marca", "mouse-sin-marca");

    await handle.migrate();

    const rows = await db
      .select({ slug: products.slug, brand: products.brand, gtin: products.gtin, mpn: products.mpn })
      .from(products)
      .orderBy(asc(products.slug));
    expect(Object.fromEntries(rows.map((r) => [r.slug, r.brand]))).toEqual({
      [lenovo.slug]: "Lenovo",
      [hp.slug]: null,
      auriculares: "JBL",
      cable: null,
      "mouse-sin-marca": null,
    });
    expect(rows.every((r) => r.gtin === null && r.mpn === null)).toBe(true);
  });
});
