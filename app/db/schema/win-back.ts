import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { DraftLine } from "~/domain/win-back";
import { productVariants, products } from "./catalog";
import { orders } from "./orders";

// [23/25] Win back the sale (migration 0027, ADR 0021).

/**
 * Addresses that asked never to get marketing e-mails (Ley 25.326 art. 27 inc. 3): kept by the
 * normalised address, with no key to users or customers, so deleting a customer never forgets it.
 */
export const emailOptOuts = pgTable(
  "email_opt_outs",
  {
    email: text("email").primaryKey(),
    source: text("source", { enum: ["link", "one_click", "staff"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("email_opt_outs_source_valid", sql`${t.source} in ('link', 'one_click', 'staff')`)],
);

/** What a shopper had in the cart at /checkout once an e-mail was typed: one open draft per address. */
export const checkoutDrafts = pgTable(
  "checkout_drafts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    lines: jsonb("lines").$type<DraftLine[]>().notNull().default([]),
    remindersSent: integer("reminders_sent").notNull().default(0),
    lastRemindedAt: timestamp("last_reminded_at", { withTimezone: true }),
    // The order placed through the reminder's link.
    recoveredOrderId: uuid("recovered_order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("checkout_drafts_open_email_idx")
      .on(t.email)
      .where(sql`${t.recoveredOrderId} is null`),
    index("checkout_drafts_updated_at_idx").on(t.updatedAt),
  ],
);

/** "Avisame cuando haya stock": back_in_stock_at is set by triggers when the stock leaves 0. */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
    backInStockAt: timestamp("back_in_stock_at", { withTimezone: true }),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("stock_alerts_waiting_idx")
      .on(t.email, t.productId, sql`coalesce(${t.variantId}, '00000000-0000-0000-0000-000000000000'::uuid)`)
      .where(sql`${t.notifiedAt} is null`),
    index("stock_alerts_due_idx")
      .on(t.backInStockAt)
      .where(sql`${t.notifiedAt} is null and ${t.backInStockAt} is not null`),
  ],
);
