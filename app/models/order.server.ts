import { timingSafeEqual } from "node:crypto";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { type DbOrTx, getDb } from "~/db/client.server";
import { orderItems, orders, payments, withdrawalRequests } from "~/db/schema/orders";
import { formatDateTime, formatShortDateTime } from "~/domain/dates";
import { CARRIER_NAMES, SERVICE_LABELS, branchText } from "~/domain/carrier-quotes";
import { fromCents, toAmount } from "~/domain/money";
import { type OrderStatus, ORDER_STATUSES } from "~/domain/order-status";
import {
  ORDER_PAYMENT_STATUS_LABELS,
  type OrderPaymentStatus,
  canPayOnline,
  isBankTransfer,
  paymentFlagText,
} from "~/domain/payment";
import type { OrderContact } from "~/domain/checkout-fields";
import type { SettingValues } from "~/domain/settings";
import { trackingUrl } from "~/domain/shipment";
import type { OrderAddressValue } from "~/schemas/admin";
import { baseUrl } from "~/utils/env.server";
import { getSettings } from "./settings.server";
import { isUuid } from "~/domain/uuid";

// Reading orders: one view of an order for every screen that shows one (the confirmation page,
// the customer's order detail, the admin's orders table), loaded by one function. Who may see
// which order is decided here too: a confirmation needs the order's access token, a customer
// sees their own orders only. Placing orders is place-order.server.ts.

/** The confirmation page of an order, with its access token (e-mails, Mercado Pago's return). */
export function confirmationUrl(id: string, accessToken: string): string {
  return `${baseUrl()}/success?${new URLSearchParams({ order: id, token: accessToken })}`;
}

/** The order number shown to people: the first 8 characters of the id (spec). */
export function orderNumber(id: string): string {
  return id.slice(0, 8);
}

export type OrderItemView = {
  id: string;
  productId: string | null;
  name: string;
  sku: string | null;
  price: number;
  quantity: number;
  subtotal: number;
};

/** The shopper's withdrawal request (Botón de arrepentimiento) on an order, when there is one. */
export type OrderWithdrawal = {
  code: string;
  email: string;
  reason: string | null;
  createdAt: string;
  createdAtLabel: string;
  handledAtLabel: string | null;
};

/** How an order paid online stands (null for a manual method: staff confirm those payments). */
export type OrderPaymentView = {
  status: OrderPaymentStatus;
  statusLabel: string;
  /** Mercado Pago's id of the payment the status comes from. */
  paymentId: string | null;
  /** "visa", "account_money"...; the type ("credit_card"); the installments; the amount paid. */
  method: string | null;
  paymentType: string | null;
  installments: number | null;
  amount: number | null;
  expiresAt: string | null;
  expiresAtLabel: string | null;
  /** The shopper can still pay (or retry): "Pagar ahora". */
  canPay: boolean;
  /** What staff must look at, in Spanish with the figures. */
  flags: string[];
  /** The order's payment can be refunded (the order is cancelled and paid). */
  refundable: boolean;
  /** The order is cancelled and paid: staff may reopen it (its stock taken again) instead of refunding. */
  reopenable: boolean;
  /** Approved payments the order does not need (paid twice, another amount): each may be refunded. */
  extraPayments: { paymentId: string; amount: number }[];
};

/** An order line as documents and e-mails print it: what, how many, at what price, for how much. */
export const ORDER_LINE_COLUMNS = {
  name: orderItems.name,
  quantity: orderItems.quantity,
  price: orderItems.price,
  subtotal: orderItems.subtotal,
};

export type OrderView = OrderContact & {
  id: string;
  number: string;
  status: OrderStatus;
  createdAt: string;
  /** "21 de noviembre de 2026, 14:05" (shopper screens). */
  createdAtLabel: string;
  /** "21/11/26, 14:05" (admin tables). */
  createdAtShortLabel: string;
  subtotal: number;
  shippingCost: number;
  discount: number;
  /** The coupon the order was placed with, and what it took off. */
  coupon: { code: string; discount: number } | null;
  total: number;
  paymentMethod: string | null;
  shippingMethod: string | null;
  /** The carrier service chosen at checkout ([21/25]): "OCA · retiro en sucursal" and the branch, or null. */
  carrierShipping: { service: string; branch: string | null } | null;
  /** The buyer's IVA condition and the invoice it calls for (Factura A or B). */
  ivaCondition: string | null;
  invoiceType: string | null;
  address: OrderAddressValue;
  notes: string | null;
  items: OrderItemView[];
  withdrawal: OrderWithdrawal | null;
  /** Withdrawn after it was shipped: its units come back with the parcel (staff mark it received). */
  awaitingReturn: boolean;
  payment: OrderPaymentView | null;
  /** The carrier and tracking number staff entered, and the carrier's tracking page for it. */
  shipment: { carrier: string | null; trackingNumber: string | null; trackingUrl: string | null };
};

