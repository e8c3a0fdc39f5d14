// Field names and length limits that form components in the browser need, kept apart from the
// Zod schemas that use them, so that a storefront page does not download Zod (about 27 KB gzip)
// for a number or a field name. The schemas re-export them.

export const CONTACT_LIMITS = {
  name: 120,
  email: 254,
  phone: 40,
  subject: 150,
  companyName: 150,
  message: 5000,
} as const;

/** A hidden field people never see nor fill: a value in it means a bot sent the form. */
export const HONEYPOT_FIELD = "website";

export const REVIEW_LIMITS = { textMin: 10, textMax: 1000 } as const;

export const WITHDRAWAL_LIMITS = { orderNumber: 60, email: 254, reason: 1000 } as const;

export const CHECKOUT_FIELD_PREFIX = "field_";

/** The checkout's terms not ticked (spec: "Términos y Condiciones / Debes aceptar los términos para continuar."). */
export const TERMS_MESSAGE = "Debes aceptar los términos para continuar.";
export const TERMS_TOAST = { type: "error", title: "Términos y Condiciones", description: TERMS_MESSAGE } as const;

/** The form input name of a configured field. */
export function checkoutFieldInputName(fieldName: string): string {
  return `${CHECKOUT_FIELD_PREFIX}${fieldName}`;
}

/** A carrier's option is sent as the shipping method "quote:<its quote id>" ([21/25]). */
export const CARRIER_METHOD_PREFIX = "quote:";
