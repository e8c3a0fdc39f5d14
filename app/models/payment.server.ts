import { and, asc, eq, sql } from "drizzle-orm";
import { type Database, type DbOrTx, getDb } from "~/db/client.server";
import { orderItems, orders, payments } from "~/db/schema/orders";
import { fromCents, toCents } from "~/domain/money";
import {
  type OrderPaymentStatus,
  type PaymentRecord,
  canPayOnline,
  isNewerPayment,
  orderPaymentState,
  paymentStatusFromMercadoPago,
} from "~/domain/payment";
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
import { type AuditActor, MERCADO_PAGO_ACTOR, recordAudit } from "./audit.server";
import { announceStatusChange } from "./order-notifications.server";
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

/**
 * A new Checkout Pro preference for an unpaid online order; returns where to send the shopper.
 * Throws PaymentUnavailableError (paid, expired, cancelled...) or MercadoPagoError (API down).
 */
export async function startOnlinePayment(orderId: string, db: DbOrTx = getDb()): Promise<{ initPoint: string }> {
  if (!isUuid(orderId) || !mercadoPagoConfig()) throw new PaymentUnavailableError(PAYMENT_UNAVAILABLE);
  const [order] = await db
    .select({
      id: orders.id,
      status: orders.status,
      accessToken: orders.accessToken,
      total: orders.total,
      discount: orders.discount,
      shippingCost: orders.shippingCost,
      shippingMethod: orders.shippingMethod,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      paymentExpiresAt: orders.paymentExpiresAt,
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
  const lines = preferenceLines({
    lines: items.map((item) => ({
      id: item.sku || item.productId || "producto",
      title: item.name,
      quantity: item.quantity,
      unitPriceCents: toCents(item.price),
    })),
    shippingMethod: order.shippingMethod,
    shippingCents: toCents(order.shippingCost),
    discountCents: toCents(order.discount),
    discountLabel: discountPercent ? `${order.paymentMethod}, ${discountPercent} %` : null,
  });
  const back = confirmationUrl(order.id, order.accessToken);
  const expires = order.paymentExpiresAt?.toISOString();
  const preference = await createPreference({
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
  });
  return { initPoint: preference.initPoint };
}

export type SyncOutcome =
  | { kind: "applied"; orderId: string; paymentStatus: OrderPaymentStatus }
  | { kind: "unchanged"; orderId: string }
  | { kind: "ignored"; reason: string };

/**
 * Reads payment `paymentId` from Mercado Pago and applies it to its order (external_reference)
 * in one transaction. A reading older than the one kept is dropped. Throws MercadoPagoError
 * when the API cannot be read (the notification is then answered with an error, and Mercado
 * Pago sends it again).
 */
export async function syncPayment(paymentId: string, db: Database = getDb()): Promise<SyncOutcome> {
  const payment = await getPayment(paymentId);
  const status = paymentStatusFromMercadoPago(payment.status);
  const orderId = payment.external_reference;
  if (!status) return { kind: "ignored", reason: `status ${payment.status}` };
  if (!isUuid(orderId)) return { kind: "ignored", reason: "not an order of this store" };
  const amount = Number(payment.transaction_amount ?? Number.NaN);
  if (!Number.isFinite(amount) || amount < 0) return { kind: "ignored", reason: "no amount" };
  const record = {
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
    const [order] = await tx
      .select({
        id: orders.id,
        status: orders.status,
        total: orders.total,
        paymentStatus: orders.paymentStatus,
        paymentId: orders.paymentId,
        paymentFlags: orders.paymentFlags,
        paidAt: orders.paidAt,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!order) return { kind: "ignored", reason: "no such order" };

    const [stored] = await tx
      .select({ status: payments.status, updatedAt: payments.providerUpdatedAt })
      .from(payments)
      .where(and(eq(payments.provider, "mercadopago"), eq(payments.providerPaymentId, record.providerPaymentId)));
    if (!isNewerPayment(stored ?? null, { status: record.status, updatedAt: record.providerUpdatedAt })) {
      return { kind: "unchanged", orderId: order.id };
    }
    await tx
      .insert(payments)
      .values({ ...record, orderId: order.id })
      .onConflictDoUpdate({
        target: [payments.provider, payments.providerPaymentId],
        set: { ...record, updatedAt: sql`now()` },
      });

    const state = orderPaymentState(await paymentRecords(order.id, tx), {
      totalCents: toCents(order.total),
      expired: order.status === "cancelled",
    });
    const newFlags = state.flags.filter(
      (flag) => !order.paymentFlags.some((f) => f.kind === flag.kind && f.paymentId === flag.paymentId),
    );
    const paid = state.status === "approved";
    const becomesProcessing = paid && order.status === "pending";
    await tx
      .update(orders)
      .set({
        paymentStatus: state.status,
        paymentId: state.paymentId,
        paymentFlags: [...order.paymentFlags, ...newFlags],
        paidAt: paid ? (order.paidAt ?? record.approvedAt ?? new Date()) : order.paidAt,
        ...(becomesProcessing ? { status: "processing" as const } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id));

    const label = `#${orderNumber(order.id)}`;
    if (state.status !== order.paymentStatus || state.paymentId !== order.paymentId) {
      await recordAudit(tx, MERCADO_PAGO_ACTOR, {
        action: "order.payment",
        entityType: "order",
        entityId: order.id,
        entityLabel: label,
        before: { paymentStatus: order.paymentStatus, paymentId: order.paymentId, status: order.status },
        after: {
          paymentStatus: state.status,
          paymentId: state.paymentId,
          status: becomesProcessing ? "processing" : order.status,
        },
      });
    }
    // Paid: the order is being prepared, and the customer hears so (the processing e-mail).
    if (becomesProcessing) await announceStatusChange(tx, order.id, "pending", "processing");
    for (const flag of newFlags) {
      await recordAudit(tx, MERCADO_PAGO_ACTOR, {
        action: "order.payment_flag",
        entityType: "order",
        entityId: order.id,
        entityLabel: label,
        before: null,
        after: { flag: flag.kind, paymentId: flag.paymentId, amount: fromCents(flag.receivedCents) },
      });
    }
    return { kind: "applied", orderId: order.id, paymentStatus: state.status };
  });
}

async function paymentRecords(orderId: string, db: DbOrTx): Promise<PaymentRecord[]> {
  const rows = await db
    .select({
      paymentId: payments.providerPaymentId,
      status: payments.status,
      amount: payments.amount,
      currency: payments.currency,
      updatedAt: payments.providerUpdatedAt,
    })
    .from(payments)
    .where(eq(payments.orderId, orderId));
  return rows.map((r) => ({ ...r, amountCents: toCents(r.amount) }));
}

export type RefundResult = { ok: true } | { ok: false; message: string; status: number };

/**
 * Refunds an order's Mercado Pago payment in full through the API (staff, from the cancelled
 * order), then reads the payment again so the order shows it refunded. The idempotency key is
 * the payment's: a second click or a retry never refunds twice. Audit-logged with the admin.
 */
export async function refundOrderPayment(
  actor: AuditActor,
  orderId: unknown,
  db: Database = getDb(),
): Promise<RefundResult> {
  if (!isUuid(orderId)) return { ok: false, message: "No encontramos la orden.", status: 404 };
  const [order] = await db
    .select({ id: orders.id, status: orders.status, paymentStatus: orders.paymentStatus, paymentId: orders.paymentId })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return { ok: false, message: "No encontramos la orden.", status: 404 };
  if (order.paymentStatus !== "approved" || !order.paymentId) {
    return { ok: false, message: "Esta orden no tiene un pago aprobado de Mercado Pago para reembolsar.", status: 409 };
  }
  if (order.status !== "cancelled") {
    return { ok: false, message: "Cancelá la orden antes de reembolsar su pago.", status: 409 };
  }
  try {
    await refundPayment(order.paymentId, `refund-${order.paymentId}`);
    await syncPayment(order.paymentId, db);
  } catch (error) {
    if (!(error instanceof MercadoPagoError)) throw error;
    console.error(`[mercadopago] refund of payment ${order.paymentId} failed:`, error.message);
    return {
      ok: false,
      message: "Mercado Pago no confirmó el reembolso. No se devolvió el dinero: intentá de nuevo en unos minutos.",
      status: 502,
    };
  }
  await recordAudit(db, actor, {
    action: "order.refund",
    entityType: "order",
    entityId: order.id,
    entityLabel: `#${orderNumber(order.id)}`,
    before: { paymentStatus: "approved", paymentId: order.paymentId },
    after: { paymentStatus: "refunded", paymentId: order.paymentId },
  });
  return { ok: true };
}

/** startOnlinePayment for a route's "Pagar ahora": where to go, or what to tell the shopper. */
export async function payNow(orderId: string): Promise<{ initPoint: string } | { error: string }> {
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
