import { describe, expect, it } from "vitest";
import { isIvaRate, priceWithoutNationalTaxes } from "./taxes";

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
