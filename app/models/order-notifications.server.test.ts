import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { outboxEmails } from "~/db/schema/content";
import { orders } from "~/db/schema/orders";
import { auditLog } from "~/db/schema/staff";
import { setupTestDatabase } from "../../tests/setup/db";
import { insertOrder } from "../../tests/setup/factories";
import {
  addOrderNote,
  listAdminOrders,
  listOrdersForExport,
  updateOrderField,
  updateOrderStatus,
} from "./admin-orders.server";
import { getOrderTimeline } from "./order-timeline.server";
import { getSettings, saveSetting } from "./settings.server";
import { createUser } from "./user.server";

// What the customer hears after the order: one e-mail per status change, a change undone
// within the minute sends nothing, and the order's timeline, read from the audit log and the
// outbox. Against a real database; the clock is moved by back-dating rows.

const t = setupTestDatabase();

let STAFF: { id: string; email: string };
beforeAll(async () => {
  const user = await createUser({
    email: "envios@vitec.com.ar",
    password: "clave-de-admin-1",
    fullName: "Envíos",
    role: "admin",
  });
  STAFF = { id: user.id, email: user.email };
});

/** A minute and a bit goes by for this order: its changes and waiting e-mails are older. */
async function minutePasses(orderId: string) {
  await t.db
    .update(auditLog)
    .set({ createdAt: sql`${auditLog.createdAt} - interval '2 minutes'` })
    .where(eq(auditLog.entityId, orderId));
  await t.db
    .update(outboxEmails)
    .set({
      createdAt: sql`${outboxEmails.createdAt} - interval '2 minutes'`,
      sendAfter: sql`${outboxEmails.sendAfter} - interval '2 minutes'`,
    })
    .where(eq(outboxEmails.orderId, orderId));
}

async function statusEmails(orderId: string) {
  return t.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.orderId, orderId), sql`${outboxEmails.meta} ->> 'status' is not null`))
    .orderBy(outboxEmails.createdAt);
}

async function setStatus(orderId: string, status: string) {
  const result = await updateOrderStatus(STAFF, { orderId, status });
  expect(result.ok).toBe(true);
}

