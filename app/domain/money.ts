// Money helpers. Prices are pesos with up to 2 decimals; arithmetic happens in integer cents
// and formatting only at the edge (spec: Argentine format with a $ prefix, a missing amount is $0).

/** A price as it may arrive: a number, a numeric string (Postgres numeric), or nothing. */
export type Amount = number | string | null | undefined;

/** Pesos to integer cents. Missing or non-numeric amounts count as 0. */
export function toCents(amount: Amount): number {
  if (amount === null || amount === undefined || amount === "") return 0;
  const value = typeof amount === "number" ? amount : Number(amount);
  if (!Number.isFinite(value)) return 0;
  // toPrecision removes binary noise such as 1.005 * 100 = 100.49999999999999.
  return Math.round(Number((value * 100).toPrecision(15)));
}

/** Integer cents to pesos. */
export function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}

/** The amount as a number of pesos rounded to cents; missing or invalid amounts are 0. */
export function toAmount(amount: Amount): number {
  return fromCents(toCents(amount));
}

const ARS = new Intl.NumberFormat("es-AR", { style: "currency", currency: "ARS" });

/** "$ 1.234,50" (with the no-break space Intl prints). Missing amounts show as $ 0,00. */
export function formatARS(amount: Amount): string {
  return ARS.format(toAmount(amount));
}

const PERCENT = new Intl.NumberFormat("es-AR", { maximumFractionDigits: 2 });

const RATE = new Intl.NumberFormat("es-AR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A financing rate as banks print it: 62.81 -> "62,81 %", 0 -> "0,00 %". */
export function formatRate(value: number): string {
  return `${RATE.format(value)} %`;
}

/** 10 -> "10 %", 7.5 -> "7,5 %". */
export function formatPercent(value: number): string {
  return `${PERCENT.format(value)} %`;
}
