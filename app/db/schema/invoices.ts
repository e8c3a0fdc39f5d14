import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { InvoiceAmounts } from "~/domain/invoice-amounts";
import type { InvoiceSeller } from "~/domain/invoice-document";
import { orders } from "./orders";

// ARCA electronic invoicing (ADR 0017).

/**
 * WSAA login tickets (token + sign, about 12 h), one per environment, CUIT and service, shared
 * by every process: ARCA refuses a second login while one is valid (coe.alreadyAuthenticated).
 * Renewed under this row's lock (app/services/arca/wsaa.server.ts).
 */
export const arcaTickets = pgTable(
  "arca_tickets",
  {
    environment: text("environment", { enum: ["homologacion", "produccion"] }).notNull(),
    cuit: text("cuit").notNull(),
    service: text("service").notNull(),
    token: text("token"),
    sign: text("sign"),
    generatedAt: timestamp("generated_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.environment, t.cuit, t.service] }),
    check("arca_tickets_environment_valid", sql`${t.environment} in ('homologacion', 'produccion')`),
  ],
);

/**
 * One row per (point of sale, comprobante type): who is numbering it now. ARCA's numbers must be
 * consecutive, so one process at a time reads the last authorised number and asks for the next;
 * it holds the row with a lease (`held_until`) longer than one ARCA call's timeout.
 */
export const arcaNumbering = pgTable(
  "arca_numbering",
  {
    puntoVenta: integer("punto_venta").notNull(),
    cbteTipo: integer("cbte_tipo").notNull(),
    heldBy: text("held_by"),
    heldUntil: timestamp("held_until", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.puntoVenta, t.cbteTipo] })],
);

export const INVOICE_KINDS = ["factura", "nota_credito"] as const;
export const INVOICE_STATUSES = ["pending", "authorised", "failed"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * The comprobantes ARCA authorised (or is asked to) for an order: its factura, and the credit
 * notes associated with it. A number is unique per (point of sale, type); an order has one
 * factura at a time: a second issue only once the first is credited in full (a cancelled order
 * reopened).
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: INVOICE_KINDS }).notNull(),
    invoiceClass: text("invoice_class", { enum: ["A", "B", "C"] }).notNull(),
    cbteTipo: integer("cbte_tipo").notNull(),
    puntoVenta: integer("punto_venta").notNull(),
    // Given under the (point of sale, type) lock, right before FECAESolicitar.
    number: integer("number"),
    issuedOn: date("issued_on"),
    cae: text("cae"),
    caeExpiresAt: date("cae_expires_at"),
    status: text("status", { enum: INVOICE_STATUSES }).notNull().default("pending"),
    docTipo: integer("doc_tipo").notNull(),
    docNro: text("doc_nro").notNull(),
    condicionIvaReceptorId: integer("condicion_iva_receptor_id").notNull(),
    amounts: jsonb("amounts").$type<InvoiceAmounts>().notNull(),
    /** The seller as printed, kept when authorised (null: authorised before 0038, printed from the settings). */
    seller: jsonb("seller").$type<InvoiceSeller>(),
    /** A factura's issue for its order: 1, then 2 once the first is credited in full and the order reopened. */
    issue: integer("issue").notNull().default(1),
    // What was sent to ARCA and what it answered (the last attempt).
    request: jsonb("request").$type<Record<string, unknown>>(),
    response: jsonb("response").$type<Record<string, unknown>>(),
    // ARCA's own error code and text, shown to staff while the invoice waits.
    errorCode: text("error_code"),
    errorText: text("error_text"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    // A credit note's invoice (CbtesAsoc).
    associatedInvoiceId: uuid("associated_invoice_id").references((): AnyPgColumn => invoices.id, {
      onDelete: "restrict",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("invoices_number_unique").on(t.puntoVenta, t.cbteTipo, t.number),
    uniqueIndex("invoices_one_factura_per_order")
      .on(t.orderId, t.issue)
      .where(sql`${t.kind} = 'factura'`),
    index("invoices_order_id_idx").on(t.orderId),
    index("invoices_pending_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check("invoices_kind_valid", sql`${t.kind} in ('factura', 'nota_credito')`),
    check("invoices_class_valid", sql`${t.invoiceClass} in ('A', 'B', 'C')`),
    check("invoices_status_valid", sql`${t.status} in ('pending', 'authorised', 'failed')`),
    check("invoices_cbte_tipo_valid", sql`${t.cbteTipo} in (1, 3, 6, 8, 11, 13)`),
    check(
      "invoices_authorised_has_cae",
      sql`${t.status} <> 'authorised' or (${t.cae} is not null and ${t.number} is not null)`,
    ),
    check(
      "invoices_credit_note_associated",
      sql`(${t.kind} = 'nota_credito') = (${t.associatedInvoiceId} is not null)`,
    ),
  ],
);
