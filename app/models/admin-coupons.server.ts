import { desc, eq, inArray, sql } from "drizzle-orm";
import { type Database, getDb } from "~/db/client.server";
import { products } from "~/db/schema/catalog";
import { coupons } from "~/db/schema/coupons";
import { couponValueLabel } from "~/domain/coupons";
import { formatShortDateTime, toStoreLocalInput } from "~/domain/dates";
import type { CouponForm } from "~/schemas/coupon";
import { isUuid } from "~/domain/uuid";
import { type AuditActor, recordChange } from "./audit.server";

// Admin > Cupones: the list with each coupon's uses so far, and creating, editing and turning
// coupons on and off, each change in the audit log with who made it.

export type AdminCoupon = {
  id: string;
  code: string;
  kind: "percent" | "fixed";
  value: number;
  valueLabel: string;
  minPurchase: number | null;
  /** "2026-11-24T10:00" in the store's time zone (what the form's inputs take). */
  startsAtInput: string;
  endsAtInput: string;
  startsAtLabel: string | null;
  endsAtLabel: string | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  uses: number;
  categoryIds: string[];
  productSkus: string[];
  combinable: boolean;
  active: boolean;
  /** "Activo", "Programado", "Vencido", "Agotado" or "Inactivo". */
  state: string;
};

/** The instant as a datetime-local value in the store's time zone. */
function toInput(date: Date | null): string {
  return date ? toStoreLocalInput(date) : "";
}

function stateOf(row: typeof coupons.$inferSelect, now: Date): string {
  if (!row.active) return "Inactivo";
  if (row.endsAt && now > row.endsAt) return "Vencido";
  if (row.maxUses !== null && row.uses >= row.maxUses) return "Agotado";
  if (row.startsAt && now < row.startsAt) return "Programado";
  return "Activo";
}

export async function listCoupons(db: Database = getDb()): Promise<AdminCoupon[]> {
  const rows = await db.select().from(coupons).orderBy(desc(coupons.createdAt));
  const productIds = [...new Set(rows.flatMap((r) => r.productIds))];
  const skus = productIds.length
    ? await db.select({ id: products.id, sku: products.sku }).from(products).where(inArray(products.id, productIds))
    : [];
  const skuOf = new Map(skus.map((p) => [p.id, p.sku ?? p.id]));
  const now = new Date();
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: Number(row.value),
    valueLabel: couponValueLabel({ kind: row.kind, value: Number(row.value) }),
    minPurchase: row.minPurchase === null ? null : Number(row.minPurchase),
    startsAtInput: toInput(row.startsAt),
    endsAtInput: toInput(row.endsAt),
    startsAtLabel: row.startsAt ? formatShortDateTime(row.startsAt) : null,
    endsAtLabel: row.endsAt ? formatShortDateTime(row.endsAt) : null,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    uses: row.uses,
    categoryIds: row.categoryIds,
    productSkus: row.productIds.map((id) => skuOf.get(id) ?? id),
    combinable: row.combinable,
    active: row.active,
    state: stateOf(row, now),
  }));
}

export type SaveCouponResult = { ok: true; id: string } | { ok: false; errors: Record<string, string> };

const AUDITED = [
  "code",
  "kind",
  "value",
  "minPurchase",
  "startsAt",
  "endsAt",
  "maxUses",
  "maxUsesPerCustomer",
  "categoryIds",
  "productIds",
  "combinable",
  "active",
] as const;

function audited(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    AUDITED.map((key) => {
      const value = values[key];
      return [key, value instanceof Date ? value.toISOString() : (value ?? null)];
    }),
  );
}

/** Creates (id null) or updates a coupon. Unknown SKUs or a code in use are refused with their field. */
export async function saveCoupon(
  actor: AuditActor,
  id: string | null,
  form: Omit<CouponForm, "id">,
  db: Database = getDb(),
): Promise<SaveCouponResult> {
  if (id !== null && !isUuid(id)) return { ok: false, errors: { form: "No encontramos el cupón." } };
  const found = form.productSkus.length
    ? await db
        .select({ id: products.id, sku: products.sku })
        .from(products)
        .where(inArray(products.sku, form.productSkus))
    : [];
  const missing = form.productSkus.filter((sku) => !found.some((p) => p.sku === sku));
  if (missing.length) return { ok: false, errors: { productSkus: `No encontramos estos SKU: ${missing.join(", ")}.` } };
  const values = {
    code: form.code,
    kind: form.kind,
    value: form.value.toFixed(2),
    minPurchase: form.minPurchase === null ? null : form.minPurchase.toFixed(2),
    startsAt: form.startsAt,
    endsAt: form.endsAt,
    maxUses: form.maxUses,
    maxUsesPerCustomer: form.maxUsesPerCustomer,
    categoryIds: form.categoryIds,
    productIds: found.map((p) => p.id),
    combinable: form.combinable,
    active: form.active,
  };
  const [taken] = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, form.code));
  if (taken && taken.id !== id) return { ok: false, errors: { code: "Ya hay un cupón con ese código." } };
  return db.transaction(async (tx): Promise<SaveCouponResult> => {
    if (id === null) {
      const [row] = await tx.insert(coupons).values(values).returning();
      await recordChange(
        tx,
        actor,
        { action: "coupon.create", entityType: "coupon", entityId: row!.id, entityLabel: row!.code },
        null,
        audited(values),
        AUDITED,
      );
      return { ok: true, id: row!.id };
    }
    const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
    if (!before) return { ok: false, errors: { form: "No encontramos el cupón." } };
    if (form.maxUses !== null && form.maxUses < before.uses) {
      return { ok: false, errors: { maxUses: `Ya se usó ${before.uses} veces: el total no puede ser menor.` } };
    }
    await tx
      .update(coupons)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(coupons.id, id));
    await recordChange(
      tx,
      actor,
      { action: "coupon.update", entityType: "coupon", entityId: id, entityLabel: form.code },
      audited(before),
      audited(values),
      AUDITED,
    );
    return { ok: true, id };
  });
}

/** Turns a coupon on or off (audited). False when there is no such coupon. */
export async function setCouponActive(
  actor: AuditActor,
  id: unknown,
  active: boolean,
  db: Database = getDb(),
): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
    if (!before) return false;
    await tx
      .update(coupons)
      .set({ active, updatedAt: sql`now()` })
      .where(eq(coupons.id, id));
    await recordChange(
      tx,
      actor,
      { action: "coupon.update", entityType: "coupon", entityId: id, entityLabel: before.code },
      { active: before.active },
      { active },
      ["active"],
    );
    return true;
  });
}
