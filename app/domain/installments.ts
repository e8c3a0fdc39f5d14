import { fromCents, toCents } from "./money";

// Spec: total = price x (1 + interest_rate / 100); the number of installments is the first
// number in the plan's name (default 1); installment = total / count.

export function installmentCount(planName: string): number {
  const match = /\d+/.exec(planName);
  const count = match ? Number(match[0]) : 1;
  return count >= 1 ? count : 1;
}

export type Installments = { count: number; installment: number; total: number; interestRate: number };

export function installments(price: number, plan: { name: string; interest_rate: number }): Installments {
  const count = installmentCount(plan.name);
  const rate = Number.isFinite(plan.interest_rate) ? plan.interest_rate : 0;
  const totalCents = Math.round(toCents(price) * (1 + rate / 100));
  return {
    count,
    installment: fromCents(Math.round(totalCents / count)),
    total: fromCents(totalCents),
    interestRate: rate,
  };
}
