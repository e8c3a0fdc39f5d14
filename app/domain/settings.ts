// Store settings (spec: settings table, key -> value). Names follow the spec.
import type { ExchangeRate } from "./dollar-pricing";
import type { Box } from "./parcels";
import type { PaymentMethodKind } from "./payment";
import type { WinBackSettings } from "./win-back";

export const CHECKOUT_FIELD_TYPES = ["text", "email", "tel", "number", "textarea"] as const;
export type CheckoutFieldType = (typeof CHECKOUT_FIELD_TYPES)[number];

export type CheckoutField = {
  name: string;
  label: string;
  type: CheckoutFieldType;
  required: boolean;
  position: number;
};

/** freeOver: the products' subtotal (pesos) from which this method is free; absent or 0: never. */
export type ShippingMethod = { name: string; cost: number; freeOver?: number };

/**
 * A shipping zone: the provinces it covers (postal-code letters, see ~/domain/postal-code) and,
 * by shipping method name, that method's cost there (null: not offered there; absent: the
 * method's own cost).
 */
export type ShippingZone = { name: string; provinces: string[]; costs: Record<string, number | null> };
/**
 * discountPercent: taken off the products' subtotal when the shopper pays this way (e.g. 10 for a
 * transfer). kind: "manual" (absent in settings saved before online payments) or "mercadopago",
 * paid online; expiryMinutes: how long an unpaid online order keeps its stock.
 */
export type PaymentMethod = {
  name: string;
  instructions: string;
  discountPercent?: number;
  kind?: PaymentMethodKind;
  expiryMinutes?: number;
};

/** Contact data, social links and bank details shown in the footer, WhatsApp links and checkout. */
export type StoreSettings = {
  name: string;
  address: string;
  whatsapp: string; // digits only, with country code: 5491122334455
  phone: string;
  email: string;
  salesEmail: string;
  hours: string;
  social: { instagram: string; facebook: string; linkedin: string; tiktok: string };
  bank: { alias: string; cbu: string; holder: string; bankName: string };
  /**
   * AFIP/ARCA "Data Fiscal" (RG 4042-E/2017): the link and the QR image the agency gives the
   * store, shown in the footer of every page. Absent or empty: not shown (the dashboard reminds staff).
   */
  dataFiscal?: { url: string; imageUrl: string };
};

/**
 * Electronic invoicing with ARCA (ADR 0017): when an order's factura is asked for ("off", when its
 * payment is approved, or by hand), the store's own IVA condition, its web-service point of sale,
 * and ARCA's identification threshold for a final consumer in pesos (ARCA updates it each semester).
 */
export type InvoicingSettingsValue = {
  mode: "off" | "on_payment" | "manual";
  sellerIvaCondition: "responsable_inscripto" | "monotributo";
  puntoVenta: number;
  identificationThreshold: number;
  /** The store's CUIT (11 digits) for ARCA; empty or absent: ARCA_CUIT from the environment. */
  cuit?: string;
  /** What every comprobante prints about the seller (RG 1415): razón social (empty: the store's name), */
  legalName?: string;
  /** its Ingresos Brutos number (or "Convenio multilateral ..."), */
  grossIncome?: string;
  /** and its start of activities, "2019-03-01". */
  activityStart?: string;
};

/** The image AFIP gives with the Data Fiscal link, when the store does not set another one. */
export const DATA_FISCAL_IMAGE = "https://www.afip.gob.ar/images/f960/DATAWEB.jpg";

/** A carrier staff can pick for an order; `trackingUrl` has {tracking} where the number goes (empty: no link). */
export type Carrier = { name: string; trackingUrl: string };

/** The statuses that e-mail the customer when an order reaches them (each with its own template). */
export const STATUS_EMAIL_STATUSES = ["processing", "shipped", "delivered", "cancelled"] as const;
export type StatusEmailStatus = (typeof STATUS_EMAIL_STATUSES)[number];

/** The e-mail an order's status change sends to its customer: on/off, subject and rich-text body. */
export type StatusEmailTemplate = { enabled: boolean; subject: string; html: string };

export const STATUS_EMAIL_KEYS = {
  processing: "email_status_processing",
  shipped: "email_status_shipped",
  delivered: "email_status_delivered",
  cancelled: "email_status_cancelled",
} as const satisfies Record<StatusEmailStatus, string>;
export type StatusEmailKey = (typeof STATUS_EMAIL_KEYS)[StatusEmailStatus];

/** [22/25] Days a regular price must hold before a sale for it to be shown as "antes". */
export type PriceReferenceSettings = { days: number };
/** [23/25] The advertising e-mails of win-back (ADR 0021): each one's switch turns its feature off. */
export const MARKETING_EMAIL_KEYS = ["email_cart_reminder", "email_stock_alert"] as const;
export type MarketingEmailKey = (typeof MARKETING_EMAIL_KEYS)[number];

export const SETTING_KEYS = [
  "checkout_fields",
  "shipping_methods",
  "payment_methods",
  "email_template_customer",
  "email_template_admin",
  "email_template_welcome_user",
  "store",
  "shipping_zones",
  "carriers",
  "email_status_processing",
  "email_status_shipped",
  "email_status_delivered",
  "email_status_cancelled",
  "invoicing",
  "default_parcel",
  "price_reference",
  "win_back",
  ...MARKETING_EMAIL_KEYS,
  "exchange_rate",
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

export type SettingValues = {
  checkout_fields: CheckoutField[];
  shipping_methods: ShippingMethod[];
  payment_methods: PaymentMethod[];
  email_template_customer: string;
  email_template_admin: string;
  email_template_welcome_user: string;
  store: StoreSettings;
  shipping_zones: ShippingZone[];
  carriers: Carrier[];
  invoicing: InvoicingSettingsValue;
  /** [21/25] The box of a unit whose product and variant say nothing (~/domain/parcels), field by field. */
  default_parcel: Box;
  /**
   * [22/25] The "antes" rule (ADR 0019): how many days a regular price must have been in force,
   * uninterrupted, before a sale began for the storefront to show it struck through.
   */
  price_reference: PriceReferenceSettings;
  /** [23/25] Reminder delay, second reminder, retention (ADR 0021). */
  win_back: WinBackSettings;
  /** [22/25] The dollar's rate for pegged prices, their rounding and "USD x" on the storefront (ADR 0020). */
  exchange_rate: ExchangeRate;
} & Record<StatusEmailKey | MarketingEmailKey, StatusEmailTemplate>;
