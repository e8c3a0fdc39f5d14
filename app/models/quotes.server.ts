import { timingSafeEqual } from "node:crypto";
import { type SQL, and, asc, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { type Database, type DbOrTx, type Tx, getDb, independently } from "~/db/client.server";
import { users } from "~/db/schema/auth";
import { companies, companyMembers } from "~/db/schema/business";
import { products } from "~/db/schema/catalog";
import { quoteEvents, quoteLines, quotes } from "~/db/schema/quotes";
import type { BusinessIvaCondition, CompanyStatus } from "~/domain/business";
import { formatCuit } from "~/domain/cuit";
import { formatDateTime, formatShortDateTime } from "~/domain/dates";
import { quoteSentEmail, quoteStoreEmail } from "~/domain/emails";
import { formatARS, fromCents, toCents } from "~/domain/money";
import { centsToDecimal } from "~/domain/order-totals";
import { isValidSelection, unitPrice } from "~/domain/pricing";
import {
  QUOTE_EVENT_TITLES,
  QUOTE_STATUS_LABELS,
  type QuoteEventKind,
  type QuoteStatus,
  canCancel,
  canPrice,
  checkBuyerMove,
  formatDay,
  quoteTotals,
  todayInStore,
} from "~/domain/quotes";
import { isUuid } from "~/domain/uuid";
import { hasVariants } from "~/domain/variants";
import type { CartLineInput } from "~/schemas/cart";
import type { QuotePricingForm } from "~/schemas/quotes";
import { baseUrl } from "~/utils/env.server";
import { type AuditActor, SYSTEM_ACTOR, recordAudit } from "./audit.server";
import { orderNumber } from "./order.server";
import { queueEmail } from "./outbox.server";
import { OrderError, type PlaceOrderInput, type PlacedOrder, itemName, placeOrder } from "./place-order.server";
import { getSettings } from "./settings.server";
import { listVariants, variantOf, variantPriceOf } from "./variants.server";

// [25/25] Quotes (cotizaciones, ADR 0022 "Quotes"). A member of an approved company turns the
// cart into a request (products re-read here, public prices kept as they were); staff price each
// line, set the validity and conditions and send it (an e-mail with the link and the PDF); the
// buyer, signed in as a member of that company or with the link's token, accepts it within its
// validity (placeOrder at the quoted prices, the quote marked accepted in the order's own
// transaction) or asks for changes. Every step is a quote event; the moves are ~/domain/quotes.

const STORE_ACTOR = "Vitec";

/** The approved company the user buys for, or null (a guest, no company, pending or rejected). */
export async function quoteCompanyOf(
  userId: string | null,
  db: DbOrTx = getDb(),
): Promise<{ id: string; legalName: string } | null> {
  if (!userId) return null;
  const [row] = await db
    .select({ id: companies.id, legalName: companies.legalName })
    .from(companyMembers)
    .innerJoin(companies, and(eq(companies.id, companyMembers.companyId), eq(companies.status, "approved")))
    .where(eq(companyMembers.userId, userId));
  return row ?? null;
}

export type QuoteRequestResult = { ok: true; id: string; number: number } | { ok: false; message: string };

const NOT_A_MEMBER =
  "Las cotizaciones son para empresas aprobadas. Registrá tu empresa en /empresas/registro y esperá la aprobación.";
const UNAVAILABLE = "Uno de los productos de tu carrito ya no está disponible. Quitalo para pedir la cotización.";

/**
 * A member's cart becomes a quote request: products re-read (published, options valid, priced),
 * each line's name and public unit price kept as they are now; the store is told by e-mail.
 */
export async function requestQuote(
  user: { id: string; email: string },
  input: { lines: CartLineInput[]; note: string },
  db: Database = getDb(),
): Promise<QuoteRequestResult> {
  if (input.lines.length === 0) return { ok: false, message: "Tu carrito está vacío. Agregá productos antes." };
  return db.transaction(async (tx) => {
    const company = await quoteCompanyOf(user.id, tx);
    if (!company) return { ok: false as const, message: NOT_A_MEMBER };
    const ids = [...new Set(input.lines.map((l) => l.productId))];
    if (!ids.every(isUuid)) return { ok: false as const, message: UNAVAILABLE };
    const rows = await tx
      .select({
        id: products.id,
        name: products.name,
        status: products.status,
        price: products.price,
        salePrice: products.salePrice,
        meta: products.meta,
      })
      .from(products)
      .where(inArray(products.id, ids));
    const byId = new Map(rows.map((p) => [p.id, p]));
    const variants = await listVariants(
      rows.filter((p) => hasVariants(p.meta.option_groups)).map((p) => p.id),
      tx,
    );
    const lines = [];
    for (const [position, line] of input.lines.entries()) {
      const product = byId.get(line.productId);
      if (
        !product ||
        product.status !== "published" ||
        !isValidSelection(product.meta.option_groups, line.selectedOptions)
      ) {
        return {
          ok: false as const,
          message: product ? `El producto ${product.name} ya no está disponible.` : UNAVAILABLE,
        };
      }
      const variant = hasVariants(product.meta.option_groups)
        ? variantOf(variants.get(product.id), line.selectedOptions)
        : undefined;
      if (hasVariants(product.meta.option_groups) && !variant) {
        return { ok: false as const, message: `El producto ${product.name} ya no está disponible.` };
      }
      const price = unitPrice(
        { price: product.price, sale_price: product.salePrice, option_groups: product.meta.option_groups },
        line.selectedOptions,
        variantPriceOf(variant),
      );
      lines.push({
        position,
        productId: product.id,
        variantId: variant?.id ?? null,
        selectedOptions: line.selectedOptions,
        name: itemName(product.name, line.selectedOptions),
        quantity: line.quantity,
        publicUnitPrice: centsToDecimal(toCents(Math.max(0, price))),
      });
    }
    const [quote] = await tx
      .insert(quotes)
      .values({ companyId: company.id, requestedBy: user.id, buyerNote: input.note })
      .returning({ id: quotes.id, number: quotes.number });
    await tx.insert(quoteLines).values(lines.map((l) => ({ ...l, quoteId: quote!.id })));
    await addEvent(tx, quote!.id, "requested", user.email, input.note || null);
    await tellStore(
      tx,
      { id: quote!.id, number: quote!.number, legalName: company.legalName, note: input.note },
      false,
    );
    return { ok: true as const, id: quote!.id, number: quote!.number };
  });
}

async function addEvent(tx: DbOrTx, quoteId: string, kind: QuoteEventKind, actor: string, note: string | null) {
  await tx.insert(quoteEvents).values({ quoteId, kind, actor, note });
}

async function tellStore(
  tx: DbOrTx,
  quote: { id: string; number: number; legalName: string; note: string },
  changes: boolean,
) {
  const { store } = await getSettings(["store"], tx);
  if (!store.salesEmail) return;
  await queueEmail(
    quoteStoreEmail(store.salesEmail, {
      number: quote.number,
      legalName: quote.legalName,
      note: quote.note,
      adminLink: `${baseUrl()}/admin/cotizaciones/${quote.id}`,
      changes,
    }),
    tx,
  );
}

// ------------------------------------------------------------------ reading

export type QuoteSummary = {
  id: string;
  number: number;
  legalName: string;
  status: QuoteStatus;
  statusLabel: string;
  createdAtLabel: string;
  validUntilLabel: string | null;
  totalLabel: string;
  orderId: string | null;
};

async function summaries(where: SQL | undefined, db: DbOrTx): Promise<QuoteSummary[]> {
  const rows = await db
    .select({
      id: quotes.id,
      number: quotes.number,
      legalName: companies.legalName,
      status: quotes.status,
      createdAt: quotes.createdAt,
      validUntil: quotes.validUntil,
      orderId: quotes.orderId,
      total: sql<string>`(select coalesce(sum(coalesce(l.quoted_unit_price, l.public_unit_price) * l.quantity), 0) from quote_lines l where l.quote_id = "quotes"."id")`,
    })
    .from(quotes)
    .innerJoin(companies, eq(companies.id, quotes.companyId))
    .where(where)
    .orderBy(desc(quotes.createdAt))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    legalName: r.legalName,
    status: r.status,
    statusLabel: QUOTE_STATUS_LABELS[r.status],
    createdAtLabel: formatShortDateTime(r.createdAt),
    validUntilLabel: r.validUntil ? formatDay(r.validUntil) : null,
    totalLabel: formatARS(r.total),
    orderId: r.orderId,
  }));
}

