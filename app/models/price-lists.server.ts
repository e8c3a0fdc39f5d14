import { and, eq, inArray, or } from "drizzle-orm";
import { type DbOrTx, getDb, independently } from "~/db/client.server";
import {
  companies,
  companyMembers,
  customerGroups,
  minQuantities,
  priceListRules,
  quantityBreaks,
} from "~/db/schema/business";
import type { BusinessIvaCondition } from "~/domain/business";
import { categories, products } from "~/db/schema/catalog";
import { variantPricing } from "~/domain/pricing";
import { isUuid } from "~/domain/uuid";
import { withAncestors } from "~/domain/category-tree";
import { toCents } from "~/domain/money";
import {
  type CartUnit,
  type GroupPrice,
  type PriceList,
  type PriceRule,
  type PricedUnit,
  type QuantityBreak,
  type ShownGroupPrice,
  lowestShownGroupPrice,
  priceCartLines,
} from "~/domain/price-lists";
import { hasVariants } from "~/domain/variants";
import { listVariants, variantPriceOf } from "./variants.server";

// [25/25] The price list of the signed-in user's company (ADR 0022), read for the products at
// hand, for `groupUnitPrice` (app/domain/price-lists.ts). Only a member of an **approved**
// company has one: a guest, a customer of no company, a member of a pending or rejected company
// get null and pay public prices. Read from the database on every call (no cache), so a company
// rejected or a member removed a moment ago gets public prices at once.

export type MemberPricing = {
  companyId: string;
  /** What the company's invoice names (ADR 0022: an order of a company is invoiced to it). */
  company: { cuit: string; legalName: string; ivaCondition: BusinessIvaCondition };
  groupId: string;
  groupName: string;
  list: PriceList;
};

export async function memberPriceList(
  userId: string | null,
  productIds: readonly string[],
  db: DbOrTx = getDb(),
): Promise<MemberPricing | null> {
  if (!userId) return null;
  const [member] = await db
    .select({
      companyId: companies.id,
      cuit: companies.cuit,
      legalName: companies.legalName,
      ivaCondition: companies.ivaCondition,
      groupId: customerGroups.id,
      groupName: customerGroups.name,
      defaultPercent: customerGroups.defaultPercent,
    })
    .from(companyMembers)
    .innerJoin(companies, and(eq(companies.id, companyMembers.companyId), eq(companies.status, "approved")))
    .innerJoin(customerGroups, eq(customerGroups.id, companies.groupId))
    .where(eq(companyMembers.userId, userId));
  if (!member) return null;
  const ids = [...new Set(productIds)];
  const [ruleRows, breakRows, minimumRows] = await independently(
    db,
    () =>
      db
        .select()
        .from(priceListRules)
        .where(
          and(
            eq(priceListRules.groupId, member.groupId),
            or(eq(priceListRules.scope, "category"), ids.length ? inArray(priceListRules.productId, ids) : undefined),
          ),
        ),
    async () =>
      ids.length
        ? db
            .select()
            .from(quantityBreaks)
            .where(and(eq(quantityBreaks.groupId, member.groupId), inArray(quantityBreaks.productId, ids)))
        : [],
    async () =>
      ids.length
        ? db
            .select()
            .from(minQuantities)
            .where(and(eq(minQuantities.groupId, member.groupId), inArray(minQuantities.productId, ids)))
        : [],
  );
  const rules = ruleRows.flatMap((r): PriceRule[] => {
    if (r.scope === "category" && r.categoryId !== null && r.percentOff !== null) {
      return [{ scope: "category", categoryId: r.categoryId, percentOff: r.percentOff }];
    }
    if (r.scope === "product" && r.productId !== null) {
      if (r.fixedPrice !== null)
        return [{ scope: "product", productId: r.productId, fixedCents: toCents(r.fixedPrice) }];
      if (r.percentOff !== null) return [{ scope: "product", productId: r.productId, percentOff: r.percentOff }];
    }
    if (r.scope === "variant" && r.variantId !== null && r.fixedPrice !== null) {
      return [{ scope: "variant", variantId: r.variantId, fixedCents: toCents(r.fixedPrice) }];
    }
    return [];
  });
  const breaks = breakRows.flatMap((b): QuantityBreak[] => {
    const base = { productId: b.productId, variantId: b.variantId, minQuantity: b.minQuantity };
    if (b.fixedPrice !== null) return [{ ...base, fixedCents: toCents(b.fixedPrice) }];
    if (b.percentOff !== null) return [{ ...base, percentOff: b.percentOff }];
    return [];
  });
  return {
    companyId: member.companyId,
    company: { cuit: member.cuit, legalName: member.legalName, ivaCondition: member.ivaCondition },
    groupId: member.groupId,
    groupName: member.groupName,
    list: {
      defaultPercent: member.defaultPercent,
      rules,
      breaks,
      minimums: Object.fromEntries(minimumRows.map((m) => [m.productId, m.minQuantity])),
    },
  };
}

/** A line to price: its product, variant, category, public prices (`variantPricing`) and units. */
export type LineToPrice = Omit<CartUnit, "categoryPath"> & { categoryId: string | null };

