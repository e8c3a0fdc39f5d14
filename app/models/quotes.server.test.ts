import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/schema/auth";
import { companies, companyMembers, customerGroups } from "~/db/schema/business";
import { products } from "~/db/schema/catalog";
import { outboxEmails } from "~/db/schema/content";
import { orderItems, orders } from "~/db/schema/orders";
import { quoteLines, quotes } from "~/db/schema/quotes";
import { COMPANY_NOT_APPROVED, formatDay, todayInStore } from "~/domain/quotes";
import { setupTestDatabase } from "../../tests/setup/db";
import { insertProduct } from "../../tests/setup/factories";
import { getOrderTimeline } from "./order-timeline.server";
import {
  acceptQuote,
  cancelQuote,
  expireDueQuotes,
  getQuote,
  listCompanyQuotes,
  listQuotes,
  mayOpenQuote,
  priceQuote,
  requestQuote,
  requestQuoteChanges,
} from "./quotes.server";

// [25/25] Quotes (ADR 0022 "Quotes") against a real database: a member's request, staff's
// pricing, the buyer's acceptance into an order at the quoted prices, and who may see it.

const t = setupTestDatabase();

const STAFF = { id: null, email: "ventas@vitec.test" };
const FIELDS = {
  first_name: "Marta",
  last_name: "Gómez",
  email: "marta@acme.test",
  phone: "11 5555-1234",
  address: "Av. Corrientes 1234",
  city: "CABA",
  state: "Buenos Aires",
  zip: "C1043",
};
const ACCEPT = { shippingMethod: "Envío a domicilio CABA y GBA", paymentMethod: "Mercado Pago", fields: FIELDS };

let monitor: { id: string };
let group: string;
const member = { id: "quote-buyer", email: "marta@acme.test" };
const stranger = { id: "quote-stranger", email: "otro@globex.test" };
const lonely = { id: "quote-lonely", email: "solo@example.test" };

async function company(cuit: string, legalName: string, userId: string, email: string) {
  await t.db.insert(users).values({ id: userId, name: userId, email });
  const [row] = await t.db
    .insert(companies)
    .values({
      cuit,
      legalName,
      ivaCondition: "responsable_inscripto",
      contactName: "Compras",
      contactEmail: email,
      contactPhone: "11 4555-1234",
      status: "approved",
      groupId: group,
    })
    .returning();
  await t.db.insert(companyMembers).values({ companyId: row!.id, userId, role: "buyer" });
  return row!.id;
}

const line = (productId: string, quantity: number) => ({
  cartId: randomUUID(),
  productId,
  quantity,
  selectedOptions: [],
});

async function stockOf(id: string) {
  const [row] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
  return row!.stock;
}

/** A requested quote for 3 monitors, priced by staff at $ 80.000 each, valid until `validUntil`. */
async function pricedQuote(validUntil = "2099-12-31") {
  const requested = await requestQuote(member, { lines: [line(monitor.id, 3)], note: "Para la oficina nueva" });
  if (!requested.ok) throw new Error(requested.message);
  const view = (await getQuote(requested.id))!;
  const priced = await priceQuote(STAFF, requested.id, {
    prices: { [view.lines[0]!.id]: 80_000 },
    validUntil,
    conditions: "Pago a 30 días",
  });
  expect(priced).toMatchObject({ ok: true });
  return requested;
}

beforeAll(async () => {
  monitor = await insertProduct({ name: "Monitor 27", price: "100000", stock: 50 });
  const [row] = await t.db.insert(customerGroups).values({ name: "Revendedor", defaultPercent: 0 }).returning();
  group = row!.id;
  await company("30712345671", "Acme SA", member.id, member.email);
  await company("30500010912", "Globex SRL", stranger.id, stranger.email);
  await t.db.insert(users).values({ id: lonely.id, name: "Solo", email: lonely.email });
});

describe("requesting a quote", () => {
  it("keeps the cart's lines at their public price and refuses a customer of no company", async () => {
    const requested = await requestQuote(member, { lines: [line(monitor.id, 2)], note: "Urgente" });
    expect(requested).toMatchObject({ ok: true });
    const view = (await getQuote(requested.ok ? requested.id : ""))!;
    expect(view).toMatchObject({ status: "requested", buyerNote: "Urgente", publicTotalCents: 20_000_000 });
    expect(view.lines).toMatchObject([
      { name: "Monitor 27", quantity: 2, publicUnitCents: 10_000_000, quotedUnitCents: null },
    ]);
    expect(view.events.map((e) => e.title)).toEqual(["Cotización pedida"]);
    expect((await listCompanyQuotes(member.id))!.map((q) => q.id)).toContain(view.id);
    expect(await listCompanyQuotes(stranger.id)).not.toContainEqual(expect.objectContaining({ id: view.id }));

    const refused = await requestQuote(lonely, { lines: [line(monitor.id, 1)], note: "" });
    expect(refused).toMatchObject({ ok: false });
  });
});

