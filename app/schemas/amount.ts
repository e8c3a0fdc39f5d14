import { z } from "zod";
import { formatTypedAmount, parseTypedAmount } from "~/domain/amount";
import { fromCents, toCents } from "~/domain/money";
import { lowerFirst } from "~/domain/text";

// The one way a form reads an amount of money (or a percentage) a person typed: a price, a
// shipping cost, a threshold, a coupon's amount. The text is read by parseTypedAmount (es-AR:
// "1.234,50", "$ 1.234", "1234"; "12.5" refused with the spelling to use); a number (a JSON
// body) is taken as it is when it has at most two decimals. Empty is null: each schema says
// whether it may be.

/** The field's name as a sentence names it, with its article: "el precio", "la compra mínima". */
export type AmountLabel = { label: string; feminine?: boolean; percent?: boolean };

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** [22/25] A markup percentage over a dollar-pegged price (ADR 0020): empty is null, at most 1000 %. */
export function markupPercentField() {
  return typedAmount({ label: "el margen", percent: true })
    .refine((v) => v === null || v <= 1000, "El margen admite hasta 1000 %.")
    .default(null);
}

/** Pesos (or a percentage) rounded to cents, or null when nothing was typed; refusals name the field. */
export function typedAmount({ label, feminine = false, percent = false }: AmountLabel) {
  const Label = capitalize(label);
  return z
    .union([z.string(), z.number(), z.null()], { error: `${Label} no es un importe.` })
    .optional()
    .transform((input, ctx): number | null => {
      if (input === null || input === undefined) return null;
      let cents: number;
      if (typeof input === "number") {
        cents = toCents(input);
        if (!Number.isFinite(input) || Math.abs(input * 100 - cents) > 1e-6) {
          ctx.addIssue({ code: "custom", message: `${Label} admite hasta 2 decimales.` });
          return z.NEVER;
        }
      } else {
        if (input.trim() === "") return null;
        // A percentage may carry its sign: "7,5 %".
        const result = parseTypedAmount(percent ? input.replace(/%\s*$/, "") : input, { allowNegative: true });
        if (!result.ok) {
          ctx.addIssue({ code: "custom", message: `${Label}: ${lowerFirst(result.error)}` });
          return z.NEVER;
        }
        cents = result.cents;
      }
      if (cents < 0) {
        ctx.addIssue({ code: "custom", message: `${Label} no puede ser ${feminine ? "negativa" : "negativo"}.` });
        return z.NEVER;
      }
      return fromCents(cents);
    });
}

/** An amount that must be typed: empty is refused with "Ingresá el costo." */
export function requiredAmount(field: AmountLabel) {
  return typedAmount(field).transform((value, ctx): number => {
    if (value === null) {
      ctx.addIssue({ code: "custom", message: `Ingresá ${field.label}.` });
      return z.NEVER;
    }
    return value;
  });
}

/** A stored amount as the text its input shows and reads back: 6500 -> "6500", 1234.5 -> "1234,50". */
export function formatDecimalInput(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === "" || !Number.isFinite(Number(value))) return "";
  return formatTypedAmount(toCents(value));
}