/** A line to price from the list: its product, the variant picked, their public prices (pesos). */
export function lineToPrice(
  product: { id: string; categoryId: string | null },
  variant: { id: string } | null | undefined,
  pricing: { regular: number; paid: number },
  quantity: number,
): LineToPrice {
  return {
    productId: product.id,
    variantId: variant?.id ?? null,
    categoryId: product.categoryId,
    regularCents: toCents(pricing.regular),
    paidCents: toCents(pricing.paid),
    quantity,
  };
}

export type PricedLines = {
  /** The session user's approved company and group, or null (a guest, a consumer, a pending company). */
  member: MemberPricing | null;
  /** One per line: the unit price the buyer pays and where it came from. */
  prices: GroupPrice[];
};

/**
 * The unit price of each line for this user (ADR 0022): a member of an approved company gets
 * the group's list (breaks and minimums counted over the lines given), everyone else the public
 * price. The cart check and the order transaction both ask this; the user id is the session's,
 * never a posted one, and the membership is read from the database each time.
 */
export async function memberLinePrices(
  userId: string | null,
  lines: readonly LineToPrice[],
  db: DbOrTx = getDb(),
): Promise<PricedLines> {
  const member = await memberPriceList(
    userId,
    lines.map((l) => l.productId),
    db,
  );
  if (!member) {
    return { member: null, prices: lines.map((l) => ({ unitCents: l.paidCents, source: "public", minimum: null })) };
  }
  const tree = await db.select({ id: categories.id, parentId: categories.parentId }).from(categories);
  const units = lines.map(({ categoryId, ...l }) => ({ ...l, categoryPath: withAncestors(categoryId, tree) }));
  return { member, prices: priceCartLines(member.list, units) };
}

/**
 * GET /api/group-prices: the member's prices of the published products asked, for their cards:
 * one unit of the product (of a product sold with options, the variant the member pays least for,
 * among those in stock, else all, as the public "Desde"; `lowestShownGroupPrice`), its minimum
 * and its quantity breaks, only those that differ from the public price. Anyone who is not a
 * member of an approved company gets an empty answer.
 */
export async function groupPricesFor(
  userId: string | null,
  productIds: readonly string[],
  db: DbOrTx = getDb(),
): Promise<Record<string, ShownGroupPrice>> {
  const ids = [...new Set(productIds.filter(isUuid))];
  if (!userId || ids.length === 0) return {};
  const member = await memberPriceList(userId, ids, db);
  if (!member) return {};
  const [rows, tree] = await Promise.all([
    db
      .select({
        id: products.id,
        price: products.price,
        salePrice: products.salePrice,
        categoryId: products.categoryId,
        meta: products.meta,
      })
      .from(products)
      .where(and(inArray(products.id, ids), eq(products.status, "published"))),
    db.select({ id: categories.id, parentId: categories.parentId }).from(categories),
  ]);
  const variants = await listVariants(
    rows.filter((r) => hasVariants(r.meta.option_groups)).map((r) => r.id),
    db,
  );
  const answer: Record<string, ShownGroupPrice> = {};
  for (const row of rows) {
    const product = { price: row.price, sale_price: row.salePrice, option_groups: row.meta.option_groups };
    const all = variants.get(row.id) ?? [];
    const inStock = all.filter((v) => v.stock > 0);
    const sold = hasVariants(row.meta.option_groups) ? (inStock.length > 0 ? inStock : all) : [null];
    const categoryPath = withAncestors(row.categoryId, tree);
    const units = sold.flatMap((variant): PricedUnit[] => {
      const pricing = variantPricing(product, variant?.options ?? [], variantPriceOf(variant ?? undefined));
      if (!(pricing.paid > 0)) return [];
      return [
        {
          productId: row.id,
          variantId: variant?.id ?? null,
          categoryPath,
          regularCents: toCents(pricing.regular),
          paidCents: toCents(pricing.paid),
        },
      ];
    });
    const shown = lowestShownGroupPrice(member.list, units);
    if (shown) answer[row.id] = shown;
  }
  return answer;
}

/** A product sold with options: the member's list for it and its category path (ADR 0022). */
export type ProductGroupList = { list: PriceList; categoryPath: string[] };

/**
 * GET /api/group-prices?list=<id>: for the page of a product sold with options, the member's price
 * list restricted to that product (its own rules, its variants', the categories on its path, the
 * group's default, its breaks and minimum) and its category path, so the page prices each
 * combination the shopper picks with the same `shownGroupPrice` the cards' answer comes from.
 * It is the member's own list: nothing in it is anyone else's. Null for anyone who is not a
 * member of an approved company, and for a product not published.
 */
export async function groupListFor(
  userId: string | null,
  productId: string,
  db: DbOrTx = getDb(),
): Promise<ProductGroupList | null> {
  if (!userId || !isUuid(productId)) return null;
  const member = await memberPriceList(userId, [productId], db);
  if (!member) return null;
  const [[row], tree] = await Promise.all([
    db
      .select({ categoryId: products.categoryId })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.status, "published"))),
    db.select({ id: categories.id, parentId: categories.parentId }).from(categories),
  ]);
  if (!row) return null;
  const categoryPath = withAncestors(row.categoryId, tree);
  const rules = member.list.rules.filter((r) => r.scope !== "category" || categoryPath.includes(r.categoryId));
  return { list: { ...member.list, rules }, categoryPath };
}
