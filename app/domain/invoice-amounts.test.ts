import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amountsAddUp, creditNoteAmounts, invoiceAmounts } from "./invoice-amounts";
import { computeOrderTotals } from "./order-totals";

function order(
  lines: { price: number; quantity: number; ivaRate: number }[],
  shipping: number,
  discountPercent = 0,
  couponCents = 0,
) {
  const totals = computeOrderTotals(
    lines.map((l) => ({ unitPrice: l.price, quantity: l.quantity })),
    shipping,
    discountPercent,
    couponCents,
  );
  return {
    lines: totals.lines.map((l, i) => ({ subtotalCents: l.subtotalCents, ivaRate: lines[i]!.ivaRate })),
    shippingCents: totals.shippingCents,
    shippingIvaRate: 21,
    couponCents: totals.couponCents,
    discountCents: totals.discountCents,
    totalCents: totals.totalCents,
  };
}

describe("invoice amounts", () => {
  it("splits a 21 % product and shipping into net and IVA that add up to the total", () => {
    const amounts = invoiceAmounts("A", order([{ price: 121_000, quantity: 1, ivaRate: 21 }], 12_100));
    expect(amounts).toMatchObject({
      impTotalCents: 13_310_000,
      impNetoCents: 11_000_000,
      impIvaCents: 2_310_000,
      iva: [{ id: 5, rate: 21, baseCents: 11_000_000, amountCents: 2_310_000 }],
    });
  });

  it("gives each rate its own IVA entry (Id 5 for 21 %, Id 4 for 10,5 %)", () => {
    const amounts = invoiceAmounts(
      "B",
      order(
        [
          { price: 1_210, quantity: 2, ivaRate: 21 },
          { price: 1_105, quantity: 1, ivaRate: 10.5 },
        ],
        0,
      ),
    );
    expect(amounts.iva).toEqual([
      { id: 5, rate: 21, baseCents: 200_000, amountCents: 42_000 },
      { id: 4, rate: 10.5, baseCents: 100_000, amountCents: 10_500 },
    ]);
    expect(amounts.impTotalCents).toBe(352_500);
  });

  it("takes the coupon and the payment method's discount off the products, in proportion", () => {
    const amounts = invoiceAmounts(
      "A",
      order(
        [
          { price: 1_000, quantity: 1, ivaRate: 21 },
          { price: 1_000, quantity: 1, ivaRate: 10.5 },
        ],
        500,
        10,
        20_000,
      ),
    );
    // 2000 - 200 coupon = 1800, - 10 % = 1620 (810 at each rate) + 500 shipping at 21 %.
    expect(amounts.grossByRate).toEqual([
      { rate: 21, grossCents: 131_000 },
      { rate: 10.5, grossCents: 81_000 },
    ]);
    expect(amounts.impTotalCents).toBe(212_000);
  });

  it("carries no IVA on a Factura C: the net is the total", () => {
    const amounts = invoiceAmounts("C", order([{ price: 999.99, quantity: 3, ivaRate: 10.5 }], 1500));
    expect(amounts).toMatchObject({ impTotalCents: 449_997, impNetoCents: 449_997, impIvaCents: 0, iva: [] });
  });

  it("adds up to the order's total to the cent for any cart (ARCA's 10048 never happens)", () => {
    const line = fc.record({
      price: fc.integer({ min: 1, max: 5_000_000_00 }).map((c) => c / 100),
      quantity: fc.integer({ min: 1, max: 20 }),
      ivaRate: fc.constantFrom(21, 10.5),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 50_000_00 }),
        fc.constantFrom(0, 5, 10, 12.5, 15),
        fc.integer({ min: 0, max: 1_000_000_00 }),
        fc.constantFrom("A", "B", "C") as fc.Arbitrary<"A" | "B" | "C">,
        (lines, shippingCents, discountPercent, couponCents, invoiceClass) => {
          const input = order(lines, shippingCents / 100, discountPercent, couponCents);
          const amounts = invoiceAmounts(invoiceClass, input);
          expect(amounts.impTotalCents).toBe(input.totalCents);
          expect(amountsAddUp(amounts)).toBe(true);
          for (const item of amounts.iva) {
            // ARCA checks each rate's IVA against its base; ours is off by less than a cent.
            expect(Math.abs(item.amountCents - (item.baseCents * item.rate) / 100)).toBeLessThanOrEqual(1);
          }
        },
      ),
    );
  });
});

describe("credit note amounts", () => {
  const invoice = invoiceAmounts(
    "A",
    order(
      [
        { price: 1_210, quantity: 1, ivaRate: 21 },
        { price: 1_105, quantity: 1, ivaRate: 10.5 },
      ],
      0,
    ),
  );

  it("repeats the invoice for a full refund", () => {
    expect(creditNoteAmounts("A", invoice)).toEqual(invoice);
  });

  it("spreads a partial refund over the invoice's rates and adds up", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: invoice.impTotalCents }), (refund) => {
        const note = creditNoteAmounts("A", invoice, refund);
        expect(note.impTotalCents).toBe(refund);
        expect(amountsAddUp(note)).toBe(true);
      }),
    );
  });

  it("credits part of a Factura C with no IVA: the net is the refunded part", () => {
    const facturaC = invoiceAmounts("C", order([{ price: 1_210, quantity: 2, ivaRate: 21 }], 0));
    const note = creditNoteAmounts("C", facturaC, 1_000_01);
    expect(note).toMatchObject({ impTotalCents: 1_000_01, impNetoCents: 1_000_01, impIvaCents: 0, iva: [] });
    expect(amountsAddUp(note)).toBe(true);
  });

  it("refuses a credit note for more than the invoice", () => {
    expect(() => creditNoteAmounts("A", invoice, invoice.impTotalCents + 1)).toThrow();
  });
});
