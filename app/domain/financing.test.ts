import { describe, expect, it } from "vitest";
import { annuityRate, effectiveAnnualPercent, financing, misnamedPlan, planLabel } from "./financing";

describe("financing that states its cost", () => {
  it("a 0 % plan is sin interés: total financed equals the cash price, TEA and CFT 0", () => {
    expect(financing(899999.99, { name: "3 cuotas sin interés", interest_rate: 0 })).toEqual({
      label: "3 cuotas sin interés",
      cash: 899999.99,
      count: 3,
      installment: 300000,
      total: 899999.99,
      tea: 0,
      cft: 0,
      interestFree: true,
    });
  });

  it("15 % in six cuotas of $ 100.000: cuotas of $ 19.166,67, TEA 50,14 % without IVA, CFT 62,81 % with it", () => {
    // Worked by hand: interest 15.000, of which IVA 15.000 - 15.000 / 1,21 = 2.603,31.
    // CFT: 100.000 = 19.166,67 x (1 - (1 + i)^-6) / i  ->  i = 4,1455 % a month, (1 + i)^12 - 1 = 62,81 %.
    // TEA: net cuota (100.000 + 12.396,69) / 6 = 18.732,78  ->  i = 3,4448 %, 50,14 %.
    expect(financing(100000, { name: "6 cuotas", interest_rate: 15 })).toEqual({
      label: "6 cuotas",
      cash: 100000,
      count: 6,
      installment: 19166.67,
      total: 115000,
      tea: 50.14,
      cft: 62.81,
      interestFree: false,
    });
  });

  it("35 % in twelve cuotas: TEA 62,76 %, CFT 78,54 %", () => {
    expect(financing(100000, { name: "12 cuotas", interest_rate: 35 })).toMatchObject({
      count: 12,
      installment: 11250,
      total: 135000,
      tea: 62.76,
      cft: 78.54,
    });
  });

  it("a plan that charges interest is never shown sin interés, and the admin is warned", () => {
    const plan = { name: "3 cuotas sin interés", interest_rate: 10 };
    expect(financing(850000, plan)).toMatchObject({ label: "3 cuotas", interestFree: false, total: 935000 });
    expect(misnamedPlan(plan)).toBe(true);
    expect(misnamedPlan({ name: "3 cuotas sin interés", interest_rate: 0 })).toBe(false);
    expect(planLabel({ name: "6 cuotas - Sin Interes", interest_rate: 5 })).toBe("6 cuotas");
    expect(planLabel({ name: "Sin interés", interest_rate: 5 })).toBe("Financiación");
  });

  it("rounds rates as banks print them: two decimals, half up", () => {
    expect(effectiveAnnualPercent(0.01)).toBe(12.68); // 12,6825 %
    expect(effectiveAnnualPercent(0)).toBe(0);
    expect(annuityRate(1000, 1, 1000)).toBe(0);
    expect(annuityRate(1000, 1, 1100)).toBeCloseTo(0.1, 12);
  });
});
