import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from "./order-status";
import type { OrderPaymentStatus } from "./payment";

// The order's life as one state machine ([16/25], ADR 0012). An order's state is three things:
// its status (what staff and the shopper see), its payment state (Mercado Pago's payments, null
// for a manual method) and its stock state (its units held for it, given back, or gone with the
// shipment). Every change of any of them is an event; MOVES is the whole table of what each
// event may do from each state. A move not in the table is refused with a Spanish message for
// staff. Pure: the model (app/models/order-life.server.ts) applies it inside a transaction.

export const STOCK_STATES = ["reserved", "released", "shipped"] as const;
/** reserved: the units are taken from the stock for the order; released: given back; shipped: gone with it. */
export type StockState = (typeof STOCK_STATES)[number];

export const STOCK_STATE_LABELS: Record<StockState, string> = {
  reserved: "Reservado",
  released: "Devuelto al stock",
  shipped: "Enviado",
};

/**
 * The payment state as the machine reads it: manual (no online payment), unpaid (waiting, or
 * rejected: the shopper may pay), in_flight (Mercado Pago is processing one), paid (the money is
 * with the store, disputed or not), returned (refunded or charged back).
 */
export const PAYMENT_CLASSES = ["manual", "unpaid", "in_flight", "paid", "returned"] as const;
export type PaymentClass = (typeof PAYMENT_CLASSES)[number];

export function paymentClassOf(payment: OrderPaymentStatus | null): PaymentClass {
  switch (payment) {
    case null:
      return "manual";
    case "awaiting_payment":
    case "rejected":
    case "cancelled":
      return "unpaid";
    case "pending":
      return "in_flight";
    case "approved":
    case "in_mediation":
      return "paid";
    case "refunded":
    case "charged_back":
      return "returned";
  }
}

export type OrderState = { status: OrderStatus; payment: OrderPaymentStatus | null; stock: StockState };

/** What happens to an order. `payment` carries the order's payment state after a notification. */
export type OrderEvent =
  | { kind: "place"; online: boolean }
  | { kind: "payment"; payment: OrderPaymentStatus }
  | { kind: "expire" }
  | { kind: "process" }
  | { kind: "hold" }
  | { kind: "ship" }
  | { kind: "deliver" }
  | { kind: "cancel" }
  | { kind: "reopen"; to: "pending" | "processing" }
  | { kind: "withdraw" }
  | { kind: "return_received" }
  | { kind: "refund"; extra: boolean };

/** Every payment event (a fact: the money moved at Mercado Pago) is recorded whatever the state; only these change more than the payment. */
const PAYMENT_EVENTS = [
  "payment_approved",
  "payment_pending",
  "payment_rejected",
  "payment_disputed",
  "payment_refunded",
  "payment_charged_back",
] as const;

