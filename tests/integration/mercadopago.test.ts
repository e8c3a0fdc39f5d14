import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "~/db/schema/catalog";
import { outboxEmails } from "~/db/schema/content";
import { orders, payments } from "~/db/schema/orders";
import { DEFAULT_SETTINGS } from "~/db/seed/default-settings";
import { expireAllUnpaidOrders } from "~/jobs/payment-expiry.server";
import { getAdminOrder, listAdminOrders, updateOrderStatus } from "~/models/admin-orders.server";
import { getDashboardStats } from "~/models/dashboard.server";
import { startOnlinePayment, refundOrderPayment } from "~/models/payment.server";
import { placeOrder } from "~/models/place-order.server";
import { saveSetting } from "~/models/settings.server";
import { action as settingsAction } from "~/routes/admin/settings";
import { loader as checkoutLoader } from "~/routes/checkout/checkout";
import { action as successAction, loader as successLoader } from "~/routes/checkout/success";
import { resetEnv } from "~/utils/env.server";
import type { MercadoPagoDouble } from "../doubles/mercadopago";
import { setupTestDatabase } from "../setup/db";
import { runExpiryInTwoProcesses } from "../setup/expiry-drill";
import { auditEntries, setupMercadoPagoStore } from "../setup/mercadopago-store";
import { insertProduct } from "../setup/factories";
import { args, formRequest, getRequest, outcome, signedInAdmin } from "../setup/routes";

// Online payment with Mercado Pago, end to end against the local double of its API: the store
// creates the preference, the double "charges" and sends signed webhooks to the store's real
// webhook route (served here on loopback), and the store reads every payment back from the API.

const ADMIN = { id: null, email: "staff@vitec.com.ar" };

const t = setupTestDatabase();
const mp = setupMercadoPagoStore();
let double: MercadoPagoDouble;
beforeAll(() => {
  double = mp.double;
});

const FIELDS = {
  first_name: "Julia",
  last_name: "Paz",
  email: "julia@example.com",
  phone: "11 5555-0000",
  address: "Av. Santa Fe 1000",
  city: "CABA",
  state: "Buenos Aires",
  zip: "C1059",
};

let notebook: { id: string };
let mouse: { id: string };

beforeAll(async () => {
  notebook = await insertProduct({ name: "Notebook Online", price: "850000.00", stock: 100 });
  mouse = await insertProduct({ name: "Mouse Online", price: "9999.99", stock: 100 });
  await saveSetting("payment_methods", [
    ...DEFAULT_SETTINGS.payment_methods,
    {
      name: "Mercado Pago online",
      instructions: "",
      discountPercent: 5,
      kind: "mercadopago",
      expiryMinutes: 60,
    },
  ]);
});

async function onlineOrder(quantity = 1) {
  const placed = await placeOrder({
    idempotencyKey: randomUUID(),
    lines: [
      { cartId: randomUUID(), productId: notebook.id, quantity, selectedOptions: [] },
      { cartId: randomUUID(), productId: mouse.id, quantity: 3, selectedOptions: [] },
    ],
    shippingMethod: "Envío a domicilio CABA y GBA",
    paymentMethod: "Mercado Pago online",
    fields: FIELDS,
  });
  expect(placed.paysOnline).toBe(true);
  const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
  return row!;
}

/** The shopper goes to Mercado Pago and pays; returns the double's payment. */
async function payAtMercadoPago(orderId: string, outcome: "approved" | "rejected" | "pending", amount?: number) {
  await startOnlinePayment(orderId);
  const preference = double.preferences.at(-1)!;
  expect(preference.external_reference).toBe(orderId);
  return double.pay(preference.id, outcome, amount);
}

