import { and, asc, eq } from "drizzle-orm";
import { type Database, type DbOrTx, getDb } from "~/db/client.server";
import { pgErrorOf } from "~/db/pg-error.server";
import { minQuantities, customerGroups, priceListRules, quantityBreaks } from "~/db/schema/business";
import { categories, productVariants, products } from "~/db/schema/catalog";
import { formatARS, formatPercent } from "~/domain/money";
import { isUuid } from "~/domain/uuid";
import type { PriceRuleForm, QuantityBreakForm } from "~/schemas/business";
import { type AuditActor, recordAudit } from "./audit.server";

// [25/25] Admin > Empresas > a group's price list (ADR 0022): its general discount, its rules (a
// category's percentage, a product's percentage or fixed price, a variant's fixed price), its
// quantity breaks and minimum quantities. Products and variants are named by SKU. Each change is
// one audit entry on the group.

export type PriceListRow = { id: string; target: string; value: string };
export type AdminPriceList = {
  group: { id: string; name: string; defaultPercent: number };
  rules: PriceListRow[];
  breaks: PriceListRow[];
  minimums: PriceListRow[];
};

const valueLabel = (percentOff: number | null, fixedPrice: string | null) =>
  percentOff !== null ? `${formatPercent(percentOff)} menos` : `${formatARS(fixedPrice)} c/u`;

export async function getAdminPriceList(groupId: string, db: DbOrTx = getDb()): Promise<AdminPriceList | null> {
  if (!isUuid(groupId)) return null;
  const [group] = await db
    .select({ id: customerGroups.id, name: customerGroups.name, defaultPercent: customerGroups.defaultPercent })
    .from(customerGroups)
    .where(eq(customerGroups.id, groupId));
  if (!group) return null;
  const [rules, breaks, minimums] = await Promise.all([
    db
      .select({
        id: priceListRules.id,
        scope: priceListRules.scope,
        category: categories.name,
        product: products.name,
        productSku: products.sku,
        variantSku: productVariants.sku,
        percentOff: priceListRules.percentOff,
        fixedPrice: priceListRules.fixedPrice,
      })
      .from(priceListRules)
      .leftJoin(categories, eq(categories.id, priceListRules.categoryId))
      .leftJoin(products, eq(products.id, priceListRules.productId))
      .leftJoin(productVariants, eq(productVariants.id, priceListRules.variantId))
      .where(eq(priceListRules.groupId, groupId))
      .orderBy(asc(priceListRules.scope), asc(priceListRules.createdAt)),
    db
      .select({
        id: quantityBreaks.id,
        product: products.name,
        productSku: products.sku,
        variantSku: productVariants.sku,
        minQuantity: quantityBreaks.minQuantity,
        percentOff: quantityBreaks.percentOff,
        fixedPrice: quantityBreaks.fixedPrice,
      })
      .from(quantityBreaks)
      .innerJoin(products, eq(products.id, quantityBreaks.productId))
      .leftJoin(productVariants, eq(productVariants.id, quantityBreaks.variantId))
      .where(eq(quantityBreaks.groupId, groupId))
      .orderBy(asc(products.name), asc(quantityBreaks.minQuantity)),
    db
      .select({
        productId: minQuantities.productId,
        product: products.name,
        sku: products.sku,
        minQuantity: minQuantities.minQuantity,
      })
      .from(minQuantities)
      .innerJoin(products, eq(products.id, minQuantities.productId))
      .where(eq(minQuantities.groupId, groupId))
      .orderBy(asc(products.name)),
  ]);
  const productLabel = (name: string | null, sku: string | null, variantSku: string | null) =>
    `${name ?? ""} (${variantSku ? `variante ${variantSku}` : (sku ?? "sin SKU")})`;
  return {
    group,
    rules: rules.map((r) => ({
      id: r.id,
      target:
        r.scope === "category" ? `Categoría ${r.category ?? ""}` : productLabel(r.product, r.productSku, r.variantSku),
      value: valueLabel(r.percentOff, r.fixedPrice),
    })),
    breaks: breaks.map((b) => ({
      id: b.id,
      target: `${productLabel(b.product, b.productSku, b.variantSku)} desde ${b.minQuantity} unidades`,
      value: valueLabel(b.percentOff, b.fixedPrice),
    })),
    minimums: minimums.map((m) => ({
      id: m.productId,
      target: productLabel(m.product, m.sku, null),
      value: `${m.minQuantity} unidades`,
    })),
  };
}

export type PriceListResult = { ok: true } | { ok: false; errors: Record<string, string> };

/** A SKU names a product, or a variant of one. */
async function findSku(db: DbOrTx, sku: string): Promise<{ productId: string; variantId: string | null } | null> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.sku, sku));
  if (product) return { productId: product.id, variantId: null };
  const [variant] = await db
    .select({ id: productVariants.id, productId: productVariants.productId })
    .from(productVariants)
    .where(eq(productVariants.sku, sku));
  return variant ? { productId: variant.productId, variantId: variant.id } : null;
}

const NO_SKU = { sku: "No hay un producto ni una variante con ese SKU." };

