import { describe, expect, it } from "vitest";
import { isIvaRate, priceWithoutNationalTaxes, totalWithoutNationalTaxes } from "./taxes";

describe("price without national taxes", () => {
  it("removes 21 % IVA by default", () => {
    expect(priceWithoutNationalTaxes(121000)).toBe(100000);
    expect(priceWithoutNationalTaxes(849999)).toBe(702478.51);
  });

  it("removes 10,5 % IVA", () => {
    expect(priceWithoutNationalTaxes(110500, 10.5)).toBe(100000);
  });

  it("knows the rates products may carry", () => {
    expect(isIvaRate(21)).toBe(true);
    expect(isIvaRate(10.5)).toBe(true);
    expect(isIvaRate(27)).toBe(false);
  });
});

describe("total without national taxes", () => {
  it("adds each part without its own IVA", () => {
    expect(
      totalWithoutNationalTaxes([{ amount: 121000, ivaRate: 21 }, { amount: 22100, ivaRate: 10.5 }, { amount: 6050 }]),
    ).toBe(125000);
  });
});
