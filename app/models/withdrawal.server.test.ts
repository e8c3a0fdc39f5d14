import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { outboxEmails } from "~/db/schema/content";
import { orders, withdrawalRequests } from "~/db/schema/orders";
import { isWithdrawalCode } from "~/domain/withdrawal";
import { WITHDRAWAL_RATE_LIMITED, action } from "~/routes/content/arrepentimiento";
import type { WithdrawalResult } from "~/schemas/withdrawal";
import { setupTestDatabase } from "../../tests/setup/db";
import { getAdminOrder, listAdminOrders } from "./admin-orders.server";
import { saveSetting, getSetting } from "./settings.server";
import { createUser } from "./user.server";
import { WITHDRAWAL_NOT_FOUND, countPendingWithdrawals, markWithdrawalHandled } from "./withdrawal.server";

const t = setupTestDatabase();

// The admin who handles the requests (the audit log records who).
let STAFF: { id: string; email: string };
beforeAll(async () => {
  const user = await createUser({
    email: "atencion@vitec.com.ar",
    password: "clave-de-admin-1",
    fullName: "Atención",
    role: "admin",
  });
  STAFF = { id: user.id, email: user.email };
});

const DAY = 24 * 60 * 60 * 1000;

let emailCounter = 0;

/** An order placed `daysAgo` days ago by a shopper with a unique e-mail. */
async function placedOrder(daysAgo: number) {
  const email = `compradora.${++emailCounter}@example.com`;
  const [row] = await t.db
    .insert(orders)
    .values({
      subtotal: "1000.00",
      total: "1000.00",
      customerName: "Lucía",
      customerLastname: "Fernández",
      customerEmail: email,
      createdAt: new Date(Date.now() - daysAgo * DAY),
    })
    .returning({ id: orders.id });
  return { id: row!.id, number: row!.id.slice(0, 8), email };
}

let nextIp = 1;

/** Posts the /arrepentimiento form to its action, each call from its own address unless told. */
async function submit(fields: Record<string, string>, ip = `10.1.0.${nextIp++}`) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const request = new Request("http://localhost/arrepentimiento", { method: "POST", body });
  const response = await action({ request, context: { remoteAddress: ip }, params: {} } as Parameters<
    typeof action
  >[0]);
  return { status: response.init?.status ?? 200, result: response.data as WithdrawalResult };
}

async function requestsOf(orderId: string) {
  return t.db.select().from(withdrawalRequests).where(eq(withdrawalRequests.orderId, orderId));
}

async function emailsTo(to: string) {
  return t.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));
}

async function withdrawalEmails() {
  return t.db.select().from(outboxEmails).where(eq(outboxEmails.kind, "withdrawal"));
}