async function orderRow(id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function stockOf(id: string) {
  const [row] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
  return row!.stock;
}

/** The status e-mails queued for an order (kinds, oldest first). */
async function statusEmailKinds(orderId: string): Promise<string[]> {
  const rows = await t.db
    .select({ kind: outboxEmails.kind })
    .from(outboxEmails)
    .where(and(eq(outboxEmails.orderId, orderId), sql`${outboxEmails.meta} ->> 'status' is not null`))
    .orderBy(outboxEmails.createdAt);
  return rows.map((r) => r.kind);
}

describe("paying an order with Mercado Pago", () => {
  it("holds the stock, and sends Mercado Pago the lines, shipping and discount as the server priced them", async () => {
    const before = await stockOf(notebook.id);
    const order = await onlineOrder();
    expect(await stockOf(notebook.id)).toBe(before - 1);
    expect(order.paymentStatus).toBe("awaiting_payment");
    expect(order.paymentProvider).toBe("mercadopago");
    const minutes = (order.paymentExpiresAt!.getTime() - order.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(60, 0);

    const { initPoint } = await startOnlinePayment(order.id);
    const preference = double.preferences.at(-1)!;
    expect(initPoint).toBe(`${double.url}/checkout/v1/redirect?pref_id=${preference.id}`);
    const charged = preference.items.reduce((sum, i) => sum + Math.round(i.unit_price * 100) * i.quantity, 0);
    expect(charged).toBe(Math.round(Number(order.total) * 100));
    // 850000 + 3 x 9999.99 = 879999.97; 5 % off = 43999.9985 -> 44000.00; shipping 6500.
    expect(Number(order.total)).toBe(879999.97 - 44000 + 6500);
    expect(
      preference.items.some((i) => i.title === "Envío: Envío a domicilio CABA y GBA" && i.unit_price === 6500),
    ).toBe(true);
    expect(preference.items.every((i) => i.unit_price > 0 && i.currency_id === "ARS")).toBe(true);
    expect(preference.raw).toMatchObject({
      external_reference: order.id,
      auto_return: "approved",
      notification_url: `${process.env.APP_URL}/api/webhooks/mercadopago?source_news=webhooks`,
      payer: { email: "julia@example.com", name: "Julia", surname: "Paz" },
      expires: true,
    });
    expect(preference.back_urls?.success).toContain(`order=${order.id}&token=${order.accessToken}`);
  });

  it("applies a signed notification; a missing or wrong signature is refused and changes nothing", async () => {
    const order = await onlineOrder();
    const payment = await payAtMercadoPago(order.id, "approved");

    expect(await double.notify(payment.id, { signature: null })).toBe(401);
    expect(await double.notify(payment.id, { secret: "not-the-secret" })).toBe(401);
    expect(await double.notify(payment.id, { signature: "ts=1700000000,v1=deadbeef" })).toBe(401);
    expect((await orderRow(order.id)).paymentStatus).toBe("awaiting_payment");
    expect(await t.db.$count(payments, eq(payments.orderId, order.id))).toBe(0);

    expect(await double.notify(payment.id)).toBe(200);
    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({ paymentStatus: "approved", paymentId: String(payment.id), status: "processing" });
    expect(paid.paidAt).not.toBeNull();
    const view = await getAdminOrder(order.id);
    expect(view!.payment).toMatchObject({
      status: "approved",
      statusLabel: "Pagado",
      paymentId: String(payment.id),
      method: "visa",
      installments: 3,
      amount: Number(order.total),
      canPay: false,
    });
    const [entry] = await auditEntries(order.id, "order.payment");
    expect(entry).toMatchObject({ actorEmail: "Mercado Pago", actorId: null });
  });

  it("the same notification ten times leaves the order as one delivery did", async () => {
    const order = await onlineOrder();
    const payment = await payAtMercadoPago(order.id, "approved");
    for (let i = 0; i < 10; i++) expect(await double.notify(payment.id)).toBe(200);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ paymentStatus: "approved", status: "processing" });
    expect(await t.db.$count(payments, eq(payments.orderId, order.id))).toBe(1);
    expect(await auditEntries(order.id, "order.payment")).toHaveLength(1);
    // Paid means "being prepared": the customer gets that e-mail once.
    expect(await statusEmailKinds(order.id)).toEqual(["order_processing"]);
  });

  it("a late, older reading of a payment does not undo a newer one", async () => {
    const order = await onlineOrder();
    const payment = await payAtMercadoPago(order.id, "pending");
    const pendingAt = payment.date_last_updated;
    double.update(payment.id, { status: "approved", status_detail: "accredited" });
    expect(await double.notify(payment.id)).toBe(200);
    expect((await orderRow(order.id)).paymentStatus).toBe("approved");

    // The first notification's reading ("pending", older date) is applied last: nothing changes.
    Object.assign(double.payments.get(payment.id)!, { status: "pending", date_last_updated: pendingAt });
    expect(await double.notify(payment.id)).toBe(200);
    expect((await orderRow(order.id)).paymentStatus).toBe("approved");
    expect(await auditEntries(order.id, "order.payment")).toHaveLength(1);
  });

  it("a retry after a rejection is paid; the rejection arriving afterwards changes nothing", async () => {
    const order = await onlineOrder();
    const rejected = await payAtMercadoPago(order.id, "rejected");
    const approved = await payAtMercadoPago(order.id, "approved");
    expect(await double.notify(approved.id)).toBe(200);
    expect(await double.notify(rejected.id)).toBe(200);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ paymentStatus: "approved", paymentId: String(approved.id) });
  });

  it("an approved payment of another amount does not mark the order paid and is flagged with both figures", async () => {
    const order = await onlineOrder();
    const payment = await payAtMercadoPago(order.id, "approved", 1000);
    expect(await double.notify(payment.id)).toBe(200);
    const row = await orderRow(order.id);
    expect(row.paymentStatus).toBe("awaiting_payment");
    expect(row.status).toBe("pending");
    expect(row.paymentFlags).toEqual([
      {
        kind: "amount_mismatch",
        paymentId: String(payment.id),
        expectedCents: Math.round(Number(order.total) * 100),
        receivedCents: 100_000,
        currency: "ARS",
      },
    ]);
    const view = await getAdminOrder(order.id);
    expect(view!.payment!.flags[0]).toContain("$\u00a01.000,00");
    expect(view!.payment!.flags[0]).toContain("$\u00a0842.499,97");
    const flagged = await listAdminOrders({ payment: "flagged" });
    expect(flagged.orders.map((o) => o.id)).toContain(order.id);
    // One event, one audit entry, which names the flag.
    const entries = await auditEntries(order.id, "order.payment");
    expect(entries).toHaveLength(1);
    expect(entries[0]!.after).toMatchObject({ flags: ["amount_mismatch"] });
  });

  it("the return from Mercado Pago never marks an order paid; only the notification does", async () => {
    const order = await onlineOrder();
    const payment = await payAtMercadoPago(order.id, "approved");
    const back = new URL(double.preferences.at(-1)!.back_urls!.success!);
    back.searchParams.set("status", "approved");
    back.searchParams.set("payment_id", String(payment.id));
    const page = await outcome(() => successLoader(args(getRequest(`${back.pathname}${back.search}`)) as never));
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ confirming: true });
    expect((await orderRow(order.id)).paymentStatus).toBe("awaiting_payment");

    // While that payment is not confirmed, the return page does not let the shopper pay again...
    const path = `${back.pathname}${back.search}`;
    const held = await outcome(() => successAction(args(formRequest(path, { intent: "pay" })) as never));
    expect(held.status).toBe(409);
    expect(held.body).toMatchObject({ error: expect.stringContaining("Estamos confirmando tu pago") });
    // ...the order's own page offers the preference already open (no second one)...
    const plain = `${back.pathname}?${new URLSearchParams({ order: order.id, token: order.accessToken })}`;
    const retry = await outcome(() => successAction(args(formRequest(plain, { intent: "pay" })) as never));
    expect(retry.status).toBe(302);
    expect(retry.location).toBe(`${double.url}/checkout/v1/redirect?pref_id=${double.preferences.at(-1)!.id}`);
    // ...and nothing once it is paid.
    await double.notify(payment.id);
    const refused = await outcome(() => successAction(args(formRequest(path, { intent: "pay" })) as never));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: expect.stringContaining("ya no se puede pagar online") });
  });
});

