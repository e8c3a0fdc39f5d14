import { createHmac, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "~/db/schema/catalog";
import { coupons } from "~/db/schema/coupons";
import { orders, stockMovements } from "~/db/schema/orders";
import { DEFAULT_SETTINGS } from "~/db/seed/default-settings";
import { paymentPanelText } from "~/components/checkout/online-payment";
import { expireAllUnpaidOrders } from "~/jobs/payment-expiry.server";
import { getAdminOrder, updateOrderStatus } from "~/models/admin-orders.server";
import { refundOrderPayment, startOnlinePayment } from "~/models/payment.server";
import { placeOrder } from "~/models/place-order.server";
import { saveSetting } from "~/models/settings.server";
import { acceptWithdrawal, receiveReturn, requestWithdrawal } from "~/models/withdrawal.server";
import { WithdrawalSchema } from "~/schemas/withdrawal";
import { action as successAction, loader as successLoader } from "~/routes/checkout/success";
import { action as webhook } from "~/routes/resources/mercadopago-webhook";
import type { MercadoPagoDouble } from "../doubles/mercadopago";
import { setupTestDatabase } from "../setup/db";
import { insertProduct } from "../setup/factories";
import { MP_SECRET, auditEntries, setupMercadoPagoStore } from "../setup/mercadopago-store";
import { args, formRequest, getRequest, outcome } from "../setup/routes";

// [16/25] The five ways the order's life went wrong where the checkout, Mercado Pago's
// notifications, the expiry job, staff and refunds met, each as the shopper or the clerk saw it,
// now that one state machine owns status, payment and stock (ADR 0012).

const t = setupTestDatabase();
const mp = setupMercadoPagoStore();
let double: MercadoPagoDouble;
const CLERK = { id: null, email: "caja@vitec.com.ar" };
const METHOD = "Mercado Pago online";

let keyboard: { id: string };

beforeAll(async () => {
  double = mp.double;
  keyboard = await insertProduct({ name: "Teclado Genius", price: "13999.00", stock: 1000 });
  await saveSetting("payment_methods", [
    ...DEFAULT_SETTINGS.payment_methods,
    { name: METHOD, instructions: "", discountPercent: 7, kind: "mercadopago", expiryMinutes: 60 },
  ]);
  await t.db.insert(coupons).values({ code: "MENOS1000", kind: "fixed", value: "1000", combinable: true });
});

async function place(options: { quantity?: number; coupon?: string; method?: string; productId?: string } = {}) {
  const placed = await placeOrder({
    idempotencyKey: randomUUID(),
    lines: [
      {
        cartId: randomUUID(),
        productId: options.productId ?? keyboard.id,
        quantity: options.quantity ?? 1,
        selectedOptions: [],
      },
    ],
    shippingMethod: "Retiro en local",
    paymentMethod: options.method ?? METHOD,
    fields: {
      first_name: "Julia",
      last_name: "Paz",
      email: `julia.${randomUUID().slice(0, 8)}@example.com`,
      phone: "11 5555-0000",
      address: "Av. Santa Fe 1000",
      city: "CABA",
      state: "Buenos Aires",
      zip: "C1059",
    },
    couponCode: options.coupon,
  });
  return orderRow(placed.id);
}

async function orderRow(id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function stockOf(id: string) {
  const [row] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
  return row!.stock;
}

async function overdue(id: string) {
  await t.db
    .update(orders)
    .set({ paymentExpiresAt: sql`now() - interval '1 minute'` })
    .where(eq(orders.id, id));
}

/** The shopper pays at the preference the store opened for the order (no notification yet). */
async function pay(orderId: string, outcome: "approved" | "rejected" | "pending" = "approved") {
  await startOnlinePayment(orderId);
  const preference = double.preferences.filter((p) => p.external_reference === orderId).at(-1)!;
  return double.pay(preference.id, outcome);
}

function successPath(order: { id: string; accessToken: string }, extra: Record<string, string> = {}) {
  return `/success?${new URLSearchParams({ order: order.id, token: order.accessToken, ...extra })}`;
}

describe("1. coupon + Mercado Pago", () => {
  it("the shopper is charged the total the checkout showed ($ 12.089,07), and the order is paid, not flagged", async () => {
    const order = await place({ coupon: "MENOS1000" });
    expect(order.total).toBe("12089.07");
    const payment = await pay(order.id);
    const preference = double.preferences.at(-1)!;
    const charged = preference.items.reduce((sum, i) => sum + Math.round(i.unit_price * 100) * i.quantity, 0);
    expect(charged).toBe(1_208_907);
    expect(payment.transaction_amount).toBe(12089.07);

    expect(await double.notify(payment.id)).toBe(200);
    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({ status: "processing", paymentStatus: "approved", paymentFlags: [] });
    const view = await getAdminOrder(order.id);
    expect(view!.payment).toMatchObject({ statusLabel: "Pagado", amount: 12089.07, flags: [] });
    // Nothing expires it with the money taken.
    await overdue(order.id);
    expect(await expireAllUnpaidOrders()).toBe(0);
    expect((await orderRow(order.id)).status).toBe("processing");
  });
});

describe("2. stock comes back twice", () => {
  it("an expired order set back to Pendiente takes its units again, and expiring again returns them once: the stock ends where it started", async () => {
    const start = await stockOf(keyboard.id);
    const order = await place({ quantity: 2 });
    expect(await stockOf(keyboard.id)).toBe(start - 2);
    await overdue(order.id);
    expect(await expireAllUnpaidOrders()).toBe(1);
    expect(await stockOf(keyboard.id)).toBe(start);

    // Staff set it back to Pendiente: the units are taken again, and the shopper has a new time to pay.
    expect(await updateOrderStatus(CLERK, { orderId: order.id, status: "pending" })).toEqual({
      ok: true,
      value: "pending",
    });
    expect(await stockOf(keyboard.id)).toBe(start - 2);
    expect((await orderRow(order.id)).paymentExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect(await expireAllUnpaidOrders()).toBe(0);

    await overdue(order.id);
    expect(await expireAllUnpaidOrders()).toBe(1);
    expect(await stockOf(keyboard.id)).toBe(start);
    // Two reservations, each returned once.
    const moves = await t.db.select().from(stockMovements).where(eq(stockMovements.orderId, order.id));
    expect(moves.filter((m) => m.kind === "reserve")).toHaveLength(2);
    expect(moves.filter((m) => m.kind === "release")).toHaveLength(2);
    expect(await auditEntries(order.id, "order.expire")).toHaveLength(2);
  });

  it("the database itself refuses a second return of the same reservation", async () => {
    const order = await place();
    await updateOrderStatus(CLERK, { orderId: order.id, status: "cancelled" });
    const [release] = await t.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, order.id), eq(stockMovements.kind, "release")));
    const { id: _id, createdAt: _at, ...again } = release!;
    await expect(t.db.insert(stockMovements).values(again)).rejects.toThrow();
    // Nor can a "release" give back more than its reservation took.
    await expect(
      t.db.insert(stockMovements).values({ ...again, reservationId: randomUUID(), quantity: again.quantity + 1 }),
    ).rejects.toThrow();
  });
});

