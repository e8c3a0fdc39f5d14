import { and, asc, eq } from "drizzle-orm";
import { type Database, getDb } from "~/db/client.server";
import { orderItems, orders, payments } from "~/db/schema/orders";
import { fromCents, toCents } from "~/domain/money";
import { orderAmounts } from "~/domain/order-totals";
import { type OrderPaymentStatus, canPayOnline, paymentStatusFromMercadoPago } from "~/domain/payment";
import { preferenceLines } from "~/domain/payment-preference";
import { isUuid } from "~/domain/uuid";
import {
  MercadoPagoError,
  createPreference,
  getPayment,
  mercadoPagoConfig,
  refundPayment,
} from "~/services/mercadopago.server";
import { baseUrl } from "~/utils/env.server";
import { rateLimit } from "~/utils/rate-limit.server";
import { type AuditActor, MERCADO_PAGO_ACTOR } from "./audit.server";
import { applyOrderEvent, recordRefund, releaseRefundClaim } from "./order-life.server";
import { confirmationUrl, orderNumber } from "./order.server";

// Paying an order online with Mercado Pago. The store creates a Checkout Pro preference from the
// order as the server priced it, and the shopper pays at Mercado Pago. Only Mercado Pago's
// notifications say what happened: each one makes the store read the payment from the API and
// apply it to the order in one transaction, newest reading wins, so repeated or late
// notifications change nothing. The return to /success never marks an order paid.

/** Why an order cannot be paid online now, in the shopper's words. */
export class PaymentUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentUnavailableError";
  }
}

export const PAYMENT_UNAVAILABLE =
  "Este pedido ya no se puede pagar online: ya está pagado, tiene un pago en proceso, venció o fue cancelado.";
export const MERCADOPAGO_DOWN =
  "No pudimos conectarnos con Mercado Pago. Tu pedido está guardado: intentá pagar de nuevo en unos minutos.";

/**
 * Where Mercado Pago sends its notifications (it adds data.id and type to the query);
 * source_news=webhooks asks for signed webhooks only, not the older unsigned IPN format.
 */
export function notificationUrl(): string {
  return `${baseUrl()}/api/webhooks/mercadopago?source_news=webhooks`;
}

/** A preference made for a deadline stays payable until then; one this close to it is not offered again. */
const PREFERENCE_MARGIN_MS = 60_000;

/**
 * Where the shopper pays an unpaid online order: the Checkout Pro preference already made for
 * it while it is valid (made for the order's current deadline, not about to end), else a new
 * one, stored on the order. Throws PaymentUnavailableError (paid, a payment in process,
 * expired, cancelled...) or MercadoPagoError (API down).
 */
