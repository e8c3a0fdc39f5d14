import { type VariantPrice, basePrice, hasOwnPrice } from "./pricing";

// [22/25] When the storefront may strike a regular price through ("antes", ADR 0019): only when
// that regular price was the price a shopper paid, without interruption, for at least N days
// (Configuración, 30 by default) right before the sale began. Otherwise the sale price alone.
// A sale that started today, a price raised just before the sale, a regular price changed during
// the sale: no struck price.

export const DEFAULT_REFERENCE_DAYS = 30;

/**
 * Where a price change came from (price_history.source): an admin's edit, the CSV import, an
 * import from another platform ("import:tiendanube"), a duplicated product, the migration that
 * started the history; "app" when the writer did not say (seed data, SQL by hand).
 */
export type PriceSource = "admin" | "csv" | `import:${string}` | "duplicate" | "repricing" | "migration" | "app";

const SOURCE_LABELS: Record<string, string> = {
  admin: "Edición en el panel",
  csv: "Importación CSV",
  duplicate: "Producto duplicado",
  repricing: "Actualización por dólar",
  migration: "Precio inicial",
  app: "Sistema",
};

/** The Spanish name of a price_history source, for the admin's history and reports. */
export function priceSourceLabel(source: string, platforms: Record<string, string> = {}): string {
  if (source.startsWith("import:")) {
    const platform = source.slice("import:".length);
    return `Importación ${platforms[platform] ?? platform}`.trim();
  }
  return SOURCE_LABELS[source] ?? source;
}
const DAY_MS = 24 * 60 * 60 * 1000;

/** One row of a product's or variant's price history (what the price_history table keeps). */
export type PriceChange = { at: Date; price: number | string | null; salePrice: number | string | null };

/** What a shopper saw from `at` on: the regular price and the price paid. */
export type PriceState = { at: Date; regular: number; paid: number };

function toNumber(value: number | string | null): number | null {
  if (value === null || value === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

function stateOf(at: Date, product: PriceChange | undefined, variant: PriceChange | undefined): PriceState {
  const own: VariantPrice | null = variant ? { price: variant.price, sale_price: variant.salePrice } : null;
  if (own && hasOwnPrice(own)) {
    const regular = toNumber(own.price ?? null) ?? toNumber(product?.price ?? null) ?? 0;
    return { at, regular, paid: basePrice({ price: regular, sale_price: own.sale_price ?? null }) };
  }
  const regular = toNumber(product?.price ?? null) ?? 0;
  return { at, regular, paid: basePrice({ price: regular, sale_price: product?.salePrice ?? null }) };
}

/**
 * The states a shopper saw, oldest first, from the product's rows and (for a variant) the
 * variant's rows: a variant with a price of its own follows its own rows, else the product's.
 */
export function priceStates(productRows: PriceChange[], variantRows: PriceChange[] = []): PriceState[] {
  const times = [...new Set([...productRows, ...variantRows].map((r) => r.at.getTime()))].sort((a, b) => a - b);
  const latest = (rows: PriceChange[], t: number) => rows.filter((r) => r.at.getTime() <= t).at(-1);
  return times.map((t) => stateOf(new Date(t), latest(productRows, t), latest(variantRows, t)));
}

/**
 * True when the current regular price may be shown struck through next to the sale price: it
 * was in force (paid, not on sale) without interruption for `days` days before the sale began.
 */
export function mayShowRegular(states: PriceState[], days: number = DEFAULT_REFERENCE_DAYS): boolean {
  const current = states.at(-1);
  if (!current || !(current.paid < current.regular)) return false;
  // The sale began at the oldest state of the trailing run on sale at this same regular price.
  let start = states.length - 1;
  while (start > 0 && states[start - 1]!.paid < states[start - 1]!.regular) {
    if (states[start - 1]!.regular !== current.regular) return false;
    start -= 1;
  }
  // Before it, the regular price paid as such, back to when it began.
  let since = start;
  while (since > 0) {
    const before = states[since - 1]!;
    if (before.regular !== current.regular || before.paid !== current.regular) break;
    since -= 1;
  }
  if (since === start) return false;
  return states[start]!.at.getTime() - states[since]!.at.getTime() >= days * DAY_MS;
}

/** The state a shopper saw at `at` (the last change at or before it), or null before the first one. */
export function stateAt(states: PriceState[], at: Date): PriceState | null {
  return states.filter((s) => s.at.getTime() <= at.getTime()).at(-1) ?? null;
}

/** Why a discount would not hold up against the price published `days` days earlier. */
export type DiscountWarning = "no_history" | "raised" | "not_in_force" | "no_real_discount";

export const DISCOUNT_WARNINGS: Record<DiscountWarning, string> = {
  no_history: "No hay precio registrado al inicio del período.",
  raised: "El precio regular subió dentro del período: el tachado es más alto que el de referencia.",
  not_in_force: "El precio tachado no estuvo vigente todo el período antes de la oferta.",
  no_real_discount: "Sin descuento real frente al precio de referencia.",
};

/** One line of the "Precios para Hot Sale" report: a product or variant on sale today. */
export type DiscountCheck = {
  /** The price paid `days` days ago (what CACE compares with), null when nothing was recorded then. */
  reference: number | null;
  regular: number;
  today: number;
  /** The discount the storefront claims: today's price against today's regular price, in %. */
  claimed: number;
  /** Today's price against the reference, in % (negative: dearer than then); null without one. */
  real: number | null;
  warnings: DiscountWarning[];
};

const percentOff = (from: number, to: number) => (from > 0 ? Math.round((1 - to / from) * 10_000) / 100 : 0);

/**
 * How a sale compares with the price published `days` days before `now`: the reference price,
 * the claimed and the real discount, and a warning where the discount would not hold up (no
 * price recorded then, a regular price raised within the period, a struck price that the antes
 * rule would not show, or no discount at all against the reference). Null when not on sale.
 */
export function checkDiscount(states: PriceState[], now: Date, days: number): DiscountCheck | null {
  const current = states.at(-1);
  if (!current || !(current.paid < current.regular)) return null;
  const since = new Date(now.getTime() - days * DAY_MS);
  const then = stateAt(states, since);
  const reference = then ? then.paid : null;
  const warnings: DiscountWarning[] = [];
  if (!then) warnings.push("no_history");
  // A regular price above the one in force when the period began, at any moment since.
  else if (states.some((s) => s.at.getTime() > since.getTime() && s.regular > then.regular)) warnings.push("raised");
  if (!mayShowRegular(states, days)) warnings.push("not_in_force");
  if (reference !== null && current.paid >= reference) warnings.push("no_real_discount");
  return {
    reference,
    regular: current.regular,
    today: current.paid,
    claimed: percentOff(current.regular, current.paid),
    real: reference === null ? null : percentOff(reference, current.paid),
    warnings,
  };
}