describe("3. stock never comes back, or never goes out again", () => {
  it("a clerk cancelling an order puts its units back on sale", async () => {
    const start = await stockOf(keyboard.id);
    const order = await place({ quantity: 3, method: "transferencia" });
    expect(await stockOf(keyboard.id)).toBe(start - 3);
    expect(await updateOrderStatus(CLERK, { orderId: order.id, status: "cancelled" })).toMatchObject({ ok: true });
    expect(await stockOf(keyboard.id)).toBe(start);
  });

  it("a delivered order withdrawn: its units stay out until staff receive the parcel, then go back on sale once", async () => {
    const start = await stockOf(keyboard.id);
    const order = await place({ quantity: 2, method: "transferencia" });
    for (const status of ["processing", "shipped", "delivered"] as const) {
      expect(await updateOrderStatus(CLERK, { orderId: order.id, status })).toMatchObject({ ok: true });
    }
    const asked = await requestWithdrawal(
      WithdrawalSchema.parse({ orderNumber: order.id, email: order.customerEmail, reason: "No lo quiero" }),
    );
    expect(asked.kind).toBe("created");
    expect(await acceptWithdrawal(CLERK, order.id)).toEqual({ ok: true });
    expect(await stockOf(keyboard.id)).toBe(start - 2);
    expect(await getAdminOrder(order.id)).toMatchObject({ status: "cancelled", awaitingReturn: true });

    expect(await receiveReturn(CLERK, order.id)).toEqual({ ok: true });
    expect(await stockOf(keyboard.id)).toBe(start);
    expect(await getAdminOrder(order.id)).toMatchObject({ status: "cancelled", awaitingReturn: false });
    expect(await receiveReturn(CLERK, order.id)).toEqual({
      ok: false,
      message: "Las unidades de este pedido ya están en el stock.",
      status: 409,
    });
    expect(await stockOf(keyboard.id)).toBe(start);
    expect(await auditEntries(order.id, "order.return")).toHaveLength(1);
  });

  it("'Recibí la devolución' is refused for an order that was not withdrawn after shipping", async () => {
    const order = await place({ quantity: 1, method: "transferencia" });
    expect(await updateOrderStatus(CLERK, { orderId: order.id, status: "processing" })).toMatchObject({ ok: true });
    const start = await stockOf(keyboard.id);
    expect(await receiveReturn(CLERK, order.id)).toMatchObject({ ok: false, status: 409 });
    expect(await stockOf(keyboard.id)).toBe(start);
  });

  it("a payment approved after expiry: the admin offers 'Reactivar' or 'Reembolsar'; reactivating names the missing units, or takes them again", async () => {
    const mouse = await insertProduct({ name: "Mouse Logitech", price: "9000.00", stock: 5 });
    const order = await place({ productId: mouse.id, quantity: 2 });
    await startOnlinePayment(order.id);
    await overdue(order.id);
    expect(await expireAllUnpaidOrders()).toBe(1);
    expect(await stockOf(mouse.id)).toBe(5);
    // Meanwhile the store sold 4 of the 5.
    await t.db.update(products).set({ stock: 1 }).where(eq(products.id, mouse.id));

    const payment = double.pay(double.preferences.at(-1)!.id, "approved");
    expect(await double.notify(payment.id)).toBe(200);
    const view = (await getAdminOrder(order.id))!;
    expect(view.status).toBe("cancelled");
    expect(view.payment).toMatchObject({ reopenable: true, refundable: true });
    expect(view.payment!.flags[0]).toContain("reactivalo (toma el stock de nuevo) o reembolsá el pago");

    expect(await updateOrderStatus(CLERK, { orderId: order.id, status: "processing" })).toEqual({
      ok: false,
      status: 409,
      message: "No hay stock para reactivar el pedido: faltan 1 unidad de Mouse Logitech (queda 1).",
    });
    expect(await stockOf(mouse.id)).toBe(1);

    await t.db.update(products).set({ stock: 10 }).where(eq(products.id, mouse.id));
    expect(await updateOrderStatus(CLERK, { orderId: order.id, status: "processing" })).toEqual({
      ok: true,
      value: "processing",
    });
    expect(await stockOf(mouse.id)).toBe(8);
    expect(await orderRow(order.id)).toMatchObject({
      status: "processing",
      paymentStatus: "approved",
      paymentFlags: [],
    });
  });
});