/** Admin > Cotizaciones: the latest quotes, of one status when asked. */
export async function listQuotes(status: QuoteStatus | null, db: DbOrTx = getDb()): Promise<QuoteSummary[]> {
  return summaries(status ? eq(quotes.status, status) : undefined, db);
}

/** Mi Cuenta: the quotes of the user's company (any member's), whatever the company's status now. */
export async function listCompanyQuotes(userId: string, db: DbOrTx = getDb()): Promise<QuoteSummary[] | null> {
  const [member] = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId));
  if (!member) return null;
  return summaries(eq(quotes.companyId, member.companyId), db);
}

export type QuoteEventView = { atLabel: string; title: string; note: string | null; actor: string };

export type QuoteLineView = {
  id: string;
  name: string;
  quantity: number;
  publicUnitCents: number;
  quotedUnitCents: number | null;
  available: boolean;
};

export type QuoteView = {
  id: string;
  number: number;
  status: QuoteStatus;
  statusLabel: string;
  company: { id: string; legalName: string; cuit: string; ivaCondition: BusinessIvaCondition; status: CompanyStatus };
  requesterEmail: string | null;
  buyerNote: string;
  conditions: string;
  validUntil: string | null;
  validUntilLabel: string | null;
  pricedAtLabel: string | null;
  createdAtLabel: string;
  orderId: string | null;
  orderNumber: string | null;
  lines: QuoteLineView[];
  totalCents: number;
  publicTotalCents: number;
  events: QuoteEventView[];
};

