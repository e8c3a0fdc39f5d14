import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, companyMembers, customerGroups } from "~/db/schema/business";
import { quoteLines, quotes } from "~/db/schema/quotes";
import * as adminQuote from "~/routes/admin/quote";
import * as adminQuotes from "~/routes/admin/quotes";
import * as buyerQuote from "~/routes/account/quote";
import * as quoteRequest from "~/routes/account/quote-request";
import * as quotePdf from "~/routes/resources/quote-pdf";
import * as viewer from "~/routes/resources/viewer";
import { COMPANY_NOT_APPROVED } from "~/domain/quotes";
import { setupTestDatabase } from "../setup/db";
import { insertProduct } from "../setup/factories";
import {
  type RouteFunction,
  args,
  formRequest,
  getRequest,
  outcome,
  signedInAdmin,
  signedInCustomer,
} from "../setup/routes";

// [25/25] Quotes through their routes (ADR 0022 "Quotes"): staff's role on every loader and
// action of Admin > Cotizaciones; a guest or a member of another company can neither see nor
// accept a quote, nor read its PDF; the link's token opens it; a tampered form is refused.

const t = setupTestDatabase();

const fn = (f: unknown) => f as RouteFunction;
type Customer = Awaited<ReturnType<typeof signedInCustomer>>;
let admin = "";
let buyer: Customer;
let stranger: Customer;
let lonely: Customer;
let productId = "";
let quoteId = "";
let lineId = "";
let token = "";

async function companyFor(user: Customer, cuit: string, groupId: string) {
  const [row] = await t.db
    .insert(companies)
    .values({
      cuit,
      legalName: `Empresa ${cuit}`,
      ivaCondition: "responsable_inscripto",
      contactName: "Compras",
      contactEmail: user.email,
      contactPhone: "11 4555-1234",
      status: "approved",
      groupId,
    })
    .returning();
  await t.db.insert(companyMembers).values({ companyId: row!.id, userId: user.id });
}

const lines = () => JSON.stringify([{ cartId: randomUUID(), productId, quantity: 2, selectedOptions: [] }]);

beforeAll(async () => {
  productId = (await insertProduct({ name: "Switch 24 bocas", price: "250000", stock: 20 })).id;
  const [group] = await t.db.insert(customerGroups).values({ name: "Corporativo Q" }).returning();
  admin = (await signedInAdmin()).cookie;
  [buyer, stranger, lonely] = [await signedInCustomer(), await signedInCustomer(), await signedInCustomer()];
  await companyFor(buyer, "30712345671", group!.id);
  await companyFor(stranger, "30500010912", group!.id);

  const requested = await outcome(() =>
    fn(quoteRequest.action)(
      args(formRequest("/cotizaciones/nueva", { lines: lines(), note: "Urgente" }, { cookie: buyer.cookie })),
    ),
  );
  expect(requested.status).toBe(302);
  const [row] = await t.db.select().from(quotes).where(eq(quotes.requestedBy, buyer.id));
  quoteId = row!.id;
  token = row!.accessToken;
  expect(requested.location).toBe(`/cotizaciones/${quoteId}`);
  lineId = (await t.db.select().from(quoteLines).where(eq(quoteLines.quoteId, quoteId)))[0]!.id;
});

describe("asking for a quote", () => {
  it("is offered in the cart to members of an approved company only", async () => {
    const quotesFor = async (cookie?: string) =>
      ((await outcome(() => fn(viewer.loader)(args(getRequest("/api/viewer", cookie))))).body as { quotes: boolean })
        .quotes;
    expect(await quotesFor(buyer.cookie)).toBe(true);
    expect(await quotesFor(lonely.cookie)).toBe(false);
    expect(await quotesFor()).toBe(false);
  });

  it("sends a guest to sign in and refuses a customer of no company, in Spanish", async () => {
    const guest = await outcome(() =>
      fn(quoteRequest.action)(args(formRequest("/cotizaciones/nueva", { lines: lines() }))),
    );
    expect(guest.status).toBe(302);
    expect(guest.location).toMatch(/^\/login/);
    const refused = await outcome(() =>
      fn(quoteRequest.action)(args(formRequest("/cotizaciones/nueva", { lines: lines() }, { cookie: lonely.cookie }))),
    );
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain("Las cotizaciones son para empresas aprobadas");
  });
});

