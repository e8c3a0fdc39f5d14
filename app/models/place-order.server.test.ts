import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { productVariants, products } from "~/db/schema/catalog";
import { outboxEmails } from "~/db/schema/content";
import { orderItems, orders } from "~/db/schema/orders";
import { CheckoutFormSchema } from "~/schemas/checkout";
import { setupTestDatabase } from "../../tests/setup/db";
import { insertProduct, variantsOf } from "../../tests/setup/factories";
import { getOrderForConfirmation, getOrderForUser, listOrdersForUser } from "./order.server";
import { OrderError, StockError, type PlaceOrderInput, checkOrder, placeOrder } from "./place-order.server";
import { AccountError, createCustomerAccount } from "./profile.server";
import { saveSetting } from "./settings.server";

const t = setupTestDatabase();

const FIELDS = {
  first_name: "Lucía",
  last_name: "Fernández",
  email: "lucia@example.com",
  phone: "11 5555-1234",
  address: "Av. Siempre Viva 742",
  city: "CABA",
  state: "Buenos Aires",
  zip: "C1043",
  notes: "Tocar timbre",
};

type Line = PlaceOrderInput["lines"][number];

const line = (productId: string, quantity = 1, selectedOptions: Line["selectedOptions"] = []): Line => ({
  cartId: randomUUID(),
  productId,
  quantity,
  selectedOptions,
});