describe("accepting a quote", () => {
  it("makes an order at the quoted prices, takes the stock, and says so in both timelines", async () => {
    const before = await stockOf(monitor.id);
    const { id, number } = await pricedQuote();
    const mail = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, member.email));
    expect(
      mail.some(
        (m) => m.subject === `Tu cotización N° ${number} de Vitec` && m.html.includes(`/cotizaciones/${id}/pdf?t=`),
      ),
    ).toBe(true);

    const accepted = await acceptQuote(member.email, id, ACCEPT);
    expect(accepted).toMatchObject({ ok: true });
    const orderId = accepted.ok ? accepted.order.id : "";
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(items).toMatchObject([{ productId: monitor.id, quantity: 3, price: "80000.00", subtotal: "240000.00" }]);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ subtotal: "240000.00", billingCuit: "30-71234567-1", invoiceType: "A" });
    expect(await stockOf(monitor.id)).toBe(before - 3);

    const view = (await getQuote(id))!;
    expect(view).toMatchObject({ status: "accepted", orderId });
    expect(view.events.map((e) => e.title)).toEqual(["Cotización pedida", "Cotización enviada", "Cotización aceptada"]);
    const timeline = await getOrderTimeline(
      { id: orderId, createdAt: order!.createdAt, customerEmail: order!.customerEmail },
      "customer",
    );
    expect(timeline.map((e) => e.title)).toContain(`Desde la cotización ${number}`);

    // Accepted once: never again.
    expect(await acceptQuote(member.email, id, ACCEPT)).toMatchObject({
      ok: false,
      message: "Esta cotización ya fue aceptada.",
    });
  });

  it("refuses a quote past its validity and marks it expired", async () => {
    const { id } = await pricedQuote();
    // The validity passed (staff cannot set a past date, so the clock is moved by the row).
    await t.db.update(quotes).set({ validUntil: "2020-01-31" }).where(eq(quotes.id, id));
    const refused = await acceptQuote(member.email, id, ACCEPT);
    expect(refused).toMatchObject({ ok: false, message: "Esta cotización venció el 31/01/2020. Pedinos una nueva." });
    const view = (await getQuote(id))!;
    expect(view).toMatchObject({ status: "expired", orderId: null });
    expect(view.events.at(-1)!.title).toBe("Cotización vencida");
    expect(await acceptQuote(member.email, id, ACCEPT)).toMatchObject({ ok: false });
  });

  it("refuses a quote of a company staff rejected after sending it, and creates nothing", async () => {
    const before = await stockOf(monitor.id);
    const { id } = await pricedQuote();
    const acme = (await getQuote(id))!.company.id;
    await t.db.update(companies).set({ status: "rejected" }).where(eq(companies.id, acme));
    try {
      const refused = await acceptQuote(member.email, id, ACCEPT);
      expect(refused).toMatchObject({ ok: false, message: COMPANY_NOT_APPROVED, status: 409 });
      expect(await requestQuoteChanges(member.email, id, "Otro precio")).toMatchObject({ ok: false });
      expect(await t.db.$count(orders, eq(orders.idempotencyKey, `quote:${id}`))).toBe(0);
      expect(await stockOf(monitor.id)).toBe(before);
      expect((await getQuote(id))!).toMatchObject({ status: "priced", orderId: null });
    } finally {
      await t.db.update(companies).set({ status: "approved" }).where(eq(companies.id, acme));
    }
    // Approved again: the quote can be accepted.
    expect(await acceptQuote(member.email, id, ACCEPT)).toMatchObject({ ok: true });
  });

  it("makes one order when it is accepted twice at once", async () => {
    const before = await stockOf(monitor.id);
    const { id } = await pricedQuote();
    const results = await Promise.all([acceptQuote(member.email, id, ACCEPT), acceptQuote(member.email, id, ACCEPT)]);
    const orderIds = new Set(results.flatMap((r) => (r.ok ? [r.order.id] : [])));
    expect(orderIds.size).toBe(1);
    const [only] = orderIds;
    const rows = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.idempotencyKey, `quote:${id}`));
    expect(rows.map((r) => r.id)).toEqual([only]);
    expect(await stockOf(monitor.id)).toBe(before - 3);
  });

  it("sends a quote back with the buyer's note and lets staff price it again", async () => {
    const { id } = await pricedQuote();
    expect(await requestQuoteChanges(member.email, id, "¿Pueden mejorar el precio por 5?")).toMatchObject({ ok: true });
    const view = (await getQuote(id))!;
    expect(view.status).toBe("changes_requested");
    expect(view.events.at(-1)).toMatchObject({ title: "Cambios pedidos", note: "¿Pueden mejorar el precio por 5?" });
    expect(await acceptQuote(member.email, id, ACCEPT)).toMatchObject({ ok: false });
    expect(await cancelQuote(STAFF, id)).toMatchObject({ ok: true });
    expect(
      await priceQuote(STAFF, id, { prices: { [view.lines[0]!.id]: 1 }, validUntil: "2099-01-01", conditions: "" }),
    ).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  it("refuses a quote whose lines are not all priced and a validity in the past", async () => {
    const requested = await requestQuote(member, { lines: [line(monitor.id, 1)], note: "" });
    const id = requested.ok ? requested.id : "";
    expect(await priceQuote(STAFF, id, { prices: {}, validUntil: "2099-01-01", conditions: "" })).toMatchObject({
      ok: false,
      message: "Poné un precio mayor a cero en cada línea.",
    });
    const [row] = await t.db.select().from(quoteLines).where(eq(quoteLines.quoteId, id));
    expect(
      await priceQuote(STAFF, id, { prices: { [row!.id]: 5 }, validUntil: "2020-01-01", conditions: "" }),
    ).toMatchObject({
      ok: false,
      message: "La validez tiene que ser hoy o una fecha posterior.",
    });
    expect((await getQuote(id))!.status).toBe("requested");
  });
});

