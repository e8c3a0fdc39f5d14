import { describe, expect, it } from "vitest";
import { installmentCount, installments } from "./installments";

describe("installments", () => {
  it("takes the count from the first number in the plan name, default 1", () => {
    expect(installmentCount("12 cuotas")).toBe(12);
    expect(installmentCount("Plan Z: 3 cuotas de 6")).toBe(3);
    expect(installmentCount("Contado")).toBe(1);
    expect(installmentCount("0 cuotas")).toBe(1);
  });

  it("adds the interest to the total and splits it", () => {
    expect(installments(100000, { name: "6 cuotas", interest_rate: 15 })).toEqual({
      count: 6,
      installment: 19166.67,
      total: 115000,
      interestRate: 15,
    });
  });

  it("keeps the price for interest-free plans", () => {
    expect(installments(899999.99, { name: "3 cuotas sin interés", interest_rate: 0 })).toMatchObject({
      total: 899999.99,
      installment: 300000,
    });
  });
});
