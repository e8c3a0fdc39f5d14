import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { outboxEmails } from "~/db/schema/content";
import { describe, expect, it } from "vitest";
import { couponRedemptions, coupons } from "~/db/schema/coupons";
import { orders } from "~/db/schema/orders";
import { products } from "~/db/schema/catalog";
import { updateOrderStatus } from "~/models/admin-orders.server";
import { getDashboardStats } from "~/models/dashboard.server";
import { OrderError, placeOrder } from "~/models/place-order.server";
import { getSettings, saveSetting } from "~/models/settings.server";
import { setupTestDatabase } from "../setup/db";
import { insertCategory, insertProduct } from "../setup/factories";

// Coupons in the order transaction, against a real database: the discount the server computes,
// its restrictions, uses per customer, and 20 buyers racing for the last use (on PostgreSQL they
// really run at once; PGlite runs them one after another, with the same result).

const t = setupTestDatabase();

let n = 0;
function order(
  productId: string,
  options: { coupon?: string; email?: string; payment?: string; quantity?: number } = {},
) {
  n++;
  return placeOrder({
    idempotencyKey: randomUUID(),
    lines: [{ cartId: randomUUID(), productId, quantity: options.quantity ?? 1, selectedOptions: [] }],
    shippingMethod: "Retiro en local",
    paymentMethod: options.payment ?? "Efectivo al retirar",
    fields: {
      first_name: "Comprador",
      last_name: `Número ${n}`,
      email: options.email ?? `comprador${n}@example.com`,
      phone: "11 5555-1234",
      address: "Calle 1",
      city: "CABA",
      state: "Buenos Aires",
      zip: "C1043",
    },
    couponCode: options.coupon,
  });
}

async function coupon(values: Partial<typeof coupons.$inferInsert> & { code: string }) {
  const [row] = await t.db
    .insert(coupons)
    .values({ kind: "percent", value: "10", ...values })
    .returning();
  return row!;
}

async function orderRow(id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

describe("coupons at checkout", () => {
  it("takes the discount the server computes, records the use, and keeps the code on the order", async () => {
    const product = await insertProduct({ name: "Notebook cupón", price: "1000.00", stock: 10 });
    const c = await coupon({ code: "BIENVENIDA", kind: "fixed", value: "150.50" });
    const placed = await order(product.id, { coupon: " bienvenida " });
    const row = await orderRow(placed.id);
    expect(row).toMatchObject({
      subtotal: "1000.00",
      couponCode: "BIENVENIDA",
      couponDiscount: "150.50",
      total: "849.50",
    });
    const [used] = await t.db.select().from(coupons).where(eq(coupons.id, c.id));
    expect(used!.uses).toBe(1);
    expect(await t.db.$count(couponRedemptions, eq(couponRedemptions.orderId, placed.id))).toBe(1);
    // The customer's e-mail and the dashboard show it.
    const [email] = await t.db
      .select({ html: outboxEmails.html })
      .from(outboxEmails)
      .where(and(eq(outboxEmails.orderId, placed.id), eq(outboxEmails.kind, "order_customer")));
    expect(email!.html).toMatch(/Cupón BIENVENIDA<\/td><td><\/td><td><\/td><td style="text-align: ?right">-\$\s150,50/);
    expect(await getDashboardStats()).toMatchObject({ couponOrders: 1, couponDiscount: "150.50" });
  });

  it("combinable: 10 % off the products, then the transfer's 10 % off what is left", async () => {
    const product = await insertProduct({ name: "Monitor cupón", price: "2000.00", stock: 10 });
    await coupon({ code: "COMBINA", combinable: true });
    const row = await orderRow((await order(product.id, { coupon: "COMBINA", payment: "transferencia" })).id);
    expect(row).toMatchObject({ couponDiscount: "200.00", discount: "180.00", total: "1620.00" });
  });

  it("refuses with the reason, and writes nothing: not combinable, category, minimum, expired, per customer", async () => {
    await insertCategory({ id: "pcol_GAMING", name: "Gaming" });
    await insertCategory({ id: "pcol_CONSOLAS", name: "Consolas", parentId: "pcol_GAMING" });
    const consola = await insertProduct({ name: "Consola", price: "500.00", stock: 10, categoryId: "pcol_CONSOLAS" });
    const mouse = await insertProduct({ name: "Mouse", price: "500.00", stock: 10 });
    await coupon({ code: "GAMER", categoryIds: ["pcol_GAMING"] });
    await coupon({ code: "MINIMO", minPurchase: "600" });
    await coupon({ code: "VIEJO", endsAt: new Date(Date.now() - 60_000) });
    await coupon({ code: "UNAVEZ", maxUsesPerCustomer: 1 });

    const refused = async (promise: Promise<unknown>) => {
      const error = await promise.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(OrderError);
      return (error as OrderError).message;
    };
    const before = await t.db.$count(orders);
    expect(await refused(order(mouse.id, { coupon: "GAMER" }))).toBe("Este cupón no aplica a estos productos.");
    expect(await refused(order(mouse.id, { coupon: "MINIMO" }))).toMatch(/compra mínima de \$\s600,00/);
    expect(await refused(order(mouse.id, { coupon: "VIEJO" }))).toBe("Este cupón está vencido.");
    expect(await refused(order(mouse.id, { coupon: "NOEXISTE" }))).toBe("Este cupón no existe o ya no está activo.");
    expect(await refused(order(mouse.id, { coupon: "GAMER", payment: "transferencia" }))).toMatch(
      /no aplica|no se combina/,
    );
    expect(await t.db.$count(orders)).toBe(before);

    // A subcategory's product counts for its parent's coupon.
    const gaming = await orderRow((await order(consola.id, { coupon: "gamer" })).id);
    expect(gaming.couponDiscount).toBe("50.00");
    // Once per customer, by e-mail in any case.
    await order(mouse.id, { coupon: "UNAVEZ", email: "Una.Vez@example.com" });
    expect(await refused(order(mouse.id, { coupon: "UNAVEZ", email: "una.vez@example.com" }))).toBe(
      "Ya usaste este cupón: se puede usar una vez por cliente.",
    );
  });

  it("20 buyers race for the last use: exactly one gets it, the others are told it ran out", async () => {
    const product = await insertProduct({ name: "Carrera cupón", price: "1000.00", stock: 100 });
    const c = await coupon({ code: "ULTIMO", maxUses: 5, uses: 4 });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => order(product.id, { coupon: "ULTIMO" })));
    const placed = results.filter((r) => r.status === "fulfilled");
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as Error] : []));
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const error of refused) expect(error.message).toBe("Este cupón está agotado.");
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, c.id));
    expect(row!.uses).toBe(5);
    expect(await t.db.$count(couponRedemptions, eq(couponRedemptions.couponId, c.id))).toBe(1);
  });
});

