// One reading of an amount of money written by a person: typed by staff in a form (always the
// Argentine way: "." groups thousands, "," separates decimals) or read from a column of a file
// (whose decimal separator is decided once from the whole column). The answer is integer cents
// or a Spanish sentence saying why the text is refused; an amount is never guessed.
//
// Rules (both readings):
// - an optional currency sign before or after the number: "$", "AR$" or "ARS", any case;
// - spaces (also no-break and narrow no-break) only as thousands separators: "1 234,50";
// - thousands groups are exactly three digits; at most two decimals (cents);
// - at most 10 integer digits (numeric(12,2) in the database);
// - nothing else: no letters ("1e3", "12 USD"), no second decimal separator ("1,2,3"), no sign
//   other than a leading "-" when the caller allows negative amounts.
//
// Typed amounts: "1.234" is 1234 (the point groups thousands in es-AR); "12.5" or "1234.50"
// (one point and one or two digits after it) could be a decimal point typed by habit and is
// refused with the es-AR spelling ("Usá coma para los decimales: 12,5"); "1,234.50" (the US
// way) is refused the same way.

export type AmountResult = { ok: true; cents: number } | { ok: false; error: string };
export type DecimalSeparator = "," | ".";
export type AmountOptions = { allowNegative?: boolean };

const MAX_INTEGER_DIGITS = 10;
const SPACES = /[\s\u00a0\u2007\u202f]+/g;
const CURRENCY_PREFIX = /^(?:ar\$|ars|\$)\s*/i;
const CURRENCY_SUFFIX = /\s*(?:ar\$|ars|\$)$/i;

const EXAMPLE: Record<DecimalSeparator, string> = { ",": "1.234,50", ".": "1,234.50" };

const refuse = (error: string): AmountResult => ({ ok: false, error });

/** The number part of the text without currency and sign, or why there is none. */
function numberPart(text: string, options: AmountOptions): { negative: boolean; body: string } | { error: string } {
  let body = text.replace(SPACES, " ").trim();
  if (body === "") return { error: "Ingresá un importe." };
  let negative = false;
  if (body.startsWith("-")) {
    negative = true;
    body = body.slice(1).trim();
  }
  body = body.replace(CURRENCY_PREFIX, "").replace(CURRENCY_SUFFIX, "").trim();
  if (!negative && body.startsWith("-")) {
    negative = true;
    body = body.slice(1).trim();
  }
  if (/[^0-9., ]/.test(body) || !/\d/.test(body)) {
    return { error: `«${text.trim()}» no es un importe: escribí solo el número, por ejemplo 1.234,50.` };
  }
  if (negative && !options.allowNegative) return { error: "El importe no puede ser negativo." };
  return { negative, body };
}

/** Digits of an integer part written with `group` (or spaces) between groups of three. */
function integerDigits(part: string, group: DecimalSeparator): string | null {
  if (/^\d+$/.test(part)) return part;
  const escaped = group === "." ? "\\." : ",";
  if (new RegExp(`^\\d{1,3}(?:${escaped}\\d{3})+$`).test(part)) return part.split(group).join("");
  if (/^\d{1,3}(?: \d{3})+$/.test(part)) return part.replace(/ /g, "");
  return null;
}

/** Why `body` cannot be read with `decimal` as the decimal separator, said for a person. */
function explain(body: string, decimal: DecimalSeparator): string {
  const other: DecimalSeparator = decimal === "," ? "." : ",";
  const compact = body.replace(/ /g, "");
  // One separator of the other kind followed by one or two digits: a decimal of the other style.
  if (new RegExp(`^\\d+\\${other}\\d{1,2}$`).test(compact)) {
    const fixed = compact.replace(other, decimal);
    return decimal === ","
      ? `Usá coma para los decimales: ${fixed}.`
      : `En esta columna los decimales van con punto: «${body}» no se puede leer (sería ${fixed}).`;
  }
  // Both separators, the other kind last: "1,234.50" where "1.234,50" was expected (or back).
  const lastOther = compact.lastIndexOf(other);
  if (lastOther > compact.lastIndexOf(decimal) && compact.includes(decimal)) {
    return decimal === ","
      ? `Usá punto para los miles y coma para los decimales: ${EXAMPLE[","]}.`
      : `En esta columna los decimales van con punto y los miles con coma (${EXAMPLE["."]}): «${body}» usa otro formato.`;
  }
  if (compact.split(decimal).length > 2) {
    return `«${body}» tiene más de un separador decimal («${decimal}»).`;
  }
  const decimals = compact.split(decimal)[1];
  if (decimals !== undefined && /^\d{3,}$/.test(decimals)) {
    return `«${body}» tiene ${decimals.length} decimales; un importe lleva hasta 2 (centavos).`;
  }
  return `«${body}» no es un importe válido: escribilo como ${EXAMPLE[decimal]}.`;
}