describe("expiry of unpaid online orders", () => {
  async function overdue(order: { id: string }) {
    await t.db
      .update(orders)
      .set({ paymentExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, order.id));
  }

  it("cancels overdue orders and returns their stock exactly once, with two processes running the job", async () => {
    const stock = await stockOf(notebook.id);
    const placed = [];
    for (let i = 0; i < 12; i++) placed.push(await onlineOrder(2));
    for (const order of placed) await overdue(order);
    // One that is not overdue, and one already paid, stay as they are.
    const fresh = await onlineOrder();
    const paid = await onlineOrder();
    await double.notify((await payAtMercadoPago(paid.id, "approved")).id);
    await overdue(paid);
    const held = await stockOf(notebook.id);
    expect(held).toBe(stock - 12 * 2 - 2);

    const counts = await runExpiryInTwoProcesses(t.handle);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(12);
    expect(await stockOf(notebook.id)).toBe(held + 12 * 2);
    for (const order of placed) {
      expect((await orderRow(order.id)).status).toBe("cancelled");
      expect(await auditEntries(order.id, "order.expire")).toHaveLength(1);
      // The customer is told once that the unpaid order was cancelled.
      expect(await statusEmailKinds(order.id)).toEqual(["order_cancelled"]);
    }
    expect((await orderRow(fresh.id)).status).toBe("pending");
    expect((await orderRow(paid.id)).status).toBe("processing");
    // Run again: nothing left to do, nothing returned twice.
    expect(await expireAllUnpaidOrders()).toBe(0);
    expect(await stockOf(notebook.id)).toBe(held + 12 * 2);
  });

  it("a payment approved after the order expired is kept and flagged for staff, never lost", async () => {
    const order = await onlineOrder();
    // The shopper opens Mercado Pago's checkout, and the order's time runs out meanwhile.
    await startOnlinePayment(order.id);
    const preference = double.preferences.at(-1)!;
    await overdue(order);
    expect(await expireAllUnpaidOrders()).toBe(1);
    const stockAfterExpiry = await stockOf(notebook.id);
    // The shopper pays now.
    const payment = double.pay(preference.id, "approved");
    expect(await double.notify(payment.id)).toBe(200);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: "cancelled", paymentStatus: "approved" });
    expect(row.paymentFlags).toMatchObject([{ kind: "paid_while_cancelled", paymentId: String(payment.id) }]);
    expect(await stockOf(notebook.id)).toBe(stockAfterExpiry);
    expect((await getAdminOrder(order.id))!.payment!.flags[0]).toContain("está aprobado y el pedido está cancelado");
  });
});

