import { z } from "zod";
import { isIsoDay } from "~/domain/dates";
import { QUOTE_STATUSES } from "~/domain/quotes";
import { typedAmount } from "./amount";
import { CartLinesSchema, ShippingAndPaymentShape } from "./checkout";

// [25/25] Quotes (ADR 0022 "Quotes"): the member's request from the cart, staff's pricing in
// Admin > Cotizaciones, the buyer's acceptance or request for changes; read with parseForm.

export const QUOTE_NOTE_MAX = 2000;

const note = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).optional().default("");

export const QuoteRequestSchema = z.object({
  lines: CartLinesSchema,
  note: note(QUOTE_NOTE_MAX, `La nota admite hasta ${QUOTE_NOTE_MAX} caracteres.`),
});

const price = typedAmount({ label: "el precio" }).refine(
  (v) => v !== null && v > 0,
  "Poné un precio mayor a cero en cada línea.",
);

/** Staff's pricing: one price per line (lineId and price are parallel lists), validity and conditions. */
export const QuotePricingSchema = z
  .object({
    lineId: z
      .array(z.uuid({ error: "No encontramos una línea de la cotización." }))
      .min(1, "La cotización no tiene líneas."),
    price: z.array(price),
    validUntil: z
      .string({ error: "Elegí hasta cuándo vale la cotización." })
      .trim()
      .refine(isIsoDay, "Elegí hasta cuándo vale la cotización."),
    conditions: note(QUOTE_NOTE_MAX, `Las condiciones admiten hasta ${QUOTE_NOTE_MAX} caracteres.`),
  })
  .refine((v) => v.lineId.length === v.price.length, { message: "Poné un precio en cada línea.", path: ["price"] })
  .transform(({ lineId, price, validUntil, conditions }) => ({
    prices: Object.fromEntries(lineId.map((id, i) => [id, price[i]!])) as Record<string, number>,
    validUntil,
    conditions,
  }));
export type QuotePricingForm = z.output<typeof QuotePricingSchema>;

export const QuoteAdminIntentSchema = z.object({
  intent: z.enum(["send", "cancel"], { error: "Acción desconocida." }),
});

export const QuoteStatusFilterSchema = z.object({
  estado: z.enum(QUOTE_STATUSES).optional().catch(undefined),
});

export const QuoteBuyerIntentSchema = z.object({
  intent: z.enum(["accept", "changes"], { error: "Acción desconocida." }),
});

export const QuoteChangesSchema = z.object({
  note: z
    .string({ error: "Contanos qué querés cambiar." })
    .trim()
    .min(1, "Contanos qué querés cambiar.")
    .max(QUOTE_NOTE_MAX, `La nota admite hasta ${QUOTE_NOTE_MAX} caracteres.`),
});

export const QuoteAcceptSchema = z.object(ShippingAndPaymentShape);
