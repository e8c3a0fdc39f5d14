import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "~/domain/password";
import { FORM_TYPES, type FormType } from "~/domain/form-type";
import { ORDER_STATUSES } from "~/domain/order-status";
import { dayParam, pageParam, pageSizeParam } from "./list-query";
import { ORDER_PAYMENT_STATUSES } from "~/domain/payment";

// Admin forms shared by the pages and the server: the inline edit of one order field, the
// order status, and the customer create/edit dialogs (spec 5: full name and e-mail required,
// e-mail format, password only when creating).

// ---------------------------------------------------------------- orders

/** The order columns an admin may edit one at a time (spec 7), by their spec names. */
export const ORDER_EDITABLE_FIELDS = [
  "customer_name",
  "customer_lastname",
  "customer_email",
  "customer_phone",
  "billing_cuit",
  "billing_company",
  "address",
  "payment_method",
  "shipping_method",
  "carrier",
  "tracking_number",
  "notes",
] as const;
export type OrderEditableField = (typeof ORDER_EDITABLE_FIELDS)[number];

export const ORDER_FIELD_LABELS: Record<OrderEditableField, string> = {
  customer_name: "Nombre",
  customer_lastname: "Apellido",
  customer_email: "Email",
  customer_phone: "Teléfono",
  billing_cuit: "CUIT",
  billing_company: "Empresa",
  address: "Dirección",
  payment_method: "Método de pago",
  shipping_method: "Método de envío",
  carrier: "Transportista",
  tracking_number: "Número de seguimiento",
  notes: "Notas",
};

export const INVALID_JSON = "JSON inválido";
export const ADDRESS_KEYS = ["line1", "city", "state", "zip"] as const;
export type OrderAddressValue = Partial<Record<(typeof ADDRESS_KEYS)[number], string>>;

const ORDER_ID_MESSAGE = "No encontramos la orden.";
/** An order's id as a form sends it; anything else is an order we cannot find. */
export const OrderIdSchema = z.uuid({ error: ORDER_ID_MESSAGE });
const orderId = OrderIdSchema;

/** An optional one-line text: trimmed, "" saved as null. */
function optionalLine(label: string, max: number) {
  return z
    .string()
    .transform((v) => v.trim())
    .refine((v) => v.length <= max, `${label} admite hasta ${max} caracteres.`)
    .refine((v) => !/[\r\n]/.test(v), `${label} debe ocupar una sola línea.`)
    .transform((v) => (v === "" ? null : v));
}

const addressValue = z
  .string()
  .max(2000, INVALID_JSON)
  .transform((text, ctx): OrderAddressValue => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: "custom", message: INVALID_JSON });
      return z.NEVER;
    }
    const shape = z
      .object({
        line1: z.string().max(200).optional(),
        city: z.string().max(100).optional(),
        state: z.string().max(100).optional(),
        zip: z.string().max(20).optional(),
      })
      .strict();
    const result = shape.safeParse(parsed);
    if (!result.success) {
      ctx.addIssue({ code: "custom", message: INVALID_JSON });
      return z.NEVER;
    }
    const address: OrderAddressValue = {};
    for (const key of ADDRESS_KEYS) {
      const value = result.data[key]?.trim();
      if (value) address[key] = value;
    }
    return address;
  });

