// [22/25] Prices pegged to the dollar (ADR 0020): a product with a list price in USD sells in
// pesos at that price times the store's exchange rate plus its markup, rounded to the store's
// rule. All arithmetic in integer cents with BigInt (USD cents x rate cents x markup basis points
// exceeds 2^53); the storefront always shows the pesos, the law asks for the final price in pesos.

/** The steps (pesos) a pegged price may be rounded to: the nearest $ 1.000, $ 100, $ 10 or $ 1. */
export const ROUNDING_STEPS = [1000, 100, 10, 1] as const;
export type RoundingStep = (typeof ROUNDING_STEPS)[number];

/** The exchange rate staff set in Configuración (null rate: no pegging yet). */
export type ExchangeRate = {
  /** Pesos per dollar, 2 decimals ("BNA vendedor" 1.475,50). */
  rate: number | null;
  source: string;
  /** The day the rate is from, "2026-11-26". */
  date: string;
  roundTo: RoundingStep;
  /** "USD x" beside the peso price on the storefront. */
  showUsd: boolean;
};

export const DEFAULT_EXCHANGE_RATE: ExchangeRate = { rate: null, source: "", date: "", roundTo: 100, showUsd: false };

/** The largest price the database holds (numeric(12,2)), in cents. */
export const MAX_PRICE_CENTS = 999_999_999_999;

const cents = (amount: number): bigint => BigInt(Math.round(Number((amount * 100).toPrecision(15))));

/**
 * The peso price, in cents, of `usd` dollars at `rate` pesos per dollar with `markup` percent on
 * top, rounded half up to the nearest `roundTo` pesos. A positive price never rounds to $ 0: it
 * is one step then. Monotonic in the rate, the USD price and the markup; never below 0.
 */
export function peggedPriceCents(usd: number, rate: number, markup: number, roundTo: RoundingStep): number {
  const usdCents = cents(Math.max(0, usd));
  const rateCents = cents(Math.max(0, rate));
  const basis = 10_000n + cents(Math.max(0, markup)); // markup in basis points
  // usd cents x rate cents / 100 = peso cents; x (1 + markup) = x basis / 10_000.
  const exact = usdCents * rateCents * basis; // peso cents x 1_000_000
  const step = BigInt(roundTo) * 100n * 1_000_000n;
  if (exact === 0n) return 0;
  const rounded = ((exact + step / 2n) / step) * step;
  return Number((rounded === 0n ? step : rounded) / 1_000_000n);
}

export type PegInput = {
  usdPrice: number;
  markup: number;
  price: number | null;
  salePrice: number | null;
};

export type PegResult =
  { ok: true; price: number; salePrice: number | null; changed: boolean } | { ok: false; reason: string };

/**
 * A pegged product's new price and sale price (pesos). A sale price keeps its discount as the
 * same fraction of the price, rounded by the same rule (ADR 0020); without a previous price
 * (nothing to keep it against) it is left as it is.
 */
export function repriceProduct(input: PegInput, exchange: ExchangeRate): PegResult {
  if (exchange.rate === null || exchange.rate <= 0) return { ok: false, reason: "No hay cotización del dólar." };
  const priceCents = peggedPriceCents(input.usdPrice, exchange.rate, input.markup, exchange.roundTo);
  if (priceCents > MAX_PRICE_CENTS) return { ok: false, reason: "El precio en pesos supera el máximo admitido." };
  let saleCents: number | null = input.salePrice === null ? null : Number(cents(input.salePrice));
  const oldCents = input.price === null ? 0 : Number(cents(input.price));
  if (saleCents !== null && saleCents > 0 && oldCents > 0 && saleCents < oldCents) {
    const step = BigInt(exchange.roundTo) * 100n;
    const scaled = BigInt(priceCents) * BigInt(saleCents); // new sale x old price
    const unit = BigInt(oldCents) * step;
    saleCents = Number(((scaled + unit / 2n) / unit) * step);
    if (saleCents === 0) saleCents = Number(step);
  }
  const price = priceCents / 100;
  const salePrice = saleCents === null ? null : saleCents / 100;
  return { ok: true, price, salePrice, changed: price !== input.price || salePrice !== input.salePrice };
}

/** What a peso price is in dollars at `rate`, to the cent (for showing only; never charged). */
export function usdEquivalent(pesos: number, rate: number): number {
  if (!(rate > 0)) return 0;
  const exact = cents(pesos) * 100n; // dollar cents x rate cents
  const r = cents(rate);
  return Number((exact + r / 2n) / r) / 100;
}

/** "USD 1.299" / "USD 12,50": the dollar price shown beside the pesos, smaller. */
export function formatUsd(usd: number): string {
  const text = new Intl.NumberFormat("es-AR", { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(usd);
  return `USD ${text}`;
}
