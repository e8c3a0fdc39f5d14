// A GTIN (the barcode number: EAN-8, UPC-A, EAN-13, GTIN-14) as staff type it or a file has it:
// spaces and dashes are dropped, and the number must have 8, 12, 13 or 14 digits with a valid
// GS1 check digit (the last one), so a mistyped code never reaches Google or Meta.

export type GtinResult = { ok: true; gtin: string } | { ok: false; error: string };

/** The GS1 check digit of the digits before it (weights 3 and 1 from the right). */
function checkDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export function parseGtin(text: string): GtinResult {
  const gtin = text.replace(/[\s\u00a0-]/g, "");
  if (!/^\d+$/.test(gtin) || ![8, 12, 13, 14].includes(gtin.length)) {
    return { ok: false, error: `El GTIN «${text.trim()}» debe tener 8, 12, 13 o 14 dígitos (EAN/UPC).` };
  }
  if (checkDigit(gtin.slice(0, -1)) !== Number(gtin.at(-1))) {
    return { ok: false, error: `El GTIN «${text.trim()}» no es válido: revisá los dígitos (el último no coincide).` };
  }
  return { ok: true, gtin };
}