describe("status e-mails", () => {
  it("queues exactly one e-mail per status change, to the customer, with its variables filled and escaped", async () => {
    const id = await insertOrder(
      { customerName: "<b>Ana</b>", customerLastname: 'O"Brien & Cía', customerEmail: "ana@example.com" },
      [{ name: "Notebook <Pro>", quantity: 2, price: "500.00", sku: "NB-1" }],
    );
    expect(await updateOrderField(STAFF, { orderId: id, field: "carrier", value: "Andreani" })).toMatchObject({
      ok: true,
    });
    expect(await updateOrderField(STAFF, { orderId: id, field: "tracking_number", value: "AND 123/4" })).toMatchObject({
      ok: true,
    });

    // A second order of the same customer is cancelled (a delivered order cannot be: its units left).
    const other = await insertOrder(
      { customerName: "<b>Ana</b>", customerLastname: 'O"Brien & Cía', customerEmail: "ana@example.com" },
      [{ name: "Notebook <Pro>", quantity: 2, price: "500.00", sku: "NB-1" }],
    );
    for (const status of ["processing", "shipped", "delivered", "cancelled"] as const) {
      const target = status === "cancelled" ? other : id;
      await setStatus(target, status);
      const emails = await statusEmails(target);
      const mine = emails.filter((e) => e.kind === `order_${status}`);
      expect(mine).toHaveLength(1);
      const email = mine[0]!;
      expect(email).toMatchObject({ to: "ana@example.com", status: "pending" });
      // It waits its minute before it may go.
      expect(email.sendAfter!.getTime()).toBeGreaterThan(Date.now() + 30_000);
      expect(email.subject).toContain(`#${target.slice(0, 8)}`);
      expect(email.html).toContain("&lt;b&gt;Ana&lt;/b&gt;");
      expect(email.html).not.toContain("<b>Ana</b>");
      expect(email.html).toContain('O"Brien &amp; Cía');
      // The link to the order: a guest's confirmation page (id and token).
      expect(email.html).toMatch(new RegExp(`/success\\?order=${target}&amp;token=[0-9a-f]{64}`));
      if (status === "processing") expect(email.html).toContain("Notebook &lt;Pro&gt;");
      if (status === "shipped") {
        expect(email.subject).toBe(`Tu pedido #${target.slice(0, 8)} está en camino`);
        expect(email.html).toContain("Andreani");
        expect(email.html).toContain("AND 123/4");
        expect(email.html).toContain('href="https://www.andreani.com/envio/AND%20123%2F4"');
        expect(email.html).toContain("Seguir mi envío");
      }
      await minutePasses(target);
    }
    expect(await statusEmails(id)).toHaveLength(3);
    expect(await statusEmails(other)).toHaveLength(1);
  });

  it("sends nothing for a change undone within the minute, and the last one for several changes", async () => {
    const id = await insertOrder({ status: "processing" });
    await setStatus(id, "shipped");
    await setStatus(id, "processing");
    let emails = await statusEmails(id);
    expect(emails.map((e) => [e.kind, e.status])).toEqual([["order_shipped", "cancelled"]]);

    // processing -> shipped -> delivered within the minute: only "entregado" is on its way.
    await minutePasses(id);
    await setStatus(id, "shipped");
    await setStatus(id, "delivered");
    emails = await statusEmails(id);
    expect(emails.filter((e) => e.status === "pending").map((e) => e.kind)).toEqual(["order_delivered"]);

    // After the minute, a change is a change again.
    await minutePasses(id);
    await setStatus(id, "shipped");
    emails = await statusEmails(id);
    expect(emails.filter((e) => e.status === "pending").map((e) => e.kind)).toEqual([
      "order_delivered",
      "order_shipped",
    ]);
  });

  it("sends nothing when that e-mail is turned off in Configuración, or the order has no e-mail", async () => {
    const template = (await getSettings(["email_status_delivered"], t.db)).email_status_delivered;
    await saveSetting("email_status_delivered", { ...template, enabled: false });
    const id = await insertOrder({ status: "shipped" });
    await setStatus(id, "delivered");
    expect(await statusEmails(id)).toHaveLength(0);
    await saveSetting("email_status_delivered", template);

    const noEmail = await insertOrder({ customerEmail: null });
    await setStatus(noEmail, "processing");
    expect(await statusEmails(noEmail)).toHaveLength(0);
  });

  it("writes the shipped e-mail again when the tracking number is typed while it waits", async () => {
    const id = await insertOrder({ status: "processing" });
    await setStatus(id, "shipped");
    await updateOrderField(STAFF, { orderId: id, field: "carrier", value: "Correo Argentino" });
    await updateOrderField(STAFF, { orderId: id, field: "tracking_number", value: "CA999" });
    const [email] = await statusEmails(id);
    expect(email!.html).toContain("CA999");
    expect(email!.html).toContain("correoargentino.com.ar/formularios/e-commerce?id=CA999");
  });

  it("refuses a carrier that is not in the list", async () => {
    const id = await insertOrder();
    const result = await updateOrderField(STAFF, { orderId: id, field: "carrier", value: "Transportes Truchos" });
    expect(result).toMatchObject({ ok: false, status: 400 });
    const [row] = await t.db.select({ carrier: orders.carrier }).from(orders).where(eq(orders.id, id));
    expect(row!.carrier).toBeNull();
  });
});

