// The form a contact message came from (spec: contact_messages.form_type).
export const FORM_TYPES = ["homepage_contact", "main_contact", "b2b_contact", "soluciones_inteligentes"] as const;
export type FormType = (typeof FORM_TYPES)[number];
