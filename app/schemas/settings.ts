import { z } from "zod";
import { checkbox } from "./form-fields";
import {
  CHECKOUT_FIELD_TYPES,
  type Carrier,
  type CheckoutField,
  type InvoicingSettingsValue,
  MARKETING_EMAIL_KEYS,
  SETTING_KEYS,
  type MarketingEmailKey,
  STATUS_EMAIL_KEYS,
  type StatusEmailKey,
  type StatusEmailTemplate,
  type PaymentMethod,
  type PriceReferenceSettings,
  type SettingKey,
  type SettingValues,
  type ShippingMethod,
  type ShippingZone,
  type StoreSettings,
} from "~/domain/settings";
import { DEFAULT_PAYMENT_EXPIRY_MINUTES, PAYMENT_METHOD_KINDS } from "~/domain/payment";
import type { Box } from "~/domain/parcels";
import { type ExchangeRate, ROUNDING_STEPS, type RoundingStep } from "~/domain/dollar-pricing";
import { PROVINCES } from "~/domain/postal-code";
import { requiredAmount, typedAmount } from "./amount";
import { parseFields, type ParsedForm } from "~/domain/field-errors";
import { isValidCuit, normalizeCuit } from "~/domain/cuit";
import type { WinBackSettings } from "~/domain/win-back";

// The store settings forms (admin "Configuración de la Tienda"): one schema per setting key,
// used by the cards in the browser (field names) and by the action that saves them. Every card
// is saved on its own (spec 2). List settings arrive as indexed fields ("rows.0.name"); the
// store card as dotted fields ("bank.alias"). Error keys are those same input names, so each
// message is shown beside its input and nothing typed is lost.

export const SETTING_SAVED_TITLE = "Guardado";
export const settingSavedText = (key: string) => `Configuración '${key}' actualizada con éxito.`;
export const settingFailedText = (key: string) => `No se pudo guardar la configuración: ${key}.`;
export const SETTINGS_LOAD_ERROR = "No se pudo cargar la configuración.";

export const EMAIL_TEMPLATE_KEYS = [
  "email_template_customer",
  "email_template_admin",
  "email_template_welcome_user",
] as const;
export type EmailTemplateKey = (typeof EMAIL_TEMPLATE_KEYS)[number];

/** Template size limit: 50 KB of UTF-8. */
export const TEMPLATE_MAX_BYTES = 50 * 1024;

/** The e-mails edited with a switch and a subject: the order statuses' and win-back's ([23/25]). */
export const STATUS_EMAIL_TEMPLATE_KEYS: readonly (StatusEmailKey | MarketingEmailKey)[] = [
  ...Object.values(STATUS_EMAIL_KEYS),
  ...MARKETING_EMAIL_KEYS,
];

const ORDER_VARIABLES = ["order_id", "customer_name", "total", "items_html"] as const;
/** What a status e-mail may say besides the order's variables. */
const STATUS_VARIABLES = ["status", "carrier", "tracking_number", "tracking_url", "order_url"] as const;

/** The variables each template may use (the store never e-mails passwords, so no user_password). */
export const TEMPLATE_VARIABLES: Record<EmailTemplateKey | StatusEmailKey | MarketingEmailKey, readonly string[]> = {
  email_cart_reminder: ["items_html", "total", "cart_url"],
  email_stock_alert: ["product_name", "product_url"],
  email_template_customer: ORDER_VARIABLES,
  email_template_admin: ORDER_VARIABLES,
  email_template_welcome_user: ["user_email"],
  email_status_processing: [...ORDER_VARIABLES, ...STATUS_VARIABLES],
  email_status_shipped: [...ORDER_VARIABLES, ...STATUS_VARIABLES],
  email_status_delivered: [...ORDER_VARIABLES, ...STATUS_VARIABLES],
  email_status_cancelled: [...ORDER_VARIABLES, ...STATUS_VARIABLES],
};

