import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_EXCHANGE_RATE,
  ROUNDING_STEPS,
  type ExchangeRate,
  formatUsd,
  peggedPriceCents,
  repriceProduct,
  usdEquivalent,
} from "./dollar-pricing";

const at = (rate: number, roundTo: ExchangeRate["roundTo"] = 100): ExchangeRate => ({
  ...DEFAULT_EXCHANGE_RATE,
  rate,
  roundTo,
});

// Amounts with two decimals, as the forms and the database keep them.
const amount = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((c) => c / 100);
const step = fc.constantFrom(...ROUNDING_STEPS);

describe("peggedPriceCents", () => {
  it("multiplies USD by the rate, adds the markup and rounds to the nearest step, half up", () => {
    // USD 999 x 1.475,50 = 1.474.024,50; + 20 % = 1.768.829,40
    expect(peggedPriceCents(999, 1475.5, 20, 100)).toBe(176_880_000);
    expect(peggedPriceCents(999, 1475.5, 20, 1000)).toBe(176_900_000);
    expect(peggedPriceCents(999, 1475.5, 20, 10)).toBe(176_883_000);
    expect(peggedPriceCents(999, 1475.5, 20, 1)).toBe(176_882_900);
    // exactly half a step goes up: 1.250 to the nearest 100 is 1.300
    expect(peggedPriceCents(1, 1250, 0, 100)).toBe(130_000);
    expect(peggedPriceCents(1, 1249.99, 0, 100)).toBe(120_000);
  });

  it("keeps exact cents where floats would not (0,1 x 0,7 style products)", () => {
    expect(peggedPriceCents(0.1, 1000.07, 12.5, 1)).toBe(11_300);
    expect(peggedPriceCents(19.99, 1475.33, 0, 1)).toBe(2_949_200);
  });

  it("never rounds a positive price to $ 0 and is 0 only for USD 0", () => {
    expect(peggedPriceCents(0.01, 1, 0, 1000)).toBe(100_000);
    expect(peggedPriceCents(0, 1500, 30, 100)).toBe(0);
  });

  it("is monotonic in the rate, never below 0, and a multiple of the step (property)", () => {
    fc.assert(
      fc.property(
        amount(50_000),
        amount(5_000),
        amount(300),
        amount(300),
        step,
        (usd, rate, extra, markup, roundTo) => {
          const low = peggedPriceCents(usd, rate, markup, roundTo);
          const high = peggedPriceCents(usd, rate + extra, markup, roundTo);
          expect(low).toBeGreaterThanOrEqual(0);
          expect(high).toBeGreaterThanOrEqual(low);
          expect(low % (roundTo * 100)).toBe(0);
        },
      ),
    );
  });

  it("is within half a step of the exact price (property)", () => {
    fc.assert(
      fc.property(amount(50_000), amount(5_000), amount(300), step, (usd, rate, markup, roundTo) => {
        const exact = (usd * 100 * rate * (100 + markup)) / 100; // cents, as a float for the bound only
        const price = peggedPriceCents(usd, rate, markup, roundTo);
        if (exact === 0) expect(price).toBe(0);
        else if (exact < roundTo * 50) expect(price).toBe(roundTo * 100);
        else expect(Math.abs(price - exact)).toBeLessThanOrEqual(roundTo * 50 + 1e-3);
      }),
    );
  });

  it("a higher markup never lowers the price (property)", () => {
    fc.assert(
      fc.property(amount(5_000), amount(3_000), amount(200), amount(200), step, (usd, rate, m, more, roundTo) => {
        expect(peggedPriceCents(usd, rate, m + more, roundTo)).toBeGreaterThanOrEqual(
          peggedPriceCents(usd, rate, m, roundTo),
        );
      }),
    );
  });
});

describe("repriceProduct", () => {
  it("refuses without a rate, and above the largest price the store keeps", () => {
    const input = { usdPrice: 100, markup: 0, price: 1000, salePrice: null };
    expect(repriceProduct(input, DEFAULT_EXCHANGE_RATE)).toEqual({ ok: false, reason: "No hay cotización del dólar." });
    expect(repriceProduct({ ...input, usdPrice: 9_000_000 }, at(5000))).toMatchObject({ ok: false });
  });

  it("keeps a sale's discount as the same fraction of the new price, rounded by the rule", () => {
    // 10 % off 100.000; the new price 150.000 -> sale 135.000
    const result = repriceProduct({ usdPrice: 100, markup: 0, price: 100_000, salePrice: 90_000 }, at(1500));
    expect(result).toEqual({ ok: true, price: 150_000, salePrice: 135_000, changed: true });
  });

  it("leaves a sale price that is no discount as it is, and says when nothing changed", () => {
    const none = repriceProduct({ usdPrice: 100, markup: 0, price: 150_000, salePrice: null }, at(1500));
    expect(none).toEqual({ ok: true, price: 150_000, salePrice: null, changed: false });
    const above = repriceProduct({ usdPrice: 100, markup: 0, price: 100_000, salePrice: 120_000 }, at(1500));
    expect(above).toMatchObject({ price: 150_000, salePrice: 120_000 });
  });
});

describe("formatUsd", () => {
  it("writes the dollars the Argentine way", () => {
    expect(formatUsd(1299)).toBe("USD 1.299");
    expect(formatUsd(12.5)).toBe("USD 12,5");
  });
});

describe("usdEquivalent", () => {
  it("is the peso price in dollars at the rate, to the cent", () => {
    expect(usdEquivalent(1_300_000, 1000)).toBe(1300);
    expect(usdEquivalent(123_460, 1234.56)).toBe(100);
    expect(usdEquivalent(1000, 0)).toBe(0);
  });
});
