import { describe, expect, it } from "vitest";
import { centsToDecimal, computeOrderTotals, priceWithDiscount } from "./order-totals";

describe("order totals", () => {
  it("multiplies each unit price by its quantity and adds the shipping cost", () => {
    const totals = computeOrderTotals(
      [
        { unitPrice: 849999, quantity: 2 },
        { unitPrice: "15000.50", quantity: 3 },
      ],
      6500,
    );
    expect(totals.lines).toEqual([
      { unitPriceCents: 84999900, quantity: 2, subtotalCents: 169999800 },
      { unitPriceCents: 1500050, quantity: 3, subtotalCents: 4500150 },
    ]);
    expect(totals.subtotalCents).toBe(174499950);
    expect(totals.shippingCents).toBe(650000);
    expect(totals.totalCents).toBe(175149950);
  });

  it("computes in cents, so decimals do not drift", () => {
    // 0.1 + 0.2 in floating point is 0.30000000000000004; in cents it is exactly 30.
    const totals = computeOrderTotals(
      [
        { unitPrice: 0.1, quantity: 1 },
        { unitPrice: 0.2, quantity: 1 },
      ],
      1.005,
    );
    expect(totals.subtotalCents).toBe(30);
    expect(totals.shippingCents).toBe(101);
    expect(totals.totalCents).toBe(131);
  });

  it("counts a missing amount as 0 and free shipping as 0", () => {
    const totals = computeOrderTotals([{ unitPrice: null, quantity: 1 }], undefined);
    expect(totals).toMatchObject({ subtotalCents: 0, shippingCents: 0, totalCents: 0 });
  });

  it("takes a coupon off the products before the payment discount, never more than the products", () => {
    // $ 1.000 of products, a $ 100 coupon, then 10 % off the $ 900 left, plus $ 50 of shipping.
    const totals = computeOrderTotals([{ unitPrice: 500, quantity: 2 }], 50, 10, 10_000);
    expect(totals).toMatchObject({
      subtotalCents: 100_000,
      couponCents: 10_000,
      discountCents: 9_000,
      shippingCents: 5_000,
    });
    expect(totals.totalCents).toBe(100_000 - 10_000 - 9_000 + 5_000);
    const capped = computeOrderTotals([{ unitPrice: 10, quantity: 1 }], 5, 0, 99_999);
    expect(capped).toMatchObject({ couponCents: 1_000, totalCents: 500 });
    expect(() => computeOrderTotals([], 0, 0, -1)).toThrow(RangeError);
  });

  it("gives zero totals for no lines", () => {
    expect(computeOrderTotals([], 0)).toEqual({
      lines: [],
      subtotalCents: 0,
      couponCents: 0,
      discountCents: 0,
      shippingCents: 0,
      totalCents: 0,
    });
  });

  it("refuses quantities that are not whole numbers of at least 1, and negative amounts", () => {
    expect(() => computeOrderTotals([{ unitPrice: 10, quantity: 0 }], 0)).toThrow(RangeError);
    expect(() => computeOrderTotals([{ unitPrice: 10, quantity: 1.5 }], 0)).toThrow(RangeError);
    expect(() => computeOrderTotals([{ unitPrice: -10, quantity: 1 }], 0)).toThrow(RangeError);
    expect(() => computeOrderTotals([{ unitPrice: 10, quantity: 1 }], -1)).toThrow(RangeError);
  });
});

describe("cents as a numeric column value", () => {
  it("writes two decimals", () => {
    expect(centsToDecimal(0)).toBe("0.00");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(123456)).toBe("1234.56");
    expect(centsToDecimal(84999900)).toBe("849999.00");
    expect(centsToDecimal(-150)).toBe("-1.50");
  });

  it("refuses fractions of a cent", () => {
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
  });

  it("takes the payment method's discount off the products, never off the shipping", () => {
    const totals = computeOrderTotals([{ unitPrice: 849999, quantity: 2 }], 6500, 10);
    expect(totals.subtotalCents).toBe(169999800);
    expect(totals.discountCents).toBe(16999980);
    expect(totals.totalCents).toBe(169999800 - 16999980 + 650000);
    // Rounded to the cent: 10 % of $ 0,05 is half a cent, rounded up.
    expect(computeOrderTotals([{ unitPrice: 0.05, quantity: 1 }], 0, 10).discountCents).toBe(1);
    expect(computeOrderTotals([{ unitPrice: 100, quantity: 1 }], 0).discountCents).toBe(0);
  });

  it("refuses a discount outside 0 to 100 %", () => {
    expect(() => computeOrderTotals([{ unitPrice: 100, quantity: 1 }], 0, -5)).toThrow(RangeError);
    expect(() => computeOrderTotals([{ unitPrice: 100, quantity: 1 }], 0, 150)).toThrow(RangeError);
  });
});

describe("price with the transfer discount", () => {
  it("is the price less the discount, to the cent", () => {
    expect(priceWithDiscount(1199999, 10)).toBe(1079999.1);
    expect(priceWithDiscount("15000.50", 7.5)).toBe(13875.46);
    expect(priceWithDiscount(1000, 0)).toBe(1000);
  });
});