export function isStatusEmailKey(key: string): key is StatusEmailKey | MarketingEmailKey {
  return (STATUS_EMAIL_TEMPLATE_KEYS as readonly string[]).includes(key);
}

export const ROWS_PREFIX = "rows";

// ---------------------------------------------------------------- building blocks

const requiredText = (missing: string, max: number, tooLong: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v.length <= max, tooLong);

/** A list whose item names must be unique (checkout uses them as keys). */
function uniqueNames<T extends { name: string }>(items: T[], ctx: z.RefinementCtx, message: string) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const key = item.name.toLowerCase();
    if (seen.has(key)) ctx.addIssue({ code: "custom", path: [index, "name"], message });
    seen.add(key);
  });
}

// ---------------------------------------------------------------- checkout fields

/** Field names are form keys and mapped to order columns: a simple identifier. */
export const CHECKOUT_FIELD_NAME = /^[a-z][a-z0-9_]*$/;

export const CheckoutFieldSchema = z.object({
  name: requiredText("Ingresá el nombre del campo.", 64, "El nombre admite hasta 64 caracteres.").regex(
    CHECKOUT_FIELD_NAME,
    "El nombre solo admite minúsculas sin acentos, números y guion bajo (_), y empieza con una letra.",
  ),
  label: requiredText("Ingresá la etiqueta.", 120, "La etiqueta admite hasta 120 caracteres."),
  type: z.enum(CHECKOUT_FIELD_TYPES, { error: "Elegí un tipo: text, email, tel, number o textarea." }),
  required: checkbox,
  position: z.union([z.string(), z.number()], { error: "Ingresá la posición." }).transform((input, ctx) => {
    const text = String(input).trim();
    if (text === "") {
      ctx.addIssue({ code: "custom", message: "Ingresá la posición." });
      return z.NEVER;
    }
    if (!/^-?\d{1,6}$/.test(text)) {
      ctx.addIssue({ code: "custom", message: "La posición debe ser un número entero." });
      return z.NEVER;
    }
    return Number(text);
  }),
}) satisfies z.ZodType<CheckoutField, unknown>;

export const CheckoutFieldsSchema = z
  .array(CheckoutFieldSchema)
  .max(50, "Se admiten hasta 50 campos.")
  .superRefine((fields, ctx) => uniqueNames(fields, ctx, "Ya hay otro campo con ese nombre."))
  // Stored sorted by position (the order the checkout shows them in), ties kept as listed.
  .transform((fields) =>
    fields
      .map((f, i) => ({ f, i }))
      .sort((a, b) => a.f.position - b.f.position || a.i - b.i)
      .map(({ f }) => f),
  );

/** A new checkout field (spec 5): empty name and label, text, required, position = count + 1. */
export function newCheckoutField(count: number): CheckoutField {
  return { name: "", label: "", type: "text", required: true, position: count + 1 };
}

// ---------------------------------------------------------------- shipping and payment methods

export const ShippingMethodSchema = z.object({
  name: requiredText("Ingresá el nombre del método de envío.", 100, "El nombre admite hasta 100 caracteres."),
  cost: requiredAmount({ label: "el costo" }),
  // Empty: never free. Kept out of the saved value when empty, like settings saved before it existed.
  freeOver: typedAmount({ label: "el monto del envío gratis" }).transform((value) => value || undefined),
}) satisfies z.ZodType<ShippingMethod, unknown>;

export const ShippingMethodsSchema = z
  .array(ShippingMethodSchema)
  .min(1, "Agregá al menos un método de envío.")
  .max(30, "Se admiten hasta 30 métodos de envío.")
  .superRefine((methods, ctx) => uniqueNames(methods, ctx, "Ya hay otro método de envío con ese nombre."));

/** A discount in percent: empty is 0; up to 90 with at most 2 decimals ("10" or "7,5"). */
const discountPercent = typedAmount({ label: "el descuento", percent: true }).transform((value, ctx) => {
  if (value !== null && value > 90) {
    ctx.addIssue({ code: "custom", message: "El descuento va de 0 a 90 %." });
    return z.NEVER;
  }
  return value ?? 0;
});