/** Runs a change of the group's list with its audit entry; a rule that exists already is refused. */
async function change(
  actor: AuditActor,
  groupId: string,
  description: Record<string, unknown>,
  write: (tx: DbOrTx) => Promise<PriceListResult>,
  db: Database,
): Promise<PriceListResult> {
  if (!isUuid(groupId)) return { ok: false, errors: { form: "No encontramos el grupo." } };
  try {
    return await db.transaction(async (tx): Promise<PriceListResult> => {
      const [group] = await tx
        .select({ name: customerGroups.name })
        .from(customerGroups)
        .where(eq(customerGroups.id, groupId));
      if (!group) return { ok: false, errors: { form: "No encontramos el grupo." } };
      const result = await write(tx);
      if (result.ok) {
        await recordAudit(tx, actor, {
          action: "company.price_list",
          entityType: "company",
          entityId: groupId,
          entityLabel: `Grupo ${group.name}`,
          before: null,
          after: description,
        });
      }
      return result;
    });
  } catch (error) {
    if (pgErrorOf(error)?.code === "23505") {
      return {
        ok: false,
        errors: { form: "Ya hay una regla para eso en esta lista: quitala primero para cambiarla." },
      };
    }
    throw error;
  }
}

const values = (input: { kind: "percent" | "fixed"; value: number | null }) =>
  input.kind === "percent"
    ? { percentOff: input.value, fixedPrice: null }
    : { percentOff: null, fixedPrice: (input.value ?? 0).toFixed(2) };

export function setGroupDefault(actor: AuditActor, groupId: string, defaultPercent: number, db: Database = getDb()) {
  return change(
    actor,
    groupId,
    { defaultPercent },
    async (tx): Promise<PriceListResult> => {
      await tx.update(customerGroups).set({ defaultPercent }).where(eq(customerGroups.id, groupId));
      return { ok: true };
    },
    db,
  );
}

export function addPriceRule(actor: AuditActor, groupId: string, input: PriceRuleForm, db: Database = getDb()) {
  return change(
    actor,
    groupId,
    { rule: input },
    async (tx): Promise<PriceListResult> => {
      if (input.scope === "category") {
        const [category] = await tx
          .select({ id: categories.id })
          .from(categories)
          .where(eq(categories.id, input.categoryId!));
        if (!category) return { ok: false, errors: { categoryId: "Esa categoría ya no existe." } };
        await tx
          .insert(priceListRules)
          .values({ groupId, scope: "category", categoryId: category.id, ...values(input) });
        return { ok: true };
      }
      const target = await findSku(tx, input.sku!);
      if (!target) return { ok: false, errors: NO_SKU };
      if (target.variantId !== null && input.kind === "percent") {
        return {
          ok: false,
          errors: { kind: "Una variante lleva un precio fijo; para un porcentaje usá el SKU del producto." },
        };
      }
      await tx.insert(priceListRules).values({
        groupId,
        scope: target.variantId ? "variant" : "product",
        productId: target.productId,
        variantId: target.variantId,
        ...values(input),
      });
      return { ok: true };
    },
    db,
  );
}

export function addQuantityBreak(actor: AuditActor, groupId: string, input: QuantityBreakForm, db: Database = getDb()) {
  return change(
    actor,
    groupId,
    { break: input },
    async (tx): Promise<PriceListResult> => {
      const target = await findSku(tx, input.sku);
      if (!target) return { ok: false, errors: NO_SKU };
      await tx.insert(quantityBreaks).values({ groupId, ...target, minQuantity: input.minQuantity, ...values(input) });
      return { ok: true };
    },
    db,
  );
}

export function setMinimum(
  actor: AuditActor,
  groupId: string,
  input: { sku: string; minQuantity: number },
  db: Database = getDb(),
) {
  return change(
    actor,
    groupId,
    { minimum: input },
    async (tx): Promise<PriceListResult> => {
      const target = await findSku(tx, input.sku);
      if (!target || target.variantId !== null) {
        return {
          ok: false,
          errors: { sku: "Ingresá el SKU del producto: el mínimo cuenta todas sus variantes juntas." },
        };
      }
      await tx
        .insert(minQuantities)
        .values({ groupId, productId: target.productId, minQuantity: input.minQuantity })
        .onConflictDoUpdate({
          target: [minQuantities.groupId, minQuantities.productId],
          set: { minQuantity: input.minQuantity },
        });
      return { ok: true };
    },
    db,
  );
}

export type PriceListRowKind = "rule" | "break" | "minimum";

/** Takes one row out of the group's list; false when it was not there. */
export function removePriceListRow(
  actor: AuditActor,
  groupId: string,
  kind: PriceListRowKind,
  rowId: string,
  db: Database = getDb(),
) {
  return change(
    actor,
    groupId,
    { removed: kind, rowId },
    async (tx): Promise<PriceListResult> => {
      if (!isUuid(rowId)) return { ok: false, errors: { form: "Esa fila ya no está en la lista." } };
      const removed =
        kind === "rule"
          ? await tx
              .delete(priceListRules)
              .where(and(eq(priceListRules.groupId, groupId), eq(priceListRules.id, rowId)))
              .returning({ id: priceListRules.id })
          : kind === "break"
            ? await tx
                .delete(quantityBreaks)
                .where(and(eq(quantityBreaks.groupId, groupId), eq(quantityBreaks.id, rowId)))
                .returning({ id: quantityBreaks.id })
            : await tx
                .delete(minQuantities)
                .where(and(eq(minQuantities.groupId, groupId), eq(minQuantities.productId, rowId)))
                .returning({ id: minQuantities.productId });
      return removed.length ? { ok: true } : { ok: false, errors: { form: "Esa fila ya no está en la lista." } };
    },
    db,
  );
}