describe("Admin > Cotizaciones", () => {
  const params = () => ({ params: { id: quoteId } });
  const send = (cookie?: string, fields: Record<string, string> = {}) => {
    const form = new FormData();
    form.append("intent", "send");
    form.append("lineId", lineId);
    form.append("price", fields.price ?? "230.000");
    form.append("validUntil", fields.validUntil ?? "2099-06-30");
    form.append("conditions", "Pago contra entrega");
    return outcome(() =>
      fn(adminQuote.action)(args(formRequest(`/admin/cotizaciones/${quoteId}`, form, { cookie }), params())),
    );
  };

  it("checks the staff role on every loader and action", async () => {
    for (const cookie of [buyer.cookie, lonely.cookie]) {
      expect(
        (await outcome(() => fn(adminQuotes.loader)(args(getRequest("/admin/cotizaciones", cookie))))).status,
      ).toBe(403);
      expect(
        (
          await outcome(() =>
            fn(adminQuote.loader)(args(getRequest(`/admin/cotizaciones/${quoteId}`, cookie), params())),
          )
        ).status,
      ).toBe(403);
      expect((await send(cookie)).status).toBe(403);
    }
    const guest = await send(undefined);
    expect(guest.status).toBe(302);
    expect(guest.location).toMatch(/^\/admin\/login/);
    const [row] = await t.db.select().from(quotes).where(eq(quotes.id, quoteId));
    expect(row!.status).toBe("requested");
  });

  it("refuses a price that is not one, and sends a priced quote", async () => {
    const bad = await send(admin, { price: "mucho" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/"price":"El precio: /);
    const list = await outcome(() =>
      fn(adminQuotes.loader)(args(getRequest("/admin/cotizaciones?estado=requested", admin))),
    );
    expect((list.body as { quotes: { id: string }[] }).quotes.map((q) => q.id)).toContain(quoteId);

    const sent = await send(admin);
    expect(sent.status).toBe(200);
    const [line] = await t.db.select().from(quoteLines).where(eq(quoteLines.id, lineId));
    expect(line!.quotedUnitPrice).toBe("230000.00");
  });
});

describe("the buyer's quote page", () => {
  const path = () => `/cotizaciones/${quoteId}`;
  const open = (cookie?: string, query = "") =>
    outcome(() => fn(buyerQuote.loader)(args(getRequest(`${path()}${query}`, cookie), { params: { id: quoteId } })));
  const accept = (cookie?: string, query = "") =>
    outcome(() =>
      fn(buyerQuote.action)(
        args(
          formRequest(
            `${path()}${query}`,
            {
              intent: "accept",
              shippingMethod: "Envío a domicilio CABA y GBA",
              paymentMethod: "Mercado Pago",
              field_first_name: "Ana",
            },
            { cookie },
          ),
          { params: { id: quoteId } },
        ),
      ),
    );

  it("is hidden from a guest, a member of another company and a customer of none, who cannot accept it", async () => {
    expect((await open()).location).toMatch(/^\/login/);
    expect((await open(stranger.cookie)).status).toBe(404);
    expect((await open(lonely.cookie)).status).toBe(404);
    expect((await open(undefined, "?t=wrong")).status).toBe(404);
    expect((await accept(stranger.cookie)).status).toBe(404);
    expect((await accept(undefined, "?t=wrong")).status).toBe(404);
    const pdf = await outcome(() =>
      fn(quotePdf.loader)(args(getRequest(`${path()}/pdf`, stranger.cookie), { params: { id: quoteId } })),
    );
    expect(pdf.status).toBe(404);
    const [row] = await t.db.select().from(quotes).where(eq(quotes.id, quoteId));
    expect(row).toMatchObject({ status: "priced", orderId: null });
  });

  it("opens for the company's member and for the link's token, with its PDF", async () => {
    const member = await open(buyer.cookie);
    expect(member.status).toBe(200);
    expect(member.body).toMatchObject({ open: true, quote: { number: expect.any(Number), totalCents: 46_000_000 } });
    expect((await open(undefined, `?t=${token}`)).status).toBe(200);
    const pdf = (await fn(quotePdf.loader)(
      args(getRequest(`${path()}/pdf?t=${token}`), { params: { id: quoteId } }),
    )) as Response;
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it("says a company staff suspended cannot accept it, offers no forms, and refuses the acceptance", async () => {
    const [quote] = await t.db.select({ companyId: quotes.companyId }).from(quotes).where(eq(quotes.id, quoteId));
    const companyId = quote!.companyId;
    await t.db.update(companies).set({ status: "rejected" }).where(eq(companies.id, companyId));
    try {
      expect((await open(buyer.cookie)).body).toMatchObject({ open: false, refusal: COMPANY_NOT_APPROVED });
      const refused = await accept(buyer.cookie);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ toast: { type: "error", description: COMPANY_NOT_APPROVED } });
      const [row] = await t.db.select().from(quotes).where(eq(quotes.id, quoteId));
      expect(row).toMatchObject({ status: "priced", orderId: null });
    } finally {
      await t.db.update(companies).set({ status: "approved" }).where(eq(companies.id, companyId));
    }
  });
});
