import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "~/db/schema/catalog";
import { orderItems, orders } from "~/db/schema/orders";
import { action as checkoutAction } from "~/routes/checkout/checkout";
import { setupTestDatabase } from "../setup/db";
import { insertProduct } from "../setup/factories";
import { args, formRequest, outcome } from "../setup/routes";

// Business-logic tampering through the real checkout action: whatever a client sends besides
// "which products, options and quantities", what is charged is decided by the server. Every
// tampered request is either refused (nothing written, no stock taken) or charged exactly what
// the honest request is charged. docs/reliability.md lists the figures.

const t = setupTestDatabase();

const FIELDS: Record<string, string> = {
  field_first_name: "Lucía",
  field_last_name: "Fernández",
  field_email: "lucia@example.com",
  field_phone: "11 5555-1234",
  field_address: "Av. Siempre Viva 742",
  field_city: "CABA",
  field_state: "Buenos Aires",
  field_zip: "C1043",
};

type Line = {
  cartId?: unknown;
  productId?: unknown;
  quantity?: unknown;
  selectedOptions?: unknown;
  [k: string]: unknown;
};

let mouse: { id: string }; // 20000, on sale at 15000
let notebook: { id: string }; // 900000; option "16GB" at 990000
let draft: { id: string };
let ipCounter = 0;

beforeAll(async () => {
  mouse = await insertProduct({ name: "Mouse", price: "20000", salePrice: "15000", stock: 1000, status: "published" });
  notebook = await insertProduct({
    name: "Notebook",
    price: "900000",
    stock: 1000,
    status: "published",
    meta: {
      option_groups: [
        {
          title: "RAM",
          options: [
            { name: "8GB", price: 0 },
            { name: "16GB", price: 990000 },
          ],
        },
      ],
    },
  });
  draft = await insertProduct({ name: "Borrador", price: "1", stock: 1000, status: "draft" });
});

function line(
  productId: string,
  quantity: unknown = 1,
  selectedOptions: unknown = [],
  extra: Record<string, unknown> = {},
): Line {
  return { cartId: randomUUID(), productId, quantity, selectedOptions, ...extra };
}

function checkout(lines: Line[] | string, extra: Record<string, string> = {}, key = randomUUID()) {
  const form = {
    lines: typeof lines === "string" ? lines : JSON.stringify(lines),
    shippingMethod: "Envío a domicilio CABA y GBA",
    paymentMethod: "Mercado Pago",
    terms: "on",
    idempotencyKey: key,
    ...FIELDS,
    ...extra,
  };
  // Each request from its own address: the checkout's rate limit is not what is tested here.
  return outcome(() =>
    checkoutAction(
      args(formRequest("/checkout", form), { ip: `198.18.${++ipCounter >> 8}.${ipCounter & 255}` }) as never,
    ),
  );
}

async function state() {
  const [row] = await t.db.select({ stock: sql<number>`sum(${products.stock})::int` }).from(products);
  return { orders: await t.db.$count(orders), stock: row!.stock };
}

async function chargedFor(location: string) {
  const id = new URL(location, "http://localhost").searchParams.get("order")!;
  const [order] = await t.db.select().from(orders).where(eq(orders.id, id));
  const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, id));
  return {
    total: Number(order!.total),
    shipping: Number(order!.shippingCost),
    discount: Number(order!.discount),
    items,
  };
}

