// The checkout form's billing and shipping fields come from the checkout_fields setting (spec:
// name, label, type, required, position; shown sorted by position). This module turns that
// configuration into validation (the same on the page and on the server) and maps the answers
// to the order's columns.
import { z } from "zod";
import { formatCuit, isValidCuit } from "./cuit";
import { CHECKOUT_FIELD_TYPES, type CheckoutField, type CheckoutFieldType } from "./settings";
import { FIELD_MAX_LENGTH } from "./checkout-field-length";
import { fieldErrors } from "./field-errors";

/** Field names are used as form keys: letters, digits and underscores, starting with a letter. */
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

export const TEL_MIN_DIGITS = 6;

/**
 * The fields to show, sorted by position: nameless or badly named fields are left out (a new
 * field in the admin starts with an empty name), a repeated name keeps its first occurrence, and
 * an unknown type counts as text.
 */
export function activeCheckoutFields(fields: readonly CheckoutField[] | null | undefined): CheckoutField[] {
  const seen = new Set<string>();
  const result: CheckoutField[] = [];
  const sorted = [...(fields ?? [])]
    .map((field, index) => ({ field, index }))
    .sort((a, b) => position(a.field) - position(b.field) || a.index - b.index);
  for (const { field } of sorted) {
    const name = typeof field.name === "string" ? field.name.trim() : "";
    if (!FIELD_NAME.test(name) || seen.has(name)) continue;
    seen.add(name);
    const type = (CHECKOUT_FIELD_TYPES as readonly string[]).includes(field.type) ? field.type : "text";
    const label = typeof field.label === "string" && field.label.trim() ? field.label.trim() : name;
    result.push({ name, label, type, required: field.required === true, position: field.position });
  }
  return result;
}

function position(field: CheckoutField): number {
  const n = Number(field.position);
  return Number.isFinite(n) ? n : Number.MAX_SAFE_INTEGER;
}

/** The known `email` field always holds an e-mail: the order confirmation is sent there. */
function effectiveType(field: CheckoutField): CheckoutFieldType {
  return field.name === "email" ? "email" : field.type;
}

const EMAIL = z.email();

function fieldSchema(field: CheckoutField) {
  const type = effectiveType(field);
  const max = FIELD_MAX_LENGTH[type];
  return z
    .string()
    .optional()
    .transform((value) => (value ?? "").replace(/\r\n/g, "\n").trim())
    .superRefine((value, ctx) => {
      if (value === "") {
        if (field.required) ctx.addIssue({ code: "custom", message: `Completá el campo ${field.label}.` });
        return;
      }
      if (value.length > max) {
        ctx.addIssue({ code: "custom", message: `${field.label} admite hasta ${max} caracteres.` });
        return;
      }
      if (type === "email" && !EMAIL.safeParse(value).success) {
        ctx.addIssue({ code: "custom", message: "Ingresá un email válido." });
      } else if (type === "tel" && !isPhone(value)) {
        ctx.addIssue({ code: "custom", message: `Ingresá un teléfono válido (al menos ${TEL_MIN_DIGITS} dígitos).` });
      } else if (type === "number" && !/^\d+([.,]\d+)?$/.test(value)) {
        ctx.addIssue({ code: "custom", message: `${field.label} debe ser un número.` });
      } else if (field.name === "cuit" && !isValidCuit(value)) {
        ctx.addIssue({ code: "custom", message: "Ingresá un CUIT válido: 11 números, por ejemplo 20-12345678-6." });
      } else if (type !== "textarea" && /[\r\n]/.test(value)) {
        ctx.addIssue({ code: "custom", message: `${field.label} debe ocupar una sola línea.` });
      }
    })
    .transform((value) =>
      type === "email" ? value.toLowerCase() : field.name === "cuit" && value ? formatCuit(value) : value,
    );
}

