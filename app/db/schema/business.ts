import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { BUSINESS_IVA_CONDITIONS, COMPANY_ROLES, COMPANY_STATUSES, PRICE_RULE_SCOPES } from "~/domain/business";
import { users } from "./auth";
import { categories, productVariants, products } from "./catalog";

// [25/25] Business buyers (ADR 0022): companies keyed by their CUIT, the users who buy for them,
// the customer group each approved company belongs to, and each group's price list (rules,
// quantity breaks, minimum quantities). No table here raises the content version: group prices
// never appear on a public (cached) page.

/** A customer group ("Revendedor", "Corporativo") and the percentage off of its price list. */
export const customerGroups = pgTable(
  "customer_groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull().unique(),
    /** Off every product the list has no more specific rule for (0: public prices). */
    defaultPercent: numeric("default_percent", { precision: 5, scale: 2, mode: "number" }).notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("customer_groups_name_length", sql`char_length(${t.name}) between 1 and 60`),
    check("customer_groups_default_percent_valid", sql`${t.defaultPercent} between 0 and 100`),
  ],
);

export const companies = pgTable(
  "companies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** 11 digits, check digit verified (~/domain/cuit). */
    cuit: text("cuit").notNull(),
    legalName: text("legal_name").notNull(),
    ivaCondition: text("iva_condition", { enum: BUSINESS_IVA_CONDITIONS }).notNull(),
    contactName: text("contact_name").notNull(),
    contactEmail: text("contact_email").notNull(),
    contactPhone: text("contact_phone").notNull(),
    status: text("status", { enum: COMPANY_STATUSES }).notNull().default("pending"),
    groupId: uuid("group_id").references(() => customerGroups.id, { onDelete: "restrict" }),
    /** Cuenta corriente: null means the company cannot buy on account. */
    creditLimit: numeric("credit_limit", { precision: 12, scale: 2 }),
    paymentTermsDays: integer("payment_terms_days").notNull().default(30),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: text("reviewed_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("companies_cuit_unique").on(t.cuit),
    index("companies_status_idx").on(t.status, t.createdAt.desc()),
    index("companies_group_idx").on(t.groupId),
    check("companies_cuit_digits", sql`${t.cuit} ~ '^[0-9]{11}$'`),
    check("companies_legal_name_length", sql`char_length(${t.legalName}) between 2 and 120`),
    check(
      "companies_iva_condition_valid",
      sql`${t.ivaCondition} in ('responsable_inscripto', 'monotributista', 'exento')`,
    ),
    check("companies_status_valid", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check("companies_approved_has_group", sql`${t.status} <> 'approved' or ${t.groupId} is not null`),
    check("companies_credit_limit_valid", sql`${t.creditLimit} is null or ${t.creditLimit} >= 0`),
    check("companies_payment_terms_valid", sql`${t.paymentTermsDays} between 0 and 180`),
  ],
);

/** The users who buy for a company; a user belongs to one company at most. */
export const companyMembers = pgTable(
  "company_members",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: COMPANY_ROLES }).notNull().default("buyer"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    uniqueIndex("company_members_user_unique").on(t.userId),
    check("company_members_role_valid", sql`${t.role} in ('buyer', 'approver')`),
  ],
);

// The group's price rules, quantity breaks and minimum quantities belong to a group and (but
// for a category rule) a product: they go when either goes.
const groupIdColumn = () =>
  uuid("group_id")
    .notNull()
    .references(() => customerGroups.id, { onDelete: "cascade" });
const productIdColumn = () =>
  uuid("product_id")
    .notNull()
    .references(() => products.id, { onDelete: "cascade" });

/**
 * An invitation to join a company sent to an e-mail with no account yet; its e-mailed link names
 * the row, and accepting it (signed in with that e-mail) makes a member and deletes the row.
 */
export const companyInvitations = pgTable(
  "company_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Lower case. */
    email: text("email").notNull(),
    role: text("role", { enum: COMPANY_ROLES }).notNull().default("buyer"),
    /** Who sent it: a staff member's or an approver's e-mail. */
    invitedBy: text("invited_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("company_invitations_company_email_unique").on(t.companyId, t.email),
    check("company_invitations_role_valid", sql`${t.role} in ('buyer', 'approver')`),
    check("company_invitations_email_lower", sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * One rule of a group's price list per target: a category (percent off), a product (percent off
 * or fixed unit price) or a variant (fixed unit price).
 */
export const priceListRules = pgTable(
  "price_list_rules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: groupIdColumn(),
    scope: text("scope", { enum: PRICE_RULE_SCOPES }).notNull(),
    categoryId: text("category_id").references(() => categories.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
    percentOff: numeric("percent_off", { precision: 5, scale: 2, mode: "number" }),
    fixedPrice: numeric("fixed_price", { precision: 12, scale: 2 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("price_list_rules_category_unique")
      .on(t.groupId, t.categoryId)
      .where(sql`${t.scope} = 'category'`),
    uniqueIndex("price_list_rules_product_unique")
      .on(t.groupId, t.productId)
      .where(sql`${t.scope} = 'product'`),
    uniqueIndex("price_list_rules_variant_unique")
      .on(t.groupId, t.variantId)
      .where(sql`${t.scope} = 'variant'`),
    check("price_list_rules_scope_valid", sql`${t.scope} in ('category', 'product', 'variant')`),
    check(
      "price_list_rules_target_valid",
      sql`(${t.scope} = 'category' and ${t.categoryId} is not null and ${t.productId} is null and ${t.variantId} is null)
        or (${t.scope} = 'product' and ${t.categoryId} is null and ${t.productId} is not null and ${t.variantId} is null)
        or (${t.scope} = 'variant' and ${t.categoryId} is null and ${t.productId} is not null and ${t.variantId} is not null)`,
    ),
    check(
      "price_list_rules_value_valid",
      sql`(${t.percentOff} is null) <> (${t.fixedPrice} is null)
        and (${t.percentOff} is null or ${t.percentOff} between 0 and 100)
        and (${t.fixedPrice} is null or ${t.fixedPrice} >= 0)
        and (${t.scope} <> 'category' or ${t.percentOff} is not null)
        and (${t.scope} <> 'variant' or ${t.fixedPrice} is not null)`,
    ),
  ],
);

/** "From N units, price X" (or X % off the regular price) for a group, a product and optionally one variant. */
export const quantityBreaks = pgTable(
  "quantity_breaks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: groupIdColumn(),
    productId: productIdColumn(),
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
    minQuantity: integer("min_quantity").notNull(),
    percentOff: numeric("percent_off", { precision: 5, scale: 2, mode: "number" }),
    fixedPrice: numeric("fixed_price", { precision: 12, scale: 2 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("quantity_breaks_unique").on(
      t.groupId,
      t.productId,
      sql`coalesce(${t.variantId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.minQuantity,
    ),
    check("quantity_breaks_min_valid", sql`${t.minQuantity} between 2 and 100000`),
    check(
      "quantity_breaks_value_valid",
      sql`(${t.percentOff} is null) <> (${t.fixedPrice} is null)
        and (${t.percentOff} is null or ${t.percentOff} between 0 and 100)
        and (${t.fixedPrice} is null or ${t.fixedPrice} >= 0)`,
    ),
  ],
);

/** Below this quantity of a product (all its variants together) the group's price does not apply. */
export const minQuantities = pgTable(
  "min_quantities",
  {
    groupId: groupIdColumn(),
    productId: productIdColumn(),
    minQuantity: integer("min_quantity").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.productId] }),
    check("min_quantities_min_valid", sql`${t.minQuantity} between 2 and 100000`),
  ],
);
