import { and, count, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { getDb } from "~/db/client.server";
import { categories, products } from "~/db/schema/catalog";
import { couponRedemptions, coupons } from "~/db/schema/coupons";
import {
  COUPON_NOT_FOUND,
  type CouponLine,
  type CouponRule,
  evaluateCoupon,
  normalizeCouponCode,
} from "~/domain/coupons";
import { withDescendants } from "~/domain/category-tree";
import { centsToDecimal } from "~/domain/order-totals";
import { variantPricing } from "~/domain/pricing";
import { couponEligibleLines } from "~/domain/price-lists";
import { hasVariants } from "~/domain/variants";
import { listVariants, variantOf, variantPriceOf } from "./variants.server";
import { isUuid } from "~/domain/uuid";
import type { CartLineInput } from "~/schemas/cart";
import { getSettings } from "./settings.server";
import { lineToPrice, memberLinePrices } from "./price-lists.server";

// Coupons at checkout: the preview the checkout shows (no lock) and the redemption inside the
// order transaction, where the coupon's row is locked (FOR UPDATE) so that its last use, or a
// customer's last use, goes to one order only. The rules are ~/domain/coupons.

type CouponRow = typeof coupons.$inferSelect;

/** The categories it names and all their descendants (read with `db`: inside the order's transaction). */
async function expandCategories(ids: readonly string[], db: DbOrTx): Promise<string[]> {
  if (ids.length === 0) return [];
  const all = await db.select({ id: categories.id, parentId: categories.parentId }).from(categories);
  return withDescendants(ids, all);
}

async function ruleOf(row: CouponRow, db: DbOrTx): Promise<CouponRule> {
  return {
    code: row.code,
    kind: row.kind,
    value: Number(row.value),
    minPurchase: row.minPurchase === null ? null : Number(row.minPurchase),
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    categoryIds: await expandCategories(row.categoryIds, db),
    productIds: row.productIds,
    combinable: row.combinable,
    active: row.active,
    uses: row.uses,
  };
}

async function usesByCustomer(couponId: string, email: string | null, db: DbOrTx): Promise<number> {
  if (!email) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.couponId, couponId),
        eq(couponRedemptions.email, email.toLowerCase()),
        isNull(couponRedemptions.releasedAt),
      ),
    );
  return row?.n ?? 0;
}

export type CouponInput = {
  code: string;
  lines: readonly CouponLine[];
  email: string | null;
  payment: { name: string; discountPercent: number };
};

export type CouponOutcome =
  { ok: true; couponId: string; code: string; discountCents: number } | { ok: false; reason: string };

async function evaluate(input: CouponInput, db: DbOrTx, lock: boolean): Promise<CouponOutcome> {
  const code = normalizeCouponCode(input.code);
  if (!code) return { ok: false, reason: COUPON_NOT_FOUND };
  const query = db.select().from(coupons).where(eq(coupons.code, code));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) return { ok: false, reason: COUPON_NOT_FOUND };
  if (row.maxUsesPerCustomer !== null && !input.email) {
    return {
      ok: false,
      reason: "Ingresá tu email para usar este cupón: se puede usar una cantidad de veces por cliente.",
    };
  }
  const result = evaluateCoupon(await ruleOf(row, db), {
    now: new Date(),
    lines: input.lines,
    usesByCustomer: await usesByCustomer(row.id, input.email, db),
    payment: input.payment,
  });
  return result.ok ? { ok: true, couponId: row.id, code: row.code, discountCents: result.discountCents } : result;
}

/** What the checkout shows for a coupon typed by the shopper (nothing is reserved). */
export function previewCoupon(input: CouponInput, db: DbOrTx = getDb()): Promise<CouponOutcome> {
  return evaluate(input, db, false);
}

/**
 * Inside the order transaction: locks the coupon and checks it again (the buyer waits for any
 * other order taking a use of it). Call redeemCoupon once the order exists.
 */
export function lockCoupon(input: CouponInput, tx: DbOrTx): Promise<CouponOutcome> {
  return evaluate(input, tx, true);
}

/** Counts the use (the row is locked by lockCoupon) and records it with the order and the buyer's e-mail. */
export async function redeemCoupon(
  tx: DbOrTx,
  redemption: { couponId: string; orderId: string; email: string | null; discountCents: number },
): Promise<void> {
  await tx
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(eq(coupons.id, redemption.couponId));
  await tx.insert(couponRedemptions).values({
    couponId: redemption.couponId,
    orderId: redemption.orderId,
    email: (redemption.email ?? "").toLowerCase(),
    discount: centsToDecimal(redemption.discountCents),
  });
}

