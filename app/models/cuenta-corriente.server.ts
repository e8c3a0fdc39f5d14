import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { type Database, type DbOrTx, type Tx, getDb, queryRows } from "~/db/client.server";
import { accountEntries, accountOrders } from "~/db/schema/accounts";
import { companies, companyMembers } from "~/db/schema/business";
import { invoices } from "~/db/schema/invoices";
import { cbteTipoLabel } from "~/domain/arca-invoice";
import {
  type Aging,
  type AccountPaymentMethod,
  LEDGER_KIND_LABELS,
  NO_ACCOUNT,
  type LedgerEntry,
  type LedgerKind,
  PAYMENT_METHOD_LABELS,
  aging,
  checkCredit,
  checkReopenCredit,
  dueDate,
  statement,
} from "~/domain/cuenta-corriente";
import { formatShortDate, storeDayRange, toStoreLocalInput } from "~/domain/dates";
import { comprobanteNumber } from "~/domain/invoice-document";
import { fromCents, toCents } from "~/domain/money";
import type { AccountPayment } from "~/schemas/cuenta-corriente";
import { type AuditActor, SYSTEM_ACTOR, recordAudit } from "./audit.server";
import { orderNumber } from "./order.server";

// [25/25] Cuenta corriente (ADR 0022): orders placed on account (checked against the company's
// limit after locking the company row), the ledger entries the invoicing job posts when a
// factura or credit note of such an order is authorised, the payments staff record, and the
// statement and aging read from the ledger with the pure rules of ~/domain/cuenta-corriente.

/** The yyyy-mm-dd store day of an instant, and back (the ledger keeps days). */
const isoDay = (date: Date) => toStoreLocalInput(date).slice(0, 10);
const dayStart = (day: string) => storeDayRange(day, null).start!;

type AccountCompanyRow = { id: string; legalName: string; limitCents: number | null; termsDays: number };

/** The company `userId` buys for when it may buy on account (approved, with a limit); optionally locked. */
async function accountCompanyOf(db: DbOrTx, userId: string, lock: boolean): Promise<AccountCompanyRow | null> {
  const [member] = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId));
  if (!member) return null;
  const query = db
    .select({
      id: companies.id,
      legalName: companies.legalName,
      status: companies.status,
      creditLimit: companies.creditLimit,
      termsDays: companies.paymentTermsDays,
    })
    .from(companies)
    .where(eq(companies.id, member.companyId));
  const [row] = lock ? await query.for("update") : await query;
  if (!row || row.status !== "approved" || row.creditLimit === null) return null;
  return { id: row.id, legalName: row.legalName, limitCents: toCents(row.creditLimit), termsDays: row.termsDays };
}

/**
 * What the company owes (the ledger's sum) and its orders on account not invoiced yet: placed,
 * not cancelled, and with no factura in the ledger that a credit note has not reversed (an order
 * cancelled after its factura and reopened counts again until its new factura posts).
 */
async function exposure(db: DbOrTx, companyId: string): Promise<{ balanceCents: number; uninvoicedCents: number }> {
  const [row] = await queryRows<{ balance: string | number; uninvoiced: string | number }>(
    sql`select
          (select coalesce(sum(e.amount_cents), 0) from ${accountEntries} e where e.company_id = ${companyId}) as balance,
          (select coalesce(sum(a.amount_cents), 0) from ${accountOrders} a
             join orders o on o.id = a.order_id
             where a.company_id = ${companyId} and o.status <> 'cancelled'
               and (select count(*) filter (where e.kind = 'invoice') - count(*) filter (where e.kind = 'credit_note')
                    from ${accountEntries} e where e.order_id = a.order_id) <= 0) as uninvoiced`,
    db,
  );
  return { balanceCents: Number(row?.balance ?? 0), uninvoicedCents: Number(row?.uninvoiced ?? 0) };
}

export type AccountOffer = { companyName: string; availableCents: number; termsDays: number };

/** For the checkout: whether the signed-in user may pay on account, and how much is available. */
export async function accountOffer(userId: string, db: DbOrTx = getDb()): Promise<AccountOffer | null> {
  const company = await accountCompanyOf(db, userId, false);
  if (!company) return null;
  const { balanceCents, uninvoicedCents } = await exposure(db, company.id);
  return {
    companyName: company.legalName,
    availableCents: Math.max(0, company.limitCents! - Math.max(0, balanceCents) - uninvoicedCents),
    termsDays: company.termsDays,
  };
}

