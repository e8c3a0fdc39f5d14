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
  /** When Mercado Pago approved it (the first of two approved payments is the order's). */
  approvedAt?: Date | null;
};

/**
 * Something staff must look at, recomputed from the payments after every event ([16/25]): a
 * payment that does not match its order, an order paid twice, or a paid order that is cancelled
 * (a payment that arrived after the order expired, or a paid order staff cancelled).
 */
export type PaymentFlag =
  | { kind: "amount_mismatch"; paymentId: string; expectedCents: number; receivedCents: number; currency: string }
  | { kind: "double_charge"; paymentIds: string[]; extraPaymentIds: string[]; receivedCents: number }
  | { kind: "paid_while_cancelled"; paymentId: string; receivedCents: number };

export type OrderPaymentState = {
  status: OrderPaymentStatus;
  /** The payment the status comes from (null while awaiting). */
  paymentId: string | null;
  flags: PaymentFlag[];
  /** Approved payments the order does not need (another amount, or paid twice): staff may refund them. */
  extraPaymentIds: string[];
  /** Some payment holds money (approved or disputed), even one that does not match. */
  moneyHeld: boolean;
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

const HOLDS_MONEY: readonly PaymentStatus[] = ["approved", "in_mediation"];

/**
 * The order's payment state from all its payments (a shopper may retry after a rejection): the
 * payment that matters most for the money wins (approved over pending over rejected), the newest
 * among equals. An approved payment whose amount or currency differs from the order's total
 * does not count as paid: it is flagged (amount_mismatch) while it holds money. Two approved
 * payments of the total are flagged (double_charge): the first approved is the order's, the
 * others are extra. A cancelled order whose payment is approved is flagged (paid_while_cancelled):
 * staff reopen it or refund.
 */
export function orderPaymentState(
  payments: readonly PaymentRecord[],
  order: { totalCents: number; cancelled: boolean },
): OrderPaymentState {
  const flags: PaymentFlag[] = [];
  const counted: PaymentRecord[] = [];
  const extra: string[] = [];
  for (const payment of payments) {
    const holds = HOLDS_MONEY.includes(payment.status);
    const matches = payment.amountCents === order.totalCents && payment.currency === "ARS";
    if (!matches && payment.status !== "pending" && payment.status !== "rejected" && payment.status !== "cancelled") {
      // Of another amount: never the order's payment; staff check it while it holds money.
      if (holds) {
        flags.push({
          kind: "amount_mismatch",
          paymentId: payment.paymentId,
          expectedCents: order.totalCents,
          receivedCents: payment.amountCents,
          currency: payment.currency,
        });
        extra.push(payment.paymentId);
      }
      continue;
    }
    counted.push(payment);
  }
  const held = counted
    .filter((p) => HOLDS_MONEY.includes(p.status))
    .sort(
      (a, b) =>
        (a.approvedAt ?? a.updatedAt).getTime() - (b.approvedAt ?? b.updatedAt).getTime() ||
        a.paymentId.localeCompare(b.paymentId),
    );
  if (held.length > 1) {
    const extraIds = held.slice(1).map((p) => p.paymentId);
    flags.push({
      kind: "double_charge",
      paymentIds: held.map((p) => p.paymentId),
      extraPaymentIds: extraIds,
      receivedCents: held[0]!.amountCents,
    });
    extra.push(...extraIds);
  }
  const best =
    held[0] ??
    [...counted].sort(
      (a, b) => MONEY_RANK[b.status] - MONEY_RANK[a.status] || b.updatedAt.getTime() - a.updatedAt.getTime(),
    )[0];
  if (order.cancelled && best && HOLDS_MONEY.includes(best.status)) {
    flags.push({ kind: "paid_while_cancelled", paymentId: best.paymentId, receivedCents: best.amountCents });
  }
  return {
    status: best?.status ?? "awaiting_payment",
    paymentId: best?.paymentId ?? null,
    flags,
    extraPaymentIds: extra,
    moneyHeld: payments.some((p) => HOLDS_MONEY.includes(p.status)),
  };
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

/** A payment flag as staff read it, in Spanish with the figures, saying what they can do. */
export function paymentFlagText(flag: PaymentFlag): string {
  const money = (cents: number) => formatARS(fromCents(cents));
  switch (flag.kind) {
    case "amount_mismatch": {
      const currency = flag.currency && flag.currency !== "ARS" ? ` en ${flag.currency}` : "";
      return `El pago ${flag.paymentId} de Mercado Pago fue por ${money(flag.receivedCents)}${currency} y la orden es de ${money(flag.expectedCents)}: no se marcó como pagada. Reembolsalo desde acá o revisalo en Mercado Pago.`;
    }
    case "double_charge":
      return `Cobrado dos veces: los pagos ${flag.paymentIds.join(" y ")} están aprobados por ${money(flag.receivedCents)} cada uno. El pedido se queda con el ${flag.paymentIds[0]}; reembolsá el ${flag.extraPaymentIds.join(" y el ")}.`;
    case "paid_while_cancelled":
      return `El pago ${flag.paymentId} (${money(flag.receivedCents)}) está aprobado y el pedido está cancelado (venció o se canceló a mano): reactivalo (toma el stock de nuevo) o reembolsá el pago.`;
  }
}
