import { z } from "zod";
import { PAYMENT_METHODS } from "~/domain/cuenta-corriente";
import { isIsoDay } from "~/domain/dates";
import { requiredAmount } from "./amount";

// [25/25] Cuenta corriente (ADR 0022): the payment staff record against a company's account in
// Admin > Empresas, read at the action with parseForm.

export const PAYMENT_REFERENCE_MAX = 120;

export const AccountPaymentSchema = z.object({
  companyId: z.uuid({ error: "No encontramos la empresa." }),
  amount: requiredAmount({ label: "el importe" }).refine((v) => v > 0, "El importe tiene que ser mayor que cero."),
  method: z.enum(PAYMENT_METHODS, { error: "Elegí cómo se recibió el pago: transferencia, cheque o e-cheq." }),
  reference: z
    .string({ error: "Ingresá la referencia del pago (número de operación o de cheque)." })
    .trim()
    .min(1, "Ingresá la referencia del pago (número de operación o de cheque).")
    .max(PAYMENT_REFERENCE_MAX, `La referencia no puede superar los ${PAYMENT_REFERENCE_MAX} caracteres.`),
  receivedOn: z
    .string({ error: "Ingresá la fecha en que se recibió el pago." })
    .trim()
    .refine(isIsoDay, "Ingresá la fecha en que se recibió el pago."),
  invoiceId: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || null)
    .pipe(z.uuid({ error: "Elegí una factura de la empresa." }).nullable()),
});
export type AccountPayment = z.output<typeof AccountPaymentSchema>;