describe("Botón de arrepentimiento: the request window", () => {
  it("accepts a request within the 10 days, shows a code and stores it with the reason", async () => {
    const order = await placedOrder(9);
    const { status, result } = await submit({
      orderNumber: `#${order.number.toUpperCase()}`,
      email: order.email.toUpperCase(),
      reason: "Me equivoqué de modelo.",
    });
    expect(status).toBe(200);
    if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result)}`);
    expect(result.receipt).toMatchObject({ orderNumber: order.number, email: order.email, created: true });
    expect(isWithdrawalCode(result.receipt.code)).toBe(true);

    const rows = await requestsOf(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      code: result.receipt.code,
      email: order.email,
      reason: "Me equivoqué de modelo.",
      handledAt: null,
    });
  });

  it("still accepts it on the 10th day (whole calendar days, Argentina time)", async () => {
    const order = await placedOrder(10);
    const { status, result } = await submit({ orderNumber: order.number, email: order.email });
    expect(status).toBe(200);
    expect(result.ok).toBe(true);
  });

  it("refuses it after the 10 days with a clear message, and stores and sends nothing", async () => {
    const order = await placedOrder(11);
    const { status, result } = await submit({ orderNumber: order.number, email: order.email });
    expect(status).toBe(422);
    if (result.ok) throw new Error("expected a refusal");
    expect(result.errors.form).toMatch(
      /^El plazo para arrepentirte de este pedido ya venció: se podía pedir hasta el \d{1,2} de \p{L}+ de \d{4} \(10 días corridos desde la compra\)/u,
    );
    expect(await requestsOf(order.id)).toEqual([]);
    expect(await emailsTo(order.email)).toEqual([]);
  });

  it("accepts the full order id as well as the 8-character number", async () => {
    const order = await placedOrder(1);
    const { result } = await submit({ orderNumber: order.id, email: order.email });
    expect(result.ok).toBe(true);
  });
});

describe("Botón de arrepentimiento: wrong order and e-mail pairs", () => {
  it("answers the same message for a wrong e-mail and for an order that does not exist", async () => {
    const order = await placedOrder(2);
    const other = await placedOrder(2);

    const wrongEmail = await submit({ orderNumber: order.number, email: other.email });
    const noSuchOrder = await submit({ orderNumber: "ffffffff", email: order.email });
    const wrongFullId = await submit({ orderNumber: "00000000-0000-4000-8000-000000000000", email: order.email });

    for (const { status, result } of [wrongEmail, noSuchOrder, wrongFullId]) {
      expect(status).toBe(404);
      if (result.ok) throw new Error("expected a refusal");
      expect(result.errors).toEqual({ form: WITHDRAWAL_NOT_FOUND });
      expect(result.toast.description).toBe(WITHDRAWAL_NOT_FOUND);
    }
    expect(WITHDRAWAL_NOT_FOUND).toBe(
      "No encontramos un pedido con ese número y ese email. Revisá que sean los que figuran en el email de confirmación de tu compra.",
    );
    expect(await requestsOf(order.id)).toEqual([]);
    // The values typed are kept for the shopper to fix.
    expect(wrongEmail.result.ok ? null : wrongEmail.result.values).toMatchObject({
      orderNumber: order.number,
      email: other.email,
    });
  });

  it("refuses a number that is not 8 characters long", async () => {
    const order = await placedOrder(1);
    const { result } = await submit({ orderNumber: order.number.slice(0, 7), email: order.email });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.orderNumber).toMatch(/^El número de pedido tiene 8 caracteres/);
  });

  it("validates the fields with Spanish messages", async () => {
    const { status, result } = await submit({ orderNumber: "", email: "no-es-un-email", reason: "x".repeat(1001) });
    expect(status).toBe(400);
    if (result.ok) throw new Error("expected a refusal");
    expect(result.errors).toEqual({
      orderNumber: "Ingresá el número de pedido.",
      email: "Ingresá un email válido.",
      reason: "El motivo no puede superar los 1000 caracteres.",
    });
  });

  it("keeps nothing from a bot that fills the hidden field", async () => {
    const order = await placedOrder(1);
    const { result } = await submit({ orderNumber: order.number, email: order.email, website: "http://spam" });
    expect(result.ok).toBe(false);
    expect(await requestsOf(order.id)).toEqual([]);
  });

  it("limits attempts per address, wrong pairs included", async () => {
    const ip = "10.9.9.9";
    for (let i = 0; i < 10; i++) {
      const { status } = await submit({ orderNumber: "abcdef12", email: `x${i}@example.com` }, ip);
      expect(status).toBe(404);
    }
    const order = await placedOrder(1);
    const { status, result } = await submit({ orderNumber: order.number, email: order.email }, ip);
    expect(status).toBe(429);
    expect(result.ok ? null : result.errors.form).toBe(WITHDRAWAL_RATE_LIMITED);
    expect(await requestsOf(order.id)).toEqual([]);
  });
});

describe("Botón de arrepentimiento: one request per order, and its e-mails", () => {
  it("queues the code to the shopper and a notice to the store's sales e-mail", async () => {
    const order = await placedOrder(3);
    const before = (await withdrawalEmails()).length;
    const { result } = await submit({ orderNumber: order.number, email: order.email, reason: "<b>No lo quiero</b>" });
    if (!result.ok) throw new Error("expected success");
    const code = result.receipt.code;

    const toShopper = await emailsTo(order.email);
    expect(toShopper).toHaveLength(1);
    expect(toShopper[0]).toMatchObject({ kind: "withdrawal", status: "pending" });
    expect(toShopper[0]!.subject).toBe(`Tu solicitud de arrepentimiento ${code} (pedido #${order.number})`);
    expect(toShopper[0]!.html).toContain(`<strong>${code}</strong>`);
    // The reason is the shopper's text: escaped, never HTML.
    expect(toShopper[0]!.html).toContain("&lt;b&gt;No lo quiero&lt;/b&gt;");
    expect(toShopper[0]!.html).not.toContain("<b>No lo quiero</b>");

    const { salesEmail } = await getSetting("store");
    const toStore = (await emailsTo(salesEmail)).filter((e) => e.subject.includes(code));
    expect(toStore).toHaveLength(1);
    expect(toStore[0]!.subject).toBe(`Arrepentimiento del pedido #${order.number} (${code})`);
    expect(toStore[0]!.html).toContain(order.email);
    expect(toStore[0]!.html).toContain(`/admin/ordenes?withdrawal=any&amp;q=${order.number}&amp;open=${order.id}`);
    expect((await withdrawalEmails()).length).toBe(before + 2);
  });

  it("answers a second request of the same order with the same code, without a new row or e-mails", async () => {
    const order = await placedOrder(4);
    const first = await submit({ orderNumber: order.number, email: order.email });
    if (!first.result.ok) throw new Error("expected success");
    const emailsAfterFirst = (await withdrawalEmails()).length;

    const second = await submit({ orderNumber: order.id, email: order.email, reason: "Otra vez" });
    expect(second.status).toBe(200);
    if (!second.result.ok) throw new Error("expected success");
    expect(second.result.receipt.code).toBe(first.result.receipt.code);
    expect(second.result.receipt.created).toBe(false);
    expect(second.result.receipt.requestedAtLabel).toBe(first.result.receipt.requestedAtLabel);

    expect(await requestsOf(order.id)).toHaveLength(1);
    expect((await withdrawalEmails()).length).toBe(emailsAfterFirst);
  });

  it("gives the same code when the two requests arrive at the same time", async () => {
    const order = await placedOrder(1);
    const [a, b] = await Promise.all([
      submit({ orderNumber: order.number, email: order.email }),
      submit({ orderNumber: order.number, email: order.email }),
    ]);
    if (!a.result.ok || !b.result.ok) throw new Error("expected two successes");
    expect(a.result.receipt.code).toBe(b.result.receipt.code);
    expect([a.result.receipt.created, b.result.receipt.created].sort()).toEqual([false, true]);
    expect(await requestsOf(order.id)).toHaveLength(1);
  });

  it("still shows the code of a request made in time once the window is over", async () => {
    const order = await placedOrder(2);
    const first = await submit({ orderNumber: order.number, email: order.email });
    if (!first.result.ok) throw new Error("expected success");
    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 30 * DAY) })
      .where(eq(orders.id, order.id));
    const again = await submit({ orderNumber: order.number, email: order.email });
    expect(again.result.ok ? again.result.receipt.code : again.result.errors).toBe(first.result.receipt.code);
  });

  it("sends no store notice when the store has no sales e-mail", async () => {
    const store = await getSetting("store");
    await saveSetting("store", { ...store, salesEmail: "" });
    try {
      const order = await placedOrder(1);
      const before = (await withdrawalEmails()).length;
      const { result } = await submit({ orderNumber: order.number, email: order.email });
      expect(result.ok).toBe(true);
      expect((await withdrawalEmails()).length).toBe(before + 1);
    } finally {
      await saveSetting("store", store);
    }
  });
});

