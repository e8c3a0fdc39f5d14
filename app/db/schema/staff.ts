import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { products } from "./catalog";

// What staff need to trust the store: who changed what (audit log), and buyers' reviews that
// wait for an admin's approval before the store shows them.

export const AUDIT_ENTITY_TYPES = [
  "product",
  "order",
  "setting",
  "user",
  "category",
  "review",
  "withdrawal",
  "coupon",
  "company",
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Kept when the admin's account is deleted: the e-mail says who it was.
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    entityType: text("entity_type", { enum: AUDIT_ENTITY_TYPES }).notNull(),
    entityId: text("entity_id").notNull(),
    entityLabel: text("entity_label"),
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown> | null>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_created_at_idx").on(t.createdAt.desc()),
    index("audit_log_entity_idx").on(t.entityType, t.entityId, t.createdAt.desc()),
    index("audit_log_actor_idx").on(t.actorId, t.createdAt.desc()),
  ],
);

export const REVIEW_STATUSES = ["pending", "approved", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const productReviews = pgTable(
  "product_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    author: text("author").notNull(),
    rating: integer("rating").notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: REVIEW_STATUSES }).notNull().default("pending"),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    moderatedBy: text("moderated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One review per buyer and product (editing it sends it back to moderation).
    unique("product_reviews_product_user_unique").on(t.productId, t.userId),
    index("product_reviews_product_status_idx").on(t.productId, t.status),
    index("product_reviews_status_created_at_idx").on(t.status, t.createdAt.desc()),
    check("product_reviews_rating_valid", sql`${t.rating} between 1 and 5`),
    check("product_reviews_status_valid", sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);