export const orderColumns = {
  id: orders.id,
  status: orders.status,
  createdAt: orders.createdAt,
  subtotal: orders.subtotal,
  shippingCost: orders.shippingCost,
  discount: orders.discount,
  couponCode: orders.couponCode,
  couponDiscount: orders.couponDiscount,
  total: orders.total,
  paymentMethod: orders.paymentMethod,
  shippingMethod: orders.shippingMethod,
  shippingCarrier: orders.shippingCarrier,
  shippingService: orders.shippingService,
  shippingBranch: orders.shippingBranch,
  ivaCondition: orders.ivaCondition,
  invoiceType: orders.invoiceType,
  customerName: orders.customerName,
  customerLastname: orders.customerLastname,
  customerEmail: orders.customerEmail,
  customerPhone: orders.customerPhone,
  billingCuit: orders.billingCuit,
  billingCompany: orders.billingCompany,
  address: orders.address,
  notes: orders.notes,
  paymentProvider: orders.paymentProvider,
  paymentStatus: orders.paymentStatus,
  paymentId: orders.paymentId,
  paymentExpiresAt: orders.paymentExpiresAt,
  paymentFlags: orders.paymentFlags,
  stockState: orders.stockState,
  carrier: orders.carrier,
  trackingNumber: orders.trackingNumber,
};

export type OrderRow = { [K in keyof typeof orderColumns]: (typeof orders.$inferSelect)[K] };

export function statusOf(value: string | null): OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value ?? "") ? (value as OrderStatus) : "pending";
}

/** The stored address as the four known strings (anything else in the JSON is dropped). */
/** What every view of an order starts with: its id and number, its status, and when it was placed. */
function orderHeading(row: { id: string; status: string | null; createdAt: Date }) {
  return {
    id: row.id,
    number: orderNumber(row.id),
    status: statusOf(row.status),
    createdAt: row.createdAt.toISOString(),
    createdAtLabel: formatDateTime(row.createdAt),
  };
}

function addressOf(value: unknown): OrderAddressValue {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const source = value as Record<string, unknown>;
  const address: OrderAddressValue = {};
  for (const key of ["line1", "city", "state", "zip"] as const) {
    if (typeof source[key] === "string") address[key] = source[key];
  }
  return address;
}

/** Each order's rows, in the rows' order, as `view` shows them. */
function listsByOrder<R extends { orderId: string }, V>(rows: readonly R[], view: (row: R) => V): Map<string, V[]> {
  const lists = new Map<string, V[]>();
  for (const row of rows) {
    const list = lists.get(row.orderId) ?? [];
    list.push(view(row));
    lists.set(row.orderId, list);
  }
  return lists;
}

async function itemsByOrder(ids: string[], db: DbOrTx): Promise<Map<string, OrderItemView[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      sku: orderItems.sku,
      ...ORDER_LINE_COLUMNS,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .orderBy(asc(orderItems.name), asc(orderItems.id));
  return listsByOrder(rows, ({ orderId: _, ...item }) => ({
    ...item,
    price: toAmount(item.price),
    subtotal: toAmount(item.subtotal),
  }));
}

async function withdrawalsByOrder(ids: string[], db: DbOrTx): Promise<Map<string, OrderWithdrawal>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(withdrawalRequests).where(inArray(withdrawalRequests.orderId, ids));
  return new Map(
    rows.map(({ orderId, code, email, reason, createdAt, handledAt }): [string, OrderWithdrawal] => [
      orderId,
      {
        code,
        email,
        reason,
        createdAt: createdAt.toISOString(),
        createdAtLabel: formatShortDateTime(createdAt),
        handledAtLabel: handledAt ? formatShortDateTime(handledAt) : null,
      },
    ]),
  );
}

