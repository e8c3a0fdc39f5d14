import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { orders, payments, withdrawalRequests } from "~/db/schema/orders";
import type { AuditValues } from "~/domain/audit";
import { toCents } from "~/domain/money";
import { type EventName, type OrderEvent, type OrderState, decide, eventName, sellsOrder } from "~/domain/order-life";
import {
  DEFAULT_PAYMENT_EXPIRY_MINUTES,
  type OrderPaymentState,
  type PaymentRecord,
  type PaymentStatus,
  isNewerPayment,
  orderPaymentState,
} from "~/domain/payment";
import { type AuditActor, recordAudit } from "./audit.server";
import { releaseCouponUse, retakeCouponUse } from "./coupons.server";
import { lockReopenCredit } from "./cuenta-corriente.server";
import { queueCreditNoteOnRefund, queueFacturaOnPayment } from "./invoices.server";
import { markShipmentCancelling } from "./carrier-labels.server";
import { announceStatusChange } from "./order-notifications.server";
import { orderNumber, statusOf } from "./order.server";
import { getSettings } from "./settings.server";
import { type Shortfall, releaseOrderStock, reserveOrderStock, shortfallText } from "./stock-ledger.server";

// The one owner of an order's life ([16/25], ADR 0012). applyOrderEvent is the only code that
// writes an order's status, payment state (and its payments) and stock state: it locks the
// order, asks the table of moves (~/domain/order-life) whether the event may happen, writes the
// three states, moves the stock through the ledger, writes one audit entry and queues the
// status e-mail, all in the caller's transaction. The checkout, Mercado Pago's notifications,
// the expiry job, staff in admin, refunds and withdrawals all come here.

/** A payment as read from Mercado Pago's API, to be applied to its order. */
export type PaymentReading = {
  providerPaymentId: string;
  status: PaymentStatus;
  statusDetail: string | null;
  amount: string;
  currency: string;
  method: string | null;
  paymentType: string | null;
  installments: number | null;
  providerUpdatedAt: Date;
  approvedAt: Date | null;
};

/** What may happen to an order, as its callers say it (a notification brings its payment reading). */
export type OrderEventInput =
  | { kind: "place" }
  | { kind: "payment"; reading: PaymentReading }
  | Exclude<OrderEvent, { kind: "place" } | { kind: "payment" } | { kind: "refund" }>
  | { kind: "refund"; paymentId?: string | null };

export type OrderEventResult =
  | {
      ok: true;
      /** False when nothing happened (an older or repeated payment reading). */
      applied: boolean;
      event: EventName | null;
      before: OrderState;
      after: OrderState;
      /** For a refund: the payment to refund (claimed for this caller). */
      refundPaymentId?: string;
    }
  | { ok: false; message: string; status: number; shortfalls?: Shortfall[] };

/** Who the checkout's events are by (the audit log's actor). */
export const CUSTOMER_ACTOR: AuditActor = { id: null, email: "Cliente" };

const AUDIT_ACTIONS: Record<EventName, string> = {
  place: "order.place",
  payment_approved: "order.payment",
  payment_pending: "order.payment",
  payment_rejected: "order.payment",
  payment_disputed: "order.payment",
  payment_refunded: "order.payment",
  payment_charged_back: "order.payment",
  expire: "order.expire",
  process: "order.status",
  hold: "order.status",
  ship: "order.status",
  deliver: "order.status",
  cancel: "order.status",
  reopen_pending: "order.status",
  reopen_processing: "order.status",
  withdraw: "order.withdraw",
  return_received: "order.return",
  refund: "order.refund",
  refund_extra: "order.refund",
};

/** How long a refund request keeps its claim: a click after it (the first request failed midway) may try again. */
const REFUND_CLAIM_MINUTES = 5;

async function lockOrder(tx: Tx, orderId: string) {
  const [row] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      paymentProvider: orders.paymentProvider,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      paymentId: orders.paymentId,
      paymentFlags: orders.paymentFlags,
      stockState: orders.stockState,
      total: orders.total,
      paidAt: orders.paidAt,
      deadlinePassed: sql<boolean>`coalesce(${orders.paymentExpiresAt} <= now(), false)`,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  return row ?? null;
}

type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockOrder>>>;

async function paymentRecords(tx: Tx, orderId: string): Promise<PaymentRecord[]> {
  const rows = await tx
    .select({
      paymentId: payments.providerPaymentId,
      status: payments.status,
      amount: payments.amount,
      currency: payments.currency,
      updatedAt: payments.providerUpdatedAt,
      approvedAt: payments.approvedAt,
    })
    .from(payments)
    .where(eq(payments.orderId, orderId));
  return rows.map((r) => ({ ...r, amountCents: toCents(r.amount) }));
}

function derive(records: PaymentRecord[], order: LockedOrder, status: string): OrderPaymentState {
  return orderPaymentState(records, { totalCents: toCents(order.total), cancelled: status === "cancelled" });
}

