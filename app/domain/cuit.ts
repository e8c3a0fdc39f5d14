// CUIT/CUIL (Argentine tax id): 11 digits, the last one a check digit (modulo 11).

const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
const PREFIXES = new Set(["20", "23", "24", "25", "26", "27", "30", "33", "34"]);

/** Digits only: "20-12345678-6" -> "20123456786". */
export function normalizeCuit(value: string): string {
  return value.replace(/[\s.-]/g, "");
}

export function cuitCheckDigit(first10: string): number | null {
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * Number(first10[i]), 0);
  const digit = 11 - (sum % 11);
  if (digit === 11) return 0;
  if (digit === 10) return null; // no valid CUIT ends this way
  return digit;
}

export function isValidCuit(value: string): boolean {
  const cuit = normalizeCuit(value);
  if (!/^\d{11}$/.test(cuit) || !PREFIXES.has(cuit.slice(0, 2))) return false;
  return cuitCheckDigit(cuit.slice(0, 10)) === Number(cuit[10]);
}

/** "20123456786" -> "20-12345678-6". */
export function formatCuit(value: string): string {
  const cuit = normalizeCuit(value);
  return /^\d{11}$/.test(cuit) ? `${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}` : value;
}

/** The first valid CUIT written in a text ("30-71234567-1", "30712345671"), normalized; null if none. */
export function findCuit(text: string): string | null {
  for (const match of text.matchAll(/\b\d{2}[-. ]?\d{8}[-. ]?\d\b/g)) {
    if (isValidCuit(match[0])) return normalizeCuit(match[0]);
  }
  return null;
}