type PaymentDetails = Pick<OrderPaymentView, "method" | "paymentType" | "installments" | "amount">;

/** The payment each online order's state comes from (method, installments, amount), by order id. */
async function paymentDetailsByOrder(rows: OrderRow[], db: DbOrTx): Promise<Map<string, PaymentDetails>> {
  const map = new Map<string, PaymentDetails>();
  const wanted = rows.filter((r) => r.paymentId !== null);
  if (wanted.length === 0) return map;
  const found = await db
    .select({
      orderId: payments.orderId,
      paymentId: payments.providerPaymentId,
      method: payments.method,
      paymentType: payments.paymentType,
      installments: payments.installments,
      amount: payments.amount,
    })
    .from(payments)
    .where(
      inArray(
        payments.orderId,
        wanted.map((r) => r.id),
      ),
    );
  for (const { orderId, paymentId, amount, ...details } of found) {
    if (wanted.some((r) => r.id === orderId && r.paymentId === paymentId)) {
      map.set(orderId, { ...details, amount: toAmount(amount) });
    }
  }
  return map;
}

function paymentView(row: OrderRow, details: PaymentDetails | undefined): OrderPaymentView | null {
  if (!row.paymentProvider || !row.paymentStatus) return null;
  return {
    status: row.paymentStatus,
    statusLabel: ORDER_PAYMENT_STATUS_LABELS[row.paymentStatus],
    paymentId: row.paymentId,
    method: details?.method ?? null,
    paymentType: details?.paymentType ?? null,
    installments: details?.installments ?? null,
    amount: details?.amount ?? null,
    expiresAt: row.paymentExpiresAt?.toISOString() ?? null,
    expiresAtLabel: row.paymentExpiresAt ? formatDateTime(row.paymentExpiresAt) : null,
    canPay: canPayOnline({
      paymentStatus: row.paymentStatus,
      orderStatus: row.status,
      expiresAt: row.paymentExpiresAt,
    }),
    flags: row.paymentFlags.map(paymentFlagText),
    refundable: row.status === "cancelled" && row.paymentStatus === "approved",
    reopenable: row.paymentFlags.some((f) => f.kind === "paid_while_cancelled") && row.stockState === "released",
    extraPayments: row.paymentFlags.flatMap((flag) =>
      flag.kind === "amount_mismatch"
        ? [{ paymentId: flag.paymentId, amount: fromCents(flag.receivedCents) }]
        : flag.kind === "double_charge"
          ? flag.extraPaymentIds.map((paymentId) => ({ paymentId, amount: fromCents(flag.receivedCents) }))
          : [],
    ),
  };
}

/** The views of these order rows, in their order: items, withdrawal requests and payments read in one query each. */
export async function loadOrderViews(rows: OrderRow[], tx?: DbOrTx): Promise<OrderView[]> {
  const ids = rows.map((r) => r.id);
  const db = tx ?? getDb();
  const [items, withdrawals, paymentDetails, { carriers }] = await Promise.all([
    itemsByOrder(ids, db),
    withdrawalsByOrder(ids, db),
    paymentDetailsByOrder(rows, db),
    // Outside a transaction, from the settings cache.
    getSettings(["carriers"], tx),
  ]);
  return rows.map((row) => ({
    ...orderHeading(row),
    createdAtShortLabel: formatShortDateTime(row.createdAt),
    subtotal: toAmount(row.subtotal),
    shippingCost: toAmount(row.shippingCost),
    discount: toAmount(row.discount),
    coupon: row.couponCode ? { code: row.couponCode, discount: toAmount(row.couponDiscount) } : null,
    total: toAmount(row.total),
    paymentMethod: row.paymentMethod,
    shippingMethod: row.shippingMethod,
    carrierShipping:
      row.shippingCarrier && row.shippingService
        ? {
            service: `${CARRIER_NAMES[row.shippingCarrier]} · ${SERVICE_LABELS[row.shippingService]}`,
            branch: row.shippingBranch ? branchText(row.shippingBranch) : null,
          }
        : null,
    ivaCondition: row.ivaCondition,
    invoiceType: row.invoiceType,
    customerName: row.customerName,
    customerLastname: row.customerLastname,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    billingCuit: row.billingCuit,
    billingCompany: row.billingCompany,
    address: addressOf(row.address),
    notes: row.notes,
    items: items.get(row.id) ?? [],
    withdrawal: withdrawals.get(row.id) ?? null,
    awaitingReturn: row.status === "cancelled" && row.stockState === "shipped",
    payment: paymentView(row, paymentDetails.get(row.id)),
    shipment: {
      carrier: row.carrier,
      trackingNumber: row.trackingNumber,
      trackingUrl: trackingUrl(carriers, row.carrier, row.trackingNumber),
    },
  }));
}