/**
 * Applies one event to an order inside `tx` (see the module comment). Refusals come back as
 * { ok: false } with the Spanish message for staff (409), and nothing is written.
 */
export async function applyOrderEvent(
  tx: Tx,
  actor: AuditActor,
  orderId: string,
  input: OrderEventInput,
): Promise<OrderEventResult> {
  const order = await lockOrder(tx, orderId);
  if (!order) return { ok: false, message: "No encontramos la orden.", status: 404 };
  const online = order.paymentProvider !== null;
  const placing = input.kind === "place";
  const state: OrderState | null = placing
    ? null
    : { status: statusOf(order.status), payment: order.paymentStatus, stock: order.stockState };

  // The event and what the table's guards need to know.
  let event: OrderEvent;
  let records = online ? await paymentRecords(tx, orderId) : [];
  let refundPaymentId: string | undefined;
  let withdrawalRequested = false;
  switch (input.kind) {
    case "place":
      event = { kind: "place", online };
      break;
    case "payment": {
      if (!online) return { ok: false, message: "Esta orden no se paga con Mercado Pago.", status: 409 };
      const reading = input.reading;
      const stored = records.find((r) => r.paymentId === reading.providerPaymentId);
      const incoming = { status: reading.status, updatedAt: reading.providerUpdatedAt };
      if (stored && !isNewerPayment(stored, incoming)) return unchanged(state!);
      await tx
        .insert(payments)
        .values({ ...reading, orderId })
        .onConflictDoUpdate({
          target: [payments.provider, payments.providerPaymentId],
          set: { ...reading, updatedAt: sql`now()` },
        });
      // Only a new payment, or one whose state moved, is an event; a newer date alone is just kept.
      if (stored && stored.status === reading.status) return unchanged(state!);
      records = await paymentRecords(tx, orderId);
      event = { kind: "payment", payment: derive(records, order, order.status).status };
      break;
    }
    case "refund": {
      const derived = derive(records, order, order.status);
      const target = input.paymentId ?? derived.paymentId;
      const extra = Boolean(input.paymentId) && derived.extraPaymentIds.includes(input.paymentId!);
      event = { kind: "refund", extra };
      if (!target)
        return {
          ok: false,
          message: "Esta orden no tiene un pago aprobado de Mercado Pago para reembolsar.",
          status: 409,
        };
      refundPaymentId = target;
      break;
    }
    case "withdraw": {
      const [request] = await tx
        .select({ id: withdrawalRequests.id })
        .from(withdrawalRequests)
        .where(eq(withdrawalRequests.orderId, orderId));
      withdrawalRequested = Boolean(request);
      event = input;
      break;
    }
    default:
      event = input;
  }
  const name = eventName(event);
  const derivedBefore = derive(records, order, order.status);
  const decision = decide(state, event, {
    deadlinePassed: order.deadlinePassed,
    moneyHeld: derivedBefore.moneyHeld,
    withdrawalRequested,
    extraPayment: event.kind === "refund" && event.extra,
  });
  if (!decision.ok) return { ok: false, message: decision.message, status: 409 };
  const next = decision.next;

  // A refund is asked of Mercado Pago by the caller after this transaction; here the payment is
  // claimed, so that concurrent clicks make one request (and one audit entry, when it is done).
  if (event.kind === "refund") {
    const claimed = await tx
      .update(payments)
      .set({ refundRequestedAt: sql`now()` })
      .where(
        and(
          eq(payments.orderId, orderId),
          eq(payments.providerPaymentId, refundPaymentId!),
          eq(payments.status, "approved"),
          sql`(${payments.refundRequestedAt} is null or ${payments.refundRequestedAt} < now() - make_interval(mins => ${REFUND_CLAIM_MINUTES}))`,
        ),
      )
      .returning({ id: payments.id });
    if (claimed.length === 0) {
      return {
        ok: false,
        message: "Ya se pidió el reembolso de este pago a Mercado Pago, o ya no está aprobado.",
        status: 409,
      };
    }
    return { ok: true, applied: true, event: name, before: state!, after: next, refundPaymentId };
  }

  // A cancelled order gave its coupon use back; reopened, it takes it again (or stays cancelled).
  const reopening = state?.status === "cancelled" && next.status !== "cancelled";
  if (reopening) {
    const refused = await retakeCouponUse(tx, orderId, "check");
    if (refused) return { ok: false, message: refused, status: 409 };
    // On account, it counts against its company's limit again: checked under the company's row lock.
    const credit = await lockReopenCredit(tx, orderId);
    if (credit && !credit.ok) return { ok: false, message: credit.reason, status: 409 };
  }

  // The stock, through the ledger.
  if (decision.stock === "reserve") {
    const short = await reserveOrderStock(tx, orderId);
    if (short.length > 0) {
      return {
        ok: false,
        message: `No hay stock para ${placing ? "este pedido" : "reactivar el pedido"}: ${shortfallText(short)}.`,
        status: 409,
        shortfalls: short,
      };
    }
  } else if (decision.stock === "release") {
    await releaseOrderStock(tx, orderId);
  }

  const derivedAfter = derive(records, order, next.status);
  const paidNow = next.payment === "approved" && order.paidAt === null;
  const approvedAt = records.find((r) => r.paymentId === derivedAfter.paymentId)?.approvedAt ?? null;
  const newDeadline = decision.move?.effects?.includes("new_deadline") && online;
  await tx
    .update(orders)
    .set({
      status: next.status,
      paymentStatus: next.payment,
      paymentId: online ? derivedAfter.paymentId : order.paymentId,
      paymentFlags: derivedAfter.flags,
      stockState: next.stock,
      ...(paidNow ? { paidAt: approvedAt ?? new Date() } : {}),
      ...(newDeadline
        ? { paymentExpiresAt: sql`now() + make_interval(mins => ${await expiryMinutes(tx, order.paymentMethod)})` }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, orderId));

  // Paid now (Mercado Pago approved it), or sold by this move (staff confirmed a manual payment,
  // reopened it as Procesando, or shipped or delivered it from Pendiente, owing its payment): its
  // factura, when the store invoices on payment (ADR 0017). Queued once: an order whose factura
  // stands keeps it, one credited in full (cancelled, then reopened) gets its next issue.
  if (paidNow || sellsOrder(state, next)) await queueFacturaOnPayment(tx, orderId);
  // Cancelled (by staff, a withdrawal, a refund or chargeback notice) after it was invoiced: the
  // credit note of its factura (ADR 0017). With a carrier's label and its units still here (not
  // a withdrawal after shipping, whose parcel already travelled): its shipment is cancelled with
  // the carrier after this transaction (the carrier-cancellation job, ADR 0018).
  if (state && state.status !== "cancelled" && next.status === "cancelled") {
    await queueCreditNoteOnRefund(tx, orderId);
    await releaseCouponUse(tx, orderId);
    if (state.stock === "reserved") await markShipmentCancelling(tx, actor, orderId);
  }
  if (reopening) await retakeCouponUse(tx, orderId, "take");

  await recordAudit(tx, actor, {
    action: AUDIT_ACTIONS[name],
    entityType: "order",
    entityId: orderId,
    entityLabel: `#${orderNumber(orderId)}`,
    before: placing ? null : auditState(state!, order.paymentId),
    after: {
      ...auditState(next, derivedAfter.paymentId),
      event: name,
      ...(input.kind === "payment" ? { reading: input.reading.providerPaymentId } : {}),
      ...(derivedAfter.flags.length > 0 ? { flags: derivedAfter.flags.map((f) => f.kind) } : {}),
    },
  });
  if (state && state.status !== next.status) await announceStatusChange(tx, orderId, state.status, next.status);
  return { ok: true, applied: true, event: name, before: state ?? next, after: next };
}

function unchanged(state: OrderState): OrderEventResult {
  return { ok: true, applied: false, event: null, before: state, after: state };
}

function auditState(state: OrderState, paymentId: string | null): AuditValues {
  return {
    status: state.status,
    ...(state.payment !== null ? { paymentStatus: state.payment, paymentId } : {}),
    stockState: state.stock,
  };
}

async function expiryMinutes(tx: Tx, paymentMethod: string | null): Promise<number> {
  const { payment_methods } = await getSettings(["payment_methods"], tx);
  return payment_methods.find((m) => m.name === paymentMethod)?.expiryMinutes ?? DEFAULT_PAYMENT_EXPIRY_MINUTES;
}

/**
 * After Mercado Pago confirmed a refund claimed by applyOrderEvent: the refund's audit entry,
 * once, with who asked for it (the payment's own move comes with its reading, as a notification).
 */
export async function recordRefund(
  tx: Tx,
  actor: AuditActor,
  orderId: string,
  paymentId: string,
  extra: boolean,
): Promise<void> {
  await recordAudit(tx, actor, {
    action: "order.refund",
    entityType: "order",
    entityId: orderId,
    entityLabel: `#${orderNumber(orderId)}`,
    before: { paymentId, paymentStatus: "approved" },
    after: { paymentId, paymentStatus: "refunded", event: extra ? "refund_extra" : "refund" },
  });
  // The sale's money went back: its credit note (a payment made twice was never invoiced).
  if (!extra) await queueCreditNoteOnRefund(tx, orderId);
}

/** Gives a refund claim back (Mercado Pago did not refund): staff may try again at once. */
export async function releaseRefundClaim(tx: Tx, orderId: string, paymentId: string): Promise<void> {
  await tx
    .update(payments)
    .set({ refundRequestedAt: null })
    .where(and(eq(payments.orderId, orderId), eq(payments.providerPaymentId, paymentId)));
}