describe("Botón de arrepentimiento in the admin's orders", () => {
  it("flags the order, lists it under the filters, and marks it handled", async () => {
    const flagged = await placedOrder(1);
    const plain = await placedOrder(1);
    const { result } = await submit({ orderNumber: flagged.number, email: flagged.email, reason: "Cambio de planes" });
    if (!result.ok) throw new Error("expected success");

    const order = await getAdminOrder(flagged.id);
    expect(order?.withdrawal).toMatchObject({
      code: result.receipt.code,
      email: flagged.email,
      reason: "Cambio de planes",
      handledAtLabel: null,
    });
    expect((await getAdminOrder(plain.id))?.withdrawal).toBeNull();

    const any = await listAdminOrders({ withdrawal: "any", pageSize: 500 });
    expect(any.orders.map((o) => o.id)).toContain(flagged.id);
    expect(any.orders.map((o) => o.id)).not.toContain(plain.id);
    expect(any.orders.every((o) => o.withdrawal !== null)).toBe(true);
    const pendingBefore = await countPendingWithdrawals();
    expect((await listAdminOrders({ withdrawal: "pending", pageSize: 500 })).orders.map((o) => o.id)).toContain(
      flagged.id,
    );

    expect(await markWithdrawalHandled(STAFF, flagged.id)).toBe(true);
    expect((await getAdminOrder(flagged.id))?.withdrawal?.handledAtLabel).toMatch(/\d/);
    expect((await listAdminOrders({ withdrawal: "pending", pageSize: 500 })).orders.map((o) => o.id)).not.toContain(
      flagged.id,
    );
    expect((await listAdminOrders({ withdrawal: "any", pageSize: 500 })).orders.map((o) => o.id)).toContain(flagged.id);
    expect(await countPendingWithdrawals()).toBe(pendingBefore - 1);

    expect(await markWithdrawalHandled(STAFF, plain.id)).toBe(false);
    expect(await markWithdrawalHandled(STAFF, "not-an-id")).toBe(false);
  });
});