async function readQuote(id: string, db: DbOrTx) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      quote: quotes,
      legalName: companies.legalName,
      cuit: companies.cuit,
      ivaCondition: companies.ivaCondition,
      companyStatus: companies.status,
      requesterEmail: users.email,
    })
    .from(quotes)
    .innerJoin(companies, eq(companies.id, quotes.companyId))
    .leftJoin(users, eq(users.id, quotes.requestedBy))
    .where(eq(quotes.id, id));
  return row ?? null;
}

/** Everything a quote's page shows (staff's or the buyer's); null when it does not exist. */
export async function getQuote(id: string, db: DbOrTx = getDb()): Promise<QuoteView | null> {
  const row = await readQuote(id, db);
  if (!row) return null;
  const { quote } = row;
  const [lines, events] = await independently(
    db,
    () =>
      db
        .select({
          id: quoteLines.id,
          name: quoteLines.name,
          quantity: quoteLines.quantity,
          publicUnitPrice: quoteLines.publicUnitPrice,
          quotedUnitPrice: quoteLines.quotedUnitPrice,
          productId: quoteLines.productId,
        })
        .from(quoteLines)
        .where(eq(quoteLines.quoteId, id))
        .orderBy(asc(quoteLines.position)),
    () => db.select().from(quoteEvents).where(eq(quoteEvents.quoteId, id)).orderBy(asc(quoteEvents.createdAt)),
  );
  const lineViews = lines.map((l) => ({
    id: l.id,
    name: l.name,
    quantity: l.quantity,
    publicUnitCents: toCents(l.publicUnitPrice),
    quotedUnitCents: l.quotedUnitPrice === null ? null : toCents(l.quotedUnitPrice),
    available: l.productId !== null,
  }));
  const totals = quoteTotals(
    lineViews.map((l) => ({ quantity: l.quantity, quotedCents: l.quotedUnitCents, publicCents: l.publicUnitCents })),
  );
  return {
    id: quote.id,
    number: quote.number,
    status: quote.status,
    statusLabel: QUOTE_STATUS_LABELS[quote.status],
    company: {
      id: quote.companyId,
      legalName: row.legalName,
      cuit: formatCuit(row.cuit),
      ivaCondition: row.ivaCondition,
      status: row.companyStatus,
    },
    requesterEmail: row.requesterEmail,
    buyerNote: quote.buyerNote,
    conditions: quote.conditions,
    validUntil: quote.validUntil,
    validUntilLabel: quote.validUntil ? formatDay(quote.validUntil) : null,
    pricedAtLabel: quote.pricedAt ? formatDateTime(quote.pricedAt) : null,
    createdAtLabel: formatDateTime(quote.createdAt),
    orderId: quote.orderId,
    orderNumber: quote.orderId ? orderNumber(quote.orderId) : null,
    lines: lineViews,
    totalCents: totals.totalCents,
    publicTotalCents: totals.publicTotalCents,
    events: events.map((e) => ({
      atLabel: formatShortDateTime(e.createdAt),
      title: QUOTE_EVENT_TITLES[e.kind],
      note: e.note,
      actor: e.actor,
    })),
  };
}

