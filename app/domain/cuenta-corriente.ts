import { startOfStoreDay } from "./dates";
import { formatARS, fromCents } from "./money";

// [25/25] Cuenta corriente (ADR 0022): what a company owes, what it may still buy on account, and
// how old its debt is. Pure and in cents: the order transaction (after locking the company row),
// the company's statement in Mi Cuenta and staff's aging screen ask these functions.
//
// The ledger is append-only. Debits (invoices, positive adjustments) are positive; credits
// (payments received, credit notes, negative adjustments) are negative. Credits settle the
// oldest debts first (by due date), which is how the aging buckets are counted.

export const LEDGER_KINDS = ["invoice", "credit_note", "payment", "adjustment"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  invoice: "Factura",
  credit_note: "Nota de crédito",
  payment: "Pago",
  adjustment: "Ajuste",
};

/** How staff received a payment. */
export const PAYMENT_METHODS = ["transferencia", "cheque", "echeq"] as const;
export type AccountPaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<AccountPaymentMethod, string> = {
  transferencia: "Transferencia",
  cheque: "Cheque",
  echeq: "E-cheq",
};

/**
 * The checkout's payment method for members of an approved company with a credit limit. It is
 * not one of the store's configurable methods: the server offers it and decides it per buyer.
 */
export const ACCOUNT_PAYMENT_METHOD = "Cuenta corriente";