export type AccountCheck = { ok: true; companyId: string } | { ok: false; reason: string };

export const ACCOUNT_SIGN_IN =
  "Para pagar con cuenta corriente ingresá con la cuenta de tu empresa, o elegí otro medio de pago.";

/**
 * Inside the order's transaction: locks the buyer's company row (orders of one company queue
 * here) and checks the order against its limit (checkCredit). The row stays locked until the
 * order commits, so two buyers of one company cannot both use the same credit.
 */
export async function lockAccountCredit(
  tx: Tx,
  userId: string | null | undefined,
  orderCents: number,
): Promise<AccountCheck> {
  if (!userId) return { ok: false, reason: ACCOUNT_SIGN_IN };
  const company = await accountCompanyOf(tx, userId, true);
  if (!company) return { ok: false, reason: NO_ACCOUNT };
  const credit = checkCredit({ limitCents: company.limitCents, ...(await exposure(tx, company.id)), orderCents });
  return credit.ok ? { ok: true, companyId: company.id } : credit;
}

/**
 * Staff reopening a cancelled order (in its order's transaction, before it moves): when it was
 * placed on account it counts against its company's limit again, so the company row is locked as
 * `lockAccountCredit` locks it and the order's amount checked against what is available now.
 * Null when the order was not placed on account.
 */
export async function lockReopenCredit(tx: Tx, orderId: string): Promise<AccountCheck | null> {
  const [placed] = await tx
    .select({ companyId: accountOrders.companyId, amountCents: accountOrders.amountCents })
    .from(accountOrders)
    .where(eq(accountOrders.orderId, orderId));
  if (!placed) return null;
  const [company] = await tx
    .select({ status: companies.status, creditLimit: companies.creditLimit })
    .from(companies)
    .where(eq(companies.id, placed.companyId))
    .for("update");
  const credit = checkReopenCredit({
    approved: company?.status === "approved",
    limitCents: company?.creditLimit == null ? null : toCents(company.creditLimit),
    ...(await exposure(tx, placed.companyId)),
    orderCents: placed.amountCents,
  });
  return credit.ok ? { ok: true, companyId: placed.companyId } : credit;
}

/** The order just placed on account counts against the limit until its factura is in the ledger. */
export async function recordAccountOrder(
  tx: Tx,
  input: { orderId: string; companyId: string; amountCents: number; userId: string },
): Promise<void> {
  await tx.insert(accountOrders).values({
    orderId: input.orderId,
    companyId: input.companyId,
    amountCents: input.amountCents,
    placedBy: input.userId,
  });
}

/**
 * The invoicing job, in the transaction that marks a factura or credit note authorised: when it
 * belongs to an order on account, its ledger entry (a factura falls due after the company's
 * terms; a credit note credits the account on its date). Posting one twice writes one entry.
 */
export async function postInvoiceToAccount(tx: DbOrTx, invoiceId: string): Promise<void> {
  const [row] = await tx
    .select({
      kind: invoices.kind,
      orderId: invoices.orderId,
      issuedOn: invoices.issuedOn,
      amounts: invoices.amounts,
      companyId: accountOrders.companyId,
      termsDays: companies.paymentTermsDays,
    })
    .from(invoices)
    .innerJoin(accountOrders, eq(accountOrders.orderId, invoices.orderId))
    .innerJoin(companies, eq(companies.id, accountOrders.companyId))
    .where(eq(invoices.id, invoiceId));
  if (!row) return;
  const issuedOn = row.issuedOn ?? isoDay(new Date());
  const factura = row.kind === "factura";
  await tx
    .insert(accountEntries)
    .values({
      companyId: row.companyId,
      kind: factura ? "invoice" : "credit_note",
      amountCents: factura ? row.amounts.impTotalCents : -row.amounts.impTotalCents,
      entryDate: issuedOn,
      dueDate: factura ? isoDay(dueDate(dayStart(issuedOn), row.termsDays)) : issuedOn,
      invoiceId,
      orderId: row.orderId,
      recordedBy: SYSTEM_ACTOR.email,
    })
    .onConflictDoNothing({
      target: accountEntries.invoiceId,
      where: sql`${accountEntries.kind} in ('invoice', 'credit_note')`,
    });
}

export type PaymentResult = { ok: true; legalName: string } | { ok: false; errors: Record<string, string> };

/**
 * Staff record a payment received (transfer, cheque, e-cheq) against the company's account,
 * optionally naming the invoice it pays; the company row is locked so that the balance an order
 * on account reads is before or after the payment, never half. An audit entry goes with it.
 */
