import { formatARS, fromCents } from "./money";

// Payment methods and the payment state of an order. A method is "manual" (transfer, cash: staff
// confirm the payment themselves) or "mercadopago" (paid online at Mercado Pago's checkout; its
// notifications decide whether the order is paid). Pure rules, no I/O.

export const PAYMENT_METHOD_KINDS = ["manual", "mercadopago"] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

export const PAYMENT_METHOD_KIND_LABELS: Record<PaymentMethodKind, string> = {
  manual: "Manual (transferencia, efectivo...)",
  mercadopago: "Mercado Pago (pago online)",
};

/** How long an unpaid online order keeps its stock, unless the method says otherwise. */
export const DEFAULT_PAYMENT_EXPIRY_MINUTES = 60;

/** The payment method that shows the store's bank details (spec: the method named transferencia). */
export function isBankTransfer(paymentMethod: string | null | undefined): boolean {
  return (paymentMethod ?? "").trim().toLowerCase() === "transferencia";
}

/** The name of a payment method on screens and e-mails ("Transferencia bancaria" for transferencia). */
export function paymentMethodLabel(paymentMethod: string | null | undefined): string {
  if (!paymentMethod) return "—";
  return isBankTransfer(paymentMethod) ? "Transferencia bancaria" : paymentMethod;
}

// ---------------------------------------------------------------- one payment

/**
 * The state of one Mercado Pago payment, as the store keeps it. Mercado Pago's in_process and
 * authorized read as pending (the money is not there yet); in_mediation is a dispute.
 */
export const PAYMENT_STATUSES = [
  "pending",
  "approved",
  "rejected",
  "cancelled",
  "refunded",
  "charged_back",
  "in_mediation",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Mercado Pago's `status` of a payment, in the store's words; null for a value it does not document. */
export function paymentStatusFromMercadoPago(status: string | null | undefined): PaymentStatus | null {
  switch (status) {
    case "pending":
    case "in_process":
    case "authorized":
      return "pending";
    case "approved":
    case "rejected":
    case "cancelled":
    case "refunded":
    case "charged_back":
    case "in_mediation":
      return status;
    default:
      return null;
  }
}

/**
 * How far along a payment is, to order two reads with the same date_last_updated (Mercado Pago's
 * usual moves go up: pending -> approved -> refunded / charged_back; pending -> rejected).
 */
const PAYMENT_STAGE: Record<PaymentStatus, number> = {
  pending: 0,
  rejected: 1,
  cancelled: 1,
  approved: 2,
  in_mediation: 3,
  refunded: 4,
  charged_back: 4,
};

export type PaymentSnapshot = { status: PaymentStatus; updatedAt: Date };

/**
 * Whether a payment read from Mercado Pago should replace what the store has: it must be newer
 * by Mercado Pago's own date_last_updated (a dispute settled for the store goes from
 * in_mediation back to approved, so the date decides, not the state), or as new and further
 * along. The same read applied twice, or an older read after a newer one, changes nothing.
 */
export function isNewerPayment(stored: PaymentSnapshot | null, incoming: PaymentSnapshot): boolean {
  if (!stored) return true;
  const a = stored.updatedAt.getTime();
  const b = incoming.updatedAt.getTime();
  if (b !== a) return b > a;
  return PAYMENT_STAGE[incoming.status] > PAYMENT_STAGE[stored.status];
}

// ---------------------------------------------------------------- the order's payment

/**
 * The payment state of an online order: awaiting_payment until Mercado Pago reports a payment;
 * then the state of its most relevant payment. Manual orders have none (null).
 */
export const ORDER_PAYMENT_STATUSES = ["awaiting_payment", ...PAYMENT_STATUSES] as const;
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];

export const ORDER_PAYMENT_STATUS_LABELS: Record<OrderPaymentStatus, string> = {
  awaiting_payment: "Esperando el pago",
  pending: "Pago pendiente de acreditación",
  approved: "Pagado",
  rejected: "Pago rechazado",
  cancelled: "Pago cancelado",
  refunded: "Reembolsado",
  charged_back: "Contracargo",
  in_mediation: "Pago en disputa",
};