/** Minutes an unpaid online order keeps its stock: empty is the default (60); 10 minutes to 7 days. */
function readExpiryMinutes(input: string | number | undefined): number | null {
  if (input === undefined || (typeof input === "string" && input.trim() === "")) return DEFAULT_PAYMENT_EXPIRY_MINUTES;
  const value = typeof input === "number" ? input : Number(input.trim());
  return Number.isInteger(value) && value >= 10 && value <= 10_080 ? value : null;
}

export const PaymentMethodSchema = z
  .object({
    name: requiredText("Ingresá el nombre del método de pago.", 100, "El nombre admite hasta 100 caracteres."),
    instructions: optionalText(1000, "Las instrucciones admiten hasta 1000 caracteres."),
    discountPercent,
    kind: z.enum(PAYMENT_METHOD_KINDS, { message: "Elegí el tipo de método de pago." }).optional().default("manual"),
    expiryMinutes: z.union([z.string(), z.number()]).optional(),
  })
  // Only an online method has an expiry; a manual one ignores whatever came in that field.
  .transform(({ expiryMinutes, ...method }, ctx) => {
    if (method.kind !== "mercadopago") return method;
    const minutes = readExpiryMinutes(expiryMinutes);
    if (minutes === null) {
      ctx.addIssue({
        code: "custom",
        path: ["expiryMinutes"],
        message: "El vencimiento va de 10 a 10080 minutos (7 días), sin decimales.",
      });
      return z.NEVER;
    }
    return { ...method, expiryMinutes: minutes };
  }) satisfies z.ZodType<PaymentMethod, unknown>;

/** Said when a Mercado Pago method is saved and the server has no credentials for it. */
export const MERCADOPAGO_NOT_CONFIGURED =
  "Para cobrar con Mercado Pago, configurá MERCADOPAGO_ACCESS_TOKEN y MERCADOPAGO_WEBHOOK_SECRET en el servidor (ver README).";

export const PaymentMethodsSchema = z
  .array(PaymentMethodSchema)
  .min(1, "Agregá al menos un método de pago.")
  .max(30, "Se admiten hasta 30 métodos de pago.")
  .superRefine((methods, ctx) => uniqueNames(methods, ctx, "Ya hay otro método de pago con ese nombre."));

// ---------------------------------------------------------------- shipping zones