export async function recordAccountPayment(
  actor: AuditActor,
  input: AccountPayment,
  db: Database = getDb(),
): Promise<PaymentResult> {
  if (input.receivedOn > isoDay(new Date())) {
    return { ok: false, errors: { receivedOn: "La fecha del pago no puede ser posterior a hoy." } };
  }
  return db.transaction(async (tx): Promise<PaymentResult> => {
    const [company] = await tx
      .select({ id: companies.id, legalName: companies.legalName })
      .from(companies)
      .where(eq(companies.id, input.companyId))
      .for("update");
    if (!company) return { ok: false, errors: { form: "No encontramos la empresa." } };
    if (input.invoiceId) {
      const [own] = await tx
        .select({ id: accountEntries.id })
        .from(accountEntries)
        .where(
          and(
            eq(accountEntries.companyId, company.id),
            eq(accountEntries.invoiceId, input.invoiceId),
            eq(accountEntries.kind, "invoice"),
          ),
        );
      if (!own) return { ok: false, errors: { invoiceId: "Esa factura no es de la cuenta de esta empresa." } };
    }
    const amountCents = toCents(input.amount);
    const [entry] = await tx
      .insert(accountEntries)
      .values({
        companyId: company.id,
        kind: "payment",
        amountCents: -amountCents,
        entryDate: input.receivedOn,
        dueDate: input.receivedOn,
        invoiceId: input.invoiceId,
        paymentMethod: input.method,
        paymentReference: input.reference,
        recordedBy: actor.email,
      })
      .returning({ id: accountEntries.id });
    await recordAudit(tx, actor, {
      action: "company.payment",
      entityType: "company",
      entityId: company.id,
      entityLabel: company.legalName,
      before: null,
      after: {
        entry: entry!.id,
        amount: fromCents(amountCents),
        method: input.method,
        reference: input.reference,
        receivedOn: input.receivedOn,
        ...(input.invoiceId ? { invoiceId: input.invoiceId } : {}),
      },
    });
    return { ok: true, legalName: company.legalName };
  });
}

// ---------------------------------------------------------------- statements and aging

type StoredEntry = LedgerEntry & {
  id: string;
  companyId: string;
  entryDate: string;
  dueDate: string;
  invoiceId: string | null;
  orderId: string | null;
  paymentMethod: AccountPaymentMethod | null;
  paymentReference: string | null;
  document: string | null;
};

async function ledgerOf(db: DbOrTx, companyIds: string[] | null): Promise<StoredEntry[]> {
  if (companyIds?.length === 0) return [];
  const rows = await db
    .select({
      id: accountEntries.id,
      companyId: accountEntries.companyId,
      kind: accountEntries.kind,
      amountCents: accountEntries.amountCents,
      entryDate: accountEntries.entryDate,
      dueDate: accountEntries.dueDate,
      invoiceId: accountEntries.invoiceId,
      orderId: accountEntries.orderId,
      paymentMethod: accountEntries.paymentMethod,
      paymentReference: accountEntries.paymentReference,
      cbteTipo: invoices.cbteTipo,
      puntoVenta: invoices.puntoVenta,
      number: invoices.number,
    })
    .from(accountEntries)
    .leftJoin(invoices, eq(invoices.id, accountEntries.invoiceId))
    .where(companyIds ? inArray(accountEntries.companyId, companyIds) : undefined)
    .orderBy(asc(accountEntries.entryDate), asc(accountEntries.createdAt), asc(accountEntries.id));
  return rows.map(({ cbteTipo, puntoVenta, number, ...r }) => ({
    ...r,
    dueAt: dayStart(r.dueDate),
    document:
      cbteTipo !== null && puntoVenta !== null && number !== null
        ? `${cbteTipoLabel(cbteTipo)} ${comprobanteNumber(puntoVenta, number)}`
        : null,
  }));
}

export type StatementRow = {
  id: string;
  kind: LedgerKind;
  kindLabel: string;
  /** "Factura A 00003-00000012 · Pedido #1A2B3C4D", "Transferencia · op. 123". */
  description: string;
  dateLabel: string;
  dueLabel: string | null;
  amountCents: number;
  runningCents: number;
  openCents: number;
  overdueDays: number;
};