describe("4. paying twice", () => {
  it("back from Mercado Pago with an approved payment, before its notification, /success says 'confirmando' and offers no second payment", async () => {
    const order = await place();
    const payment = await pay(order.id);
    const back = successPath(order, {
      status: "approved",
      payment_id: String(payment.id),
      collection_status: "approved",
    });
    const page = await outcome(() => successLoader(args(getRequest(back)) as never));
    expect(page.body).toMatchObject({ confirming: true });
    const { order: view } = page.body as { order: NonNullable<Awaited<ReturnType<typeof getAdminOrder>>> };
    expect(paymentPanelText(view.payment!, "approved", false).title).toBe("Estamos confirmando tu pago");
    const preferences = double.preferences.length;
    const again = await outcome(() => successAction(args(formRequest(back, { intent: "pay" })) as never));
    expect(again.status).toBe(409);
    expect(double.preferences.length).toBe(preferences);

    await double.notify(payment.id);
    const after = await outcome(() => successLoader(args(getRequest(back)) as never));
    expect(after.body).toMatchObject({ confirming: false, order: { payment: { status: "approved", canPay: false } } });
  });

  it("an order paid twice is flagged 'cobrado dos veces' with both payments; refunding the extra one leaves it paid, with no false flag", async () => {
    const order = await place();
    await startOnlinePayment(order.id);
    const preference = double.preferences.at(-1)!;
    const first = double.pay(preference.id, "approved");
    const second = double.pay(preference.id, "approved");
    await double.notify(first.id);
    await double.notify(second.id);

    const view = (await getAdminOrder(order.id))!;
    expect(view.status).toBe("processing");
    expect(view.payment!.flags).toEqual([
      expect.stringContaining(`Cobrado dos veces: los pagos ${first.id} y ${second.id}`),
    ]);
    expect(view.payment!.extraPayments).toEqual([{ paymentId: String(second.id), amount: 13019.07 }]);

    expect(await refundOrderPayment(CLERK, order.id, String(second.id))).toEqual({ ok: true });
    expect(double.payments.get(second.id)!.status).toBe("refunded");
    expect(double.payments.get(first.id)!.status).toBe("approved");
    const after = await orderRow(order.id);
    expect(after).toMatchObject({
      status: "processing",
      paymentStatus: "approved",
      paymentId: String(first.id),
      paymentFlags: [],
    });
    expect((await getAdminOrder(order.id))!.payment!.extraPayments).toEqual([]);
  });
});

