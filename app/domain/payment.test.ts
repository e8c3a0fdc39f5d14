import { describe, expect, it } from "vitest";
import {
  type PaymentRecord,
  canPayOnline,
  isNewerPayment,
  orderPaymentState,
  paymentFlagText,
  paymentStatusFromMercadoPago,
} from "./payment";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 12, minute));

describe("paymentStatusFromMercadoPago", () => {
  it("reads Mercado Pago's statuses in the store's words, and nothing it does not document", () => {
    expect(paymentStatusFromMercadoPago("in_process")).toBe("pending");
    expect(paymentStatusFromMercadoPago("authorized")).toBe("pending");
    expect(paymentStatusFromMercadoPago("approved")).toBe("approved");
    expect(paymentStatusFromMercadoPago("charged_back")).toBe("charged_back");
    expect(paymentStatusFromMercadoPago("paid_twice")).toBeNull();
    expect(paymentStatusFromMercadoPago(undefined)).toBeNull();
  });
});

describe("isNewerPayment", () => {
  it("applies the first reading, and a newer one over an older one", () => {
    expect(isNewerPayment(null, { status: "pending", updatedAt: at(0) })).toBe(true);
    expect(isNewerPayment({ status: "pending", updatedAt: at(0) }, { status: "approved", updatedAt: at(1) })).toBe(
      true,
    );
  });

  it("drops an older reading that arrives late, and the same reading twice", () => {
    expect(isNewerPayment({ status: "approved", updatedAt: at(1) }, { status: "pending", updatedAt: at(0) })).toBe(
      false,
    );
    expect(isNewerPayment({ status: "approved", updatedAt: at(1) }, { status: "approved", updatedAt: at(1) })).toBe(
      false,
    );
  });

  it("with the same date, the state further along wins", () => {
    expect(isNewerPayment({ status: "pending", updatedAt: at(1) }, { status: "approved", updatedAt: at(1) })).toBe(
      true,
    );
    expect(isNewerPayment({ status: "refunded", updatedAt: at(1) }, { status: "approved", updatedAt: at(1) })).toBe(
      false,
    );
  });

  it("a dispute settled for the store goes back to approved, because its date is newer", () => {
    expect(isNewerPayment({ status: "in_mediation", updatedAt: at(1) }, { status: "approved", updatedAt: at(2) })).toBe(
      true,
    );
  });
});