export async function startOnlinePayment(orderId: string, db: Database = getDb()): Promise<{ initPoint: string }> {
  if (!isUuid(orderId) || !mercadoPagoConfig()) throw new PaymentUnavailableError(PAYMENT_UNAVAILABLE);
  const [order] = await db
    .select({
      id: orders.id,
      status: orders.status,
      accessToken: orders.accessToken,
      subtotal: orders.subtotal,
      total: orders.total,
      discount: orders.discount,
      couponCode: orders.couponCode,
      couponDiscount: orders.couponDiscount,
      shippingCost: orders.shippingCost,
      shippingMethod: orders.shippingMethod,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      paymentExpiresAt: orders.paymentExpiresAt,
      paymentUrl: orders.paymentUrl,
      paymentUrlExpiresAt: orders.paymentUrlExpiresAt,
      customerName: orders.customerName,
      customerLastname: orders.customerLastname,
      customerEmail: orders.customerEmail,
      meta: orders.meta,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (
    !order ||
    !canPayOnline({
      paymentStatus: order.paymentStatus,
      orderStatus: order.status,
      expiresAt: order.paymentExpiresAt,
    })
  ) {
    throw new PaymentUnavailableError(PAYMENT_UNAVAILABLE);
  }
  const deadline = order.paymentExpiresAt?.getTime() ?? null;
  if (
    order.paymentUrl &&
    (order.paymentUrlExpiresAt?.getTime() ?? null) === deadline &&
    (deadline === null || deadline - Date.now() > PREFERENCE_MARGIN_MS)
  ) {
    return { initPoint: order.paymentUrl };
  }
  const items = await db
    .select({
      productId: orderItems.productId,
      sku: orderItems.sku,
      name: orderItems.name,
      price: orderItems.price,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.name), asc(orderItems.id));
  const discountPercent = typeof order.meta.discount_percent === "number" ? order.meta.discount_percent : null;
  // The amounts as stored on the order: what the confirmation, e-mails and admin show.
  const amounts = orderAmounts(order);
  const lines = preferenceLines({
    lines: items.map((item) => ({
      id: item.sku || item.productId || "producto",
      title: item.name,
      quantity: item.quantity,
      unitPriceCents: toCents(item.price),
    })),
    shippingMethod: order.shippingMethod,
    shippingCents: amounts.shippingCents,
    discountCents: amounts.discountCents,
    discountLabel: discountPercent ? `${order.paymentMethod}, ${discountPercent} %` : null,
    couponCents: amounts.couponCents,
    couponCode: order.couponCode,
    totalCents: amounts.totalCents,
  });
  const back = confirmationUrl(order.id, order.accessToken);
  const expires = order.paymentExpiresAt?.toISOString();
  const preference = await createPreference(
    {
      items: lines.map((line) => ({
        id: line.id,
        title: line.title,
        quantity: line.quantity,
        unit_price: fromCents(line.unitPriceCents),
        currency_id: "ARS",
      })),
      payer: {
        email: order.customerEmail ?? undefined,
        name: order.customerName ?? undefined,
        surname: order.customerLastname ?? undefined,
      },
      external_reference: order.id,
      notification_url: notificationUrl(),
      back_urls: { success: back, pending: back, failure: back },
      auto_return: "approved",
      statement_descriptor: "VITEC",
      metadata: { order_number: orderNumber(order.id) },
      ...(expires ? { expires: true, expiration_date_to: expires, date_of_expiration: expires } : {}),
    },
    // Two requests at once for the same order and deadline ask Mercado Pago for one preference.
    `preference-${order.id}-${expires ?? "open"}`,
  );
  await db
    .update(orders)
    .set({
      paymentPreferenceId: preference.id,
      paymentUrl: preference.initPoint,
      paymentUrlExpiresAt: order.paymentExpiresAt,
    })
    .where(eq(orders.id, order.id));
  return { initPoint: preference.initPoint };
}

export type SyncOutcome =
  | {
      kind: "applied";
      orderId: string;
      paymentStatus: OrderPaymentStatus | null;
      /** The notification cancelled the order (a refund or chargeback before shipping). */
      cancelled: boolean;
    }
  | { kind: "unchanged"; orderId: string }
  | { kind: "ignored"; reason: string };

/**
 * Reads payment `paymentId` from Mercado Pago and applies it to its order (external_reference)
 * as one event of the order's life, in one transaction. A reading older than the one kept is
 * dropped. Throws MercadoPagoError when the API cannot be read (the notification is then
 * answered with an error, and Mercado Pago sends it again).
 */
export async function syncPayment(paymentId: string, db: Database = getDb()): Promise<SyncOutcome> {
  const payment = await getPayment(paymentId);
  const status = paymentStatusFromMercadoPago(payment.status);
  const orderId = payment.external_reference;
  if (!status) return { kind: "ignored", reason: `status ${payment.status}` };
  if (!isUuid(orderId)) return { kind: "ignored", reason: "not an order of this store" };
  const amount = Number(payment.transaction_amount ?? Number.NaN);
  if (!Number.isFinite(amount) || amount < 0) return { kind: "ignored", reason: "no amount" };
  const reading = {
    providerPaymentId: String(payment.id ?? paymentId),
    status,
    statusDetail: payment.status_detail ?? null,
    amount: amount.toFixed(2),
    currency: payment.currency_id ?? "",
    method: payment.payment_method_id ?? null,
    paymentType: payment.payment_type_id ?? null,
    installments: payment.installments ?? null,
    providerUpdatedAt: new Date(payment.date_last_updated ?? payment.date_created ?? Date.now()),
    approvedAt: payment.date_approved ? new Date(payment.date_approved) : null,
  };
  return db.transaction(async (tx): Promise<SyncOutcome> => {
    const result = await applyOrderEvent(tx, MERCADO_PAGO_ACTOR, orderId, { kind: "payment", reading });
    if (!result.ok) return { kind: "ignored", reason: result.message };
    if (!result.applied) return { kind: "unchanged", orderId };
    const cancelled = result.before.status !== "cancelled" && result.after.status === "cancelled";
    return { kind: "applied", orderId, paymentStatus: result.after.payment, cancelled };
  });
}

export type RefundResult = { ok: true } | { ok: false; message: string; status: number };

/**
 * Refunds a Mercado Pago payment of an order in full through the API (staff): the order's
 * payment once it is cancelled, or, on any order, a payment it does not need (paid twice, or
 * of another amount; `paymentId`). The order's life decides whether it may be refunded and
 * claims the payment, so concurrent clicks make one request and one audit entry; the
 * idempotency key is the payment's, so a retry never refunds twice. Then the payment is read
 * again, as a notification would, and the order shows it refunded.
 */
export async function refundOrderPayment(
  actor: AuditActor,
  orderId: unknown,
  paymentId: unknown = null,
  db: Database = getDb(),
): Promise<RefundResult> {
  if (!isUuid(orderId)) return { ok: false, message: "No encontramos la orden.", status: 404 };
  const wanted = typeof paymentId === "string" && /^\d{1,20}$/.test(paymentId) ? paymentId : null;
  const claim = await db.transaction((tx) =>
    applyOrderEvent(tx, actor, orderId, { kind: "refund", paymentId: wanted }),
  );
  if (!claim.ok) return { ok: false, message: claim.message, status: claim.status };
  const target = claim.refundPaymentId!;
  try {
    await refundPayment(target, `refund-${target}`);
  } catch (error) {
    if (!(error instanceof MercadoPagoError)) throw error;
    console.error(`[mercadopago] refund of payment ${target} failed:`, error.message);
    await db.transaction((tx) => releaseRefundClaim(tx, orderId, target));
    return {
      ok: false,
      message: "Mercado Pago no confirmó el reembolso. No se devolvió el dinero: intentá de nuevo en unos minutos.",
      status: 502,
    };
  }
  await db.transaction((tx) => recordRefund(tx, actor, orderId, target, claim.event === "refund_extra"));
  try {
    await syncPayment(target, db);
  } catch (error) {
    // Refunded at Mercado Pago: its notification brings the new state when the API answers again.
    if (!(error instanceof MercadoPagoError)) throw error;
    console.error(`[mercadopago] payment ${target} could not be read after its refund:`, error.message);
  }
  return { ok: true };
}

export const PAYMENT_CONFIRMING =
  "Estamos confirmando tu pago con Mercado Pago. Esperá unos segundos: esta página se actualiza sola.";

/**
 * Mercado Pago sent the shopper back (the query of /success) saying a payment was approved or
 * is in process, and its notification has not reached the store yet: the page says "confirmando"
 * and does not let the shopper pay a second time. The query is never taken as proof of payment;
 * it only holds back a second one.
 */
export async function isConfirmingReturn(
  orderId: string,
  query: URLSearchParams,
  db: Database = getDb(),
): Promise<boolean> {
  const status = query.get("status") ?? query.get("collection_status");
  if (status !== "approved" && status !== "pending" && status !== "in_process") return false;
  const returned = query.get("payment_id") ?? query.get("collection_id");
  if (!returned || !/^\d{1,20}$/.test(returned)) return true;
  const [known] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.providerPaymentId, returned)));
  return !known;
}

/** Requests to pay one order from one address: like the checkout's limit (30 in 10 minutes). */
const PAY_LIMIT = { hits: 30, windowSeconds: 10 * 60 };

/**
 * startOnlinePayment for a route's "Pagar ahora": where to go, or what to tell the shopper.
 * Rate-limited per address like the checkout.
 */
export async function payNow(orderId: string, client: string): Promise<{ initPoint: string } | { error: string }> {
  const limit = await rateLimit(`pay:${client}`, PAY_LIMIT.hits, PAY_LIMIT.windowSeconds);
  if (!limit.allowed) return { error: "Demasiados intentos. Esperá unos minutos y volvé a intentar." };
  try {
    return await startOnlinePayment(orderId);
  } catch (error) {
    if (error instanceof PaymentUnavailableError) return { error: error.message };
    if (error instanceof MercadoPagoError) {
      console.error(`[mercadopago] preference for order ${orderId} failed:`, error.message);
      return { error: MERCADOPAGO_DOWN };
    }
    throw error;
  }
}