export type PaymentRecord = {
  paymentId: string;
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  updatedAt: Date;
};

/** Something staff must look at: a payment that does not match its order, or one that came too late. */
export type PaymentFlag =
  | { kind: "amount_mismatch"; paymentId: string; expectedCents: number; receivedCents: number; currency: string }
  | { kind: "approved_after_expiry"; paymentId: string; receivedCents: number };

export type OrderPaymentState = {
  status: OrderPaymentStatus;
  /** The payment the status comes from (null while awaiting). */
  paymentId: string | null;
  flags: PaymentFlag[];
};

/** What a payment of this status means for the money: held by the store, on its way, or not. */
const MONEY_RANK: Record<PaymentStatus, number> = {
  charged_back: 6,
  in_mediation: 5,
  approved: 5,
  refunded: 4,
  pending: 3,
  rejected: 1,
  cancelled: 1,
};

/**
 * The order's payment state from all its payments (a shopper may retry after a rejection): the
 * payment that matters most for the money wins (approved over pending over rejected), the newest
 * among equals. An approved payment whose amount or currency differs from the order's total
 * does not count as paid: it raises an amount_mismatch flag instead. One that arrives after the
 * order expired (cancelled, stock returned) counts as paid and raises approved_after_expiry.
 */
export function orderPaymentState(
  payments: readonly PaymentRecord[],
  order: { totalCents: number; expired: boolean },
): OrderPaymentState {
  const flags: PaymentFlag[] = [];
  const counted: PaymentRecord[] = [];
  for (const payment of payments) {
    const holdsMoney = ["approved", "in_mediation", "charged_back", "refunded"].includes(payment.status);
    if (holdsMoney && (payment.amountCents !== order.totalCents || payment.currency !== "ARS")) {
      flags.push({
        kind: "amount_mismatch",
        paymentId: payment.paymentId,
        expectedCents: order.totalCents,
        receivedCents: payment.amountCents,
        currency: payment.currency,
      });
      continue;
    }
    if (order.expired && payment.status === "approved") {
      flags.push({ kind: "approved_after_expiry", paymentId: payment.paymentId, receivedCents: payment.amountCents });
    }
    counted.push(payment);
  }
  const best = [...counted].sort(
    (a, b) => MONEY_RANK[b.status] - MONEY_RANK[a.status] || b.updatedAt.getTime() - a.updatedAt.getTime(),
  )[0];
  return { status: best?.status ?? "awaiting_payment", paymentId: best?.paymentId ?? null, flags };
}

/** An online order the shopper may (still) pay: not paid, no payment on its way, not expired or cancelled. */
export function canPayOnline(order: {
  paymentStatus: OrderPaymentStatus | null;
  orderStatus: string;
  expiresAt: Date | null;
  now?: Date;
}): boolean {
  if (order.paymentStatus === null || order.orderStatus !== "pending") return false;
  if (!["awaiting_payment", "rejected", "cancelled"].includes(order.paymentStatus)) return false;
  return order.expiresAt === null || order.expiresAt.getTime() > (order.now ?? new Date()).getTime();
}

/** A payment flag as staff read it, in Spanish with both figures. */
export function paymentFlagText(flag: PaymentFlag): string {
  const money = (cents: number) => formatARS(fromCents(cents));
  if (flag.kind === "amount_mismatch") {
    const currency = flag.currency && flag.currency !== "ARS" ? ` en ${flag.currency}` : "";
    return `El pago ${flag.paymentId} de Mercado Pago fue por ${money(flag.receivedCents)}${currency} y la orden es de ${money(flag.expectedCents)}: no se marcó como pagada. Revisalo en Mercado Pago.`;
  }
  return `El pago ${flag.paymentId} (${money(flag.receivedCents)}) se aprobó cuando la orden ya estaba cancelada (vencida, con su stock devuelto, o cancelada a mano): reembolsalo o reactivá el pedido.`;
}