/** A zone's cost for a method: typed, or null when the method does not reach the zone. */
const zoneCost = requiredAmount({ label: "el costo" });
const ZoneCostSchema = z.unknown().transform((input, ctx): number | null => {
  if (input === null) return null;
  const cost = zoneCost.safeParse(input);
  if (cost.success) return cost.data;
  for (const issue of cost.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
  return z.NEVER;
});

export const ShippingZoneSchema = z.object({
  name: requiredText("Ingresá el nombre de la zona.", 100, "El nombre admite hasta 100 caracteres."),
  provinces: z
    .array(z.enum(Object.keys(PROVINCES) as [string, ...string[]], { error: "Provincia desconocida." }))
    .min(1, "Elegí al menos una provincia.")
    .transform((list) => [...new Set(list)]),
  // By shipping method name: a cost, or null when the method does not reach this zone.
  costs: z.record(z.string().max(100), ZoneCostSchema).default({}),
}) satisfies z.ZodType<ShippingZone, unknown>;

export const ShippingZonesSchema = z
  .array(ShippingZoneSchema, { error: "No pudimos leer las zonas. Recargá la página e intentá de nuevo." })
  .max(30, "Se admiten hasta 30 zonas.")
  .superRefine((zones, ctx) => {
    uniqueNames(zones, ctx, "Ya hay otra zona con ese nombre.");
    const owner = new Map<string, number>();
    zones.forEach((zone, index) => {
      for (const province of zone.provinces) {
        const first = owner.get(province);
        if (first !== undefined) {
          ctx.addIssue({
            code: "custom",
            path: [index, "provinces"],
            message: `${PROVINCES[province]} ya está en la zona ${zones[first]!.name || first + 1}.`,
          });
        } else owner.set(province, index);
      }
    });
  });

// ---------------------------------------------------------------- store contact and bank data

const email = (missing: string) =>
  requiredText(missing, 254, "El email es demasiado largo.")
    .pipe(z.email("Ingresá un email válido."))
    .transform((v) => v.toLowerCase());

const socialUrl = (network: string) =>
  optionalText(300, "El enlace es demasiado largo.").refine(
    (v) => v === "" || /^https:\/\/[^\s]+$/.test(v),
    `El enlace de ${network} debe empezar con https://.`,
  );

/** An address AFIP/ARCA gives for the Data Fiscal (qr.afip.gob.ar, www.afip.gob.ar, arca.gob.ar...), or empty. */
const dataFiscalUrl = (what: string) =>
  optionalText(500, `${what} del Data Fiscal es demasiado largo.`).refine((v) => {
    if (v === "") return true;
    try {
      const url = new URL(v);
      return /^https?:$/.test(url.protocol) && /(^|\.)(afip|arca)\.gob\.ar$/.test(url.hostname);
    } catch {
      return false;
    }
  }, `${what} del Data Fiscal debe ser la dirección que da AFIP/ARCA (por ejemplo http://qr.afip.gob.ar/?qr=...).`);

export const StoreSettingsSchema = z.object({
  name: requiredText("Ingresá el nombre de la tienda.", 100, "El nombre admite hasta 100 caracteres."),
  address: optionalText(300, "La dirección admite hasta 300 caracteres."),
  whatsapp: z
    .string({ error: "Ingresá el número de WhatsApp." })
    .transform((v) => v.replace(/[\s()+-]/g, ""))
    .refine((v) => v !== "", "Ingresá el número de WhatsApp.")
    .refine(
      (v) => /^\d{8,15}$/.test(v),
      "El WhatsApp debe tener solo números, con código de país (por ejemplo 5491122334455).",
    ),
  phone: optionalText(40, "El teléfono admite hasta 40 caracteres."),
  email: email("Ingresá el email de contacto."),
  salesEmail: email("Ingresá el email de ventas."),
  hours: optionalText(200, "El horario admite hasta 200 caracteres."),
  social: z.object({
    instagram: socialUrl("Instagram"),
    facebook: socialUrl("Facebook"),
    linkedin: socialUrl("LinkedIn"),
    tiktok: socialUrl("TikTok"),
  }),
  bank: z.object({
    alias: optionalText(40, "El alias admite hasta 40 caracteres.").refine(
      (v) => v === "" || /^[A-Za-z0-9.-]{6,20}$/.test(v),
      "El alias tiene de 6 a 20 caracteres: letras, números, puntos o guiones.",
    ),
    cbu: z
      .string()
      .optional()
      .transform((v) => (v ?? "").replace(/[\s-]/g, ""))
      .refine((v) => v === "" || /^\d{22}$/.test(v), "El CBU/CVU debe tener 22 dígitos."),
    holder: optionalText(120, "El titular admite hasta 120 caracteres."),
    bankName: optionalText(120, "El banco admite hasta 120 caracteres."),
  }),
  dataFiscal: z
    .object({ url: dataFiscalUrl("El enlace"), imageUrl: dataFiscalUrl("El enlace de la imagen") })
    .optional()
    .superRefine((value, ctx) => {
      if (value && !value.url && value.imageUrl) {
        ctx.addIssue({ code: "custom", path: ["url"], message: "Cargá también el enlace del Data Fiscal." });
      }
    }),
}) satisfies z.ZodType<StoreSettings, unknown>;

// ---------------------------------------------------------------- e-mail templates

export const EmailTemplateSchema = z
  .string({ error: "La plantilla no puede estar vacía." })
  .refine((v) => v.replace(/<[^>]*>/g, "").trim() !== "" || /<img\b/i.test(v), "La plantilla no puede estar vacía.")
  .refine((v) => new TextEncoder().encode(v).length <= TEMPLATE_MAX_BYTES, "La plantilla no puede superar los 50 KB.");

/** A status e-mail's card: the switch, the subject and the body (sent as "value", like the other templates). */
export const StatusEmailSchema = z.object({
  enabled: z.boolean(),
  subject: requiredText("Ingresá el asunto del email.", 200, "El asunto admite hasta 200 caracteres."),
  html: EmailTemplateSchema,
}) satisfies z.ZodType<StatusEmailTemplate, unknown>;

// ---------------------------------------------------------------- carriers

/** The placeholder a tracking URL pattern puts the number in. */
export const TRACKING_PLACEHOLDER = "{tracking}";

export const CarrierSchema = z.object({
  name: requiredText("Ingresá el nombre del transportista.", 60, "El nombre admite hasta 60 caracteres."),
  trackingUrl: optionalText(300, "El enlace admite hasta 300 caracteres.").refine(
    (v) => v === "" || (/^https?:\/\/[^\s]+$/i.test(v) && v.includes(TRACKING_PLACEHOLDER)),
    "El enlace de seguimiento empieza con https:// e incluye {tracking} donde va el número (o dejalo vacío).",
  ),
}) satisfies z.ZodType<Carrier, unknown>;

export const CarriersSchema = z
  .array(CarrierSchema)
  .max(30, "Se admiten hasta 30 transportistas.")
  .superRefine((carriers, ctx) => uniqueNames(carriers, ctx, "Ya hay otro transportista con ese nombre."));

export const InvoicingSettingsSchema = z.object({
  mode: z.enum(["off", "on_payment", "manual"], { error: "Elegí cuándo facturar." }),
  sellerIvaCondition: z.enum(["responsable_inscripto", "monotributo"], {
    error: "Elegí la condición frente al IVA de la tienda.",
  }),
  puntoVenta: z.coerce
    .number({ error: "Ingresá el punto de venta." })
    .int("El punto de venta es un número entero.")
    .min(1, "El punto de venta va de 1 a 99999.")
    .max(99999, "El punto de venta va de 1 a 99999."),
  // Typed by staff the Argentine way ("417.288,00"), read by the one amount parser.
  identificationThreshold: requiredAmount({ label: "el monto de identificación de ARCA" }),
  cuit: z
    .string()
    .optional()
    .transform((v) => normalizeCuit(v ?? ""))
    .refine((v) => v === "" || isValidCuit(v), "El CUIT no es válido: revisá los 11 dígitos."),
  legalName: z
    .string()
    .trim()
    .max(120, "La razón social tiene como máximo 120 caracteres.")
    .optional()
    .transform((v) => v ?? ""),
  grossIncome: z
    .string()
    .trim()
    .max(40, "Ingresos Brutos tiene como máximo 40 caracteres.")
    .optional()
    .transform((v) => v ?? ""),
  activityStart: z
    .string()
    .trim()
    .optional()
    .transform((v) => v ?? "")
    .refine((v) => v === "" || isCalendarDay(v), "La fecha de inicio de actividades no es válida."),
}) satisfies z.ZodType<InvoicingSettingsValue, unknown>;

/** "2019-03-01" naming a day that exists. */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

// ---------------------------------------------------------------- default parcel

/** "12,5" or "12.5" (one decimal kept); empty is missing. */
const decimalText = (v: unknown) => (typeof v === "string" ? v.trim().replace(",", ".") || undefined : v);

const boxSide = (what: string) => {
  const What = `${what[0]!.toUpperCase()}${what.slice(1)}`;
  return z
    .preprocess(
      decimalText,
      z.coerce
        .number({ error: `Ingresá ${what} en centímetros.` })
        .positive(`${What} debe ser mayor que 0.`)
        .max(1000, `${What} admite hasta 1000 cm.`),
    )
    .transform((v) => Math.round(v * 10) / 10);
};

/** The box a unit travels in when its product says nothing (grams, cm with one decimal). */
export const DefaultParcelSchema = z.object({
  weightGrams: z.preprocess(
    decimalText,
    z.coerce
      .number({ error: "Ingresá el peso en gramos." })
      .int("El peso va en gramos enteros.")
      .min(1, "El peso debe ser de al menos 1 g.")
      .max(1_000_000, "El peso admite hasta 1.000.000 g (1 tonelada)."),
  ),
  lengthCm: boxSide("el largo"),
  widthCm: boxSide("el ancho"),
  heightCm: boxSide("el alto"),
}) satisfies z.ZodType<Box, unknown>;

/** [22/25] The "antes" rule's period: whole days, 1 to 365 (ADR 0019). */
export const PriceReferenceSchema = z.object({
  days: z.preprocess(
    decimalText,
    z.coerce
      .number({ error: "Ingresá la cantidad de días." })
      .int("Ingresá un número entero de días.")
      .min(1, "El período debe ser de al menos 1 día.")
      .max(365, "El período admite hasta 365 días."),
  ),
}) satisfies z.ZodType<PriceReferenceSettings, unknown>;
// ---------------------------------------------------------------- win back

const wholeNumber = (what: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || undefined : v),
    z.coerce
      .number({ error: `Ingresá ${what}.` })
      .int(`${what[0]!.toUpperCase()}${what.slice(1)} va en números enteros.`)
      .min(min, `${what[0]!.toUpperCase()}${what.slice(1)} debe ser de al menos ${min}.`)
      .max(max, `${what[0]!.toUpperCase()}${what.slice(1)} admite hasta ${max}.`),
  );

