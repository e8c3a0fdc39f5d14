import { and, eq, inArray, or } from "drizzle-orm";
import { type DbOrTx, getDb } from "~/db/client.server";
import {
  companies,
  companyMembers,
  customerGroups,
  minQuantities,
  priceListRules,
  quantityBreaks,
} from "~/db/schema/business";
import { toCents } from "~/domain/money";
import type { PriceList, PriceRule, QuantityBreak } from "~/domain/price-lists";

// [25/25] The price list of the signed-in user's company (ADR 0022), read for the products at
// hand, for `groupUnitPrice` (app/domain/price-lists.ts). Only a member of an **approved**
// company has one: a guest, a customer of no company, a member of a pending or rejected company
// get null and pay public prices. Read from the database on every call (no cache), so a company
// rejected or a member removed a moment ago gets public prices at once.

export type MemberPricing = { companyId: string; groupId: string; groupName: string; list: PriceList };

export async function memberPriceList(
  userId: string | null,
  productIds: readonly string[],
  db: DbOrTx = getDb(),
): Promise<MemberPricing | null> {
  if (!userId) return null;
  const [member] = await db
    .select({
      companyId: companies.id,
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
  const [ruleRows, breakRows, minimumRows] = await Promise.all([
    db
      .select()
      .from(priceListRules)
      .where(
        and(
          eq(priceListRules.groupId, member.groupId),
          or(eq(priceListRules.scope, "category"), ids.length ? inArray(priceListRules.productId, ids) : undefined),
        ),
      ),
    ids.length
      ? db
          .select()
          .from(quantityBreaks)
          .where(and(eq(quantityBreaks.groupId, member.groupId), inArray(quantityBreaks.productId, ids)))
      : [],
    ids.length
      ? db
          .select()
          .from(minQuantities)
          .where(and(eq(minQuantities.groupId, member.groupId), inArray(minQuantities.productId, ids)))
      : [],
  ]);
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
