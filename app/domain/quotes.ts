import type { CompanyStatus } from "./business";
import { toStoreLocalInput } from "./dates";

// [25/25] Quotes (cotizaciones, ADR 0022 "Quotes"): a company member turns a cart into a request,
// staff price it (line prices, validity, conditions) and send it, the buyer accepts it within its
// validity (it becomes an order at the quoted prices) or asks for changes. The moves allowed
// between statuses, the validity rule and the totals are here, pure; the tables and transactions
// are in app/models/quotes.server.ts.

export const QUOTE_STATUSES = ["requested", "priced", "accepted", "changes_requested", "expired", "cancelled"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  requested: "Pedida",
  priced: "Enviada",
  accepted: "Aceptada",
  changes_requested: "Cambios pedidos",
  expired: "Vencida",
  cancelled: "Cancelada",
};

export const QUOTE_EVENT_KINDS = [
  "requested",
  "priced",
  "accepted",
  "changes_requested",
  "expired",
  "cancelled",
] as const;
export type QuoteEventKind = (typeof QUOTE_EVENT_KINDS)[number];

export const QUOTE_EVENT_TITLES: Record<QuoteEventKind, string> = {
  requested: "Cotización pedida",
  priced: "Cotización enviada",
  accepted: "Cotización aceptada",
  changes_requested: "Cambios pedidos",
  expired: "Cotización vencida",
  cancelled: "Cotización cancelada",
};

/** Staff may price (and send again) a quote that waits for them: requested, or with changes asked. */
export function canPrice(status: QuoteStatus): boolean {
  return status === "requested" || status === "changes_requested" || status === "priced";
}

/** Staff may cancel a quote not yet accepted. */
export function canCancel(status: QuoteStatus): boolean {
  return status === "requested" || status === "changes_requested" || status === "priced";
}

export type BuyerMoveRefusal = { ok: false; message: string; expire: boolean };

export const COMPANY_NOT_APPROVED =
  "Tu empresa no está aprobada en este momento, así que no podés aceptar ni cambiar esta cotización. Escribinos para que revisemos su cuenta.";

/**
 * Whether the buyer may accept (or ask changes to) the quote today (a yyyy-mm-dd day in the
 * store's time zone): only a priced quote of a company still approved (staff may have rejected or
 * suspended it since they sent the quote), and only on or before its last valid day. Past it the
 * answer says so and asks the caller to mark the quote expired.
 */
export function checkBuyerMove(
  quote: { status: QuoteStatus; validUntil: string | null; companyStatus: CompanyStatus },
  today: string,
): { ok: true } | BuyerMoveRefusal {
  switch (quote.status) {
    case "accepted":
      return { ok: false, message: "Esta cotización ya fue aceptada.", expire: false };
    case "expired":
      return { ok: false, message: expiredMessage(quote.validUntil), expire: false };
    case "cancelled":
      return { ok: false, message: "Esta cotización fue cancelada.", expire: false };
    case "requested":
    case "changes_requested":
      return { ok: false, message: "Todavía estamos preparando esta cotización.", expire: false };
    case "priced":
      break;
  }
  if (quote.companyStatus !== "approved") return { ok: false, message: COMPANY_NOT_APPROVED, expire: false };
  if (!quote.validUntil || quote.validUntil < today) {
    return { ok: false, message: expiredMessage(quote.validUntil ?? today), expire: true };
  }
  return { ok: true };
}

/** The refusal of a quote past its validity, whether this move or the expiry job marked it. */
function expiredMessage(validUntil: string | null): string {
  return validUntil
    ? `Esta cotización venció el ${formatDay(validUntil)}. Pedinos una nueva.`
    : "Esta cotización venció. Pedinos una nueva.";
}

/** "27/11/2026" from "2026-11-27". */
export function formatDay(day: string): string {
  const [y, m, d] = day.split("-");
  return `${d}/${m}/${y}`;
}

/** The store's today, as yyyy-mm-dd. */
export function todayInStore(now: Date = new Date()): string {
  return toStoreLocalInput(now).slice(0, 10);
}

export type QuoteLineAmounts = { quantity: number; quotedCents: number | null; publicCents: number };

/** The quote's total at the quoted prices (the public ones while a line is unpriced) and the public total. */
export function quoteTotals(lines: readonly QuoteLineAmounts[]): {
  totalCents: number;
  publicTotalCents: number;
  priced: boolean;
} {
  let totalCents = 0;
  let publicTotalCents = 0;
  let priced = true;
  for (const line of lines) {
    if (line.quotedCents === null) priced = false;
    totalCents += (line.quotedCents ?? line.publicCents) * line.quantity;
    publicTotalCents += line.publicCents * line.quantity;
  }
  return { totalCents, publicTotalCents, priced };
}