/** Who opens a quote from the store: the signed-in user (if any) and the link's token (if any). */
export type QuoteViewer = { userId: string | null; token: string | null };

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Whether this viewer may see and act on the quote: a member of the quote's company (signed in),
 * or anyone with the link's token. A guest or a member of another company gets false.
 */
export async function mayOpenQuote(id: string, viewer: QuoteViewer, db: DbOrTx = getDb()): Promise<boolean> {
  const row = await readQuote(id, db);
  if (!row) return false;
  if (viewer.token && sameToken(viewer.token, row.quote.accessToken)) return true;
  if (!viewer.userId) return false;
  const [member] = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.userId, viewer.userId), eq(companyMembers.companyId, row.quote.companyId)));
  return Boolean(member);
}

/** The quote's page and PDF links with its token (for the e-mail and the PDF button). */
export async function quoteLinks(id: string, db: DbOrTx = getDb()): Promise<{ link: string; pdfLink: string } | null> {
  const [row] = await db.select({ token: quotes.accessToken }).from(quotes).where(eq(quotes.id, id));
  if (!row) return null;
  const query = `?t=${row.token}`;
  return { link: `${baseUrl()}/cotizaciones/${id}${query}`, pdfLink: `${baseUrl()}/cotizaciones/${id}/pdf${query}` };
}

// ------------------------------------------------------------------ staff

export type QuoteActionResult = { ok: true; message: string } | { ok: false; message: string; status: number };

async function lockQuote(tx: Tx, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for("update");
  return row ?? null;
}

const NOT_FOUND: QuoteActionResult = { ok: false, message: "No encontramos la cotización.", status: 404 };

/**
 * Staff price every line, set the validity and the conditions and send the quote: the requester
 * gets an e-mail with the link and the PDF. Sending it again (after changes were asked) replaces
 * the prices. An accepted, expired or cancelled quote is refused.
 */
