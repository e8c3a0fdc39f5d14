import { fromCents, toCents } from "./money";

// Ley 27.743 (Régimen de Transparencia Fiscal al Consumidor): every final price shows the
// price without national taxes (IVA). Products carry their IVA rate.

export const IVA_RATES = [21, 10.5] as const;
export type IvaRate = (typeof IVA_RATES)[number];
export const DEFAULT_IVA_RATE: IvaRate = 21;

export function isIvaRate(value: number): value is IvaRate {
  return (IVA_RATES as readonly number[]).includes(value);
}

/** price / (1 + rate), rounded to cents. */
export function priceWithoutNationalTaxes(price: number, ivaRate: number = DEFAULT_IVA_RATE): number {
  return fromCents(Math.round(toCents(price) / (1 + ivaRate / 100)));
}

/** Sum of amounts, each without its own IVA (shipping counts at the general 21 %). */
export function totalWithoutNationalTaxes(parts: { amount: number; ivaRate?: number }[]): number {
  return fromCents(
    parts.reduce((sum, p) => sum + toCents(priceWithoutNationalTaxes(p.amount, p.ivaRate ?? DEFAULT_IVA_RATE)), 0),
  );
}
