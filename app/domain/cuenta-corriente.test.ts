import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AGING_BUCKETS,
  type LedgerEntry,
  aging,
  balanceCents,
  checkCredit,
  checkReopenCredit,
  daysOverdue,
  dueDate,
  statement,
} from "./cuenta-corriente";

const day = (iso: string) => new Date(`${iso}T15:00:00-03:00`);
const today = day("2026-11-27");
const invoice = (cents: number, due: string): LedgerEntry => ({ kind: "invoice", amountCents: cents, dueAt: day(due) });
const payment = (cents: number, on: string): LedgerEntry => ({ kind: "payment", amountCents: -cents, dueAt: day(on) });

describe("checkCredit", () => {
  const limit = { limitCents: 1_000_000, balanceCents: 600_000, uninvoicedCents: 100_000 };

  it("lets an order through while balance, orders not invoiced yet and the order stay within the limit", () => {
    expect(checkCredit({ ...limit, orderCents: 300_000 })).toEqual({ ok: true, availableAfterCents: 0 });
  });

  it("refuses, in Spanish and with what is left, an order that passes the limit by a cent", () => {
    expect(checkCredit({ ...limit, orderCents: 300_001 })).toEqual({
      ok: false,
      reason: expect.stringMatching(
        /^El pedido supera el crédito disponible de tu empresa \(\$\s3\.000,00\)\. Elegí otro medio de pago o pedinos que revisemos el límite\.$/,
      ),
    });
  });

  it("a company without a limit cannot buy on account; one with credit in its favour gets no extra credit", () => {
    expect(checkCredit({ ...limit, limitCents: null, orderCents: 1 })).toMatchObject({
      ok: false,
      reason: "Tu empresa no tiene cuenta corriente habilitada. Elegí otro medio de pago.",
    });
    expect(checkCredit({ limitCents: 1_000, balanceCents: -50_000, uninvoicedCents: 0, orderCents: 1_001 }).ok).toBe(
      false,
    );
  });

  it("a smaller order is never refused where a larger one passes", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: -1_000_000, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (limitCents, balance, uninvoicedCents, order, less) => {
          const larger = checkCredit({ limitCents, balanceCents: balance, uninvoicedCents, orderCents: order });
          const smaller = checkCredit({
            limitCents,
            balanceCents: balance,
            uninvoicedCents,
            orderCents: Math.max(0, order - less),
          });
          return !larger.ok || smaller.ok;
        },
      ),
    );
  });
});

describe("checkReopenCredit", () => {
  const limit = { limitCents: 1_000_000, balanceCents: 600_000, uninvoicedCents: 100_000, approved: true };

  it("decides as checkCredit, telling staff why a reopened order does not fit", () => {
    expect(checkReopenCredit({ ...limit, orderCents: 300_000 })).toEqual({ ok: true, availableAfterCents: 0 });
    expect(checkReopenCredit({ ...limit, orderCents: 300_001 })).toEqual({
      ok: false,
      reason: expect.stringMatching(
        /^No se puede reactivar el pedido: supera el crédito disponible de la empresa \(\$\s3\.000,00\)\./,
      ),
    });
  });

  it("refuses a company no longer approved or without a limit, whatever its credit", () => {
    for (const changed of [{ approved: false }, { limitCents: null }]) {
      expect(checkReopenCredit({ ...limit, ...changed, orderCents: 1 })).toMatchObject({
        ok: false,
        reason: expect.stringContaining("ya no tiene cuenta corriente habilitada"),
      });
    }
  });
});

describe("aging", () => {
  it("payments settle the oldest invoices first; what is left is bucketed by days overdue", () => {
    const entries = [
      invoice(100_000, "2026-08-01"), // 118 days overdue
      invoice(50_000, "2026-10-20"), // 38 days
      invoice(70_000, "2026-11-20"), // 7 days
      invoice(30_000, "2026-12-15"), // not due yet
      payment(120_000, "2026-11-01"),
    ];
    expect(aging(entries, today)).toEqual({
      balanceCents: 130_000,
      overdueCents: 100_000,
      buckets: { current: 30_000, "1-30": 70_000, "31-60": 30_000, "61-90": 0, "90+": 0 },
    });
  });

  it("a credit note counts as a payment, and credit in the company's favour leaves nothing overdue", () => {
    const entries = [
      invoice(100_000, "2026-09-01"),
      { kind: "credit_note" as const, amountCents: -40_000, dueAt: day("2026-09-10") },
      payment(80_000, "2026-10-01"),
    ];
    expect(aging(entries, today)).toEqual({
      balanceCents: -20_000,
      overdueCents: 0,
      buckets: { current: 0, "1-30": 0, "31-60": 0, "61-90": 0, "90+": 0 },
    });
  });

  it("counts store days: due today is not overdue, due yesterday is one day overdue", () => {
    expect(daysOverdue(day("2026-11-27"), new Date("2026-11-28T02:59:00Z"))).toBe(0);
    expect(daysOverdue(day("2026-11-26"), today)).toBe(1);
    expect(dueDate(day("2026-11-01"), 30).toISOString()).toBe(day("2026-12-01").toISOString());
  });

  it("the buckets always add up to what is owed (nothing when the balance is in the company's favour)", () => {
    const entry = fc.record({
      kind: fc.constantFrom("invoice" as const, "payment" as const, "credit_note" as const, "adjustment" as const),
      amountCents: fc.integer({ min: -500_000, max: 500_000 }),
      dueAt: fc.integer({ min: 0, max: 400 }).map((d) => new Date(today.getTime() - (d - 30) * 86_400_000)),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 20 }), (entries) => {
        const result = aging(entries, today);
        const sum = AGING_BUCKETS.reduce((s, b) => s + result.buckets[b], 0);
        return (
          sum === Math.max(0, balanceCents(entries)) &&
          AGING_BUCKETS.every((b) => result.buckets[b] >= 0) &&
          result.overdueCents === sum - result.buckets.current
        );
      }),
    );
  });
});

describe("statement", () => {
  it("runs the balance entry by entry and marks what is still open and overdue of each invoice", () => {
    const entries = [
      invoice(100_000, "2026-10-01"), // 57 days overdue, paid in full below
      invoice(60_000, "2026-11-10"), // 17 days overdue, half paid
      payment(130_000, "2026-11-15"),
      invoice(40_000, "2026-12-20"), // not due yet
    ];
    expect(statement(entries, today).map((l) => [l.runningCents, l.openCents, l.overdueDays])).toEqual([
      [100_000, 0, 0],
      [160_000, 30_000, 17],
      [30_000, 0, 0],
      [70_000, 40_000, 0],
    ]);
  });

  it("the open amounts of a statement are what the aging counts, whatever the entries", () => {
    const entry = fc.record({
      kind: fc.constantFrom("invoice" as const, "payment" as const),
      amountCents: fc.integer({ min: -300_000, max: 300_000 }).filter((c) => c !== 0),
      dueAt: fc.integer({ min: 0, max: 200 }).map((d) => new Date(today.getTime() - (d - 30) * 86_400_000)),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 15 }), (entries) => {
        const lines = statement(entries, today);
        const open = lines.reduce((s, l) => s + l.openCents, 0);
        const overdue = lines.filter((l) => l.overdueDays > 0).reduce((s, l) => s + l.openCents, 0);
        const result = aging(entries, today);
        return (
          open === Math.max(0, balanceCents(entries)) &&
          overdue === result.overdueCents &&
          (lines.at(-1)?.runningCents ?? 0) === balanceCents(entries)
        );
      }),
    );
  });
});