export async function priceQuote(
  actor: AuditActor,
  id: string,
  input: QuotePricingForm,
  db: Database = getDb(),
): Promise<QuoteActionResult> {
  if (input.validUntil < todayInStore()) {
    return { ok: false, message: "La validez tiene que ser hoy o una fecha posterior.", status: 400 };
  }
  return db.transaction(async (tx) => {
    const quote = await lockQuote(tx, id);
    if (!quote) return NOT_FOUND;
    if (!canPrice(quote.status)) {
      return {
        ok: false as const,
        message: `No se puede cotizar: la cotización está ${QUOTE_STATUS_LABELS[quote.status].toLowerCase()}.`,
        status: 409,
      };
    }
    const lines = await tx.select({ id: quoteLines.id }).from(quoteLines).where(eq(quoteLines.quoteId, id));
    const missing = lines.filter((l) => !(input.prices[l.id]! > 0));
    if (missing.length > 0) {
      return { ok: false as const, message: "Poné un precio mayor a cero en cada línea.", status: 400 };
    }
    for (const line of lines) {
      await tx
        .update(quoteLines)
        .set({ quotedUnitPrice: centsToDecimal(toCents(input.prices[line.id]!)) })
        .where(eq(quoteLines.id, line.id));
    }
    await tx
      .update(quotes)
      .set({
        status: "priced",
        validUntil: input.validUntil,
        conditions: input.conditions,
        pricedBy: actor.email,
        pricedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(quotes.id, id));
    await addEvent(tx, id, "priced", actor.email, `Válida hasta el ${formatDay(input.validUntil)}`);
    const view = (await getQuote(id, tx))!;
    const links = (await quoteLinks(id, tx))!;
    if (view.requesterEmail) {
      await queueEmail(
        quoteSentEmail(view.requesterEmail, {
          number: view.number,
          legalName: view.company.legalName,
          ...links,
          totalLabel: formatARS(fromCents(view.totalCents)),
          validUntilLabel: view.validUntilLabel!,
          conditions: view.conditions,
        }),
        tx,
      );
    }
    return { ok: true as const, message: `Cotización N° ${view.number} enviada.` };
  });
}

/** Staff cancel a quote not yet accepted (the buyer can no longer accept it). */
export async function cancelQuote(actor: AuditActor, id: string, db: Database = getDb()): Promise<QuoteActionResult> {
  return db.transaction(async (tx) => {
    const quote = await lockQuote(tx, id);
    if (!quote) return NOT_FOUND;
    if (!canCancel(quote.status)) {
      return { ok: false as const, message: "Esta cotización ya no se puede cancelar.", status: 409 };
    }
    await tx
      .update(quotes)
      .set({ status: "cancelled", updatedAt: sql`now()` })
      .where(eq(quotes.id, id));
    await addEvent(tx, id, "cancelled", actor.email, null);
    return { ok: true as const, message: `Cotización N° ${quote.number} cancelada.` };
  });
}

// ------------------------------------------------------------------ the buyer

/**
 * The quote locked for the buyer's move, with its company's status: the company row first (share
 * lock, so staff rejecting it meanwhile is waited for and seen), then the quote, in the order an
 * order on account takes them (its company row, then the quote in `markAccepted`).
 */
async function lockForBuyer(tx: Tx, id: string) {
  if (!isUuid(id)) return null;
  const [ref] = await tx.select({ companyId: quotes.companyId }).from(quotes).where(eq(quotes.id, id));
  if (!ref) return null;
  const [company] = await tx
    .select({ status: companies.status })
    .from(companies)
    .where(eq(companies.id, ref.companyId))
    .for("share");
  const quote = await lockQuote(tx, id);
  return quote && company ? { ...quote, companyStatus: company.status } : null;
}

/**
 * The buyer's move is checked under the quote's lock; past its validity the quote is marked
 * expired (kept: the refusal is the answer) and the Spanish reason returned.
 */
async function checkMove(
  tx: Tx,
  id: string,
): Promise<{ ok: true; quote: typeof quotes.$inferSelect } | QuoteActionResult> {
  const quote = await lockForBuyer(tx, id);
  if (!quote) return NOT_FOUND;
  const today = todayInStore();
  const move = checkBuyerMove(quote, today);
  if (move.ok) return { ok: true, quote };
  if (move.expire) await markExpired(tx, eq(quotes.id, id), today);
  return { ok: false, message: move.message, status: 409 };
}

// ------------------------------------------------------------------ expiry

/**
 * The one writer of the expiry: the sent quotes matching `where` whose last valid day is before
 * today (store's time zone) become expired, each with its "Cotización vencida" event. Only a
 * `priced` quote moves, under its row lock, so a quote expires once whoever gets there first: the
 * job's round skips a quote a buyer's move holds (that move sees its validity and expires it, or
 * accepts it on its last day), and a buyer's move waits for the round and then reads it expired.
 * Returns how many expired.
 */
async function markExpired(tx: DbOrTx, where: SQL, today = todayInStore()): Promise<number> {
  const due = await tx
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(where, eq(quotes.status, "priced"), lt(quotes.validUntil, today)))
    .for("update", { skipLocked: true });
  if (due.length === 0) return 0;
  const ids = due.map((q) => q.id);
  await tx
    .update(quotes)
    .set({ status: "expired", updatedAt: sql`now()` })
    .where(inArray(quotes.id, ids));
  await tx
    .insert(quoteEvents)
    .values(ids.map((quoteId) => ({ quoteId, kind: "expired" as const, actor: SYSTEM_ACTOR.email, note: null })));
  return ids.length;
}

/**
 * The expiry job's round (app/jobs/quote-expiry.server.ts): every sent quote past its last valid
 * day becomes expired, so lists, filters and the quote's page read "Vencida" from the status.
 */
export async function expireDueQuotes(db: Database = getDb(), today = todayInStore()): Promise<number> {
  return db.transaction((tx) => markExpired(tx, sql`true`, today));
}

