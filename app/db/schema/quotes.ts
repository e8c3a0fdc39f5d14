import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { SelectedOption } from "~/domain/pricing";
import { QUOTE_EVENT_KINDS, QUOTE_STATUSES } from "~/domain/quotes";
import { users } from "./auth";
import { companies } from "./business";
import { productVariants, products } from "./catalog";
import { accessTokenColumn, orders } from "./orders";

// [25/25] Quotes (cotizaciones, ADR 0022 "Quotes", migration 0034): a company member's request
// from a cart, priced by staff and accepted into an order at the quoted prices, or sent back.

export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** "Cotización N": what the buyer, staff and the order's timeline call it. */
    number: serial("number").notNull().unique(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    requestedBy: text("requested_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: QUOTE_STATUSES }).notNull().default("requested"),
    buyerNote: text("buyer_note").notNull().default(""),
    conditions: text("conditions").notNull().default(""),
    /** The last day (store's time zone) the buyer may accept it. */
    validUntil: date("valid_until", { mode: "string" }),
    pricedBy: text("priced_by"),
    pricedAt: timestamp("priced_at", { withTimezone: true }),
    /** The order it became once accepted. */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** Unguessable: the e-mailed link opens the quote without signing in. */
    accessToken: accessTokenColumn(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("quotes_company_idx").on(t.companyId, t.createdAt.desc()),
    index("quotes_status_idx").on(t.status, t.createdAt.desc()),
    uniqueIndex("quotes_order_unique")
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    check(
      "quotes_status_valid",
      sql`${t.status} in ('requested', 'priced', 'accepted', 'changes_requested', 'expired', 'cancelled')`,
    ),
    check("quotes_priced_has_validity", sql`${t.status} not in ('priced', 'accepted') or ${t.validUntil} is not null`),
    check("quotes_note_length", sql`char_length(${t.buyerNote}) <= 2000 and char_length(${t.conditions}) <= 2000`),
  ],
);

/** One line of a quote: what was asked, its public price then, and the price staff quoted. */
export const quoteLines = pgTable(
  "quote_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    selectedOptions: jsonb("selected_options").$type<SelectedOption[]>().notNull().default([]),
    name: text("name").notNull(),
    quantity: integer("quantity").notNull(),
    publicUnitPrice: numeric("public_unit_price", { precision: 12, scale: 2 }).notNull(),
    quotedUnitPrice: numeric("quoted_unit_price", { precision: 12, scale: 2 }),
  },
  (t) => [
    uniqueIndex("quote_lines_position_unique").on(t.quoteId, t.position),
    check("quote_lines_quantity_valid", sql`${t.quantity} between 1 and 100000`),
    check(
      "quote_lines_prices_valid",
      sql`${t.publicUnitPrice} >= 0 and (${t.quotedUnitPrice} is null or ${t.quotedUnitPrice} > 0)`,
    ),
  ],
);

/** The quote's timeline: each step, who took it (a staff e-mail, the buyer's, "Sistema") and its note. */
export const quoteEvents = pgTable(
  "quote_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: QUOTE_EVENT_KINDS }).notNull(),
    actor: text("actor").notNull(),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index("quote_events_quote_idx").on(t.quoteId, t.createdAt),
    check(
      "quote_events_kind_valid",
      sql`${t.kind} in ('requested', 'priced', 'accepted', 'changes_requested', 'expired', 'cancelled')`,
    ),
  ],
);