function input(lines: Line[], overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput {
  return {
    idempotencyKey: randomUUID(),
    lines,
    shippingMethod: "Envío a domicilio CABA y GBA", // 6500 in the default settings, CABA included
    paymentMethod: "Mercado Pago", // no discount in the default settings
    fields: FIELDS,
    ...overrides,
  };
}

async function stockOf(id: string): Promise<number> {
  const [row] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
  return row!.stock;
}

async function countOrdersWith(productId: string): Promise<number> {
  const rows = await t.db
    .selectDistinct({ orderId: orderItems.orderId })
    .from(orderItems)
    .where(eq(orderItems.productId, productId));
  return rows.length;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the promise to be rejected");
}

let mouse: { id: string };
let notebook: { id: string };

beforeAll(async () => {
  mouse = await insertProduct({ name: "Mouse Logitech", price: "20000", salePrice: "15000", stock: 50 });
  notebook = await insertProduct({
    name: "Notebook IdeaPad",
    price: "900000",
    stock: 50,
    meta: {
      option_groups: [
        {
          title: "Memoria RAM",
          options: [
            { name: "8GB", price: 0 },
            { name: "16GB", price: 990000 },
          ],
        },
      ],
    },
  });
});

describe("the server decides every amount", () => {
  it("ignores a price the browser sends: the form cannot even carry one", async () => {
    const tampered = JSON.stringify([
      { cartId: "a", productId: mouse.id, quantity: 2, selectedOptions: [], price: 1, sale_price: 1, unitPrice: 1 },
    ]);
    const form = CheckoutFormSchema.parse({
      lines: tampered,
      shippingMethod: "Retiro en local",
      paymentMethod: "transferencia",
      terms: "on",
      idempotencyKey: randomUUID(),
    });
    expect(form.lines[0]).toEqual({ cartId: "a", productId: mouse.id, quantity: 2, selectedOptions: [] });

    const placed = await placeOrder(input(form.lines, { shippingMethod: form.shippingMethod }));
    const [order] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
    // Sale price 15000 x 2, pickup is free.
    expect(order).toMatchObject({ subtotal: "30000.00", shippingCost: "0.00", total: "30000.00", status: "pending" });
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
    expect(items).toEqual([
      expect.objectContaining({
        productId: mouse.id,
        name: "Mouse Logitech",
        price: "15000.00",
        quantity: 2,
        subtotal: "30000.00",
      }),
    ]);
  });

  it("prices options on the server, adds the shipping cost of the chosen method, and keeps the customer data", async () => {
    const placed = await placeOrder(
      input([line(notebook.id, 1, [{ group: "Memoria RAM", option: "16GB" }]), line(mouse.id, 3)], {
        fields: { ...FIELDS, cuit: "20123456786", company: "ACME SA" },
        ivaCondition: "responsable_inscripto",
      }),
    );
    expect(placed.created).toBe(true);
    expect(placed.accessToken).toMatch(/^[0-9a-f]{64}$/);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(order).toMatchObject({
      subtotal: "1035000.00", // 990000 + 3 x 15000
      shippingCost: "6500.00",
      total: "1041500.00",
      shippingMethod: "Envío a domicilio CABA y GBA",
      paymentMethod: "Mercado Pago",
      customerName: "Lucía",
      customerLastname: "Fernández",
      customerEmail: "lucia@example.com",
      customerPhone: "11 5555-1234",
      billingCuit: "20-12345678-6",
      billingCompany: "ACME SA",
      ivaCondition: "responsable_inscripto",
      invoiceType: "A",
      address: { line1: "Av. Siempre Viva 742", city: "CABA", state: "Buenos Aires", zip: "C1043" },
      notes: "Tocar timbre",
      userId: null,
    });
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
    expect(items.map((i) => [i.name, i.sku !== null, i.price, i.quantity, i.subtotal]).sort()).toEqual([
      ["Mouse Logitech", true, "15000.00", 3, "45000.00"],
      ["Notebook IdeaPad (Memoria RAM: 16GB)", true, "990000.00", 1, "990000.00"],
    ]);
  });

  it("takes the transfer discount off the products (not the shipping) and stores it", async () => {
    const placed = await placeOrder(input([line(mouse.id, 2)], { paymentMethod: "transferencia" }));
    const [order] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
    // 2 x 15000 = 30000, 10 % off = 3000, plus 6500 shipping.
    expect(order).toMatchObject({
      subtotal: "30000.00",
      discount: "3000.00",
      shippingCost: "6500.00",
      total: "33500.00",
    });
    const view = await getOrderForConfirmation(placed.id, placed.accessToken);
    expect(view).toMatchObject({ discount: 3000, total: 33500 });
  });

  it("charges the shipping cost of the buyer's zone, and refuses a method that does not reach it", async () => {
    const patagonia = { ...FIELDS, zip: "Q8300", state: "Neuquén", city: "Neuquén" };
    const placed = await placeOrder(
      input([line(mouse.id)], { shippingMethod: "Envío a todo el país", fields: patagonia }),
    );
    const [order] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(order).toMatchObject({ shippingCost: "16900.00", total: "31900.00" });

    const before = await stockOf(mouse.id);
    const error = await rejection(placeOrder(input([line(mouse.id)], { fields: patagonia })));
    expect(error).toBeInstanceOf(OrderError);
    expect((error as OrderError).message).toBe(
      "Envío a domicilio CABA y GBA no llega a Neuquén. Elegí otro método de envío.",
    );
    const bad = await rejection(placeOrder(input([line(mouse.id)], { fields: { ...FIELDS, zip: "ZZZ" } })));
    expect((bad as OrderError).fieldErrors.zip).toMatch(/código postal válido/);
    expect(await stockOf(mouse.id)).toBe(before);
  });

  it("decides Factura A or B from the IVA condition and checks the CUIT", async () => {
    const finalConsumer = await placeOrder(input([line(mouse.id)]));
    const [b] = await t.db.select().from(orders).where(eq(orders.id, finalConsumer.id));
    expect(b).toMatchObject({ ivaCondition: "consumidor_final", invoiceType: "B" });

    const noCuit = await rejection(placeOrder(input([line(mouse.id)], { ivaCondition: "monotributista" })));
    expect((noCuit as OrderError).fieldErrors).toEqual({
      cuit: "Como monotributista necesitamos tu CUIT para la factura.",
    });
    const badCuit = await rejection(
      placeOrder(
        input([line(mouse.id)], { ivaCondition: "monotributista", fields: { ...FIELDS, cuit: "20-12345678-9" } }),
      ),
    );
    expect((badCuit as OrderError).fieldErrors.cuit).toBe(
      "Ingresá un CUIT válido: 11 números, por ejemplo 20-12345678-6.",
    );
  });

  it("refuses an order whose total differs from the one the shopper was shown, writing nothing", async () => {
    const before = await stockOf(mouse.id);
    const error = await rejection(placeOrder(input([line(mouse.id)], { expectedTotalCents: 100 })));
    expect(error).toBeInstanceOf(OrderError);
    expect((error as OrderError).code).toBe("price_changed");
    expect(await stockOf(mouse.id)).toBe(before);
    // 15000 + 6500 shipping, in cents: accepted.
    const placed = await placeOrder(input([line(mouse.id)], { expectedTotalCents: 2_150_000 }));
    expect(placed.created).toBe(true);
  });

  it("refuses unpublished products, unknown options, unknown methods and missing required fields", async () => {
    const draft = await insertProduct({ name: "Producto oculto", status: "draft" });
    const cases: [PlaceOrderInput, string, string][] = [
      [input([line(draft.id)]), "unavailable", "El producto Producto oculto ya no está disponible."],
      [
        input([line(notebook.id, 1, [{ group: "Memoria RAM", option: "64GB" }])]),
        "unavailable",
        "El producto Notebook IdeaPad ya no está disponible.",
      ],
      [
        input([line(randomUUID())]),
        "unavailable",
        "Uno de los productos de tu carrito ya no está disponible. Quitalo para continuar.",
      ],
      [
        input([line(mouse.id)], { shippingMethod: "Drone" }),
        "shipping_method",
        "El método de envío elegido no está disponible. Elegí otro.",
      ],
      [
        input([line(mouse.id)], { paymentMethod: "Bitcoin" }),
        "payment_method",
        "El método de pago elegido no está disponible. Elegí otro.",
      ],
      [
        input([line(mouse.id)], { fields: { ...FIELDS, first_name: " " } }),
        "invalid_fields",
        "Completá el campo Nombre.",
      ],
      [input([]), "empty_cart", "Tu carrito está vacío. Agregá productos antes de continuar."],
    ];
    for (const [order, code, message] of cases) {
      const error = await rejection(placeOrder(order));
      expect(error).toBeInstanceOf(OrderError);
      expect(error).toMatchObject({ code, message });
    }
    const invalid = (await rejection(
      placeOrder(input([line(mouse.id)], { fields: { ...FIELDS, email: "x" } })),
    )) as OrderError;
    expect(invalid.fieldErrors).toEqual({ email: "Ingresá un email válido." });
  });

  it("follows the checkout_fields setting: a field made optional is no longer required", async () => {
    const { DEFAULT_SETTINGS } = await import("~/db/seed/default-settings");
    await saveSetting(
      "checkout_fields",
      DEFAULT_SETTINGS.checkout_fields.map((f) => (f.name === "phone" ? { ...f, required: false } : f)),
    );
    try {
      const placed = await placeOrder(input([line(mouse.id)], { fields: { ...FIELDS, phone: "" } }));
      const [order] = await t.db.select({ phone: orders.customerPhone }).from(orders).where(eq(orders.id, placed.id));
      expect(order!.phone).toBeNull();
    } finally {
      await saveSetting("checkout_fields", DEFAULT_SETTINGS.checkout_fields);
    }
  });
});

describe("stock", () => {
  it("20 concurrent checkouts of a product with stock 5 give exactly 5 orders and stock 0", async () => {
    const scarce = await insertProduct({ name: "Placa de video RTX", price: "500000", stock: 5 });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        placeOrder(input([line(scarce.id)], { fields: { ...FIELDS, email: `comprador${i}@example.com` } })),
      ),
    );
    const placed = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(StockError);
      expect((r.reason as StockError).message).toBe("Stock insuficiente para Placa de video RTX: no quedan unidades.");
    }
    expect(await stockOf(scarce.id)).toBe(0);
    expect(await countOrdersWith(scarce.id)).toBe(5);
  });

  it("a short line fails the whole order and nothing is written", async () => {
    const plenty = await insertProduct({ name: "Teclado", price: "30000", stock: 10 });
    const short = await insertProduct({ name: "Monitor 27", price: "400000", stock: 2 });
    const ordersBefore = await t.db.$count(orders);
    const emailsBefore = await t.db.$count(outboxEmails);

    const error = await rejection(placeOrder(input([line(plenty.id, 4), line(short.id, 3)])));
    expect(error).toBeInstanceOf(StockError);
    expect((error as StockError).message).toBe("Stock insuficiente para Monitor 27: quedan 2 unidades.");
    expect(error).toMatchObject({ productId: short.id, available: 2 });

    expect(await stockOf(plenty.id)).toBe(10);
    expect(await stockOf(short.id)).toBe(2);
    expect(await t.db.$count(orders)).toBe(ordersBefore);
    expect(await t.db.$count(outboxEmails)).toBe(emailsBefore);
  });

  it("takes the stock of each variant: the product's total does not lend units to a sold-out variant", async () => {
    const laptop = await insertProduct({
      name: "Laptop",
      price: "100",
      variantStock: [4, 1],
      meta: { option_groups: [{ title: "Color", options: [{ name: "Negro" }, { name: "Gris" }] }] },
    });
    expect(await stockOf(laptop.id)).toBe(5);
    const lines = [
      line(laptop.id, 2, [{ group: "Color", option: "Negro" }]),
      line(laptop.id, 2, [{ group: "Color", option: "Gris" }]),
    ];
    const error = await rejection(placeOrder(input(lines)));
    expect(error).toBeInstanceOf(StockError);
    expect((error as StockError).message).toBe("Stock insuficiente para Laptop (Color: Gris): queda 1 unidad.");
    expect((await variantsOf(laptop.id)).map((v) => v.stock)).toEqual([4, 1]);
    lines[1]!.quantity = 1;
    const placed = await placeOrder(input(lines));
    expect((await variantsOf(laptop.id)).map((v) => v.stock)).toEqual([2, 0]);
    expect(await stockOf(laptop.id)).toBe(2);
    // Each item says which variant it was and carries its SKU.
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
    const variants = await variantsOf(laptop.id);
    expect(items.map((i) => [i.name, i.variantId, i.sku]).sort()).toEqual(
      [
        ["Laptop (Color: Gris)", variants[1]!.id, variants[1]!.sku],
        ["Laptop (Color: Negro)", variants[0]!.id, variants[0]!.sku],
      ].sort(),
    );
  });

  it("charges a variant's own price and sale price, and the spec's option rule for the others", async () => {
    const monitor = await insertProduct({
      name: "Monitor",
      price: "300000",
      variantStock: [5, 5, 5],
      variantPrices: [
        { price: null, salePrice: null },
        { price: "350000", salePrice: "320000" },
        { price: null, salePrice: null },
      ],
      meta: {
        option_groups: [{ title: "Tamaño", options: [{ name: "24" }, { name: "27" }, { name: "32", price: 450000 }] }],
      },
    });
    const size = (option: string) => [{ group: "Tamaño", option }];
    const placed = await placeOrder(
      input([line(monitor.id, 1, size("24")), line(monitor.id, 1, size("27")), line(monitor.id, 1, size("32"))]),
    );
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
    expect(Object.fromEntries(items.map((i) => [i.name, i.price]))).toEqual({
      "Monitor (Tamaño: 24)": "300000.00",
      "Monitor (Tamaño: 27)": "320000.00",
      "Monitor (Tamaño: 32)": "450000.00",
    });
  });

  it("refuses a selection whose variant no longer exists", async () => {
    const mochila = await insertProduct({
      name: "Mochila",
      meta: { option_groups: [{ title: "Color", options: [{ name: "Negro" }, { name: "Azul" }] }] },
    });
    await t.db
      .delete(productVariants)
      .where(and(eq(productVariants.productId, mochila.id), eq(productVariants.position, 1)));
    const error = await rejection(placeOrder(input([line(mochila.id, 1, [{ group: "Color", option: "Azul" }])])));
    expect((error as OrderError).message).toBe("El producto Mochila ya no está disponible.");
  });
});