/** Configuración > Recuperar ventas: the reminder's delay, the second reminder, how long data is kept. */
export const WinBackSettingsSchema = z.object({
  reminderDelayHours: wholeNumber("las horas de espera", 1, 72),
  secondReminder: z.preprocess((v) => v === "on" || v === true, z.boolean()),
  retentionDays: wholeNumber("los días de conservación", 1, 365),
}) satisfies z.ZodType<WinBackSettings, unknown>;
// ---------------------------------------------------------------- exchange rate (ADR 0020)

export const ExchangeRateSchema = z.object({
  rate: typedAmount({ label: "la cotización", feminine: true }).refine(
    (v) => v === null || v > 0,
    "La cotización debe ser mayor que 0.",
  ),
  source: optionalText(60, "La fuente admite hasta 60 caracteres."),
  date: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine(
      (v) => v === "" || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))),
      "Ingresá una fecha válida.",
    ),
  roundTo: z.coerce
    .number({ error: "Elegí cómo redondear." })
    .refine((v): v is RoundingStep => (ROUNDING_STEPS as readonly number[]).includes(v), "Elegí cómo redondear."),
  showUsd: checkbox,
}) satisfies z.ZodType<ExchangeRate, unknown>;

/** "Usar esta cotización": the rate staff were shown, only to check the service still says it (ADR 0020). */
export const QuotedRateSchema = z.object({
  expected: z.coerce
    .number({ error: "Traé la cotización de nuevo." })
    .positive("Traé la cotización de nuevo.")
    .max(100_000_000, "Traé la cotización de nuevo."),
});

