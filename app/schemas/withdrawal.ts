import { z } from "zod";
import { parseOrderReference } from "~/domain/withdrawal";
import type { EnquiryToast, EnquiryValues } from "./contact";
import type { FieldErrors } from "~/domain/field-errors";

// The /arrepentimiento form: order number (or the full id) + the order's e-mail + an optional
// reason. The same field names are used by the form component and the server action.

import { WITHDRAWAL_LIMITS } from "./form-limits";

export { WITHDRAWAL_LIMITS };

export const WITHDRAWAL_FIELDS = ["orderNumber", "email", "reason"] as const;

export const WithdrawalSchema = z.object({
  orderNumber: z
    .string({ error: "Ingresá el número de pedido." })
    .trim()
    .min(1, "Ingresá el número de pedido.")
    .max(WITHDRAWAL_LIMITS.orderNumber, "El número de pedido es demasiado largo.")
    .transform((value, ctx) => {
      const reference = parseOrderReference(value);
      if (!reference) {
        ctx.addIssue({
          code: "custom",
          message:
            "El número de pedido tiene 8 caracteres, letras de la a a la f y números (por ejemplo, 1a2b3c4d). Lo encontrás en el email de confirmación de tu compra.",
        });
        return z.NEVER;
      }
      return reference;
    }),
  email: z
    .string({ error: "Ingresá el email con el que hiciste la compra." })
    .trim()
    .min(1, "Ingresá el email con el que hiciste la compra.")
    .max(WITHDRAWAL_LIMITS.email, "El email es demasiado largo.")
    .pipe(z.email("Ingresá un email válido."))
    .transform((v) => v.toLowerCase()),
  reason: z
    .string()
    .trim()
    .max(WITHDRAWAL_LIMITS.reason, `El motivo no puede superar los ${WITHDRAWAL_LIMITS.reason} caracteres.`)
    .optional()
    .transform((v) => v || null),
});

export type WithdrawalInput = z.output<typeof WithdrawalSchema>;

/** A registered request, as the shopper sees it on screen. */
export type WithdrawalReceipt = {
  code: string;
  orderNumber: string;
  /** "12 de marzo de 2026, 15:04", in the store's time zone. */
  requestedAtLabel: string;
  email: string;
  /** False when the order already had a request: its code is shown again. */
  created: boolean;
};

/**
 * What the /arrepentimiento action answers. The failure shape is the enquiry forms' one (the
 * same form component shows it); a success carries the receipt instead.
 */
export type WithdrawalResult =
  | { ok: true; toast: EnquiryToast; receipt: WithdrawalReceipt }
  | { ok: false; errors: FieldErrors; values: EnquiryValues; toast: EnquiryToast };
