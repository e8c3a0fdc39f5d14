import { sql } from "drizzle-orm";
import { boolean, check, index, integer, numeric, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { COUPON_KINDS } from "~/domain/coupons";
import { orders } from "./orders";

// Discount coupons (cupones de descuento): a code staff create in Admin > Cupones, checked and
// redeemed by the server inside the order transaction. `uses` counts redemptions; the row is
// locked while an order takes a use, so the last use cannot be taken twice.
export const coupons = pgTable(
  "coupons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored upper-case; typed in any case. */
    code: text("code").notNull().unique(),
    kind: text("kind", { enum: COUPON_KINDS }).notNull(),
    /** Percent (0-100) or pesos, by kind. */
    value: numeric("value", { precision: 12, scale: 2 }).notNull(),
    minPurchase: numeric("min_purchase", { precision: 12, scale: 2 }),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    maxUses: integer("max_uses"),
    maxUsesPerCustomer: integer("max_uses_per_customer"),
    /** Only these categories (with their descendants) and products; both empty: the whole store. */
    categoryIds: text("category_ids")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    productIds: uuid("product_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Whether it adds to a payment method's discount (the transfer discount). */
    combinable: boolean("combinable").notNull().default(false),
    active: boolean("active").notNull().default(true),
    uses: integer("uses").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("coupons_kind_valid", sql`${t.kind} in ('percent', 'fixed')`),
    check("coupons_value_valid", sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    check("coupons_uses_valid", sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`),
  ],
);

/** One use of a coupon: the order and the e-mail it was placed with (uses per customer); released while the order is cancelled. */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    couponId: uuid("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    discount: numeric("discount", { precision: 12, scale: 2 }).notNull(),
    /** Set when the order is cancelled: the use is given back (taken again if staff reopen it). */
    releasedAt: timestamp("released_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("coupon_redemptions_order_unique").on(t.orderId),
    index("coupon_redemptions_coupon_email_idx").on(t.couponId, t.email),
  ],
);