describe("refunds", () => {
  it("a cancelled paid order is refunded in full once, through Mercado Pago, and audit-logged", async () => {
    const order = await onlineOrder();
    const payment = await payAtMercadoPago(order.id, "approved");
    await double.notify(payment.id);

    expect(await refundOrderPayment(ADMIN, order.id)).toMatchObject({
      ok: false,
      message: "Cancelá la orden antes de reembolsar su pago.",
    });
    await updateOrderStatus(ADMIN, { orderId: order.id, status: "cancelled" });
    expect(await refundOrderPayment(ADMIN, order.id)).toEqual({ ok: true });
    expect(double.payments.get(payment.id)!.status).toBe("refunded");
    expect((await orderRow(order.id)).paymentStatus).toBe("refunded");
    const [entry] = await auditEntries(order.id, "order.refund");
    expect(entry).toMatchObject({ actorEmail: "staff@vitec.com.ar" });

    // A second click: nothing left to refund, and Mercado Pago was asked once.
    expect((await refundOrderPayment(ADMIN, order.id)).ok).toBe(false);
    expect([...double.refunds.values()].filter((r) => r.payment_id === payment.id)).toHaveLength(1);
  });

  it("the dashboard shows what was collected online and how many orders wait for their payment", async () => {
    const stats = await getDashboardStats();
    const approved = await t.db
      .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
      .from(payments)
      .where(eq(payments.status, "approved"));
    expect(Number(stats.collectedOnline)).toBeCloseTo(Number(approved[0]!.total), 2);
    expect(Number(stats.collectedOnline)).toBeGreaterThan(0);
    const before = stats.awaitingPayment;
    await onlineOrder();
    expect((await getDashboardStats()).awaitingPayment).toBe(before + 1);
  });
});

describe("without Mercado Pago's credentials", () => {
  const KEYS = ["MERCADOPAGO_ACCESS_TOKEN", "MERCADOPAGO_WEBHOOK_SECRET"] as const;
  let saved: Record<string, string | undefined>;
  beforeAll(() => {
    saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
    for (const k of KEYS) delete process.env[k];
    resetEnv();
  });
  afterAll(() => {
    for (const k of KEYS) process.env[k] = saved[k];
    resetEnv();
  });

  it("the checkout does not offer the online method, and an order with it is refused", async () => {
    const page = await outcome(() => checkoutLoader());
    const names = (page.body as { config: { paymentMethods: { name: string }[] } }).config.paymentMethods.map(
      (m) => m.name,
    );
    expect(names).toContain("transferencia");
    expect(names).not.toContain("Mercado Pago online");
    await expect(onlineOrder()).rejects.toThrow("El pago con Mercado Pago no está disponible en este momento.");
  });

  it("staff cannot turn a payment method into Mercado Pago, and are told what the server needs", async () => {
    const { cookie } = await signedInAdmin();
    const form = new FormData();
    form.set("intent", "save");
    form.set("key", "payment_methods");
    form.set("rows.0.name", "transferencia");
    form.set("rows.0.kind", "manual");
    form.set("rows.1.name", "Tarjeta");
    form.set("rows.1.kind", "mercadopago");
    const answer = await outcome(() =>
      settingsAction(args(formRequest("/admin/configuracion", form, { cookie })) as never),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      errors: { "rows.1.kind": expect.stringContaining("MERCADOPAGO_ACCESS_TOKEN") },
    });
  });
});
