import { z } from "zod";
import { SignUpSchema } from "./auth";
import { CartLineInputSchema } from "./cart";

// The checkout form (spec 2, 5): the cart lines (which products, options and quantities; never a
// price that counts), the chosen shipping and payment methods, the terms, the idempotency key of
// this checkout, and the optional account. The billing and shipping fields are configured in
// settings and validated by ~/domain/checkout-fields; their inputs are named with a prefix so a
// configured field can never collide with the fields below.

import {
  CARRIER_METHOD_PREFIX,
  CHECKOUT_FIELD_PREFIX,
  TERMS_MESSAGE,
  TERMS_TOAST,
  checkoutFieldInputName,
} from "./form-limits";

export { CHECKOUT_FIELD_PREFIX, TERMS_MESSAGE, TERMS_TOAST, checkoutFieldInputName };
export const MAX_CHECKOUT_LINES = 100;

export const EMPTY_CART_MESSAGE = "Agregá productos antes de continuar.";
export const STALE_FORM_MESSAGE = "El formulario venció. Recargá la página e intentá de nuevo.";

export const CartLinesSchema = z
  .string()
  .max(200_000, "Tu carrito es demasiado grande.")
  .optional()
  .transform((text, ctx) => {
    if (!text) return [];
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "No pudimos leer tu carrito. Recargá la página e intentá de nuevo." });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(CartLineInputSchema, { error: "No pudimos leer tu carrito. Recargá la página e intentá de nuevo." })
      .min(1, EMPTY_CART_MESSAGE)
      .max(MAX_CHECKOUT_LINES, `Tu carrito admite hasta ${MAX_CHECKOUT_LINES} productos distintos.`),
  );

/** A name picked from a list of the store's own (a shipping or payment method). */
const picked = (message: string) => z.string({ error: message }).trim().min(1, message).max(200, message);

/** The shipping and payment methods chosen: the checkout's and a quote's acceptance. */
export const ShippingAndPaymentShape = {
  shippingMethod: picked("Elegí un método de envío."),
  paymentMethod: picked("Elegí un método de pago."),
};

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true");

export const CheckoutFormSchema = z
  .object({
    lines: CartLinesSchema,
    ...ShippingAndPaymentShape,
    terms: checkbox.refine((accepted) => accepted, TERMS_MESSAGE),
    idempotencyKey: z.uuid({ error: STALE_FORM_MESSAGE }),
    // Checked against the buyer's answers by ~/domain/invoice on the server.
    ivaCondition: z.string().max(40).optional(),
    // The total the page showed, in cents: only compared with the server's total, so that a
    // price that changed meanwhile is shown to the shopper before they are charged.
    expectedTotal: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (!value) return undefined;
        if (!/^\d{1,15}$/.test(value)) {
          ctx.addIssue({ code: "custom", message: STALE_FORM_MESSAGE });
          return z.NEVER;
        }
        return Number(value);
      }),
    createAccount: checkbox,
    password: z.string().optional(),
    // A coupon the page applied ("" for none); the order's transaction checks it again.
    coupon: z.string().max(60).optional(),
    // "retiro en sucursal": the carrier's branch picked (checked with the carrier by the order).
    shippingBranch: z.string().max(100, "Elegí una sucursal de la lista.").optional(),
  })
  .superRefine((form, ctx) => {
    if (!form.createAccount) return;
    const password = SignUpSchema.shape.password.safeParse(form.password ?? "");
    if (!password.success) {
      ctx.addIssue({ code: "custom", path: ["password"], message: password.error.issues[0]!.message });
    }
  });

export type CheckoutForm = z.infer<typeof CheckoutFormSchema>;

export { CARRIER_METHOD_PREFIX };

/** The quote id of a carrier's option, or undefined for the store's own methods. */
export function carrierQuoteId(shippingMethod: string): string | undefined {
  return shippingMethod.startsWith(CARRIER_METHOD_PREFIX)
    ? shippingMethod.slice(CARRIER_METHOD_PREFIX.length)
    : undefined;
}

/** The answers to the configured fields, keyed by field name. */
export function checkoutFieldValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) {
    if (key.startsWith(CHECKOUT_FIELD_PREFIX) && typeof value === "string") {
      values[key.slice(CHECKOUT_FIELD_PREFIX.length)] = value;
    }
  }
  return values;
}