/** How each editable field's submitted text is validated and what is stored. */
export const ORDER_FIELD_VALUE_SCHEMAS = {
  customer_name: optionalLine("El nombre", 120),
  customer_lastname: optionalLine("El apellido", 120),
  customer_email: z
    .string()
    .trim()
    .min(1, "Ingresá el email del cliente.")
    .max(254, "El email es demasiado largo.")
    .pipe(z.email("Ingresá un email válido."))
    .transform((v) => v.toLowerCase()),
  customer_phone: optionalLine("El teléfono", 40).refine(
    (v) => v === null || (/^[+\d\s().-]+$/.test(v) && v.replace(/\D/g, "").length >= 6),
    "Ingresá un teléfono válido (al menos 6 dígitos).",
  ),
  billing_cuit: optionalLine("El CUIT", 20).refine(
    (v) => v === null || (/^[\d\s.-]+$/.test(v) && v.replace(/\D/g, "").length === 11),
    "El CUIT debe tener 11 dígitos.",
  ),
  billing_company: optionalLine("La empresa", 150),
  address: addressValue,
  payment_method: optionalLine("El método de pago", 200),
  shipping_method: optionalLine("El método de envío", 200),
  // One of the carriers in settings (checked by the model, which reads them).
  carrier: optionalLine("El transportista", 60),
  tracking_number: optionalLine("El número de seguimiento", 60).refine(
    (v) => v === null || /^[\p{L}\d\s./#-]+$/u.test(v),
    "El número de seguimiento admite letras, números, espacios, puntos, barras y guiones.",
  ),
  notes: z
    .string()
    .transform((v) => v.replace(/\r\n/g, "\n").trim())
    .refine((v) => v.length <= 2000, "Las notas admiten hasta 2000 caracteres.")
    .transform((v) => (v === "" ? null : v)),
} satisfies Record<OrderEditableField, z.ZodType>;

export type OrderFieldValue = z.output<(typeof ORDER_FIELD_VALUE_SCHEMAS)[OrderEditableField]>;

export const OrderFieldEditSchema = z.object({
  orderId,
  field: z.enum(ORDER_EDITABLE_FIELDS, { error: "Ese campo no se puede editar." }),
  value: z.string({ error: "Falta el valor." }),
});

/** A staff note on an order's timeline (internal: the customer never sees it). */
export const OrderNoteSchema = z.object({
  orderId,
  note: z
    .string({ error: "Escribí la nota." })
    .transform((v) => v.replace(/\r\n/g, "\n").trim())
    .refine((v) => v.length > 0, "Escribí la nota.")
    .refine((v) => v.length <= 2000, "La nota admite hasta 2000 caracteres."),
});

export const OrderStatusSchema = z.object({
  orderId,
  status: z.enum(ORDER_STATUSES, { error: "Elegí un estado válido." }),
});

/** The list's filters, read from the URL: unknown values fall back to "all" and page 1. */
/** Orders with a withdrawal request (Botón de arrepentimiento): any, or those not yet handled. */
export const ORDER_WITHDRAWAL_FILTERS = ["any", "pending"] as const;
export type OrderWithdrawalFilter = (typeof ORDER_WITHDRAWAL_FILTERS)[number];

/** Orders by payment: a Mercado Pago payment state, or "flagged" (a payment staff must check). */
export const ORDER_PAYMENT_FILTERS = [...ORDER_PAYMENT_STATUSES, "flagged"] as const;
export type OrderPaymentFilter = (typeof ORDER_PAYMENT_FILTERS)[number];

export const OrderListQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  withdrawal: z.enum(ORDER_WITHDRAWAL_FILTERS).optional().catch(undefined),
  payment: z.enum(ORDER_PAYMENT_FILTERS).optional().catch(undefined),
  /** "sin": orders with no authorised factura yet. */
  factura: z.enum(["sin"]).optional().catch(undefined),
  q: z
    .string()
    .optional()
    .transform((v) => (v ?? "").replaceAll("\0", "").trim().slice(0, 100))
    .catch(""),
  /** Placed from / to these store days (yyyy-mm-dd, both included). */
  desde: dayParam,
  hasta: dayParam,
  page: pageParam,
  size: pageSizeParam(20),
});
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

// ---------------------------------------------------------------- customers

export const CUSTOMER_ROLES = ["customer", "admin"] as const;
export type CustomerRole = (typeof CUSTOMER_ROLES)[number];
export const CUSTOMER_ROLE_LABELS: Record<CustomerRole, string> = { customer: "Cliente", admin: "Administrador" };

const fullName = z
  .string({ error: "Ingresá el nombre completo." })
  .trim()
  .min(1, "Ingresá el nombre completo.")
  .max(120, "El nombre es demasiado largo.");

const customerEmail = z
  .string({ error: "Ingresá el email." })
  .trim()
  .min(1, "Ingresá el email.")
  .max(254, "El email es demasiado largo.")
  .pipe(z.email("Ingresá un email válido."))
  .transform((v) => v.toLowerCase());

const role = z.enum(CUSTOMER_ROLES, { error: "Elegí un rol válido." }).default("customer");

export const CustomerCreateSchema = z.object({
  fullName,
  email: customerEmail,
  password: z
    .string({ error: "Ingresá una contraseña." })
    .min(1, "Ingresá una contraseña.")
    .min(PASSWORD_MIN_LENGTH, `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`)
    .max(128, "La contraseña es demasiado larga."),
  role,
});

export const CustomerUpdateSchema = z.object({
  userId: z.string({ error: "No encontramos el cliente." }).trim().min(1, "No encontramos el cliente.").max(100),
  fullName,
  email: customerEmail,
  role,
});

export const CustomerDeleteSchema = CustomerUpdateSchema.pick({ userId: true });

export type CustomerCreateInput = z.infer<typeof CustomerCreateSchema>;
export type CustomerUpdateInput = z.infer<typeof CustomerUpdateSchema>;

export const CustomerListQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim().toLowerCase().slice(0, 100))
    .catch(""),
  page: pageParam,
});

// ---------------------------------------------------------------- enquiries (contact_messages)

export const FORM_TYPE_LABELS: Record<FormType, string> = {
  homepage_contact: "Contacto (inicio)",
  main_contact: "Página de contacto",
  b2b_contact: "Empresas",
  soluciones_inteligentes: "Soluciones Inteligentes",
};

export const ENQUIRY_STATES = ["pending", "handled"] as const;
export type EnquiryState = (typeof ENQUIRY_STATES)[number];

/** "Marcar como atendida" / "Marcar como pendiente" on an enquiry (the model checks the id). */
export const EnquiryHandledSchema = z.object({
  intent: z.enum(["mark-handled", "mark-pending"], { error: "Acción desconocida." }),
  id: z
    .string()
    .optional()
    .transform((v) => v ?? ""),
});

export const EnquiryListQuerySchema = z.object({
  formType: z.enum(FORM_TYPES).optional().catch(undefined),
  state: z.enum(ENQUIRY_STATES).optional().catch(undefined),
  page: pageParam,
});