/**
 * The order is cancelled: its coupon use goes back (the coupon's `uses` and the buyer's uses per
 * customer). The redemption stays, marked released, as the record of the discount the order had.
 */
export async function releaseCouponUse(tx: DbOrTx, orderId: string): Promise<void> {
  const released = await tx
    .update(couponRedemptions)
    .set({ releasedAt: sql`now()` })
    .where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.releasedAt)))
    .returning({ couponId: couponRedemptions.couponId });
  for (const { couponId } of released) {
    await tx
      .update(coupons)
      .set({ uses: sql`${coupons.uses} - 1` })
      .where(eq(coupons.id, couponId));
  }
}

/**
 * Staff reopen a cancelled order: it takes its coupon use again, if the coupon has one left
 * (locked, as at checkout). Returns why not, or takes it; `check` only looks.
 */
export async function retakeCouponUse(tx: DbOrTx, orderId: string, mode: "check" | "take"): Promise<string | null> {
  const [held] = await tx
    .select({ id: couponRedemptions.id, email: couponRedemptions.email, coupon: coupons })
    .from(couponRedemptions)
    .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
    .where(and(eq(couponRedemptions.orderId, orderId), isNotNull(couponRedemptions.releasedAt)))
    .for("update", { of: coupons });
  if (!held) return null;
  const { coupon } = held;
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) {
    return `El cupón ${coupon.code} ya no tiene usos disponibles: no se puede reactivar el pedido con su descuento.`;
  }
  if (
    coupon.maxUsesPerCustomer !== null &&
    (await usesByCustomer(coupon.id, held.email, tx)) >= coupon.maxUsesPerCustomer
  ) {
    return `El cliente ya usó el cupón ${coupon.code} las veces que permite: no se puede reactivar el pedido con su descuento.`;
  }
  if (mode === "take") {
    await tx.update(couponRedemptions).set({ releasedAt: null }).where(eq(couponRedemptions.id, held.id));
    await tx
      .update(coupons)
      .set({ uses: sql`${coupons.uses} + 1` })
      .where(eq(coupons.id, coupon.id));
  }
  return null;
}

/**
 * The checkout's preview: the cart's lines priced here (the browser's prices do not count) and
 * the chosen payment method's discount from the settings, then previewCoupon.
 */
export async function previewCouponForCart(input: {
  code: string;
  lines: CartLineInput[];
  paymentMethod: string;
  email: string | null;
  /** The session's user (a member's group-priced lines are no coupon's). */
  userId: string | null;
}): Promise<CouponOutcome> {
  const ids = [...new Set(input.lines.map((l) => l.productId))].filter(isUuid);
  const rows =
    ids.length === 0
      ? []
      : await getDb()
          .select({
            id: products.id,
            price: products.price,
            salePrice: products.salePrice,
            meta: products.meta,
            categoryId: products.categoryId,
          })
          .from(products)
          .where(and(inArray(products.id, ids), eq(products.status, "published")));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const variants = await listVariants(rows.filter((r) => hasVariants(r.meta.option_groups)).map((r) => r.id));
  const units = input.lines.flatMap((line) => {
    const product = byId.get(line.productId);
    if (!product) return [];
    const variant = variantOf(variants.get(product.id), line.selectedOptions);
    const pricing = variantPricing(
      { price: product.price, sale_price: product.salePrice, option_groups: product.meta.option_groups },
      line.selectedOptions,
      variantPriceOf(variant),
    );
    return [lineToPrice(product, variant, pricing, line.quantity)];
  });
  // A member's lines at the group's price are left out of the coupon (ADR 0022), as in the order.
  const { prices } = await memberLinePrices(input.userId, units);
  const lines = couponEligibleLines(
    units.map((u, i) => ({
      productId: u.productId,
      categoryId: u.categoryId,
      subtotalCents: prices[i]!.unitCents * u.quantity,
    })),
    prices,
  );
  const { payment_methods } = await getSettings(["payment_methods"]);
  const payment = payment_methods.find((m) => m.name === input.paymentMethod);
  return previewCoupon({
    code: input.code,
    lines,
    email: input.email,
    payment: { name: payment?.name ?? input.paymentMethod, discountPercent: payment?.discountPercent ?? 0 },
  });
}