async function loadOrderView(row: OrderRow | undefined, tx: DbOrTx | undefined): Promise<OrderView | null> {
  if (!row) return null;
  const [view] = await loadOrderViews([row], tx);
  return view ?? null;
}

/** Compares an order access token in constant time. */
export function tokensMatch(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The order of a confirmation page: the id and its unguessable access token must both match,
 * so a guest sees their own order and nobody else's. Null otherwise.
 */
export async function getOrderForConfirmation(
  id: string | null | undefined,
  token: string | null | undefined,
  tx?: DbOrTx,
): Promise<OrderView | null> {
  if (!isUuid(id) || typeof token !== "string" || token.length === 0 || token.length > 200) return null;
  const [row] = await (tx ?? getDb())
    .select({ ...orderColumns, accessToken: orders.accessToken })
    .from(orders)
    .where(eq(orders.id, id));
  if (!row || !tokensMatch(row.accessToken, token)) return null;
  return loadOrderView(row, tx);
}

/** One order of this customer, or null (someone else's order is the same as a missing one). */
export async function getOrderForUser(
  id: string | null | undefined,
  userId: string,
  tx?: DbOrTx,
): Promise<OrderView | null> {
  if (!isUuid(id)) return null;
  const [row] = await (tx ?? getDb())
    .select(orderColumns)
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)));
  return loadOrderView(row, tx);
}

export type OrderSummary = {
  id: string;
  number: string;
  status: OrderStatus;
  createdAt: string;
  createdAtLabel: string;
  total: number;
  items: { quantity: number; name: string }[];
  /** Online orders: whether it is paid ("Pagado", "Esperando el pago"...) and whether it can still be paid. */
  payment: { statusLabel: string; canPay: boolean } | null;
};

/** The customer's own orders, newest first, with their items (quantity and name). */
export async function listOrdersForUser(userId: string, db: DbOrTx = getDb()): Promise<OrderSummary[]> {
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      createdAt: orders.createdAt,
      total: orders.total,
      paymentStatus: orders.paymentStatus,
      paymentExpiresAt: orders.paymentExpiresAt,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (rows.length === 0) return [];
  const items = await db
    .select({ orderId: orderItems.orderId, quantity: orderItems.quantity, name: orderItems.name })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.name));
  const byOrder = listsByOrder(items, ({ quantity, name }) => ({ quantity, name }));
  return rows.map((row) => ({
    ...orderHeading(row),
    total: toAmount(row.total),
    items: byOrder.get(row.id) ?? [],
    payment: row.paymentStatus
      ? {
          statusLabel: ORDER_PAYMENT_STATUS_LABELS[row.paymentStatus],
          canPay: canPayOnline({
            paymentStatus: row.paymentStatus,
            orderStatus: row.status,
            expiresAt: row.paymentExpiresAt,
          }),
        }
      : null,
  }));
}

/** How to pay an order while it is unpaid: the method's instructions, and the bank details for a transfer. */
export type PaymentHelp = {
  instructions: string | null;
  bank: SettingValues["store"]["bank"] | null;
  salesEmail: string;
};

export async function getPaymentHelp(
  order: Pick<OrderView, "status" | "paymentMethod" | "payment">,
  db: DbOrTx = getDb(),
): Promise<PaymentHelp> {
  const { payment_methods, store } = await getSettings(["payment_methods", "store"], db);
  // An online order is paid at Mercado Pago ("Pagar ahora"), not by following instructions.
  const pending = order.status === "pending" && order.payment === null;
  return {
    instructions: pending ? (payment_methods.find((m) => m.name === order.paymentMethod)?.instructions ?? null) : null,
    bank: pending && isBankTransfer(order.paymentMethod) ? store.bank : null,
    salesEmail: store.salesEmail,
  };
}
