// Apart from Zod (checkout-fields.ts) and from the settings' keys (settings.ts): the checkout's
// inputs in the browser need only these numbers.
import type { CheckoutFieldType } from "./settings";

/** The longest answer each type of checkout field takes. */
export const FIELD_MAX_LENGTH: Record<CheckoutFieldType, number> = {
  text: 200,
  email: 254,
  tel: 30,
  number: 30,
  textarea: 2000,
};
