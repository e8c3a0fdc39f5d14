import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CouponRule, evaluateCoupon } from "./coupons";
import { computeOrderTotals } from "./order-totals";
import { PreferenceAmountError, allocateCents, preferenceLines } from "./payment-preference";
import { shippingCostFor } from "./shipping";

const sum = (lines: { quantity: number; unitPriceCents: number }[]) =>
  lines.reduce((s, l) => s + l.quantity * l.unitPriceCents, 0);

describe("allocateCents", () => {
  it("splits an amount in proportion, to the cent, adding up exactly", () => {
    expect(allocateCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateCents(0, [5, 5])).toEqual([0, 0]);
    expect(allocateCents(10, [0, 0])).toEqual([0, 0]);
    const parts = allocateCents(8_499_990, [84_999_900, 3_000_000, 1]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(8_499_990);
  });
});

describe("preferenceLines", () => {
  it("sends the lines as they are, and shipping as a line of its own", () => {
    const lines = preferenceLines({
      lines: [
        { id: "a", title: "Notebook", quantity: 1, unitPriceCents: 84_999_900 },
        { id: "b", title: "Mouse", quantity: 2, unitPriceCents: 1_500_000 },
      ],
      shippingMethod: "Envío a domicilio",
      shippingCents: 650_000,
      discountCents: 0,
      discountLabel: null,
    });
    expect(lines).toEqual([
      { id: "a", title: "Notebook", quantity: 1, unitPriceCents: 84_999_900 },
      { id: "b", title: "Mouse", quantity: 2, unitPriceCents: 1_500_000 },
      { id: "envio", title: "Envío: Envío a domicilio", quantity: 1, unitPriceCents: 650_000 },
    ]);
    expect(sum(lines)).toBe(84_999_900 + 3_000_000 + 650_000);
  });

  it("spreads a discount over the products, never below zero, adding up to the order's total to the cent", () => {
    const order = {
      lines: [
        { id: "a", title: "Notebook", quantity: 1, unitPriceCents: 84_999_900 },
        { id: "b", title: "Pendrive", quantity: 3, unitPriceCents: 999_999 },
      ],
      shippingMethod: null,
      shippingCents: 0,
      discountCents: 8_799_990, // 10 % of 87.999.897 cents, rounded
      discountLabel: "transferencia, 10 %",
    };
    const lines = preferenceLines(order);
    expect(sum(lines)).toBe(84_999_900 + 2_999_997 - 8_799_990);
    for (const line of lines) {
      expect(line.unitPriceCents).toBeGreaterThan(0);
      expect(Number.isInteger(line.unitPriceCents)).toBe(true);
      expect(line.title).toContain("(con descuento transferencia, 10 %)");
    }
  });

  it("splits a line whose discounted subtotal does not divide by its quantity", () => {
    const lines = preferenceLines({
      lines: [
        { id: "a", title: "Cable", quantity: 1, unitPriceCents: 1000 },
        { id: "b", title: "Pila", quantity: 3, unitPriceCents: 1000 },
      ],
      shippingMethod: "Moto",
      shippingCents: 500,
      discountCents: 101,
      discountLabel: "efectivo, 2,5 %",
    });
    expect(lines.map((l) => [l.id, l.quantity, l.unitPriceCents])).toEqual([
      ["a", 1, 975],
      ["b", 2, 974],
      ["b", 1, 976],
      ["envio", 1, 500],
    ]);
    expect(sum(lines)).toBe(4000 - 101 + 500);
  });
});

describe("one amount, everywhere (property)", () => {
  const coupon = (c: Partial<CouponRule>): CouponRule => ({
    code: "CUPON",
    kind: "fixed",
    value: 1000,
    minPurchase: null,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    maxUsesPerCustomer: null,
    categoryIds: [],
    productIds: [],
    combinable: true,
    active: true,
    uses: 0,
    ...c,
  });

  const line = fc.record({
    unitPriceCents: fc.oneof(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 300_000_000 })),
    quantity: fc.integer({ min: 1, max: 12 }),
    category: fc.constantFrom("a", "b", null),
  });
  const input = fc.record({
    lines: fc.array(line, { minLength: 1, maxLength: 6 }),
    coupon: fc.option(
      fc.record({
        kind: fc.constantFrom("percent" as const, "fixed" as const),
        percent: fc.integer({ min: 1, max: 100 }),
        pesos: fc.integer({ min: 1, max: 3_000_000 }),
        category: fc.constantFrom("a", "b", null),
      }),
    ),
    discountPercent: fc.constantFrom(0, 2.5, 5, 7, 10, 15, 33.33, 100),
    shipping: fc.record({
      cost: fc.integer({ min: 0, max: 50_000 }),
      freeOver: fc.option(fc.integer({ min: 1, max: 2_000_000 })),
    }),
  });

  it("for any cart, coupon, method discount, shipping and free-shipping amount, Mercado Pago is asked for exactly the order's total", () => {
    fc.assert(
      fc.property(input, (cart) => {
        // The server's own rules, as placeOrder applies them.
        const lines = cart.lines.map((l) => ({ unitPrice: l.unitPriceCents / 100, quantity: l.quantity }));
        const products = computeOrderTotals(lines, 0);
        const rule = cart.coupon
          ? coupon({
              kind: cart.coupon.kind,
              value: cart.coupon.kind === "percent" ? cart.coupon.percent : cart.coupon.pesos,
              categoryIds: cart.coupon.category ? [cart.coupon.category] : [],
            })
          : null;
        const evaluated = rule
          ? evaluateCoupon(rule, {
              now: new Date(),
              lines: cart.lines.map((l, i) => ({
                productId: `p${i}`,
                categoryId: l.category,
                subtotalCents: products.lines[i]!.subtotalCents,
              })),
              usesByCustomer: 0,
              payment: { name: "Mercado Pago", discountPercent: cart.discountPercent },
            })
          : null;
        const couponCents = evaluated?.ok ? evaluated.discountCents : 0;
        const shipping = shippingCostFor(
          { name: "Envío", cost: cart.shipping.cost / 100, freeOver: cart.shipping.freeOver },
          products.subtotalCents,
        );
        const totals = computeOrderTotals(lines, shipping, cart.discountPercent, couponCents);
        fc.pre(totals.totalCents > 0);

        const preference = preferenceLines({
          lines: cart.lines.map((l, i) => ({ id: `p${i}`, title: `Producto ${i}`, ...l })),
          shippingMethod: "Envío",
          shippingCents: totals.shippingCents,
          discountCents: totals.discountCents,
          discountLabel: "Mercado Pago, 7 %",
          couponCents: totals.couponCents,
          couponCode: "CUPON",
          totalCents: totals.totalCents,
        });
        expect(sum(preference)).toBe(totals.totalCents);
        // Mercado Pago refuses items of 0 or less, or of a fraction of a cent.
        for (const item of preference) {
          expect(item.unitPriceCents).toBeGreaterThan(0);
          expect(Number.isInteger(item.unitPriceCents)).toBe(true);
          expect(Number.isInteger(item.quantity) && item.quantity >= 1).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("the coupon + Mercado Pago case of [16/25]: $ 13.999, 7 % off, MENOS1000: charged $ 12.089,07 like the checkout showed", () => {
    const totals = computeOrderTotals([{ unitPrice: 13_999, quantity: 1 }], 0, 7, 100_000);
    expect(totals.totalCents).toBe(1_208_907);
    const preference = preferenceLines({
      lines: [{ id: "TEC-1", title: "Teclado Genius", quantity: 1, unitPriceCents: 1_399_900 }],
      shippingMethod: null,
      shippingCents: 0,
      discountCents: totals.discountCents,
      discountLabel: "Mercado Pago, 7 %",
      couponCents: totals.couponCents,
      couponCode: "MENOS1000",
      totalCents: totals.totalCents,
    });
    expect(preference).toEqual([
      {
        id: "TEC-1",
        title: "Teclado Genius (con cupón MENOS1000 y descuento Mercado Pago, 7 %)",
        quantity: 1,
        unitPriceCents: 1_208_907,
      },
    ]);
  });

  it("refuses to build lines that would charge another amount than the order's total", () => {
    expect(() =>
      preferenceLines({
        lines: [{ id: "a", title: "A", quantity: 1, unitPriceCents: 1000 }],
        shippingMethod: null,
        shippingCents: 0,
        discountCents: 0,
        discountLabel: null,
        totalCents: 900,
      }),
    ).toThrow(PreferenceAmountError);
  });
});