function parseBody(body: string, decimal: DecimalSeparator): AmountResult {
  const group: DecimalSeparator = decimal === "," ? "." : ",";
  const parts = body.split(decimal);
  if (parts.length > 2) return refuse(explain(body, decimal));
  const [integerText, decimalText] = parts as [string, string | undefined];
  const digits = integerDigits(integerText.trim(), group);
  if (digits === null || (decimalText !== undefined && !/^\d{1,2}$/.test(decimalText))) {
    return refuse(explain(body, decimal));
  }
  const significant = digits.replace(/^0+(?=\d)/, "");
  if (significant.length > MAX_INTEGER_DIGITS) return refuse("El importe es demasiado alto.");
  return { ok: true, cents: Number(significant) * 100 + Number((decimalText ?? "").padEnd(2, "0")) };
}

function parseWith(text: string, decimal: DecimalSeparator, options: AmountOptions): AmountResult {
  const part = numberPart(text, options);
  if ("error" in part) return refuse(part.error);
  const result = parseBody(part.body, decimal);
  if (!result.ok || !part.negative) return result;
  return { ok: true, cents: result.cents === 0 ? 0 : -result.cents };
}

/** An amount typed by staff in a form, read the Argentine way ("1.234,50", "$ 1.234", "1234"). */
export function parseTypedAmount(text: string, options: AmountOptions = {}): AmountResult {
  return parseWith(text, ",", options);
}

/** A cell of a file's price column whose decimal separator was decided for the whole column. */
export function parseColumnAmount(text: string, decimal: DecimalSeparator, options: AmountOptions = {}): AmountResult {
  return parseWith(text, decimal, options);
}

export type ColumnSeparator = { decimal: DecimalSeparator } | { ambiguous: true; examples: string[] };

/**
 * The decimal separator of a file's price column, decided from all its values: the reading
 * under which values parse that the other reading refuses ("69.99", "5,900.00" -> "."; "899,99",
 * "1.234,50", "1.500" -> ","). No value reads differently under both (groups are three digits,
 * decimals at most two), so a column of integers reads the same either way (","). When some
 * values only read with "." and others only with ",", the column is ambiguous: the examples show
 * one of each so the merchant can fix the file.
 */
export function decideColumnSeparator(values: string[]): ColumnSeparator {
  const onlyComma: string[] = [];
  const onlyPoint: string[] = [];
  for (const value of values) {
    if (value.trim() === "") continue;
    const comma = parseColumnAmount(value, ",", { allowNegative: true }).ok;
    const point = parseColumnAmount(value, ".", { allowNegative: true }).ok;
    if (comma && !point) onlyComma.push(value.trim());
    if (point && !comma) onlyPoint.push(value.trim());
  }
  if (onlyComma.length > 0 && onlyPoint.length > 0) {
    return { ambiguous: true, examples: [onlyPoint[0]!, onlyComma[0]!] };
  }
  return { decimal: onlyPoint.length > 0 ? "." : "," };
}

/** Cents as the text a typed-amount field shows and reads back: 123450 -> "1234,50", 500 -> "5". */
export function formatTypedAmount(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const pesos = Math.floor(abs / 100);
  const rest = abs % 100;
  const text = rest === 0 ? String(pesos) : `${pesos},${String(rest).padStart(2, "0")}`;
  return negative ? `-${text}` : text;
}