describe("the order timeline", () => {
  it("shows staff every event with who did it, and the customer their order's steps without staff names or notes", async () => {
    const id = await insertOrder({ customerEmail: "timeline@example.com" });
    await setStatus(id, "processing");
    await minutePasses(id);
    await updateOrderField(STAFF, { orderId: id, field: "carrier", value: "OCA" });
    await updateOrderField(STAFF, { orderId: id, field: "tracking_number", value: "OCA-77" });
    await updateOrderField(STAFF, { orderId: id, field: "customer_phone", value: "11 5555-0000" });
    expect(await addOrderNote(STAFF, { orderId: id, note: "Cliente pidió factura A" })).toMatchObject({ ok: true });
    expect(await addOrderNote(STAFF, { orderId: id, note: "   " })).toMatchObject({
      ok: false,
      message: "Escribí la nota.",
    });
    await setStatus(id, "shipped");
    // The processing e-mail went out; the shipped one still waits.
    await t.db
      .update(outboxEmails)
      .set({ status: "sent", sentAt: sql`now()` })
      .where(and(eq(outboxEmails.orderId, id), eq(outboxEmails.kind, "order_processing")));

    const order = { id, createdAt: new Date(Date.now() - 3 * 60_000), customerEmail: "timeline@example.com" };
    const staff = await getOrderTimeline(order, "staff");
    const titles = staff.map((e) => e.title);
    expect(titles[0]).toBe("Pedido recibido");
    expect(titles).toContain("Estado: Procesando");
    expect(titles).toContain("Estado: Enviado");
    expect(titles).toContain("Datos del envío");
    expect(titles).toContain("Editado: teléfono");
    expect(titles).toContain("Nota interna");
    expect(staff.find((e) => e.title === "Nota interna")).toMatchObject({
      detail: "Cliente pidió factura A",
      actor: "envios@vitec.com.ar",
      internal: true,
    });
    expect(staff.find((e) => e.title.startsWith("Email al cliente: Estamos preparando"))?.detail).toContain("enviado");
    expect(staff.find((e) => e.title.startsWith("Email al cliente: Tu pedido"))?.detail).toContain("en cola");

    const customer = await getOrderTimeline(order, "customer");
    const seen = customer.map((e) => e.title);
    expect(seen).toContain("Pedido recibido");
    expect(seen).toContain("Estado: Procesando");
    expect(seen).toContain("Estado: Enviado");
    expect(seen).toContain("Datos del envío");
    expect(seen).toContain(`Te enviamos un email: Estamos preparando tu pedido #${id.slice(0, 8)}`);
    // No internal notes, no other edits, no e-mail not yet sent, and nobody's name.
    expect(seen).not.toContain("Nota interna");
    expect(seen).not.toContain("Editado: teléfono");
    expect(seen.some((s) => s.includes("en camino"))).toBe(false);
    expect(customer.every((e) => e.actor === null)).toBe(true);
    expect(JSON.stringify(customer)).not.toContain("envios@vitec.com.ar");
  });
});

describe("the orders list for daily work", () => {
  it("filters by the store's days, finds an order by CUIT, and exports exactly what it shows", async () => {
    const early = await insertOrder({
      createdAt: new Date("2026-03-10T02:30:00Z"), // 9 March, 23:30 in Buenos Aires
      customerName: "Marzo",
      billingCuit: "20-12345678-6",
    });
    const later = await insertOrder({ createdAt: new Date("2026-03-10T15:00:00Z"), customerName: "Marzo" });
    const day = await listAdminOrders({ desde: "2026-03-10", hasta: "2026-03-10" });
    expect(day.orders.map((o) => o.id)).toEqual([later]);
    const both = await listAdminOrders({ desde: "2026-03-09", hasta: "2026-03-10" });
    expect(both.orders.map((o) => o.id)).toEqual([later, early]);

    for (const q of ["20-12345678-6", "20123456786", "12345678"]) {
      expect((await listAdminOrders({ q })).orders.map((o) => o.id)).toEqual([early]);
    }

    const exported = await listOrdersForExport({ q: "Marzo", desde: "2026-03-09", hasta: "2026-03-10" });
    expect(exported.map((o) => o.number)).toEqual([later.slice(0, 8), early.slice(0, 8)]);
  });

  it("pages with the chosen page size", async () => {
    for (let i = 0; i < 12; i++) await insertOrder({ customerName: "Paginado" });
    const page = await listAdminOrders({ q: "Paginado", pageSize: 10, page: 2 });
    expect(page).toMatchObject({ total: 12, page: 2, pageCount: 2, pageSize: 10 });
    expect(page.orders).toHaveLength(2);
  });
});
