import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import type { CarrierBranch } from "~/domain/carrier-quotes";
import { IVA_CONDITION_VALUES } from "~/domain/invoice";
import { STOCK_STATES } from "~/domain/order-life";
import type { Parcel } from "~/domain/parcels";
import { ORDER_STATUSES } from "~/domain/order-status";
import { ORDER_PAYMENT_STATUSES, PAYMENT_STATUSES, type PaymentFlag } from "~/domain/payment";
import { users } from "./auth";
import { companies } from "./business";
import { productVariants, products } from "./catalog";

export type OrderAddress = { line1?: string; city?: string; state?: string; zip?: string };

/** The branch a shopper picked for "retiro en sucursal", as the carrier described it then. */
export type OrderShippingBranch = CarrierBranch;

/** The carrier quote an order was priced from, kept as it was when the order was placed. */
export type OrderShippingQuote = {
  quoteId: string;
  serviceName: string;
  carrierRef: string;
  postalCode: string;
  /** Pesos with two decimals, as in numeric columns ("12345.67"). */
  price: string;
  netPrice: string | null;
  deliveryDaysMin: number | null;
  deliveryDaysMax: number | null;
  parcels: Parcel[];
};

/** An unguessable token in a link that opens a record without signing in (an order, a quote). */
export const accessTokenColumn = () =>
  text("access_token")
    .notNull()
    .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`);

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    // [25/25] The company the order was placed for (ADR 0022): from the buyer's approved
    // membership, set in the order's transaction; null for a consumer.
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "restrict" }),
    subtotal: numeric("subtotal", { precision: 12, scale: 2 }).notNull(),
    shippingCost: numeric("shipping_cost", { precision: 12, scale: 2 }).notNull().default("0"),
    // Discount of the payment method (e.g. a transfer discount), taken off the products' subtotal.
    discount: numeric("discount", { precision: 12, scale: 2 }).notNull().default("0"),
    // A coupon's code (as staff wrote it) and its discount, taken off the products before the payment discount.
    couponCode: text("coupon_code"),
    couponDiscount: numeric("coupon_discount", { precision: 12, scale: 2 }).notNull().default("0"),
    total: numeric("total", { precision: 12, scale: 2 }).notNull(),
    paymentMethod: text("payment_method"),
    shippingMethod: text("shipping_method"),
    customerName: text("customer_name"),
    customerLastname: text("customer_lastname"),
    customerEmail: text("customer_email"),
    customerPhone: text("customer_phone"),
    billingCuit: text("billing_cuit"),
    billingCompany: text("billing_company"),
    // The buyer's IVA condition and the invoice it calls for with the store's own (Factura A, B or C).
    ivaCondition: text("iva_condition", { enum: IVA_CONDITION_VALUES }),
    invoiceType: text("invoice_type", { enum: ["A", "B", "C"] }),
    address: jsonb("address").$type<OrderAddress>().notNull().default({}),
    notes: text("notes"),
    // Paid online (Mercado Pago): the payment state its notifications gave (null for a manual
    // method), the payment it comes from, when the unpaid order lets its stock go, when it was
    // paid, and what staff must check (a payment that does not match, or came after expiry).
    paymentProvider: text("payment_provider", { enum: ["mercadopago"] }),
    paymentStatus: text("payment_status", { enum: ORDER_PAYMENT_STATUSES }),
    paymentId: text("payment_id"),
    paymentExpiresAt: timestamp("payment_expires_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    paymentFlags: jsonb("payment_flags").$type<PaymentFlag[]>().notNull().default([]),
    // The Checkout Pro preference the shopper pays at, reused while it is valid (until the
    // deadline it was made for): "Pagar ahora" does not open a second one ([16/25]).
    paymentPreferenceId: text("payment_preference_id"),
    paymentUrl: text("payment_url"),
    paymentUrlExpiresAt: timestamp("payment_url_expires_at", { withTimezone: true }),
    // Where the order's units are: reserved for it, released back to the stock, or shipped
    // (ADR 0012). Written only by applyOrderEvent, with the stock ledger's rows.
    stockState: text("stock_state", { enum: STOCK_STATES }).notNull().default("reserved"),
    // The carrier service the shopper chose at checkout ([21/25]): carrier, home or branch
    // delivery, the branch picked, and the quote the server priced the order from (never the
    // browser's price). Null for the store's own methods (zone table, moto, retiro en local).
    shippingCarrier: text("shipping_carrier", { enum: ["oca", "micorreo"] }),
    shippingService: text("shipping_service", { enum: ["domicilio", "sucursal"] }),
    shippingBranch: jsonb("shipping_branch").$type<OrderShippingBranch>(),
    shippingQuote: jsonb("shipping_quote").$type<OrderShippingQuote>(),
    // Shipment: the carrier (a name from the carriers setting) and its tracking number.
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    meta: jsonb("meta").$type<Record<string, unknown>>().notNull().default({}),
    // A double click or a retried request with the same key creates one order.
    idempotencyKey: text("idempotency_key").unique(),
    // Unguessable token that lets a guest reopen their own confirmation page.
    accessToken: accessTokenColumn(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("orders_user_id_created_at_idx").on(t.userId, t.createdAt.desc()),
    index("orders_created_at_idx").on(t.createdAt.desc()),
    index("orders_company_id_idx")
      .on(t.companyId)
      .where(sql`${t.companyId} is not null`),
    index("orders_status_idx").on(t.status),
    index("orders_payment_status_idx").on(t.paymentStatus),
    // The expiry job's query: unpaid online orders by their deadline.
    index("orders_payment_expires_at_idx")
      .on(t.paymentExpiresAt)
      .where(sql`${t.paymentExpiresAt} is not null and ${t.status} = 'pending'`),
    check("orders_status_valid", sql`${t.status} in ('pending', 'processing', 'shipped', 'delivered', 'cancelled')`),
    check(
      "orders_amounts_non_negative",
      sql`${t.subtotal} >= 0 and ${t.shippingCost} >= 0 and ${t.discount} >= 0 and ${t.couponDiscount} >= 0 and ${t.total} >= 0`,
    ),
    check(
      "orders_iva_condition_valid",
      sql`${t.ivaCondition} is null or ${t.ivaCondition} in ('consumidor_final', 'responsable_inscripto', 'monotributista', 'exento')`,
    ),
    check("orders_invoice_type_valid", sql`${t.invoiceType} is null or ${t.invoiceType} in ('A', 'B', 'C')`),
    check(
      "orders_shipping_carrier_valid",
      sql`${t.shippingCarrier} is null or ${t.shippingCarrier} in ('oca', 'micorreo')`,
    ),
    check(
      "orders_shipping_service_valid",
      sql`${t.shippingService} is null or ${t.shippingService} in ('domicilio', 'sucursal')`,
    ),
    check("orders_stock_state_valid", sql`${t.stockState} in ('reserved', 'released', 'shipped')`),
    check(
      "orders_payment_status_valid",
      sql.raw(
        `payment_status is null or payment_status in (${ORDER_PAYMENT_STATUSES.map((s) => `'${s}'`).join(", ")})`,
      ),
    ),
  ],
);

// Each payment Mercado Pago reports for an order (a shopper may retry after a rejection), as the
// store last read it from Mercado Pago's API. Notifications only say "read payment X again".
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider", { enum: ["mercadopago"] })
      .notNull()
      .default("mercadopago"),
    providerPaymentId: text("provider_payment_id").notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull(),
    statusDetail: text("status_detail"),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    currency: text("currency").notNull(),
    // payment_method_id and payment_type_id ("visa", "credit_card"; "account_money").
    method: text("method"),
    paymentType: text("payment_type"),
    installments: integer("installments"),
    // Mercado Pago's date_last_updated: a read older than the one kept is not applied.
    providerUpdatedAt: timestamp("provider_updated_at", { withTimezone: true }).notNull(),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    // Staff asked Mercado Pago to refund it (a claim: concurrent clicks make one request and one
    // audit entry; a claim older than a few minutes, from a request that failed, may be retried).
    refundRequestedAt: timestamp("refund_requested_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("payments_provider_payment_unique").on(t.provider, t.providerPaymentId),
    index("payments_order_id_idx").on(t.orderId),
    check("payments_amount_non_negative", sql`${t.amount} >= 0`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    // The variant sold (its stock was taken; an expired order returns it there).
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    sku: text("sku"),
    price: numeric("price", { precision: 12, scale: 2 }).notNull(),
    quantity: integer("quantity").notNull(),
    subtotal: numeric("subtotal", { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [
    index("order_items_order_id_idx").on(t.orderId),
    index("order_items_product_id_idx").on(t.productId),
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
    check("order_items_amounts_non_negative", sql`${t.price} >= 0 and ${t.subtotal} >= 0`),
  ],
);

// Botón de arrepentimiento (Res. 424/2020): a shopper withdraws from a purchase within the
// withdrawal window, without an account. The code identifies the request to both sides.
export const withdrawalRequests = pgTable(
  "withdrawal_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull().unique(),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    reason: text("reason"),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("withdrawal_requests_created_at_idx").on(t.createdAt.desc())],
);

// The stock ledger (ADR 0012): every time an order line's units are taken from the stock
// (reserve) or given back (release), one row. A release names the reservation it returns; the
// unique constraint on it makes a second return of the same reservation impossible, and the
// foreign key makes it return exactly the reserved line and quantity. products.stock and
// product_variants.stock stay the figures the storefront reads, changed in the same transaction.
export const STOCK_MOVEMENT_KINDS = ["reserve", "release"] as const;

export const stockMovements = pgTable(
  "stock_movements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderItemId: uuid("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    quantity: integer("quantity").notNull(),
    kind: text("kind", { enum: STOCK_MOVEMENT_KINDS }).notNull(),
    /** For a release: the reservation it gives back (null on a reservation). */
    reservationId: uuid("reservation_id").references((): AnyPgColumn => stockMovements.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("stock_movements_one_release_per_reservation").on(t.reservationId),
    unique("stock_movements_line_quantity").on(t.id, t.orderItemId, t.quantity),
    foreignKey({
      name: "stock_movements_release_matches_reservation",
      columns: [t.reservationId, t.orderItemId, t.quantity],
      foreignColumns: [t.id, t.orderItemId, t.quantity],
    }),
    index("stock_movements_order_id_idx").on(t.orderId),
    index("stock_movements_product_id_idx").on(t.productId),
    check("stock_movements_quantity_positive", sql`${t.quantity} > 0`),
    check(
      "stock_movements_kind_valid",
      sql`(${t.kind} = 'reserve' and ${t.reservationId} is null) or (${t.kind} = 'release' and ${t.reservationId} is not null)`,
    ),
  ],
);
