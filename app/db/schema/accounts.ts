import { sql } from "drizzle-orm";
import { bigint, check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { LEDGER_KINDS, PAYMENT_METHODS } from "~/domain/cuenta-corriente";
import { companies } from "./business";
import { invoices } from "./invoices";
import { orders } from "./orders";

// [25/25] Cuenta corriente (ADR 0022, migration 0035): the orders placed on account and each
// company's append-only ledger. An order on account counts against the limit from its placing
// until its factura's ledger entry exists; the ledger's sum is what the company owes.

/** An order a company member placed on account (confirmed without payment). */
export const accountOrders = pgTable(
  "account_orders",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "restrict" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    /** The order's total when placed. */
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    placedBy: text("placed_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("account_orders_company_idx").on(t.companyId),
    check("account_orders_amount_valid", sql`${t.amountCents} >= 0`),
  ],
);

/** One movement of a company's account; never updated or deleted (a trigger refuses it). */
export const accountEntries = pgTable(
  "account_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
    /** Signed: invoices (debits) above 0; credit notes and payments below. */
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** The invoice's date, the payment's date (YYYY-MM-DD, Buenos Aires). */
    entryDate: date("entry_date").notNull(),
    /** An invoice: its date plus the company's terms; a credit: its own date. */
    dueDate: date("due_date").notNull(),
    /** The factura or credit note (a payment: the invoice it was received against, if any). */
    invoiceId: uuid("invoice_id").references(() => invoices.id, { onDelete: "restrict" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "restrict" }),
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }),
    paymentReference: text("payment_reference"),
    note: text("note"),
    /** Who wrote it: the staff member's e-mail, or "Sistema" for the invoicing job. */
    recordedBy: text("recorded_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("account_entries_company_idx").on(t.companyId, t.entryDate, t.createdAt),
    uniqueIndex("account_entries_document_unique")
      .on(t.invoiceId)
      .where(sql`${t.kind} in ('invoice', 'credit_note')`),
    index("account_entries_order_idx").on(t.orderId),
    check("account_entries_kind_valid", sql`${t.kind} in ('invoice', 'credit_note', 'payment', 'adjustment')`),
    check(
      "account_entries_sign_valid",
      sql`(${t.kind} = 'invoice' and ${t.amountCents} > 0)
        or (${t.kind} in ('credit_note', 'payment') and ${t.amountCents} < 0)
        or (${t.kind} = 'adjustment' and ${t.amountCents} <> 0)`,
    ),
    check(
      "account_entries_document_valid",
      sql`(${t.kind} in ('invoice', 'credit_note')) = (${t.invoiceId} is not null and ${t.orderId} is not null)
        or ${t.kind} = 'payment'`,
    ),
    check(
      "account_entries_payment_valid",
      sql`(${t.kind} = 'payment') = (${t.paymentMethod} is not null)
        and (${t.paymentMethod} is null or ${t.paymentMethod} in ('transferencia', 'cheque', 'echeq'))`,
    ),
    check(
      "account_entries_reference_length",
      sql`${t.paymentReference} is null or char_length(${t.paymentReference}) <= 120`,
    ),
  ],
);
