import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { FORM_TYPES } from "~/domain/form-type";
import { companies } from "./business";
import { orders } from "./orders";

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    subject: text("subject"),
    message: text("message").notNull(),
    companyName: text("company_name"),
    formType: text("form_type", { enum: FORM_TYPES }).notNull(),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    /** The company staff created from this /empresas enquiry (ADR 0022). */
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("contact_messages_form_type_created_at_idx").on(t.formType, t.createdAt.desc()),
    index("contact_messages_created_at_idx").on(t.createdAt.desc()),
    check(
      "contact_messages_form_type_valid",
      sql`${t.formType} in ('homepage_contact', 'main_contact', 'b2b_contact', 'soluciones_inteligentes')`,
    ),
  ],
);

export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// E-mails are written here first and sent from here, so a mail server failure
// never loses a message (it is retried).
export const outboxEmails = pgTable(
  "outbox_emails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    kind: text("kind").notNull(),
    // cancelled: a status e-mail withdrawn before it was due (the change was undone).
    status: text("status", { enum: ["pending", "sent", "failed", "cancelled"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    // A sender's lease: claimed by one server process until then (a crashed sender's lease runs out).
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    // The order a message is about (its timeline shows it), and not before when it may go: a
    // status e-mail waits a minute, so a change undone at once sends nothing.
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    sendAfter: timestamp("send_after", { withTimezone: true }),
    // A status e-mail: the status it announces and the one the order had before ({ from, to }).
    meta: jsonb("meta").$type<Record<string, string>>().notNull().default({}),
    // [23/25] A marketing e-mail's one-click unsubscribe address (RFC 8058 List-Unsubscribe).
    listUnsubscribe: text("list_unsubscribe"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_emails_status_idx").on(t.status, t.createdAt),
    index("outbox_emails_order_id_idx")
      .on(t.orderId, t.createdAt)
      .where(sql`${t.orderId} is not null`),
    check("outbox_emails_status_valid", sql`${t.status} in ('pending', 'sent', 'failed', 'cancelled')`),
  ],
);

// Fixed-window counters for rate limits, in the database so every server process shares them.
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_reset_at_idx").on(t.resetAt)],
);

// One row whose version goes up, in the same transaction, with every change to what the
// storefront shows (products, categories, related products, settings, reviews): deferred
// triggers of migration 0008. Caches of rendered pages, settings and categories are kept per
// version (ADR 0005), so a change shows at once, in every server process on this database.
export const contentVersion = pgTable(
  "content_version",
  {
    id: smallint("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(1),
  },
  (t) => [check("content_version_single_row", sql`${t.id} = 1`)],
);
