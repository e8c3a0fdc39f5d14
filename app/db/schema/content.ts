import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { FORM_TYPES } from "~/domain/form-type";

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
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    // A sender's lease: claimed by one server process until then (a crashed sender's lease runs out).
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_emails_status_idx").on(t.status, t.createdAt),
    check("outbox_emails_status_valid", sql`${t.status} in ('pending', 'sent', 'failed')`),
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