describe("5. smaller", () => {
  it("an order cancelled at expiry whose payment arrives later never says '¡Pago aprobado! ... preparando tu pedido'", async () => {
    const order = await place();
    await startOnlinePayment(order.id);
    await overdue(order.id);
    await expireAllUnpaidOrders();
    const payment = double.pay(double.preferences.at(-1)!.id, "approved");
    await double.notify(payment.id);

    const page = await outcome(() => successLoader(args(getRequest(successPath(order))) as never));
    const { order: view } = page.body as { order: NonNullable<Awaited<ReturnType<typeof getAdminOrder>>> };
    expect(view.status).toBe("cancelled");
    const text = paymentPanelText(view.payment!, null, true);
    expect(text.title).toBe("Recibimos tu pago, pero el pedido está cancelado");
    expect(`${text.title} ${text.text}`).not.toMatch(/Pago aprobado|preparando tu pedido/);
  });

  it("three simultaneous refund clicks make one refund and one audit entry", async () => {
    const order = await place();
    const payment = await pay(order.id);
    await double.notify(payment.id);
    await updateOrderStatus(CLERK, { orderId: order.id, status: "cancelled" });

    const results = await Promise.all([1, 2, 3].map(() => refundOrderPayment(CLERK, order.id)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.message)).toEqual([
      expect.stringContaining("Ya se pidió el reembolso"),
      expect.stringContaining("Ya se pidió el reembolso"),
    ]);
    expect([...double.refunds.values()].filter((r) => r.payment_id === payment.id)).toHaveLength(1);
    expect(await auditEntries(order.id, "order.refund")).toHaveLength(1);
    expect((await orderRow(order.id)).paymentStatus).toBe("refunded");
  });

  it("'Pagar ahora' posted 40 times opens one Mercado Pago preference, and is limited like the checkout", async () => {
    const order = await place();
    const before = double.preferences.length;
    const answers = [];
    for (let i = 0; i < 40; i++) {
      answers.push(
        await outcome(() =>
          successAction(args(formRequest(successPath(order), { intent: "pay" }), { ip: "198.51.100.40" }) as never),
        ),
      );
    }
    expect(double.preferences.length).toBe(before + 1);
    const redirected = answers.filter((a) => a.status === 302);
    expect(redirected).toHaveLength(30);
    expect(new Set(redirected.map((a) => a.location)).size).toBe(1);
    expect(answers.slice(30).every((a) => a.status === 409)).toBe(true);
    expect(answers[39]!.body).toMatchObject({ error: "Demasiados intentos. Esperá unos minutos y volvé a intentar." });
  });

  it("a notification whose URL has no data.id is not applied, even with a payment id in its (unsigned) body", async () => {
    const order = await place();
    const payment = await pay(order.id);
    const requestId = randomUUID();
    const ts = Math.floor(Date.now() / 1000);
    // Signed as Mercado Pago signs a notification without data.id: the signature covers no id.
    const hash = createHmac("sha256", MP_SECRET).update(`request-id:${requestId};ts:${ts};`).digest("hex");
    const request = new Request(`${mp.storeUrl}/api/webhooks/mercadopago?type=payment`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": requestId, "x-signature": `ts=${ts},v1=${hash}` },
      body: JSON.stringify({ type: "payment", data: { id: String(payment.id) } }),
    });
    const answer = await outcome(() => webhook(args(request) as never));
    expect(answer.body).toEqual({ ignored: true });
    expect((await orderRow(order.id)).paymentStatus).toBe("awaiting_payment");
  });
});