function isPhone(value: string): boolean {
  if (!/^[+\d\s().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= TEL_MIN_DIGITS && digits <= 20;
}

/** A Zod schema for the answers, keyed by field name (values are trimmed strings, "" when empty). */
// Building a Zod object (and its first parse, which compiles it) costs far more than parsing
// with it: the schema of each configuration is built once and kept (a few configurations at most).
const schemas = new Map<string, ReturnType<typeof buildSchema>>();

export function checkoutFieldsSchema(fields: readonly CheckoutField[]) {
  const active = activeCheckoutFields(fields);
  const key = JSON.stringify(active);
  let schema = schemas.get(key);
  if (!schema) {
    if (schemas.size >= 20) schemas.clear();
    schema = buildSchema(active);
    schemas.set(key, schema);
  }
  return schema;
}

function buildSchema(active: readonly CheckoutField[]) {
  const shape: Record<string, ReturnType<typeof fieldSchema>> = {};
  for (const field of active) shape[field.name] = fieldSchema(field);
  return z.object(shape);
}

export type CheckoutFieldValues = Record<string, string>;
export type CheckoutFieldErrors = Record<string, string>;

export type CheckoutFieldsResult =
  | { success: true; values: CheckoutFieldValues }
  | { success: false; errors: CheckoutFieldErrors; values: CheckoutFieldValues };

/** Validates the answers against the configuration; errors are keyed by field name (first one each). */
export function validateCheckoutFields(
  fields: readonly CheckoutField[],
  input: Record<string, unknown>,
): CheckoutFieldsResult {
  const active = activeCheckoutFields(fields);
  const raw: CheckoutFieldValues = {};
  for (const field of active) {
    const value = input[field.name];
    raw[field.name] = typeof value === "string" ? value : "";
  }
  const parsed = checkoutFieldsSchema(active).safeParse(raw);
  if (parsed.success) return { success: true, values: parsed.data as CheckoutFieldValues };
  return { success: false, errors: fieldErrors(parsed.error), values: raw };
}

/** Where each known field is stored on the order. */
export const KNOWN_CHECKOUT_FIELDS = {
  first_name: "customerName",
  last_name: "customerLastname",
  email: "customerEmail",
  phone: "customerPhone",
  cuit: "billingCuit",
  company: "billingCompany",
  address: "address.line1",
  city: "address.city",
  state: "address.state",
  zip: "address.zip",
  notes: "notes",
} as const;

/** The order's address object (spec: line1, city, state, zip); same shape as orders.address. */
export type OrderAddress = { line1?: string; city?: string; state?: string; zip?: string };

/** Who the order is for and who is billed: the order's contact columns. */
export type OrderContact = {
  customerName: string | null;
  customerLastname: string | null;
  customerEmail: string | null;
  customerPhone: string | null;
  billingCuit: string | null;
  billingCompany: string | null;
};

export type OrderCustomer = OrderContact & {
  address: OrderAddress;
  notes: string | null;
  /** Answers to configured fields the order has no column for (orders.meta.customer_details). */
  customerDetails: Record<string, string>;
};

/** Maps validated answers to the order's columns; empty answers are left out (null). */
export function toOrderCustomer(fields: readonly CheckoutField[], values: CheckoutFieldValues): OrderCustomer {
  const customer: OrderCustomer = {
    customerName: null,
    customerLastname: null,
    customerEmail: null,
    customerPhone: null,
    billingCuit: null,
    billingCompany: null,
    address: {},
    notes: null,
    customerDetails: {},
  };
  for (const field of activeCheckoutFields(fields)) {
    const value = values[field.name] ?? "";
    if (value === "") continue;
    const target = (KNOWN_CHECKOUT_FIELDS as Record<string, string>)[field.name];
    if (!target) customer.customerDetails[field.name] = value;
    else if (target.startsWith("address.")) customer.address[target.slice(8) as keyof OrderAddress] = value;
    else customer[target as Exclude<keyof OrderCustomer, "address" | "customerDetails">] = value;
  }
  return customer;
}

/** "Nombre Apellido" from the answers (for the account created at checkout and the e-mails). */
export function customerFullName(customer: Pick<OrderCustomer, "customerName" | "customerLastname">): string {
  return [customer.customerName, customer.customerLastname].filter(Boolean).join(" ").trim();
}