describe("tampered checkout requests change nothing that is charged", () => {
  // The honest order: 2 mice at the sale price + the CABA shipping.
  const HONEST_TOTAL = 2 * 15000 + 6500;

  it("the honest request is charged 36500", async () => {
    const result = await checkout([line(mouse.id, 2)]);
    expect(result.status).toBe(302);
    expect((await chargedFor(result.location!)).total).toBe(HONEST_TOTAL);
  });

  const accepted: [string, () => { lines: Line[]; extra?: Record<string, string> }][] = [
    [
      "price, total, shipping and discount fields in the form",
      () => ({
        lines: [line(mouse.id, 2)],
        extra: {
          price: "1",
          unitPrice: "1",
          total: "1",
          subtotal: "1",
          shippingCost: "0",
          shipping_cost: "0",
          discount: "36499",
          discountPercent: "100",
          discount_percent: "100",
        },
      }),
    ],
    [
      "prices and totals inside the cart lines",
      () => ({
        lines: [
          line(mouse.id, 2, [], {
            price: 1,
            unitPrice: 1,
            salePrice: 1,
            sale_price: 1,
            subtotal: 1,
            total: 1,
            discount: 100,
          }),
        ],
      }),
    ],
    [
      "checkout-field inputs named like amounts",
      () => ({
        lines: [line(mouse.id, 2)],
        extra: { field_total: "1", field_price: "1", field_shipping_cost: "0", field_discount: "100" },
      }),
    ],
    [
      "the option's price sent with the option",
      () => ({
        lines: [line(mouse.id, 2, [])],
        extra: { "selectedOptions[0][price]": "1" },
      }),
    ],
  ];
  for (const [name, build] of accepted) {
    it(`ignores ${name}`, async () => {
      const { lines, extra } = build();
      const result = await checkout(lines, extra);
      expect(result.status).toBe(302);
      const charged = await chargedFor(result.location!);
      expect(charged).toMatchObject({ total: HONEST_TOTAL, shipping: 6500, discount: 0 });
      expect(charged.items.map((i) => [Number(i.price), i.quantity])).toEqual([[15000, 2]]);
    });
  }

  it("charges an option its server price, whatever the line says it costs", async () => {
    const result = await checkout([line(notebook.id, 1, [{ group: "RAM", option: "16GB", price: 1 }], { price: 1 })]);
    expect(result.status).toBe(302);
    expect((await chargedFor(result.location!)).total).toBe(990000 + 6500);
  });

  it("gives the transfer discount only to the transfer, on the products only", async () => {
    const result = await checkout([line(mouse.id, 2)], {
      paymentMethod: "transferencia",
      discount: "100",
      shippingCost: "0",
    });
    expect(result.status).toBe(302);
    expect(await chargedFor(result.location!)).toMatchObject({ total: 27000 + 6500, discount: 3000, shipping: 6500 });
  });

  const refused: [string, () => [Line[] | string, Record<string, string>?]][] = [
    ["a lower total than the server's (expectedTotal)", () => [[line(mouse.id, 2)], { expectedTotal: "100" }]],
    ["a zero quantity", () => [[line(mouse.id, 0)]]],
    ["a negative quantity", () => [[line(mouse.id, -3)]]],
    ["a fractional quantity", () => [[line(mouse.id, 1.5)]]],
    ["a huge quantity", () => [[line(mouse.id, 1e9)]]],
    ["a quantity beyond the stock", () => [[line(mouse.id, 999), line(mouse.id, 999)]]],
    ["a quantity as text", () => [[line(mouse.id, "2")]]],
    ["a quantity as an exponent string", () => ['[{"cartId":"a","productId":"x","quantity":1e400}]']],
    ["an unpublished product", () => [[line(draft.id, 1)]]],
    ["a product that does not exist", () => [[line(randomUUID(), 1)]]],
    ["a product id that is SQL", () => [[line("1' OR '1'='1", 1)]]],
    ["an option that does not exist", () => [[line(notebook.id, 1, [{ group: "RAM", option: "1TB" }])]]],
    ["an option group that does not exist", () => [[line(notebook.id, 1, [{ group: "Color", option: "Oro" }])]]],
    ["an option on a product without options", () => [[line(mouse.id, 1, [{ group: "RAM", option: "16GB" }])]]],
    ["a shipping method that does not exist", () => [[line(mouse.id, 1)], { shippingMethod: "Envío gratis" }]],
    ["a payment method that does not exist", () => [[line(mouse.id, 1)], { paymentMethod: "Descuento 100%" }]],
    ["an empty cart", () => [[]]],
    ["a cart that is not JSON", () => ["not json"]],
    ["a cart that is an object", () => ['{"productId":"x"}']],
    ["more than 100 lines", () => [Array.from({ length: 101 }, () => line(mouse.id, 1))]],
    ["a line without a product", () => [[{ cartId: "a", quantity: 1 }]]],
    ["terms not accepted", () => [[line(mouse.id, 1)], { terms: "" }]],
  ];
  for (const [name, build] of refused) {
    it(`refuses ${name}, writing nothing`, async () => {
      const before = await state();
      const [lines, extra] = build();
      const result = await checkout(lines, extra);
      expect([400, 409]).toContain(result.status);
      expect(await state()).toEqual(before);
    });
  }
});

describe("idempotency through the checkout", () => {
  it("100 retries of one submission give one order and the same answer", async () => {
    const before = await state();
    const key = randomUUID();
    const lines = [line(mouse.id, 3)];
    const answers: string[] = [];
    // In waves of 20 at once, as a shopper double-clicking on a bad connection would send them.
    for (let wave = 0; wave < 5; wave++) {
      const results = await Promise.all(Array.from({ length: 20 }, () => checkout(lines, {}, key)));
      for (const r of results) answers.push(`${r.status} ${r.location}`);
    }
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toMatch(/^302 \/success\?order=/);
    expect(await t.db.$count(orders, eq(orders.idempotencyKey, key))).toBe(1);
    expect(await state()).toEqual({ orders: before.orders + 1, stock: before.stock - 3 });
  });

  it("the same key with a different cart is refused and changes nothing", async () => {
    const key = randomUUID();
    expect((await checkout([line(mouse.id, 1)], {}, key)).status).toBe(302);
    const before = await state();
    for (const other of [[line(mouse.id, 2)], [line(notebook.id, 1, [{ group: "RAM", option: "8GB" }])]]) {
      const result = await checkout(other, {}, key);
      expect(result.status).toBe(409);
      expect(result.body).toMatchObject({ code: "idempotency_conflict" });
    }
    expect((await checkout([line(mouse.id, 1)], { paymentMethod: "transferencia" }, key)).status).toBe(409);
    expect(await state()).toEqual(before);
  });
});
