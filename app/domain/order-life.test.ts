import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  type OrderEvent,
  type OrderState,
  PAYMENT_CLASSES,
  STOCK_STATES,
  decide,
  movesMarkdown,
  paymentClassOf,
  sellsOrder,
  staffEventFor,
} from "./order-life";
import { ORDER_STATUSES } from "./order-status";
import { ORDER_PAYMENT_STATUSES } from "./payment";

const state = (s: Partial<OrderState>): OrderState => ({ status: "pending", payment: null, stock: "reserved", ...s });

/** The stock state each status allows (a cancelled order: given back, or gone with a withdrawn shipment). */
function consistent(s: OrderState): boolean {
  if (s.status === "pending" || s.status === "processing") return s.stock === "reserved";
  if (s.status === "shipped" || s.status === "delivered") return s.stock === "shipped";
  return s.stock === "released" || s.stock === "shipped";
}

const PAYMENTS = [null, ...ORDER_PAYMENT_STATUSES];
const EVENTS: OrderEvent[] = [
  ...ORDER_PAYMENT_STATUSES.map((payment): OrderEvent => ({ kind: "payment", payment })),
  { kind: "expire" },
  { kind: "process" },
  { kind: "hold" },
  { kind: "ship" },
  { kind: "deliver" },
  { kind: "cancel" },
  { kind: "reopen", to: "pending" },
  { kind: "reopen", to: "processing" },
  { kind: "withdraw" },
  { kind: "return_received" },
  { kind: "refund", extra: false },
  { kind: "refund", extra: true },
];
const EVERYTHING = { deadlinePassed: true, withdrawalRequested: true, extraPayment: true, moneyHeld: false };

const allStates = ORDER_STATUSES.flatMap((status) =>
  PAYMENTS.flatMap((payment) => STOCK_STATES.map((stock) => ({ status, payment, stock }))),
).filter(consistent);

