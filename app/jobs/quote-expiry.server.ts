import { expireDueQuotes } from "~/models/quotes.server";
import { every } from "./every.server";

// A sent quote may be accepted up to its last valid day (store's time zone). From the next day
// this job marks it expired with its "Cotización vencida" event (ADR 0022 "Quotes", addendum), so
// Admin > Cotizaciones, Mi Cuenta, the status filter and the quote's page read "Vencida" from the
// status alone. The move is one conditional UPDATE (priced and past its day), so several processes
// running the round, or a buyer's move past the validity meanwhile, expire each quote once.

/** Looks for quotes past their validity every `intervalMs` (server/serve.ts); returns a stop function. */
export function startQuoteExpiryWorker(intervalMs = 60_000): () => void {
  return every("quote-expiry", intervalMs, () => expireDueQuotes());
}
