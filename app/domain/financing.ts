import { fromCents, toCents } from "./money";
import { installments } from "./installments";

// What a financed price costs, stated as Res. SC 51-E/2017 asks (ADR 0019): precio contado, the
// number and amount of the cuotas, the total financed, the TEA and the CFT. The store finances
// its own sales: the plan's interest is the price of a service and carries IVA (21 %), so
//   - the CFT's monthly rate i_cft is the one at which the cuotas the shopper pays repay the
//     cash price (an annuity: cash = cuota x (1 - (1 + i)^-n) / i), CFT = (1 + i_cft)^12 - 1;
//   - the TEA leaves the IVA out: the cuotas less the IVA on their interest part,
//     cuota_net = (cash + interest / 1.21) / n, give i_tea, TEA = (1 + i_tea)^12 - 1.
// Rates are printed as banks print them: percentages with 2 decimals, half up.

export const IVA_ON_INTEREST = 0.21;

export type Financing = {
  /** The plan's name as shown: "sin interés" removed when the plan charges interest. */
  label: string;
  cash: number;
  count: number;
  installment: number;
  total: number;
  /** Percentages with 2 decimals (53.17 means 53,17 %). */
  tea: number;
  cft: number;
  /** True only when the total financed equals the cash price. */
  interestFree: boolean;
};

/** The monthly rate at which `count` payments of `payment` repay `principal` (0 when they add up to it or less). */
export function annuityRate(principal: number, count: number, payment: number): number {
  if (principal <= 0 || count < 1 || payment * count <= principal) return 0;
  const presentValue = (i: number) => (payment * (1 - Math.pow(1 + i, -count))) / i;
  // The present value falls as the rate rises: bisect between 0 and a rate it cannot reach.
  let low = 0;
  let high = 1;
  while (presentValue(high) > principal) high *= 2;
  for (let step = 0; step < 200 && high - low > 1e-15; step++) {
    const mid = (low + high) / 2;
    if (presentValue(mid) > principal) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** A monthly rate as an effective annual percentage with 2 decimals, half up. */
export function effectiveAnnualPercent(monthly: number): number {
  const annual = (Math.pow(1 + monthly, 12) - 1) * 100;
  return Math.round(Number(annual.toPrecision(12)) * 100) / 100;
}

const SIN_INTERES = /\s*[-·,]?\s*sin\s+inter[eé]s\b/giu;

/** A plan's name as the storefront may print it: a plan that charges interest is never "sin interés". */
export function planLabel(plan: { name: string; interest_rate: number }): string {
  if (!(plan.interest_rate > 0)) return plan.name;
  return plan.name.replace(SIN_INTERES, "").trim() || "Financiación";
}

/** True when the plan's name promises "sin interés" but its rate charges interest (the admin is warned). */
export function misnamedPlan(plan: { name: string; interest_rate: number }): boolean {
  return plan.interest_rate > 0 && new RegExp(SIN_INTERES.source, "iu").test(plan.name);
}

/** Everything the law asks to show with a financed price, for one plan and one cash price. */
export function financing(cash: number, plan: { name: string; interest_rate: number }): Financing {
  const { count, installment, total } = installments(cash, plan);
  const cashCents = toCents(cash);
  const totalCents = toCents(total);
  const interestFree = totalCents === cashCents;
  const interestCents = Math.max(totalCents - cashCents, 0);
  const netInstallment = fromCents((cashCents + interestCents / (1 + IVA_ON_INTEREST)) / count);
  return {
    label: planLabel(plan),
    cash: fromCents(cashCents),
    count,
    installment,
    total,
    tea: interestFree ? 0 : effectiveAnnualPercent(annuityRate(cash, count, netInstallment)),
    cft: interestFree ? 0 : effectiveAnnualPercent(annuityRate(cash, count, installment)),
    interestFree,
  };
}