describe("a cancelled order gives its coupon use back", () => {
  const STAFF = { id: null, email: "staff@vitec.com.ar" };
  const setStatus = (orderId: string, status: string) => updateOrderStatus(STAFF, { orderId, status }, t.db);
  const usesOf = async (id: string) => (await t.db.select().from(coupons).where(eq(coupons.id, id)))[0]!.uses;

  it("the last use comes back when staff cancel; reopening takes it again, or is refused once another order has it", async () => {
    const product = await insertProduct({ name: "Mouse cupón único", price: "1000.00", stock: 10 });
    const c = await coupon({ code: "UNICO", maxUses: 1 });
    const first = await order(product.id, { coupon: "UNICO" });
    await expect(order(product.id, { coupon: "UNICO" })).rejects.toThrow("Este cupón está agotado.");

    expect(await setStatus(first.id, "cancelled")).toMatchObject({ ok: true });
    expect(await usesOf(c.id)).toBe(0);
    // Its record stays: the cancelled order still says what it was charged.
    expect((await orderRow(first.id)).couponDiscount).toBe("100.00");

    // Reopened while the use is free: it takes it again, and the next buyer is told it ran out.
    expect(await setStatus(first.id, "pending")).toMatchObject({ ok: true, value: "pending" });
    expect(await usesOf(c.id)).toBe(1);
    await expect(order(product.id, { coupon: "UNICO" })).rejects.toThrow("Este cupón está agotado.");

    // Cancelled again, another buyer takes the use: reopening the first is refused, nothing moves.
    await setStatus(first.id, "cancelled");
    const second = await order(product.id, { coupon: "UNICO" });
    expect((await orderRow(second.id)).couponDiscount).toBe("100.00");
    const stockBefore = (await t.db.select().from(products).where(eq(products.id, product.id)))[0]!.stock;
    expect(await setStatus(first.id, "pending")).toEqual({
      ok: false,
      status: 409,
      message: "El cupón UNICO ya no tiene usos disponibles: no se puede reactivar el pedido con su descuento.",
    });
    expect((await orderRow(first.id)).status).toBe("cancelled");
    expect((await t.db.select().from(products).where(eq(products.id, product.id)))[0]!.stock).toBe(stockBefore);
    expect(await usesOf(c.id)).toBe(1);
  });

  it("a buyer whose once-per-customer order was cancelled can use the coupon again", async () => {
    const product = await insertProduct({ name: "Teclado cupón", price: "2000.00", stock: 10 });
    const c = await coupon({ code: "OTRAVEZ", maxUsesPerCustomer: 1 });
    const email = "vuelve@example.com";
    const first = await order(product.id, { coupon: "OTRAVEZ", email });
    await expect(order(product.id, { coupon: "OTRAVEZ", email })).rejects.toThrow(/Ya usaste este cupón/);
    expect(await setStatus(first.id, "cancelled")).toMatchObject({ ok: true });
    const again = await order(product.id, { coupon: "OTRAVEZ", email });
    expect((await orderRow(again.id)).couponCode).toBe("OTRAVEZ");
    expect(await usesOf(c.id)).toBe(1);
  });
});

describe("free shipping over an amount", () => {
  it("the server charges no shipping from the method's amount on, and its cost below it", async () => {
    const methods = (await getSettings(["shipping_methods"], t.db)).shipping_methods;
    await saveSetting(
      "shipping_methods",
      methods.map((m) => (m.name === "Envío a todo el país" ? { ...m, freeOver: 300000 } : m)),
    );
    try {
      const product = await insertProduct({ name: "Envío gratis", price: "150000.00", stock: 10 });
      const place = (quantity: number) =>
        placeOrder({
          idempotencyKey: randomUUID(),
          lines: [{ cartId: randomUUID(), productId: product.id, quantity, selectedOptions: [] }],
          shippingMethod: "Envío a todo el país",
          paymentMethod: "Efectivo al retirar",
          fields: {
            first_name: "Ana",
            last_name: "Envío",
            email: "envio.gratis@example.com",
            phone: "11 5555-1234",
            address: "Calle 1",
            city: "Córdoba",
            state: "Córdoba",
            zip: "X5000",
          },
        });
      expect((await orderRow((await place(1)).id)).shippingCost).toBe("12900.00");
      const free = await orderRow((await place(2)).id);
      expect(free).toMatchObject({ shippingCost: "0.00", total: "300000.00" });
    } finally {
      await saveSetting("shipping_methods", methods);
    }
  });
});