/** The buyer sends the quote back to staff with a note (within its validity). */
export async function requestQuoteChanges(
  actorEmail: string,
  id: string,
  note: string,
  db: Database = getDb(),
): Promise<QuoteActionResult> {
  return db.transaction(async (tx) => {
    const checked = await checkMove(tx, id);
    if (!("quote" in checked)) return checked;
    await tx
      .update(quotes)
      .set({ status: "changes_requested", updatedAt: sql`now()` })
      .where(eq(quotes.id, id));
    await addEvent(tx, id, "changes_requested", actorEmail, note);
    const row = (await readQuote(id, tx))!;
    await tellStore(tx, { id, number: checked.quote.number, legalName: row.legalName, note }, true);
    return {
      ok: true as const,
      message: "Le pasamos tus cambios a nuestro equipo: te enviamos la cotización de nuevo.",
    };
  });
}

export type AcceptQuoteInput = {
  shippingMethod: string;
  paymentMethod: string;
  /** The checkout fields (name, address...): the company's CUIT and razón social replace any posted. */
  fields: Record<string, string>;
  buyerDni?: string;
};

export type AcceptQuoteResult = { ok: true; order: PlacedOrder } | { ok: false; message: string; status: number };

/**
 * The buyer accepts the quote: within its validity, it becomes an order at the quoted prices
 * (placeOrder with the quote's prices, stock taken by the order's place event as for any order),
 * and the quote is marked accepted with that order inside the order's transaction. The order's
 * idempotency key is the quote's: two acceptances at once make one order.
 */
export async function acceptQuote(
  actorEmail: string,
  id: string,
  input: AcceptQuoteInput,
  db: Database = getDb(),
): Promise<AcceptQuoteResult> {
  // Past its validity: refused, and marked expired (committed, unlike a refusal inside the order's transaction).
  const checked = await db.transaction((tx) => checkMove(tx, id));
  if (!("quote" in checked)) return checked as Extract<AcceptQuoteResult, { ok: false }>;
  const quote = checked.quote;
  const [company] = await db.select().from(companies).where(eq(companies.id, quote.companyId));
  const lines = await db.select().from(quoteLines).where(eq(quoteLines.quoteId, id)).orderBy(asc(quoteLines.position));
  if (lines.some((l) => l.productId === null || l.quotedUnitPrice === null)) {
    return {
      ok: false,
      message: "Uno de los productos de la cotización ya no está disponible. Pedinos una nueva.",
      status: 409,
    };
  }
  const order: PlaceOrderInput = {
    idempotencyKey: `quote:${quote.id}`,
    lines: lines.map((l) => ({
      cartId: l.id,
      productId: l.productId!,
      quantity: l.quantity,
      selectedOptions: l.selectedOptions,
    })),
    shippingMethod: input.shippingMethod,
    paymentMethod: input.paymentMethod,
    fields: { ...input.fields, cuit: company!.cuit, company: company!.legalName },
    userId: quote.requestedBy,
    ivaCondition: company!.ivaCondition,
    buyerDni: input.buyerDni,
    quote: {
      companyId: quote.companyId,
      unitCents: lines.map((l) => toCents(l.quotedUnitPrice)),
      accept: (tx, orderId) => markAccepted(tx, quote.id, orderId, actorEmail),
    },
  };
  try {
    return { ok: true, order: await placeOrder(order, db) };
  } catch (error) {
    if (error instanceof OrderError) {
      const [now] = await db.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, id));
      if (now?.status === "accepted") return { ok: false, message: "Esta cotización ya fue aceptada.", status: 409 };
      return { ok: false, message: error.message, status: 409 };
    }
    throw error;
  }
}

/**
 * In the order's transaction: the quote, still priced and valid, and its company still approved,
 * is accepted with this order.
 */
async function markAccepted(tx: Tx, id: string, orderId: string, actorEmail: string): Promise<void> {
  const quote = await lockForBuyer(tx, id);
  const move = quote ? checkBuyerMove(quote, todayInStore()) : null;
  if (!quote || !move?.ok) throw new OrderError("unavailable", move && !move.ok ? move.message : NOT_FOUND.message);
  await tx
    .update(quotes)
    .set({ status: "accepted", orderId, updatedAt: sql`now()` })
    .where(eq(quotes.id, id));
  await addEvent(tx, id, "accepted", actorEmail, `Pedido #${orderNumber(orderId)}`);
  await recordAudit(
    tx,
    { id: null, email: actorEmail || STORE_ACTOR },
    {
      action: "order.quote",
      entityType: "order",
      entityId: orderId,
      entityLabel: `#${orderNumber(orderId)}`,
      before: null,
      after: { quote: quote.number, quoteId: quote.id },
    },
  );
}