describe("checking an order before it is placed", () => {
  it("runs every check but writes nothing: no order, no stock taken, no e-mail", async () => {
    const product = await insertProduct({ name: "Auriculares HyperX", price: "80000", stock: 3 });
    const emailsBefore = (await t.db.select({ id: outboxEmails.id }).from(outboxEmails)).length;
    await checkOrder(input([line(product.id, 2)]));
    expect(await stockOf(product.id)).toBe(3);
    expect(await countOrdersWith(product.id)).toBe(0);
    expect((await t.db.select({ id: outboxEmails.id }).from(outboxEmails)).length).toBe(emailsBefore);

    const error = await rejection(checkOrder(input([line(product.id, 4)])));
    expect(error).toBeInstanceOf(StockError);
    expect((error as StockError).message).toBe("Stock insuficiente para Auriculares HyperX: quedan 3 unidades.");
    expect(await stockOf(product.id)).toBe(3);
  });
});

describe("idempotency", () => {
  it("a double submit with the same key creates one order", async () => {
    const before = await stockOf(mouse.id);
    const order = input([line(mouse.id, 2)]);
    const [a, b] = await Promise.all([placeOrder(order), placeOrder({ ...order })]);
    const again = await placeOrder({ ...order });
    expect(b.id).toBe(a.id);
    expect(again).toEqual({ id: a.id, accessToken: a.accessToken, created: false, paysOnline: false });
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect(await t.db.$count(orders, eq(orders.idempotencyKey, order.idempotencyKey))).toBe(1);
    expect(await stockOf(mouse.id)).toBe(before - 2);
    expect(await t.db.$count(outboxEmails, eq(outboxEmails.to, "lucia@example.com"))).toBeGreaterThan(0);
  });

  it("the same key with a different cart is refused", async () => {
    const order = input([line(mouse.id, 1)]);
    await placeOrder(order);
    const error = await rejection(placeOrder({ ...order, lines: [line(mouse.id, 5)] }));
    expect(error).toMatchObject({
      code: "idempotency_conflict",
      message: "Este pedido ya se envió con otros datos. Recargá la página para empezar una compra nueva.",
    });
  });

  // Only a real server runs two transactions at once (PGlite runs one at a time).
  it.runIf(process.env.DATABASE_URL)(
    "when another transaction inserts the same key first, returns its order",
    async () => {
      const order = input([line(mouse.id)]);
      const first = await placeOrder(order);
      const [model] = await t.db.select().from(orders).where(eq(orders.id, first.id));
      const stockBefore = await stockOf(mouse.id);
      const key = randomUUID();

      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let winnerId = "";
      // Same request (same fingerprint), inserted by a transaction that has not committed yet.
      const winner = t.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(orders)
          .values({ subtotal: model!.subtotal, total: model!.total, idempotencyKey: key, meta: model!.meta })
          .returning({ id: orders.id });
        winnerId = row!.id;
        await gate;
      });
      while (!winnerId) await new Promise((resolve) => setTimeout(resolve, 10));
      const racing = placeOrder({ ...order, idempotencyKey: key });
      await new Promise((resolve) => setTimeout(resolve, 300)); // racing now waits on the unique index
      release();
      await winner;

      expect(await racing).toMatchObject({ id: winnerId, created: false });
      expect(await stockOf(mouse.id)).toBe(stockBefore);
      expect(await t.db.$count(orders, eq(orders.idempotencyKey, key))).toBe(1);
    },
  );

  it("a key whose order failed can be used again", async () => {
    const order = input([line(mouse.id, 1)], { shippingMethod: "Drone" });
    await rejection(placeOrder(order));
    const placed = await placeOrder({ ...order, shippingMethod: "Retiro en local" });
    expect(placed.created).toBe(true);
  });
});