// ---------------------------------------------------------------- reading a card's form

export const SETTING_SCHEMAS = {
  checkout_fields: CheckoutFieldsSchema,
  shipping_methods: ShippingMethodsSchema,
  payment_methods: PaymentMethodsSchema,
  store: StoreSettingsSchema,
  email_template_customer: EmailTemplateSchema,
  email_template_admin: EmailTemplateSchema,
  email_template_welcome_user: EmailTemplateSchema,
  shipping_zones: ShippingZonesSchema,
  carriers: CarriersSchema,
  email_status_processing: StatusEmailSchema,
  email_status_shipped: StatusEmailSchema,
  email_status_delivered: StatusEmailSchema,
  email_status_cancelled: StatusEmailSchema,
  invoicing: InvoicingSettingsSchema,
  default_parcel: DefaultParcelSchema,
  price_reference: PriceReferenceSchema,
  win_back: WinBackSettingsSchema,
  email_cart_reminder: StatusEmailSchema,
  email_stock_alert: StatusEmailSchema,
  exchange_rate: ExchangeRateSchema,
} satisfies { [K in SettingKey]: z.ZodType<SettingValues[K], unknown> };

const LIST_KEYS = new Set<SettingKey>(["checkout_fields", "shipping_methods", "payment_methods", "carriers"]);

