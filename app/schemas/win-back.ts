import { z } from "zod";
import { isEmailAddress } from "~/domain/win-back";
import { CartLineInputSchema } from "./cart";

// [23/25] What the checkout's draft and the "Avisame cuando haya stock" form may send.

const EMAIL_INVALID = "Ingresá un email válido.";

export const EmailAddressSchema = z
  .string({ error: EMAIL_INVALID })
  .trim()
  .max(254, EMAIL_INVALID)
  .refine(isEmailAddress, EMAIL_INVALID);

/** POST /api/checkout-draft: the e-mail typed at /checkout and the cart's lines (never a price). */
export const CheckoutDraftSchema = z.object({
  email: EmailAddressSchema,
  lines: z.array(CartLineInputSchema.omit({ cartId: true })).max(100),
});

/** POST /api/stock-alert: who wants to hear about which product (and variant). */
export const StockAlertSchema = z.object({
  email: EmailAddressSchema,
  productId: z.uuid("Ese producto no existe."),
  variantId: z
    .union([z.uuid("Esa opción no existe."), z.literal("")])
    .optional()
    .transform((v) => v || null),
});