describe("who may read an order", () => {
  let ana: { id: string };
  let bruno: { id: string };
  let anasOrder: { id: string; accessToken: string };
  let guestOrder: { id: string; accessToken: string };

  beforeAll(async () => {
    ana = await createCustomerAccount({ email: "ana@example.com", password: "clave-segura-1", fullName: "Ana Gómez" });
    bruno = await createCustomerAccount({
      email: "bruno@example.com",
      password: "clave-segura-2",
      fullName: "Bruno Díaz",
    });
    anasOrder = await placeOrder(input([line(mouse.id)], { userId: ana.id }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await placeOrder(input([line(notebook.id, 1, [{ group: "Memoria RAM", option: "8GB" }])], { userId: ana.id }));
    guestOrder = await placeOrder(input([line(mouse.id)]));
  });

  it("a customer reads their own order and not another customer's", async () => {
    expect(await getOrderForUser(anasOrder.id, ana.id)).toMatchObject({
      id: anasOrder.id,
      number: anasOrder.id.slice(0, 8),
      status: "pending",
      total: 21500,
      items: [expect.objectContaining({ name: "Mouse Logitech", quantity: 1, price: 15000 })],
    });
    expect(await getOrderForUser(anasOrder.id, bruno.id)).toBeNull();
    expect(await getOrderForUser(guestOrder.id, bruno.id)).toBeNull();
    expect(await getOrderForUser("not-an-id", ana.id)).toBeNull();
  });

  it("lists only the customer's own orders, newest first", async () => {
    const list = await listOrdersForUser(ana.id);
    expect(list).toHaveLength(2);
    expect(list[1]!.id).toBe(anasOrder.id);
    expect(list[0]!.items).toEqual([{ quantity: 1, name: "Notebook IdeaPad (Memoria RAM: 8GB)" }]);
    expect(list[0]!.total).toBe(906500);
    expect(await listOrdersForUser(bruno.id)).toEqual([]);
  });

  it("a guest's confirmation needs its token", async () => {
    const order = await getOrderForConfirmation(guestOrder.id, guestOrder.accessToken);
    expect(order).toMatchObject({ id: guestOrder.id, subtotal: 15000, shippingCost: 6500, total: 21500 });
    expect(await getOrderForConfirmation(guestOrder.id, null)).toBeNull();
    expect(await getOrderForConfirmation(guestOrder.id, "")).toBeNull();
    expect(await getOrderForConfirmation(guestOrder.id, anasOrder.accessToken)).toBeNull();
    expect(await getOrderForConfirmation(guestOrder.id, guestOrder.accessToken.slice(0, -1) + "x")).toBeNull();
    expect(await getOrderForConfirmation("nope", guestOrder.accessToken)).toBeNull();
  });
});

describe("e-mails", () => {
  it("queues the customer and store e-mails with their variables filled and the text escaped", async () => {
    const placed = await placeOrder(
      input([line(mouse.id, 2)], { fields: { ...FIELDS, first_name: "<b>Eva</b>", email: "eva@example.com" } }),
    );
    const number = placed.id.slice(0, 8);
    const emails = await t.db
      .select()
      .from(outboxEmails)
      .where(
        and(
          inArray(outboxEmails.kind, ["order_customer", "order_admin"]),
          inArray(outboxEmails.to, ["eva@example.com", "ventas@vitec.com.ar"]),
        ),
      );
    const customer = emails.find((e) => e.to === "eva@example.com" && e.html.includes(number));
    const store = emails.find((e) => e.to === "ventas@vitec.com.ar" && e.html.includes(number));
    expect(customer).toMatchObject({
      kind: "order_customer",
      status: "pending",
      subject: `Recibimos tu pedido #${number}`,
    });
    expect(store).toMatchObject({ kind: "order_admin", subject: `Nuevo pedido #${number} de <b>Eva</b> Fernández` });
    for (const email of [customer!, store!]) {
      expect(email.html).not.toContain("{{");
      expect(email.html).toContain(`#${number}`);
      expect(email.html).toContain("&lt;b&gt;Eva&lt;/b&gt; Fernández");
      expect(email.html).not.toContain("<b>Eva</b>");
      expect(email.html).toContain("Mouse Logitech");
      expect(email.html).toContain("$\u00a036.500,00"); // 2 x 15000 + 6500
      expect(email.html).toContain("<table>");
    }
  });

  it("fills templates edited in the admin and drops unknown variables and scripts", async () => {
    const { DEFAULT_SETTINGS } = await import("~/db/seed/default-settings");
    await saveSetting(
      "email_template_customer",
      "<p>Hola {{ customer_name }}, pedido {{order_id}} por {{total}}. Clave: {{user_password}}{{desconocida}}</p><script>alert(1)</script>",
    );
    try {
      const placed = await placeOrder(
        input([line(mouse.id)], { fields: { ...FIELDS, email: "plantilla@example.com" } }),
      );
      const [email] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, "plantilla@example.com"));
      expect(email!.html).toBe(
        `<p>Hola Lucía Fernández, pedido ${placed.id.slice(0, 8)} por $\u00a021.500,00. Clave: </p>`,
      );
    } finally {
      await saveSetting("email_template_customer", DEFAULT_SETTINGS.email_template_customer);
    }
  });

  it("queues the welcome e-mail of an account created at checkout, without any password", async () => {
    await createCustomerAccount({
      email: "nueva@example.com",
      password: "una-clave-secreta",
      fullName: "Nueva Clienta",
    });
    const [email] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, "nueva@example.com"));
    expect(email).toMatchObject({ kind: "welcome", status: "pending", subject: "¡Bienvenido a Vitec!" });
    expect(email!.html).toContain("<strong>nueva@example.com</strong>");
    expect(email!.html).not.toContain("{{");
    expect(email!.html).not.toContain("una-clave-secreta");

    const again = createCustomerAccount({ email: "Nueva@example.com", password: "otra-clave-123", fullName: "Otra" });
    await expect(again).rejects.toThrow(AccountError);
    await expect(again).rejects.toThrow("Ya existe una cuenta con ese email.");
    expect(await t.db.$count(outboxEmails, eq(outboxEmails.to, "nueva@example.com"))).toBe(1);
  });
});
