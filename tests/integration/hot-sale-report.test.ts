import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { productVariants, products } from "~/db/schema/catalog";
import { saveSetting } from "~/models/settings.server";
import { loader as historyLoader } from "~/routes/admin/product-prices";
import { loader as reportLoader } from "~/routes/admin/hot-sale";
import { loader as csvLoader } from "~/routes/admin/hot-sale-export";
import { setupTestDatabase } from "../setup/db";
import { insertProduct, variantsOf } from "../setup/factories";
import { args, getRequest, outcome, signedInAdmin, signedInCustomer } from "../setup/routes";

// [22/25] "Precios para Hot Sale" and the product dialog's price history (ADR 0019): what staff
// read before the event, backed by the history the triggers keep.

const database = setupTestDatabase();

/** Moves a product's history back in time, as if written `days` ago. */
async function age(productId: string, days: number) {
  await database.db.execute(
    sql`update price_history set changed_at = changed_at - make_interval(days => ${days}) where product_id = ${productId}`,
  );
}

type Line = { name: string; variant: string | null; reference: number | null; real: number | null; warnings: string[] };

let admin: { cookie: string };
let honest: { id: string };
let inflated: { id: string };
beforeAll(async () => {
  admin = await signedInAdmin();
  // Held $ 100.000 for two months, then 20 % off: a discount that holds.
  honest = await insertProduct({ name: "Auriculares honestos", price: "100000.00" });
  await age(honest.id, 60);
  await database.db.update(products).set({ salePrice: "80000.00" }).where(eq(products.id, honest.id));
  // $ 80.000 for two months, raised to $ 100.000 a week ago, "20 % off" today: no discount at all.
  inflated = await insertProduct({ name: "Parlante inflado", price: "80000.00" });
  await age(inflated.id, 60);
  await database.db.update(products).set({ price: "100000.00" }).where(eq(products.id, inflated.id));
  await age(inflated.id, 7);
  await database.db.update(products).set({ salePrice: "80000.00" }).where(eq(products.id, inflated.id));
  await insertProduct({ name: "Mouse sin oferta", price: "10000.00" });
});

async function report(query = "") {
  const result = await outcome(() =>
    reportLoader(args(getRequest(`/admin/productos/hot-sale${query}`, admin.cookie)) as never),
  );
  expect(result.status).toBe(200);
  return result.body as { days: number; lines: Line[] };
}

describe("Precios para Hot Sale", () => {
  it("lists what is on sale with the price N days ago, the real discount, and warns where it would not hold up", async () => {
    const { days, lines } = await report("?dias=14");
    expect(days).toBe(14);
    expect(lines.map((l) => l.name)).toEqual(["Auriculares honestos", "Parlante inflado"]);
    expect(lines[0]).toMatchObject({ reference: 100000, real: 20, warnings: [] });
    expect(lines[1]).toMatchObject({ reference: 80000, real: 0 });
    expect(lines[1]!.warnings).toEqual(["raised", "not_in_force", "no_real_discount"]);
  });

  it("a variant with a price of its own is its own line; the period defaults to the setting", async () => {
    const notebook = await insertProduct({
      name: "Notebook en oferta",
      price: "900000.00",
      meta: { option_groups: [{ title: "RAM", options: [{ name: "8 GB" }, { name: "16 GB" }] }] },
      variantPrices: [
        { price: null, salePrice: null },
        { price: "1000000.00", salePrice: null },
      ],
    });
    await age(notebook.id, 40);
    const [, sixteen] = await variantsOf(notebook.id);
    await database.db
      .update(productVariants)
      .set({ salePrice: "850000.00" })
      .where(eq(productVariants.id, sixteen!.id));
    await saveSetting("price_reference", { days: 30 });
    const { days, lines } = await report();
    expect(days).toBe(30);
    expect(lines.find((l) => l.name === "Notebook en oferta")).toMatchObject({
      variant: "RAM: 16 GB",
      reference: 1000000,
      real: 15,
      warnings: [],
    });
  });

  it("downloads as a CSV with the same figures, and is for admins only", async () => {
    const response = (await csvLoader(
      args(getRequest("/admin/productos/hot-sale/exportar?dias=14", admin.cookie)) as never,
    )) as Response;
    expect(response.headers.get("Content-Disposition")).toContain("precios-hot-sale-14-dias.csv");
    const text = await response.text();
    expect(text).toContain("Precio hace 14 días");
    expect(text).toContain("Parlante inflado;;");
    expect(text).toMatch(/Parlante inflado;.*;80000,00;100000,00;80000,00;20;0;El precio regular subió/);
    const customer = await signedInCustomer();
    const refused = await outcome(() =>
      csvLoader(args(getRequest("/admin/productos/hot-sale/exportar", customer.cookie)) as never),
    );
    expect(refused.status).toBe(403);
  });
});

describe("the product dialog's price history", () => {
  it("lists every change with time, who and where from, the variants' too", async () => {
    const result = await outcome(() =>
      historyLoader(
        args(getRequest(`/admin/productos/${inflated.id}/precios`, admin.cookie), {
          params: { id: inflated.id },
        }) as never,
      ),
    );
    expect(result.status).toBe(200);
    const body = result.body as { ok: true; rows: { price: number; salePrice: number | null; source: string }[] };
    expect(body.rows.map((r) => [r.price, r.salePrice, r.source])).toEqual([
      [80000, null, "Sistema"],
      [100000, null, "Sistema"],
      [100000, 80000, "Sistema"],
    ]);
  });
});