export type AccountStatement = {
  companyId: string;
  legalName: string;
  limitCents: number | null;
  termsDays: number;
  availableCents: number | null;
  uninvoicedCents: number;
  aging: Aging;
  rows: StatementRow[];
  /** The invoices still open, for the payment form. */
  openInvoices: { id: string; label: string; openCents: number }[];
};

function describe(e: StoredEntry): string {
  const order = e.orderId ? `Pedido #${orderNumber(e.orderId)}` : null;
  if (e.kind === "payment") {
    return [PAYMENT_METHOD_LABELS[e.paymentMethod!], e.paymentReference, e.document ? `a ${e.document}` : null]
      .filter(Boolean)
      .join(" · ");
  }
  return [e.document, order].filter(Boolean).join(" · ") || LEDGER_KIND_LABELS[e.kind];
}

/** A company's statement: every entry with the running balance, what is open and overdue. */
export async function companyStatement(
  companyId: string,
  today: Date = new Date(),
  db: DbOrTx = getDb(),
): Promise<AccountStatement | null> {
  const [company] = await db
    .select({
      id: companies.id,
      legalName: companies.legalName,
      creditLimit: companies.creditLimit,
      termsDays: companies.paymentTermsDays,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) return null;
  const [entries, { balanceCents, uninvoicedCents }] = await Promise.all([
    ledgerOf(db, [companyId]),
    exposure(db, companyId),
  ]);
  const lines = statement(entries, today);
  const limitCents = company.creditLimit === null ? null : toCents(company.creditLimit);
  return {
    companyId: company.id,
    legalName: company.legalName,
    limitCents,
    termsDays: company.termsDays,
    availableCents: limitCents === null ? null : Math.max(0, limitCents - Math.max(0, balanceCents) - uninvoicedCents),
    uninvoicedCents,
    aging: aging(entries, today),
    rows: lines.map(({ entry: e, runningCents, openCents, overdueDays }) => ({
      id: e.id,
      kind: e.kind,
      kindLabel: LEDGER_KIND_LABELS[e.kind],
      description: describe(e),
      dateLabel: formatShortDate(dayStart(e.entryDate)),
      dueLabel: e.amountCents > 0 ? formatShortDate(e.dueAt) : null,
      amountCents: e.amountCents,
      runningCents,
      openCents,
      overdueDays,
    })),
    openInvoices: lines
      .filter((l) => l.entry.kind === "invoice" && l.openCents > 0 && l.entry.invoiceId)
      .map((l) => ({ id: l.entry.invoiceId!, label: describe(l.entry), openCents: l.openCents })),
  };
}

/** Mi Cuenta: the statement of the company the user buys for (its own company only), if it has an account. */
export async function memberStatement(userId: string, db: DbOrTx = getDb()): Promise<AccountStatement | null> {
  const [member] = await db
    .select({ companyId: companyMembers.companyId, status: companies.status, creditLimit: companies.creditLimit })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId));
  if (!member) return null;
  const [hasEntries] = await db
    .select({ id: accountEntries.id })
    .from(accountEntries)
    .where(eq(accountEntries.companyId, member.companyId))
    .limit(1);
  // A company that never had cuenta corriente has no statement to show.
  if (!hasEntries && (member.status !== "approved" || member.creditLimit === null)) return null;
  return companyStatement(member.companyId, new Date(), db);
}

export type AccountAging = { companyId: string; legalName: string; limitCents: number | null; aging: Aging };

/** Staff's aging of every account: companies with a limit or with entries, largest overdue first. */
export async function accountsAging(today: Date = new Date(), db: DbOrTx = getDb()): Promise<AccountAging[]> {
  const [list, entries] = await Promise.all([
    db
      .select({ id: companies.id, legalName: companies.legalName, creditLimit: companies.creditLimit })
      .from(companies)
      .where(
        sql`${isNotNull(companies.creditLimit)} or exists (select 1 from ${accountEntries} e where e.company_id = ${companies.id})`,
      ),
    ledgerOf(db, null),
  ]);
  const byCompany = new Map<string, StoredEntry[]>();
  for (const e of entries) byCompany.set(e.companyId, [...(byCompany.get(e.companyId) ?? []), e]);
  return list
    .map((c) => ({
      companyId: c.id,
      legalName: c.legalName,
      limitCents: c.creditLimit === null ? null : toCents(c.creditLimit),
      aging: aging(byCompany.get(c.id) ?? [], today),
    }))
    .sort((a, b) => b.aging.overdueCents - a.aging.overdueCents || b.aging.balanceCents - a.aging.balanceCents);
}
