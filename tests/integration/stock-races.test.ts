import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "~/db/schema/catalog";
import { orderItems } from "~/db/schema/orders";
import { action as checkoutAction } from "~/routes/checkout/checkout";
import { setupTestDatabase } from "../setup/db";
import { insertProduct, variantsOf } from "../setup/factories";
import { args, formRequest, outcome } from "../setup/routes";

// Races for the last units, through the checkout action, on a real PostgreSQL server (PGlite runs
// one query at a time, so nothing races there). Skipped without DATABASE_URL.

const t = setupTestDatabase();

let n = 0;
function buy(productId: string, quantity = 1, selectedOptions: { group: string; option: string }[] = []) {
  n++;
  const form = {
    lines: JSON.stringify([{ cartId: randomUUID(), productId, quantity, selectedOptions }]),
    shippingMethod: "Retiro en local",
    paymentMethod: "Mercado Pago",
    terms: "on",
    idempotencyKey: randomUUID(),
    field_first_name: "Comprador",
    field_last_name: `Número ${n}`,
    field_email: `comprador${n}@example.com`,
    field_phone: "11 5555-1234",
    field_address: "Calle 1",
    field_city: "CABA",
    field_state: "Buenos Aires",
    field_zip: "C1043",
  };
  return outcome(() =>
    checkoutAction(args(formRequest("/checkout", form), { ip: `100.64.${n >> 8}.${n & 255}` }) as never),
  );
}

async function race(stock: number, buyers: number) {
  const product = await insertProduct({ name: `Última unidad ${stock}`, price: "100000", stock, status: "published" });
  const results = await Promise.all(Array.from({ length: buyers }, () => buy(product.id)));
  const [row] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id));
  const [sold] = await t.db
    .select({
      units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
      orders: sql<number>`count(distinct ${orderItems.orderId})::int`,
    })
    .from(orderItems)
    .where(eq(orderItems.productId, product.id));
  return {
    placed: results.filter((r) => r.status === 302).length,
    refused: results.filter((r) => r.status === 409 && (r.body as { code?: string }).code === "out_of_stock").length,
    other: results.filter((r) => r.status !== 302 && r.status !== 409).map((r) => r.status),
    stock: row!.stock,
    sold,
  };
}

describe.runIf(process.env.DATABASE_URL)("races for the last units (PostgreSQL)", () => {
  it("50 concurrent checkouts of a product with stock 1: exactly 1 order, stock 0", async () => {
    expect(await race(1, 50)).toEqual({ placed: 1, refused: 49, other: [], stock: 0, sold: { units: 1, orders: 1 } });
  });

  it("20 concurrent checkouts of a product with stock 10: exactly 10 orders, stock 0", async () => {
    expect(await race(10, 20)).toEqual({
      placed: 10,
      refused: 10,
      other: [],
      stock: 0,
      sold: { units: 10, orders: 10 },
    });
  });

  it("50 buyers race for the last unit of one variant while another variant keeps selling", async () => {
    const product = await insertProduct({
      name: "Notebook con variantes",
      price: "900000",
      variantStock: [1, 30],
      meta: { option_groups: [{ title: "Memoria RAM", options: [{ name: "8GB" }, { name: "16GB" }] }] },
    });
    const ram = (option: string) => [{ group: "Memoria RAM", option }];
    const [last, sibling] = await Promise.all([
      Promise.all(Array.from({ length: 50 }, () => buy(product.id, 1, ram("8GB")))),
      Promise.all(Array.from({ length: 20 }, () => buy(product.id, 1, ram("16GB")))),
    ]);
    const count = (list: typeof last, status: number) => list.filter((r) => r.status === status).length;
    expect([count(last, 302), count(last, 409)]).toEqual([1, 49]);
    expect(count(sibling, 302)).toBe(20);
    const variants = await variantsOf(product.id);
    expect(variants.map((v) => v.stock)).toEqual([0, 10]);
    const [row] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id));
    expect(row!.stock).toBe(10);
    const sold = await t.db
      .select({ variantId: orderItems.variantId, units: sql<number>`sum(${orderItems.quantity})::int` })
      .from(orderItems)
      .where(eq(orderItems.productId, product.id))
      .groupBy(orderItems.variantId);
    expect(Object.fromEntries(sold.map((s) => [s.variantId, s.units]))).toEqual({
      [variants[0]!.id]: 1,
      [variants[1]!.id]: 20,
    });
  });
});