describe("a quote past its validity", () => {
  it("shows as Vencida in the staff's and the buyer's lists from the day after its last day, and is refused", async () => {
    const today = todayInStore();
    const yesterday = todayInStore(new Date(Date.now() - 24 * 60 * 60 * 1000));
    const past = await pricedQuote();
    const lastDay = await pricedQuote();
    // Staff cannot set a past validity, so the clock is moved by the row.
    await t.db.update(quotes).set({ validUntil: yesterday }).where(eq(quotes.id, past.id));
    await t.db.update(quotes).set({ validUntil: today }).where(eq(quotes.id, lastDay.id));

    // Two of the job's rounds at once, then another: the quote expires once, with one timeline entry.
    const rounds = await Promise.all([expireDueQuotes(), expireDueQuotes()]);
    expect(rounds[0] + rounds[1]).toBeGreaterThanOrEqual(1);
    expect(await expireDueQuotes()).toBe(0);

    const staffExpired = await listQuotes("expired");
    expect(staffExpired.find((q) => q.id === past.id)).toMatchObject({ statusLabel: "Vencida" });
    expect((await listQuotes("priced")).map((q) => q.id)).not.toContain(past.id);
    const buyers = (await listCompanyQuotes(member.id))!;
    expect(buyers.find((q) => q.id === past.id)).toMatchObject({ status: "expired", statusLabel: "Vencida" });
    // Its last day is still a valid day.
    expect(buyers.find((q) => q.id === lastDay.id)).toMatchObject({ status: "priced", statusLabel: "Enviada" });

    const view = (await getQuote(past.id))!;
    expect(view.statusLabel).toBe("Vencida");
    expect(view.events.filter((e) => e.title === "Cotización vencida")).toHaveLength(1);
    expect(await acceptQuote(member.email, past.id, ACCEPT)).toMatchObject({
      ok: false,
      status: 409,
      message: `Esta cotización venció el ${formatDay(yesterday)}. Pedinos una nueva.`,
    });
    expect((await getQuote(past.id))!.events.filter((e) => e.title === "Cotización vencida")).toHaveLength(1);
    expect(await acceptQuote(member.email, lastDay.id, ACCEPT)).toMatchObject({ ok: true });
  });
});

describe("who may open a quote", () => {
  it("is a member of the quote's company or the holder of its link, never a guest or another company", async () => {
    const { id } = await pricedQuote();
    const [row] = await t.db.select({ token: quotes.accessToken }).from(quotes).where(eq(quotes.id, id));
    expect(await mayOpenQuote(id, { userId: member.id, token: null })).toBe(true);
    expect(await mayOpenQuote(id, { userId: null, token: row!.token })).toBe(true);
    expect(await mayOpenQuote(id, { userId: stranger.id, token: null })).toBe(false);
    expect(await mayOpenQuote(id, { userId: lonely.id, token: null })).toBe(false);
    expect(await mayOpenQuote(id, { userId: null, token: null })).toBe(false);
    expect(await mayOpenQuote(id, { userId: null, token: `${row!.token.slice(0, -1)}0` })).toBe(
      row!.token.endsWith("0"),
    );
    expect(await mayOpenQuote("no-es-un-id", { userId: member.id, token: null })).toBe(false);
  });
});