export const EVENT_NAMES = [
  "place",
  ...PAYMENT_EVENTS,
  "expire",
  "process",
  "hold",
  "ship",
  "deliver",
  "cancel",
  "reopen_pending",
  "reopen_processing",
  "withdraw",
  "return_received",
  "refund",
  "refund_extra",
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** What each event is, for the table of moves (docs/order-life.md). */
export const EVENT_DESCRIPTIONS: Record<EventName, string> = {
  place: "The checkout places the order (stock taken in its transaction).",
  payment_approved: "A Mercado Pago notification leaves the order with an approved payment of its total.",
  payment_pending: "A notification: a payment is in process at Mercado Pago.",
  payment_rejected: "A notification: the payment was rejected or cancelled (the shopper may pay again).",
  payment_disputed: "A notification: the approved payment is in mediation (a dispute).",
  payment_refunded: "A notification: the order's payment was refunded.",
  payment_charged_back: "A notification: the order's payment was charged back.",
  expire: "The expiry job: the time to pay ran out with no payment approved or in process.",
  process: "Staff set Procesando (a manual payment confirmed, or a shipment undone).",
  hold: "Staff set Pendiente on a manual order.",
  ship: "Staff set Enviado.",
  deliver: "Staff set Entregado.",
  cancel: "Staff set Cancelado.",
  reopen_pending:
    "Staff reopen a cancelled order as Pendiente (stock taken again; an online order gets a new time to pay).",
  reopen_processing:
    "Staff reopen a cancelled order as Procesando (stock taken again), e.g. one paid after it expired.",
  withdraw: "Staff accept the shopper's arrepentimiento (Res. 424/2020).",
  return_received:
    "Staff receive the parcel of an order withdrawn after it was shipped: its units go back to the stock.",
  refund: "Staff refund the order's payment through Mercado Pago.",
  refund_extra: "Staff refund a payment the order does not need (paid twice, or of another amount).",
};

/** Conditions outside the three states that some moves need; the model reads them. */
export type Guard = "deadline_passed" | "no_money_held" | "withdrawal_requested" | "extra_payment";

export type MoveContext = Partial<{
  /** The order's time to pay has run out. */
  deadlinePassed: boolean;
  /** Some payment of the order holds money (approved or disputed), even one that does not match. */
  moneyHeld: boolean;
  /** The shopper asked to withdraw from the order. */
  withdrawalRequested: boolean;
  /** The payment to refund is approved and not the one the order counts as its payment. */
  extraPayment: boolean;
}>;

const GUARD_HOLDS: Record<Guard, (context: MoveContext) => boolean> = {
  deadline_passed: (c) => c.deadlinePassed === true,
  no_money_held: (c) => c.moneyHeld !== true,
  withdrawal_requested: (c) => c.withdrawalRequested === true,
  extra_payment: (c) => c.extraPayment === true,
};

const GUARD_REFUSALS: Record<Guard, string> = {
  deadline_passed: "Todavía no venció el plazo para pagar este pedido.",
  no_money_held: "El pedido tiene un pago para revisar: no se cancela solo.",
  withdrawal_requested: "Este pedido no tiene una solicitud de arrepentimiento.",
  extra_payment: "Ese pago no es un pago de más de este pedido.",
};

export const GUARD_DESCRIPTIONS: Record<Guard, string> = {
  deadline_passed: "the time to pay has run out",
  no_money_held: "no payment holds money (not even one of another amount)",
  withdrawal_requested: "the shopper asked to withdraw",
  extra_payment: "the payment is approved and is not the one the order counts",
};

type From = {
  status: readonly OrderStatus[];
  payment: readonly PaymentClass[];
  stock: readonly StockState[];
};

export type Move = {
  event: EventName;
  from: From;
  /** Absent: unchanged. A payment event always sets the payment state it carries. */
  to: { status?: OrderStatus; stock?: StockState };
  requires?: readonly Guard[];
  /** Besides the stock moves: "new_deadline" (an unpaid online order gets its time to pay again), "refund". */
  effects?: readonly ("new_deadline" | "refund")[];
};

const ALL_STATUSES = ORDER_STATUSES;
const ALL_PAYMENTS = PAYMENT_CLASSES;
const LIVE = ["pending", "processing"] as const;
const OUT = ["shipped", "delivered"] as const;
const ANY_STOCK = STOCK_STATES;

/**
 * Shipping or delivering an order that still holds its units (processing, or pending with a
 * manual payment): the units leave with it.
 */
function leavingWithItsUnits(event: "ship" | "deliver", status: "shipped" | "delivered"): Move[] {
  return [
    {
      event,
      from: { status: ["processing"], payment: ["manual", "paid"], stock: ["reserved"] },
      to: { status, stock: "shipped" },
    },
    {
      event,
      from: { status: ["pending"], payment: ["manual"], stock: ["reserved"] },
      to: { status, stock: "shipped" },
    },
  ];
}

/**
 * The table of allowed moves. The first move whose event and state match applies. Invariants it
 * keeps: pending and processing orders hold their units (reserved), shipped and delivered ones
 * have them gone (shipped), a cancelled one has them back (released) or gone with a shipment
 * that was then withdrawn (shipped).
 */
export const MOVES: readonly Move[] = [
  {
    event: "payment_approved",
    from: { status: ["pending"], payment: ALL_PAYMENTS, stock: ["reserved"] },
    to: { status: "processing" },
  },
  ...(["payment_refunded", "payment_charged_back"] as const).map((event): Move => ({
    event,
    from: { status: LIVE, payment: ALL_PAYMENTS, stock: ["reserved"] },
    to: { status: "cancelled", stock: "released" },
  })),
  ...PAYMENT_EVENTS.map((event): Move => ({
    event,
    from: { status: ALL_STATUSES, payment: ALL_PAYMENTS, stock: ANY_STOCK },
    to: {},
  })),
  {
    event: "expire",
    from: { status: ["pending"], payment: ["unpaid"], stock: ["reserved"] },
    to: { status: "cancelled", stock: "released" },
    requires: ["deadline_passed", "no_money_held"],
  },
  {
    event: "process",
    from: { status: ["pending"], payment: ["manual", "paid"], stock: ["reserved"] },
    to: { status: "processing" },
  },
  {
    event: "process",
    from: { status: OUT, payment: ["manual", "paid"], stock: ["shipped"] },
    to: { status: "processing", stock: "reserved" },
  },
  {
    event: "hold",
    from: { status: ["processing"], payment: ["manual"], stock: ["reserved"] },
    to: { status: "pending" },
  },
  {
    event: "hold",
    from: { status: OUT, payment: ["manual"], stock: ["shipped"] },
    to: { status: "pending", stock: "reserved" },
  },
  ...leavingWithItsUnits("ship", "shipped"),
  {
    event: "ship",
    from: { status: ["delivered"], payment: ALL_PAYMENTS, stock: ["shipped"] },
    to: { status: "shipped" },
  },
  {
    event: "deliver",
    from: { status: ["shipped"], payment: ALL_PAYMENTS, stock: ["shipped"] },
    to: { status: "delivered" },
  },
  ...leavingWithItsUnits("deliver", "delivered"),
  {
    event: "cancel",
    from: { status: LIVE, payment: ALL_PAYMENTS, stock: ["reserved"] },
    to: { status: "cancelled", stock: "released" },
  },
  {
    event: "reopen_pending",
    from: { status: ["cancelled"], payment: ["manual", "unpaid", "in_flight"], stock: ["released"] },
    to: { status: "pending", stock: "reserved" },
    effects: ["new_deadline"],
  },
  {
    event: "reopen_processing",
    from: { status: ["cancelled"], payment: ["manual", "paid"], stock: ["released"] },
    to: { status: "processing", stock: "reserved" },
  },
  {
    event: "withdraw",
    from: { status: LIVE, payment: ALL_PAYMENTS, stock: ["reserved"] },
    to: { status: "cancelled", stock: "released" },
    requires: ["withdrawal_requested"],
  },
  {
    event: "withdraw",
    from: { status: OUT, payment: ALL_PAYMENTS, stock: ["shipped"] },
    to: { status: "cancelled" },
    requires: ["withdrawal_requested"],
  },
  {
    event: "return_received",
    from: { status: ["cancelled"], payment: ALL_PAYMENTS, stock: ["shipped"] },
    to: { stock: "released" },
  },
  {
    event: "refund",
    from: { status: ["cancelled"], payment: ["paid"], stock: ANY_STOCK },
    to: {},
    effects: ["refund"],
  },
  {
    event: "refund_extra",
    from: { status: ALL_STATUSES, payment: ALL_PAYMENTS, stock: ANY_STOCK },
    to: {},
    requires: ["extra_payment"],
    effects: ["refund"],
  },
];

type Refusal = { event: EventName; when: Partial<From>; message: string };

const NOT_PAID_ONLINE =
  "Este pedido se paga con Mercado Pago y no tiene un pago aprobado: pasa a Procesando cuando Mercado Pago lo apruebe.";
const CANCELLED_FIRST = "El pedido está cancelado: reactivalo primero (Pendiente o Procesando).";
const ALREADY_SHIPPED =
  "Este pedido ya se envió: las unidades salieron del stock y no se puede cancelar. Si el cliente se arrepintió, aceptá su solicitud de arrepentimiento.";
const RETURNED =
  "El pago de este pedido se devolvió al cliente: no se puede seguir con él. Hace falta un pedido nuevo.";

/** Why a move is refused, most specific first; the staff read these. */
export const REFUSALS: readonly Refusal[] = [
  ...(["process", "hold", "ship", "deliver"] as const).map((event): Refusal => ({
    event,
    when: { status: ["cancelled"] },
    message: CANCELLED_FIRST,
  })),
  ...(["process", "ship", "deliver", "reopen_pending", "reopen_processing"] as const).map((event): Refusal => ({
    event,
    when: { payment: ["returned"] },
    message: RETURNED,
  })),
  { event: "process", when: { status: ["pending"], payment: ["unpaid", "in_flight"] }, message: NOT_PAID_ONLINE },
  {
    event: "ship",
    when: { payment: ["unpaid", "in_flight"] },
    message: "Este pedido se paga con Mercado Pago y no tiene un pago aprobado: no se puede enviar.",
  },
  {
    event: "deliver",
    when: { payment: ["unpaid", "in_flight"] },
    message: "Este pedido se paga con Mercado Pago y no tiene un pago aprobado: no se puede entregar.",
  },
  {
    event: "hold",
    when: { payment: ["unpaid", "in_flight", "paid"] },
    message:
      "Pendiente es esperar el pago: un pedido de Mercado Pago vuelve a Pendiente solo si no tiene un pago aprobado.",
  },
  { event: "cancel", when: { status: OUT }, message: ALREADY_SHIPPED },
  { event: "cancel", when: { status: ["cancelled"] }, message: "El pedido ya está cancelado." },
  {
    event: "reopen_pending",
    when: { stock: ["shipped"] },
    message: "Este pedido se canceló por arrepentimiento después de enviarse: no se puede reactivar.",
  },
  {
    event: "reopen_processing",
    when: { stock: ["shipped"] },
    message: "Este pedido se canceló por arrepentimiento después de enviarse: no se puede reactivar.",
  },
  {
    event: "reopen_pending",
    when: { payment: ["paid"] },
    message: "Este pedido tiene un pago aprobado: reactivalo como Procesando.",
  },
  {
    event: "reopen_processing",
    when: { payment: ["unpaid", "in_flight"] },
    message:
      "Este pedido no tiene un pago aprobado de Mercado Pago: reactivalo como Pendiente (el cliente vuelve a tener tiempo para pagar).",
  },
  { event: "withdraw", when: { status: ["cancelled"] }, message: "El pedido ya está cancelado." },
  {
    event: "return_received",
    when: { status: ["cancelled"], stock: ["released"] },
    message: "Las unidades de este pedido ya están en el stock.",
  },
  {
    event: "return_received",
    when: {},
    message:
      "Este pedido no espera una devolución: vuelve al stock lo que se envió de un pedido cancelado por arrepentimiento.",
  },
  { event: "expire", when: {}, message: "El pedido ya no está esperando el pago." },
  { event: "refund", when: { payment: ["returned"] }, message: "El pago de este pedido ya se devolvió." },
  {
    event: "refund",
    when: { payment: ["manual", "unpaid", "in_flight"] },
    message: "Esta orden no tiene un pago aprobado de Mercado Pago para reembolsar.",
  },
  { event: "refund", when: { status: [...LIVE, ...OUT] }, message: "Cancelá la orden antes de reembolsar su pago." },
];

export function eventName(event: OrderEvent): EventName {
  switch (event.kind) {
    case "payment":
      switch (event.payment) {
        case "approved":
          return "payment_approved";
        case "pending":
          return "payment_pending";
        case "in_mediation":
          return "payment_disputed";
        case "refunded":
          return "payment_refunded";
        case "charged_back":
          return "payment_charged_back";
        default:
          return "payment_rejected";
      }
    case "reopen":
      return event.to === "pending" ? "reopen_pending" : "reopen_processing";
    case "refund":
      return event.extra ? "refund_extra" : "refund";
    default:
      return event.kind;
  }
}

/** The state of a new order: pending, waiting for its online payment (or manual), its units reserved. */
export function placedState(online: boolean): OrderState {
  return { status: "pending", payment: online ? "awaiting_payment" : null, stock: "reserved" };
}

function matches(from: Partial<From>, state: OrderState): boolean {
  return (
    (!from.status || from.status.includes(state.status)) &&
    (!from.payment || from.payment.includes(paymentClassOf(state.payment))) &&
    (!from.stock || from.stock.includes(state.stock))
  );
}

export type Decision =
  | { ok: true; next: OrderState; move: Move | null; stock: "reserve" | "release" | null }
  | { ok: false; message: string };

/** The stock moves a change of stock state needs in the ledger. */
function stockMove(from: StockState | null, to: StockState): "reserve" | "release" | null {
  if (to === "reserved" && (from === null || from === "released")) return "reserve";
  if (to === "released" && from !== "released") return "release";
  return null;
}

/**
 * The move `event` makes from `state` (null: the order does not exist yet, for "place"), or the
 * reason it is refused. Moves are only read from MOVES.
 */
export function decide(state: OrderState | null, event: OrderEvent, context: MoveContext = {}): Decision {
  const name = eventName(event);
  if (event.kind === "place") {
    if (state !== null) return { ok: false, message: "El pedido ya existe." };
    const next = placedState(event.online);
    return { ok: true, next, move: null, stock: "reserve" };
  }
  if (state === null) return { ok: false, message: "No encontramos la orden." };
  const candidates = MOVES.filter((m) => m.event === name && matches(m.from, state));
  for (const move of candidates) {
    const failed = (move.requires ?? []).find((guard) => !GUARD_HOLDS[guard](context));
    if (failed) return { ok: false, message: GUARD_REFUSALS[failed] };
    const next: OrderState = {
      status: move.to.status ?? state.status,
      payment: event.kind === "payment" ? event.payment : state.payment,
      stock: move.to.stock ?? state.stock,
    };
    return { ok: true, next, move, stock: stockMove(state.stock, next.stock) };
  }
  return { ok: false, message: refusalFor(name, state) };
}

function refusalFor(name: EventName, state: OrderState): string {
  const refusal = REFUSALS.find((r) => r.event === name && matches(r.when, state));
  return refusal?.message ?? `Este cambio no está permitido para un pedido ${ORDER_STATUS_LABELS[state.status]}.`;
}

/** What staff do with "Estado del pedido". */
export type StaffStatusEvent = Extract<
  OrderEvent,
  { kind: "hold" | "process" | "ship" | "deliver" | "cancel" | "reopen" }
>;

/** The event of staff choosing `to` in "Estado del pedido" for an order in `from` (null: nothing to do). */
export function staffEventFor(from: OrderStatus, to: OrderStatus): StaffStatusEvent | null {
  if (from === to) return null;
  if (from === "cancelled" && (to === "pending" || to === "processing")) return { kind: "reopen", to };
  switch (to) {
    case "pending":
      return { kind: "hold" };
    case "processing":
      return { kind: "process" };
    case "shipped":
      return { kind: "ship" };
    case "delivered":
      return { kind: "deliver" };
    case "cancelled":
      return { kind: "cancel" };
  }
}

/**
 * Sold: Procesando, Enviado or Entregado with its payment manual (staff confirmed it, it is on
 * account, or it left before a transfer was confirmed: owed) or paid at Mercado Pago.
 */
function isSold(state: OrderState): boolean {
  const payment = paymentClassOf(state.payment);
  return state.status !== "pending" && state.status !== "cancelled" && (payment === "manual" || payment === "paid");
}

/**
 * Whether the move from `before` to `after` sells the order, so its factura is due (ADR 0017):
 * confirmed or paid (Pendiente to Procesando), reopened as Procesando, or shipped or delivered
 * straight from Pendiente (a transfer not yet confirmed, an order on account reopened as
 * Pendiente). A move between sold states (shipped, delivered, a shipment undone) sells nothing.
 */
export function sellsOrder(before: OrderState | null, after: OrderState): boolean {
  return isSold(after) && (before === null || !isSold(before));
}

/** The stock state an order's status implies (a cancelled order: released, unless withdrawn after shipping). */
export function stockStateForStatus(status: OrderStatus): StockState {
  if (status === "shipped" || status === "delivered") return "shipped";
  if (status === "cancelled") return "released";
  return "reserved";
}

// ---------------------------------------------------------------- the table as a document

const list = (values: readonly string[], all: readonly string[]) =>
  values.length === all.length ? "any" : values.join(", ");

/** docs/order-life.md, generated from MOVES and REFUSALS (npm run docs:order-life; a test keeps it equal). */
/** How an order on account moves through the same table and the company's ledger (ADR 0022). */
const ON_ACCOUNT_SECTION = [
  "## Orders on account (cuenta corriente)",
  "",
  "[ADR 0022](decisions/0022-business-buyers.md) decides them; they use the moves above, with no event of their own.",
  "",
  "- **Placed**: a member of an approved company with a credit limit pays `Cuenta corriente`. In the order's",
  "  transaction the company row is locked (`SELECT … FOR UPDATE`) and the open balance, plus the company's orders",
  "  on account not invoiced yet, plus this one must stay within the limit; then `place` and, at once, `process`",
  "  (actor `Cuenta corriente`, as staff confirm a transfer): Procesando, payment `manual`. The order is kept in",
  "  `account_orders` and counts against the limit while it is not cancelled and has no factura in the ledger.",
  "- **Invoice posts**: `process` queues the order's factura when the store invoices on payment (as any move that",
  "  sells it, above: reopened as Pendiente and then shipped, it is queued on `ship`); the invoicing",
  "  job, in the transaction that marks it authorised, writes an `invoice` entry in `account_entries` (+ its",
  "  total, due after the company's payment terms). From then on the ledger, not `account_orders`, holds the debt.",
  "- **Credit note reverses**: `cancel` (or `withdraw`) of an invoiced order queues the credit note of its factura;",
  "  authorised, it writes a `credit_note` entry (− its total, on its date). A cancelled order not invoiced simply",
  "  stops counting against the limit.",
  "- **Reopened**: `reopen_pending` / `reopen_processing` lock the company row again and check the order's amount",
  "  against what is available now; past the limit, or for a company no longer approved or without a limit, staff",
  "  are told why and nothing moves. Reopened as Procesando, its factura is queued again.",
  "- **Payments** are not order events: staff record them in Admin > Empresas (transferencia, cheque or e-cheq,",
  "  reference, the day received, optionally the factura paid) as `payment` entries (−) that lower the company's",
  "  balance; the order's payment stays `manual`. Statements and the aging are read from the ledger, which",
  "  refuses UPDATE and DELETE.",
  "",
];

/** When an order's factura is queued (ADR 0017). */
const FACTURA_SECTION = [
  "## The factura",
  "",
  "When the store invoices on payment ([ADR 0017](decisions/0017-arca-invoicing.md)), `applyOrderEvent` queues",
  "the order's factura, in the event's transaction, on a move that **sells** it: into Procesando, Enviado or",
  "Entregado, with its payment `manual` (confirmed, on account, or owed: a transfer shipped before it was",
  "confirmed) or `paid`, from a state that was not (`process` or `payment_approved` from Pendiente,",
  "`reopen_processing`, `ship` or `deliver` from Pendiente); and when Mercado Pago approves the order's payment.",
  "An order whose factura stands keeps it, so moving between sold states, or selling it again after `hold`,",
  "queues nothing new; one whose factura was credited in full (cancelled, then reopened) gets its next issue.",
  "A cancellation queues the credit note of an authorised factura (of one still waiting, once its CAE comes).",
  "",
];

/** What a move to cancelled does to the order's carrier shipment (ADR 0018). */
const CARRIER_SHIPMENT_SECTION = [
  "## Orders with a carrier's label",
  "",
  "- **Cancelled** (`cancel`, `expire`, `withdraw`, a refund or chargeback notice) with its units still reserved: in the same transaction the",
  "  order's created shipment (`carrier_shipments`) is marked `cancelling`; the carrier is never called inside it.",
  "  After the answer that cancelled it (staff's status change, an accepted withdrawal, the webhook of a refund or",
  "  chargeback), a round of the carrier-cancellation job starts at once in the process that answered",
  "  (`cancelShipmentsSoon`, `afterResponse`); the worker's round each minute takes what is left. The job asks",
  "  the carrier (OCA's `AnularOrdenGenerada`), trying again with backoff",
  "  on network errors, and records `cancelled` (the dead tracking number leaves the order) or `cancel_failed` with",
  "  the carrier's reason, which staff may retry. MiCorreo documents no cancel: `cancel_by_hand`, staff are told",
  "  to cancel it in MiCorreo.",
  "- **Withdrawn after shipping** (`withdraw` from stock `shipped`): the parcel already travelled, so its shipment",
  "  is left as it is; `return_received` puts the units back in the stock when the parcel comes back.",
  "- **Reopened**: Generar etiqueta creates a new shipment once the old one is cancelled (or left to MiCorreo).",
  "",
];

export function movesMarkdown(): string {
  const lines = [
    "# The order's life: the table of moves",
    "",
    "Generated from `app/domain/order-life.ts` by `npm run docs:order-life`; a test fails when this file",
    "differs from the module. [ADR 0012](decisions/0012-order-life.md) explains the machine and the stock ledger.",
    "",
    "An order's state is its **status**, its **payment** (read as one of: " +
      PAYMENT_CLASSES.map((c) => `\`${c}\``).join(", ") +
      ") and its **stock** (" +
      STOCK_STATES.map((s) => `\`${s}\``).join(", ") +
      "). The first row whose event and state match applies; `any` matches every value. A payment event",
    "also sets the order's payment state to the one the notification left. `reserve` and `release` are rows",
    "of the stock ledger (`stock_movements`).",
    "",
    "## Events",
    "",
    "| Event | What it is |",
    "| --- | --- |",
    ...EVENT_NAMES.map((e) => `| \`${e}\` | ${EVENT_DESCRIPTIONS[e]} |`),
    "",
    "## Moves",
    "",
    "| Event | Status | Payment | Stock | Status after | Stock after | Ledger | Needs | Also |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    `| \`place\` | (new) | (new) | (new) | pending | reserved | reserve | | payment \`unpaid\` (online) or \`manual\` |`,
    ...MOVES.map((m) => {
      const status = m.to.status ?? "=";
      const stock = m.to.stock ?? "=";
      const ledger = m.from.stock.length === 1 && m.to.stock ? (stockMove(m.from.stock[0]!, m.to.stock) ?? "") : "";
      return `| \`${m.event}\` | ${list(m.from.status, ORDER_STATUSES)} | ${list(m.from.payment, PAYMENT_CLASSES)} | ${list(m.from.stock, STOCK_STATES)} | ${status} | ${stock} | ${ledger} | ${(m.requires ?? []).map((g) => GUARD_DESCRIPTIONS[g]).join("; ")} | ${(m.effects ?? []).join(", ")} |`;
    }),
    "",
    "## Refusals",
    "",
    "Any other move is refused. What staff read, most specific first:",
    "",
    "| Event | When | Message |",
    "| --- | --- | --- |",
    ...REFUSALS.map((r) => {
      const when = [
        r.when.status ? `status ${r.when.status.join(", ")}` : null,
        r.when.payment ? `payment ${r.when.payment.join(", ")}` : null,
        r.when.stock ? `stock ${r.when.stock.join(", ")}` : null,
      ]
        .filter(Boolean)
        .join("; ");
      return `| \`${r.event}\` | ${when || "otherwise"} | ${r.message} |`;
    }),
    ...(Object.keys(GUARD_REFUSALS) as Guard[]).map(
      (g) => `| (any) | unless ${GUARD_DESCRIPTIONS[g]} | ${GUARD_REFUSALS[g]} |`,
    ),
    "",
    ...FACTURA_SECTION,
    ...ON_ACCOUNT_SECTION,
    ...CARRIER_SHIPMENT_SECTION,
  ];
  return lines.join("\n");
}
