import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { productVariants, products } from "~/db/schema/catalog";
import { combinations, variantKey } from "~/domain/variants";
import { createTestDatabase } from "../setup/db";

// Migration 0014 on a store that already sells products with option groups: the database is
// migrated up to 0013, products are written as the store had them, then 0014 runs.

const BEFORE = "0014_product_variants";
let handle: DatabaseHandle;
let partial: string;

beforeAll(async () => {
  partial = mkdtempSync(path.join(tmpdir(), "vitec-migrations-"));
  cpSync("drizzle", partial, { recursive: true });
  const journalFile = path.join(partial, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string; idx: number }[] };
  const cut = journal.entries.findIndex((e) => e.tag === BEFORE);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalFile, JSON.stringify(journal));
  handle = await createTestDatabase(partial);
});

afterAll(async () => {
  await handle?.close();
  rmSync(partial, { recursive: true, force: true });
});

const ram = { title: "Memoria RAM", options: [{ name: "8GB" }, { name: "16GB", price: 929999 }] };
const color = { title: "Color", options: [{ name: "Negro" }, { name: "Plata" }, { name: "Azul" }] };

describe("migration 0014: products with option groups get their variants", () => {
  it("generates every combination, the stock on the first, SKUs from the product's, and keeps other products as they were", async () => {
    const db = handle.db;
    // Written with SQL: the schema in the code already has 0014's columns.
    const insert = (name: string, slug: string, sku: string | null, stock: number, meta: object) =>
      db.execute(
        sql`insert into products (name, slug, sku, price, stock, meta) values (${name}, ${slug}, ${sku}, 900000, ${stock}, ${JSON.stringify(meta)}::jsonb)`,
      );
    await insert("Notebook", "notebook", "NB-1", 7, { option_groups: [ram, color] });
    await insert("Mouse", "mouse", "MS-1", 12, {});
    await insert("Mochila", "mochila", null, 3, { option_groups: [color, { title: "Vacío", options: [] }] });

    await handle.migrate();

    const rows = await db
      .select({ slug: products.slug, stock: products.stock, id: products.id })
      .from(products)
      .orderBy(asc(products.slug));
    const bySlug = Object.fromEntries(rows.map((r) => [r.slug, r]));
    const variantsOf = (slug: string) =>
      db
        .select()
        .from(productVariants)
        .where(eq(productVariants.productId, bySlug[slug]!.id))
        .orderBy(asc(productVariants.position));

    const notebook = await variantsOf("notebook");
    const expected = combinations([ram, color]);
    expect(notebook.map((v) => v.options)).toEqual(expected);
    // The key the app computes finds each one.
    expect(notebook.map((v) => v.optionKey)).toEqual(expected.map(variantKey));
    expect(notebook.map((v) => v.stock)).toEqual([7, 0, 0, 0, 0, 0]);
    expect(notebook.map((v) => v.sku)).toEqual(["NB-1-1", "NB-1-2", "NB-1-3", "NB-1-4", "NB-1-5", "NB-1-6"]);
    expect(notebook.every((v) => v.price === null && v.salePrice === null)).toBe(true);
    // The product's stock did not change: it is the sum of its variants now.
    expect(bySlug.notebook!.stock).toBe(7);

    const mochila = await variantsOf("mochila");
    expect(mochila.map((v) => v.options.map((o) => o.option))).toEqual([["Negro"], ["Plata"], ["Azul"]]);
    expect(mochila[0]!.sku).toMatch(/^V-[0-9a-f]{8}-1$/);
    expect(bySlug.mochila!.stock).toBe(3);

    expect(await variantsOf("mouse")).toEqual([]);
    expect(bySlug.mouse!.stock).toBe(12);

    // From now on the product's stock follows its variants.
    await db.update(productVariants).set({ stock: 4 }).where(eq(productVariants.id, notebook[1]!.id));
    const [after] = await db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, bySlug.notebook!.id));
    expect(after!.stock).toBe(11);
  });
});