describe("the table of moves", () => {
  it("never leaves an order's units in a state its status contradicts, from any state by any event", () => {
    for (const from of allStates) {
      for (const event of EVENTS) {
        const decision = decide(from, event, EVERYTHING);
        if (decision.ok)
          expect(consistent(decision.next), `${JSON.stringify(from)} ${JSON.stringify(event)}`).toBe(true);
        else expect(decision.message).toMatch(/^[A-ZÁÉÍÓÚÑ¿]/);
      }
    }
  });

  it("records every Mercado Pago notification whatever the order's state (the money moved), and sets its payment", () => {
    for (const from of allStates) {
      for (const payment of ORDER_PAYMENT_STATUSES) {
        const decision = decide(from, { kind: "payment", payment });
        expect(decision.ok).toBe(true);
        if (decision.ok) expect(decision.next.payment).toBe(payment);
      }
    }
  });

  it("gives the units back once: only a move out of reserved (or a withdrawn parcel received) releases, only a move into reserved from released takes", () => {
    for (const from of allStates) {
      for (const event of EVENTS) {
        const decision = decide(from, event, EVERYTHING);
        if (!decision.ok) continue;
        if (decision.stock === "release")
          expect(from.stock === "reserved" || (from.stock === "shipped" && event.kind === "return_received")).toBe(
            true,
          );
        if (decision.stock === "reserve") expect(from.stock).toBe("released");
        if (from.stock === "released") expect(decision.stock).not.toBe("release");
      }
    }
  });

  it("a new order is pending with its units reserved, its online payment awaited", () => {
    expect(decide(null, { kind: "place", online: true })).toMatchObject({
      ok: true,
      next: { status: "pending", payment: "awaiting_payment", stock: "reserved" },
      stock: "reserve",
    });
    expect(decide(state({}), { kind: "place", online: false }).ok).toBe(false);
  });

  it("staff cancelling returns the stock; reopening takes it again", () => {
    expect(decide(state({ status: "processing" }), { kind: "cancel" })).toMatchObject({
      ok: true,
      next: { status: "cancelled", stock: "released" },
      stock: "release",
    });
    expect(decide(state({ status: "cancelled", stock: "released" }), { kind: "reopen", to: "pending" })).toMatchObject({
      ok: true,
      next: { status: "pending", stock: "reserved" },
      stock: "reserve",
    });
  });

  it("an expired order set back to Pendiente cannot be expired again before it is reopened (its stock back twice)", () => {
    const expired = state({ status: "cancelled", payment: "awaiting_payment", stock: "released" });
    expect(decide(expired, { kind: "expire" }, EVERYTHING).ok).toBe(false);
    const reopened = decide(expired, { kind: "reopen", to: "pending" });
    expect(reopened).toMatchObject({ ok: true, stock: "reserve" });
  });

  it("a payment approved after expiry: reopened as Procesando (not Pendiente), or refunded", () => {
    const paidLate = state({ status: "cancelled", payment: "approved", stock: "released" });
    expect(decide(paidLate, { kind: "reopen", to: "pending" })).toEqual({
      ok: false,
      message: "Este pedido tiene un pago aprobado: reactivalo como Procesando.",
    });
    expect(decide(paidLate, { kind: "reopen", to: "processing" })).toMatchObject({ ok: true, stock: "reserve" });
    expect(decide(paidLate, { kind: "refund", extra: false })).toMatchObject({ ok: true, next: paidLate });
  });

  it("the expiry job leaves alone an order with a payment in process, a payment to check, or time left", () => {
    const waiting = state({ payment: "awaiting_payment" });
    expect(decide(state({ payment: "pending" }), { kind: "expire" }, EVERYTHING).ok).toBe(false);
    expect(decide(waiting, { kind: "expire" }, { ...EVERYTHING, moneyHeld: true })).toEqual({
      ok: false,
      message: "El pedido tiene un pago para revisar: no se cancela solo.",
    });
    expect(decide(waiting, { kind: "expire" }, { ...EVERYTHING, deadlinePassed: false }).ok).toBe(false);
    expect(decide(waiting, { kind: "expire" }, EVERYTHING)).toMatchObject({ ok: true, stock: "release" });
  });

  it("an unpaid Mercado Pago order cannot be prepared or shipped by hand; a manual one can", () => {
    const unpaid = state({ payment: "awaiting_payment" });
    expect(decide(unpaid, { kind: "process" })).toMatchObject({
      ok: false,
      message: expect.stringContaining("Mercado Pago"),
    });
    expect(decide(unpaid, { kind: "ship" }).ok).toBe(false);
    expect(decide(state({}), { kind: "process" }).ok).toBe(true);
    expect(decide(state({}), { kind: "ship" })).toMatchObject({ ok: true, next: { stock: "shipped" } });
  });

  it("a refund of the order's payment needs the order cancelled first; a payment it does not need may be refunded at any time", () => {
    const paid = state({ status: "processing", payment: "approved" });
    expect(decide(paid, { kind: "refund", extra: false })).toEqual({
      ok: false,
      message: "Cancelá la orden antes de reembolsar su pago.",
    });
    expect(decide(paid, { kind: "refund", extra: true }, { extraPayment: true }).ok).toBe(true);
    expect(decide(paid, { kind: "refund", extra: true }, { extraPayment: false }).ok).toBe(false);
  });

  it("withdrawing a shipped order cancels it and leaves its units out until the parcel is back", () => {
    const shipped = state({ status: "delivered", stock: "shipped" });
    expect(decide(shipped, { kind: "withdraw" }, { withdrawalRequested: true })).toMatchObject({
      ok: true,
      next: { status: "cancelled", stock: "shipped" },
      stock: null,
    });
    expect(decide(shipped, { kind: "withdraw" }).ok).toBe(false);
  });

  it("the parcel of a withdrawn shipped order, received, puts its units back in the stock once", () => {
    const withdrawn = state({ status: "cancelled", payment: "approved", stock: "shipped" });
    expect(decide(withdrawn, { kind: "return_received" })).toMatchObject({
      ok: true,
      next: { status: "cancelled", payment: "approved", stock: "released" },
      stock: "release",
    });
    const back = state({ status: "cancelled", stock: "released" });
    expect(decide(back, { kind: "return_received" })).toEqual({
      ok: false,
      message: "Las unidades de este pedido ya están en el stock.",
    });
    for (const status of ["pending", "processing", "shipped", "delivered"] as const) {
      const live = state({ status, stock: status === "shipped" || status === "delivered" ? "shipped" : "reserved" });
      expect(decide(live, { kind: "return_received" })).toMatchObject({ ok: false });
    }
  });

  it("maps the status selector to events: from Cancelado to Pendiente or Procesando is a reopening", () => {
    expect(staffEventFor("cancelled", "processing")).toEqual({ kind: "reopen", to: "processing" });
    expect(staffEventFor("processing", "pending")).toEqual({ kind: "hold" });
    expect(staffEventFor("shipped", "shipped")).toBeNull();
  });

  it("an order is sold (its factura due) when it is confirmed, paid, reopened as Procesando, or leaves from Pendiente; once", () => {
    const sells = (from: OrderState, event: OrderEvent) => {
      const decision = decide(from, event);
      if (!decision.ok) throw new Error(decision.message);
      return sellsOrder(from, decision.next);
    };
    const transfer = state({});
    expect([sells(transfer, { kind: "process" }), sells(transfer, { kind: "ship" })]).toEqual([true, true]);
    expect(sells(transfer, { kind: "deliver" })).toBe(true);
    expect(sells(state({ payment: "awaiting_payment" }), { kind: "payment", payment: "approved" })).toBe(true);
    const cancelled = state({ status: "cancelled", stock: "released" });
    expect(sells(cancelled, { kind: "reopen", to: "processing" })).toBe(true);
    expect(sells(cancelled, { kind: "reopen", to: "pending" })).toBe(false);
    // Between sold states nothing more is sold: shipped, delivered, a shipment undone.
    const processing = state({ status: "processing" });
    const shipped = state({ status: "shipped", stock: "shipped" });
    expect(sells(processing, { kind: "ship" })).toBe(false);
    expect(sells(shipped, { kind: "deliver" })).toBe(false);
    expect(sells(shipped, { kind: "process" })).toBe(false);
    // Money returned is no sale; nor is a payment approved for a cancelled order (until it is reopened).
    const paidShipped = state({ status: "shipped", payment: "approved", stock: "shipped" });
    expect(sells(paidShipped, { kind: "payment", payment: "refunded" })).toBe(false);
    const expired = state({ status: "cancelled", payment: "awaiting_payment", stock: "released" });
    expect(sells(expired, { kind: "payment", payment: "approved" })).toBe(false);
  });

  it("reads every payment state as one class", () => {
    expect(PAYMENTS.map(paymentClassOf).every((c) => PAYMENT_CLASSES.includes(c))).toBe(true);
  });
});

describe("docs/order-life.md", () => {
  it("is the table generated from this module (run npm run docs:order-life after changing it)", () => {
    expect(readFileSync("docs/order-life.md", "utf8")).toBe(movesMarkdown());
  });
});
