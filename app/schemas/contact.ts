import { z } from "zod";
import type { FormType } from "~/domain/form-type";
import type { ToastInput } from "./toast";
import type { FieldErrors } from "~/domain/field-errors";

// The four enquiry forms (spec 5 and 7): one schema per form, used by the server action and
// by the form components (field names). Every text field is trimmed; empty means missing.

import { CONTACT_LIMITS, HONEYPOT_FIELD } from "./form-limits";

export { CONTACT_LIMITS, HONEYPOT_FIELD };

export const PHONE_MIN_DIGITS = 6;

/** A required, trimmed text field with a max length. */
function requiredText(missing: string, max: number, tooLong: string) {
  return z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);
}

const name = requiredText(
  "Ingresá tu nombre.",
  CONTACT_LIMITS.name,
  `El nombre no puede superar los ${CONTACT_LIMITS.name} caracteres.`,
);

const email = requiredText("Ingresá tu email.", CONTACT_LIMITS.email, "El email es demasiado largo.")
  .pipe(z.email("Ingresá un email válido."))
  .transform((v) => v.toLowerCase());

function phoneField(missing: string, invalid: string) {
  return requiredText(
    missing,
    CONTACT_LIMITS.phone,
    `El número no puede superar los ${CONTACT_LIMITS.phone} caracteres.`,
  ).refine((v) => v.replace(/\D/g, "").length >= PHONE_MIN_DIGITS, invalid);
}

const phone = phoneField("Ingresá tu teléfono.", `Ingresá un teléfono válido (al menos ${PHONE_MIN_DIGITS} dígitos).`);

const message = requiredText(
  "Escribí tu mensaje.",
  CONTACT_LIMITS.message,
  `El mensaje no puede superar los ${CONTACT_LIMITS.message} caracteres.`,
);

const companyTooLong = `El nombre de la empresa no puede superar los ${CONTACT_LIMITS.companyName} caracteres.`;

/** Home page form: name, email, phone, message. */
export const HomeContactSchema = z.object({ name, email, phone, message });

/** /contacto: name, email, phone, subject, message. */
export const MainContactSchema = z.object({
  name,
  email,
  phone,
  subject: requiredText(
    "Ingresá el asunto.",
    CONTACT_LIMITS.subject,
    `El asunto no puede superar los ${CONTACT_LIMITS.subject} caracteres.`,
  ),
  message,
});

/** /empresas: company name, contact name, email, phone, message. */
export const BusinessContactSchema = z.object({
  companyName: requiredText("Ingresá el nombre de tu empresa.", CONTACT_LIMITS.companyName, companyTooLong),
  name: requiredText(
    "Ingresá el nombre de la persona de contacto.",
    CONTACT_LIMITS.name,
    `El nombre no puede superar los ${CONTACT_LIMITS.name} caracteres.`,
  ),
  email,
  phone,
  message,
});

/** /soluciones-inteligentes: name, company (optional), whatsapp, email, need. */
export const ConsultancySchema = z.object({
  name,
  companyName: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.companyName, companyTooLong)
    .optional()
    .transform((v) => v || undefined),
  whatsapp: phoneField(
    "Ingresá tu WhatsApp.",
    `Ingresá un número de WhatsApp válido (al menos ${PHONE_MIN_DIGITS} dígitos).`,
  ),
  email,
  need: requiredText(
    "Contanos qué necesitás.",
    CONTACT_LIMITS.message,
    `El texto no puede superar los ${CONTACT_LIMITS.message} caracteres.`,
  ),
});

export type HomeContactInput = z.infer<typeof HomeContactSchema>;
export type MainContactInput = z.infer<typeof MainContactSchema>;
export type BusinessContactInput = z.infer<typeof BusinessContactSchema>;
export type ConsultancyInput = z.infer<typeof ConsultancySchema>;

/** What a submitted form is stored as (contact_messages columns; spec 7). */
export type ContactMessageFields = {
  name: string;
  email: string;
  phone: string | null;
  subject: string | null;
  message: string;
  companyName: string | null;
};

export type EnquiryForm = {
  /** The field names the form sends, in the order they are shown. */
  fields: string[];
  /** Validates a submission and maps it to its row. */
  schema: z.ZodType<ContactMessageFields, unknown>;
};

function enquiryForm<S extends z.ZodObject>(
  schema: S,
  toRow: (data: z.output<S>) => ContactMessageFields,
): EnquiryForm {
  return { fields: Object.keys(schema.shape), schema: schema.transform(toRow) };
}

const none = { phone: null, subject: null, companyName: null };

/** Each form_type's form; only the fields a form sends are stored (spec 7). */
export const ENQUIRY_FORMS: Record<FormType, EnquiryForm> = {
  homepage_contact: enquiryForm(HomeContactSchema, (d) => ({ ...none, ...d })),
  main_contact: enquiryForm(MainContactSchema, (d) => ({ ...none, ...d })),
  b2b_contact: enquiryForm(BusinessContactSchema, (d) => ({ ...none, ...d })),
  // The consultancy form's whatsapp is stored as phone and its need as message.
  soluciones_inteligentes: enquiryForm(ConsultancySchema, (d) => ({
    ...none,
    name: d.name,
    email: d.email,
    phone: d.whatsapp,
    message: d.need,
    companyName: d.companyName ?? null,
  })),
};

export type EnquiryToast = ToastInput & { id: string };
/** The submitted text of each field, sent back after a failure so nothing typed is lost. */
export type EnquiryValues = Record<string, string>;
/** What an enquiry action answers. */
export type EnquiryResult =
  { ok: true; toast: EnquiryToast } | { ok: false; errors: FieldErrors; values: EnquiryValues; toast: EnquiryToast };