/** Settings whose card sends the whole value as JSON in one "value" field (a table edited in the browser). */
const JSON_KEYS = new Set<SettingKey>(["shipping_zones"]);

function readJson(value: FormDataEntryValue | null): unknown {
  if (typeof value !== "string" || value.length > 100_000) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** "rows.0.name" fields -> [{ name }], in index order (gaps from removed rows closed). */
export function readRows(form: FormData): Record<string, string>[] {
  const rows = new Map<number, Record<string, string>>();
  for (const [name, value] of form) {
    const match = /^rows\.(\d{1,3})\.([A-Za-z]+)$/.exec(name);
    if (!match || typeof value !== "string") continue;
    const index = Number(match[1]);
    const row = rows.get(index) ?? {};
    row[match[2]!] = value;
    rows.set(index, row);
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
}

/** "bank.alias" fields -> { bank: { alias } } (one level deep). */
export function readNested(form: FormData): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string" || name === "intent" || name === "key") continue;
    const [head, tail] = name.split(".", 2) as [string, string | undefined];
    if (tail === undefined) result[head] = value;
    else {
      const group = (result[head] ??= {}) as Record<string, string>;
      if (typeof group === "object") group[tail] = value;
    }
  }
  return result;
}

export type SettingFormErrors = Record<string, string>;

/** What a card's Guardar posts besides its fields: intent "save" and which setting. */
export const SettingSaveSchema = z.object({ intent: z.literal("save"), key: z.enum(SETTING_KEYS) });

/** Configuración > Envíos' "Probar conexión": which carrier (the model names an unknown one). */
export const CarrierTestSchema = z.object({ intent: z.literal("carrier-test"), carrier: z.string().max(50).catch("") });

/** The input name an issue belongs to: [0, "name"] -> "rows.0.name", ["bank", "cbu"] -> "bank.cbu". */
function inputName(key: SettingKey, path: readonly PropertyKey[]): string {
  if (LIST_KEYS.has(key) || JSON_KEYS.has(key)) {
    return path.length === 0 ? ROWS_PREFIX : [ROWS_PREFIX, ...path.map(String)].join(".");
  }
  if (key.startsWith("email_template_")) return "value";
  if (isStatusEmailKey(key)) return path[0] === "subject" ? "subject" : "value";
  return path.map(String).join(".") || "form";
}

/** Validates the submitted form of one card. */
export function parseSettingForm<K extends SettingKey>(key: K, form: FormData): ParsedForm<SettingValues[K]> {
  const input = LIST_KEYS.has(key)
    ? readRows(form)
    : isStatusEmailKey(key)
      ? { enabled: form.get("enabled") === "on", subject: form.get("subject"), html: form.get("value") }
      : key.startsWith("email_template_")
        ? form.get("value")
        : JSON_KEYS.has(key)
          ? readJson(form.get("value"))
          : readNested(form);
  const schema = SETTING_SCHEMAS[key] as unknown as z.ZodType<SettingValues[K], unknown>;
  return parseFields(schema, input, (path) => inputName(key, path));
}