describe("orderPaymentState", () => {
  const order = { totalCents: 100_000, cancelled: false };
  const payment = (p: Partial<PaymentRecord>): PaymentRecord => ({
    paymentId: "1",
    status: "approved",
    amountCents: 100_000,
    currency: "ARS",
    updatedAt: at(0),
    ...p,
  });

  it("waits for a payment until Mercado Pago reports one", () => {
    expect(orderPaymentState([], order)).toEqual({
      status: "awaiting_payment",
      paymentId: null,
      flags: [],
      extraPaymentIds: [],
      moneyHeld: false,
    });
  });

  it("an approved payment wins over a rejected one, whatever their order", () => {
    const payments = [
      payment({ paymentId: "2", status: "approved", updatedAt: at(1) }),
      payment({ paymentId: "1", status: "rejected", updatedAt: at(5) }),
    ];
    expect(orderPaymentState(payments, order)).toMatchObject({ status: "approved", paymentId: "2", flags: [] });
  });

  it("the newest of two rejections is the one shown", () => {
    const payments = [
      payment({ paymentId: "1", status: "rejected", updatedAt: at(1) }),
      payment({ paymentId: "2", status: "cancelled", updatedAt: at(2) }),
    ];
    expect(orderPaymentState(payments, order)).toMatchObject({ status: "cancelled", paymentId: "2" });
  });

  it("an approved payment of another amount or currency is not paid: it is flagged with both figures", () => {
    const short = orderPaymentState([payment({ amountCents: 99_999 })], order);
    expect(short.status).toBe("awaiting_payment");
    expect(short.flags).toEqual([
      { kind: "amount_mismatch", paymentId: "1", expectedCents: 100_000, receivedCents: 99_999, currency: "ARS" },
    ]);
    expect(orderPaymentState([payment({ currency: "USD" })], order).flags[0]).toMatchObject({ currency: "USD" });
    expect(paymentFlagText(short.flags[0]!)).toBe(
      "El pago 1 de Mercado Pago fue por $\u00a0999,99 y la orden es de $\u00a01.000,00: no se marcó como pagada. Reembolsalo desde acá o revisalo en Mercado Pago.",
    );
    // It holds money the order does not need: staff may refund it, and it stops the order from expiring by itself.
    expect(short).toMatchObject({ extraPaymentIds: ["1"], moneyHeld: true });
    // Refunded, there is nothing left to check.
    expect(orderPaymentState([payment({ amountCents: 99_999, status: "refunded" })], order).flags).toEqual([]);
  });

  it("a cancelled order with an approved payment counts as paid and is flagged: reopen it or refund", () => {
    const state = orderPaymentState([payment({})], { ...order, cancelled: true });
    expect(state.status).toBe("approved");
    expect(state.flags).toEqual([{ kind: "paid_while_cancelled", paymentId: "1", receivedCents: 100_000 }]);
    expect(paymentFlagText(state.flags[0]!)).toContain("reactivalo (toma el stock de nuevo) o reembolsá el pago");
  });

  it("two approved payments of the total: 'cobrado dos veces' with both ids, the later one is the extra", () => {
    const payments = [
      payment({ paymentId: "22", approvedAt: at(5), updatedAt: at(5) }),
      payment({ paymentId: "11", approvedAt: at(1), updatedAt: at(6) }),
    ];
    const state = orderPaymentState(payments, order);
    expect(state).toMatchObject({ status: "approved", paymentId: "11", extraPaymentIds: ["22"] });
    expect(state.flags).toEqual([
      { kind: "double_charge", paymentIds: ["11", "22"], extraPaymentIds: ["22"], receivedCents: 100_000 },
    ]);
    expect(paymentFlagText(state.flags[0]!)).toBe(
      "Cobrado dos veces: los pagos 11 y 22 están aprobados por $\u00a01.000,00 cada uno. El pedido se queda con el 11; reembolsá el 22.",
    );
    // Once the extra one is refunded, the order is simply paid: no flag, not "paid while cancelled".
    const refunded = orderPaymentState([payments[1]!, { ...payments[0]!, status: "refunded" }], order);
    expect(refunded).toMatchObject({ status: "approved", paymentId: "11", flags: [] });
  });

  it("a refunded payment reads as refunded", () => {
    expect(orderPaymentState([payment({ status: "refunded" })], order).status).toBe("refunded");
  });
});

describe("canPayOnline", () => {
  const now = at(30);
  it("lets the shopper pay (or retry) an unpaid pending order until it expires", () => {
    for (const paymentStatus of ["awaiting_payment", "rejected", "cancelled"] as const) {
      expect(canPayOnline({ paymentStatus, orderStatus: "pending", expiresAt: at(31), now })).toBe(true);
    }
    expect(canPayOnline({ paymentStatus: "awaiting_payment", orderStatus: "pending", expiresAt: at(29), now })).toBe(
      false,
    );
  });

  it("not once paid, with a payment on its way, cancelled, or for a manual method", () => {
    expect(canPayOnline({ paymentStatus: "approved", orderStatus: "processing", expiresAt: at(31), now })).toBe(false);
    expect(canPayOnline({ paymentStatus: "pending", orderStatus: "pending", expiresAt: at(31), now })).toBe(false);
    expect(canPayOnline({ paymentStatus: "awaiting_payment", orderStatus: "cancelled", expiresAt: at(31), now })).toBe(
      false,
    );
    expect(canPayOnline({ paymentStatus: null, orderStatus: "pending", expiresAt: null, now })).toBe(false);
  });
});