export type LedgerEntry = {
  kind: LedgerKind;
  /** Signed: debits above 0, credits below. */
  amountCents: number;
  /** When the debit falls due (an invoice's date plus the company's terms); credits: their date. */
  dueAt: Date;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** An invoice issued `issuedAt` under `termsDays` days of terms falls due then. */
export function dueDate(issuedAt: Date, termsDays: number): Date {
  return new Date(issuedAt.getTime() + termsDays * DAY_MS);
}

export function balanceCents(entries: readonly LedgerEntry[]): number {
  return entries.reduce((sum, e) => sum + e.amountCents, 0);
}

/** A buyer whose company cannot buy on account (none, not approved, or no limit). */
export const NO_ACCOUNT = "Tu empresa no tiene cuenta corriente habilitada. Elegí otro medio de pago.";

export type CreditCheck = { ok: true; availableAfterCents: number } | { ok: false; reason: string };

/**
 * Whether an order of `orderCents` may be placed on account: the open balance, plus the orders on
 * account not invoiced yet, plus this one, must stay within the limit (null: no cuenta corriente).
 */
export function checkCredit(input: CreditInput): CreditCheck {
  if (input.limitCents === null) {
    return { ok: false, reason: NO_ACCOUNT };
  }
  const available = availableCredit(input.limitCents, input);
  if (input.orderCents > available) {
    return {
      ok: false,
      reason: `El pedido supera el crédito disponible de tu empresa (${formatARS(fromCents(Math.max(0, available)))}). Elegí otro medio de pago o pedinos que revisemos el límite.`,
    };
  }
  return { ok: true, availableAfterCents: available - input.orderCents };
}

type CreditInput = { limitCents: number | null; balanceCents: number; uninvoicedCents: number; orderCents: number };

/** The limit less the open balance (a balance in the company's favour adds nothing) and the orders not invoiced. */
function availableCredit(limitCents: number, input: { balanceCents: number; uninvoicedCents: number }): number {
  return limitCents - Math.max(0, input.balanceCents) - input.uninvoicedCents;
}

/**
 * Staff reopening a cancelled order on account: it counts against the limit again, so the same
 * rule as placing it, for a company still approved with a limit; the reason in staff's words.
 */
export function checkReopenCredit(input: CreditInput & { approved: boolean }): CreditCheck {
  if (!input.approved || input.limitCents === null) {
    return {
      ok: false,
      reason:
        "No se puede reactivar el pedido: la empresa ya no tiene cuenta corriente habilitada (no está aprobada o no tiene límite de crédito).",
    };
  }
  const credit = checkCredit(input);
  if (credit.ok) return credit;
  const available = Math.max(0, availableCredit(input.limitCents, input));
  return {
    ok: false,
    reason: `No se puede reactivar el pedido: supera el crédito disponible de la empresa (${formatARS(fromCents(available))}). Registrá sus pagos o subí su límite y volvé a intentarlo.`,
  };
}

export const AGING_BUCKETS = ["current", "1-30", "31-60", "61-90", "90+"] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export const AGING_LABELS: Record<AgingBucket, string> = {
  current: "A vencer",
  "1-30": "Vencido 1 a 30 días",
  "31-60": "Vencido 31 a 60 días",
  "61-90": "Vencido 61 a 90 días",
  "90+": "Vencido más de 90 días",
};

export type Aging = {
  balanceCents: number;
  overdueCents: number;
  buckets: Record<AgingBucket, number>;
};

/** Whole days (store days, Buenos Aires) from the due date to `today`; 0 or less: not overdue. */
export function daysOverdue(dueAt: Date, today: Date): number {
  return Math.round((startOfStoreDay(today).getTime() - startOfStoreDay(dueAt).getTime()) / DAY_MS);
}

function bucketOf(days: number): AgingBucket {
  if (days <= 0) return "current";
  if (days <= 30) return "1-30";
  if (days <= 60) return "31-60";
  if (days <= 90) return "61-90";
  return "90+";
}

/**
 * What is left open of each debit once every credit settled the oldest debts first (by due date,
 * then in the order given): the debits, in the order given, with their open cents.
 */
export function openDebts<T extends LedgerEntry>(
  entries: readonly T[],
): { entry: T; index: number; openCents: number }[] {
  let credit = -entries.filter((e) => e.amountCents < 0).reduce((sum, e) => sum + e.amountCents, 0);
  const debts = entries.flatMap((entry, index) => (entry.amountCents > 0 ? [{ entry, index, openCents: 0 }] : []));
  for (const debt of [...debts].sort((a, b) => a.entry.dueAt.getTime() - b.entry.dueAt.getTime())) {
    const settled = Math.min(credit, debt.entry.amountCents);
    credit -= settled;
    debt.openCents = debt.entry.amountCents - settled;
  }
  return debts;
}

/** What is still owed, by how long overdue, after every credit settled the oldest debts first. */
export function aging(entries: readonly LedgerEntry[], today: Date): Aging {
  const buckets = Object.fromEntries(AGING_BUCKETS.map((b) => [b, 0])) as Record<AgingBucket, number>;
  for (const { entry, openCents } of openDebts(entries)) {
    if (openCents > 0) buckets[bucketOf(daysOverdue(entry.dueAt, today))] += openCents;
  }
  const overdueCents = AGING_BUCKETS.filter((b) => b !== "current").reduce((sum, b) => sum + buckets[b], 0);
  return { balanceCents: balanceCents(entries), overdueCents, buckets };
}

export type StatementLine<T extends LedgerEntry> = {
  entry: T;
  /** The balance after this entry, entries in the order given (oldest first). */
  runningCents: number;
  /** A debit: what is still open of it; a credit: 0. */
  openCents: number;
  /** A debit still open past its due date: how many days; else 0. */
  overdueDays: number;
};

/** The statement of an account: each entry with the running balance and, for debits, what is open and overdue. */
export function statement<T extends LedgerEntry>(entries: readonly T[], today: Date): StatementLine<T>[] {
  const open = new Map(openDebts(entries).map((d) => [d.index, d.openCents]));
  let running = 0;
  return entries.map((entry, index) => {
    running += entry.amountCents;
    const openCents = open.get(index) ?? 0;
    const days = openCents > 0 ? daysOverdue(entry.dueAt, today) : 0;
    return { entry, runningCents: running, openCents, overdueDays: Math.max(0, days) };
  });
}
