import { formatDateTime } from "./dates";
import { formatARS, fromCents, toCents } from "./money";
import { discountOf } from "./order-totals";

// Discount coupons: whether a coupon applies to a cart, and how much it takes off. Pure: the
// checkout's preview and the order transaction ask the same function, so the shopper is told
// exactly what the server will do, with the reason in Spanish when it does not apply.

export const COUPON_KINDS = ["percent", "fixed"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

export type CouponRule = {
  code: string;
  kind: CouponKind;
  /** Percent (0-100] or pesos. */
  value: number;
  minPurchase: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  /** The categories it is restricted to, descendants included (empty: no category restriction). */
  categoryIds: readonly string[];
  productIds: readonly string[];
  combinable: boolean;
  active: boolean;
  uses: number;
};

export type CouponLine = { productId: string; categoryId: string | null; subtotalCents: number };

export type CouponContext = {
  now: Date;
  lines: readonly CouponLine[];
  /** Orders already placed with this coupon by the buyer's e-mail. */
  usesByCustomer: number;
  /** The chosen payment method's discount ("transferencia", 10). */
  payment: { name: string; discountPercent: number };
};

export type CouponResult = { ok: true; discountCents: number } | { ok: false; reason: string };

export const COUPON_NOT_FOUND = "Este cupón no existe o ya no está activo.";

/** What people type: spaces dropped, upper-case ("hotsale 10" -> "HOTSALE10"). */
export function normalizeCouponCode(text: string): string {
  return text.replace(/\s+/g, "").toUpperCase().slice(0, 40);
}

/** The lines the coupon applies to: all, or those of its products and categories. */
function eligibleCents(coupon: CouponRule, lines: readonly CouponLine[]): number {
  const restricted = coupon.categoryIds.length > 0 || coupon.productIds.length > 0;
  return lines
    .filter(
      (l) =>
        !restricted ||
        coupon.productIds.includes(l.productId) ||
        (l.categoryId !== null && coupon.categoryIds.includes(l.categoryId)),
    )
    .reduce((sum, l) => sum + l.subtotalCents, 0);
}

export function evaluateCoupon(coupon: CouponRule, ctx: CouponContext): CouponResult {
  const fail = (reason: string): CouponResult => ({ ok: false, reason });
  if (!coupon.active) return fail(COUPON_NOT_FOUND);
  if (coupon.startsAt && ctx.now < coupon.startsAt) {
    return fail(`Este cupón todavía no está vigente (empieza el ${formatDateTime(coupon.startsAt)}).`);
  }
  if (coupon.endsAt && ctx.now > coupon.endsAt) return fail("Este cupón está vencido.");
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) return fail("Este cupón está agotado.");
  if (coupon.maxUsesPerCustomer !== null && ctx.usesByCustomer >= coupon.maxUsesPerCustomer) {
    return fail(
      coupon.maxUsesPerCustomer === 1
        ? "Ya usaste este cupón: se puede usar una vez por cliente."
        : `Ya usaste este cupón las ${coupon.maxUsesPerCustomer} veces que permite por cliente.`,
    );
  }
  const subtotal = ctx.lines.reduce((sum, l) => sum + l.subtotalCents, 0);
  const eligible = eligibleCents(coupon, ctx.lines);
  if (eligible === 0) return fail("Este cupón no aplica a estos productos.");
  if (coupon.minPurchase !== null && subtotal < toCents(coupon.minPurchase)) {
    return fail(`Este cupón requiere una compra mínima de ${formatARS(coupon.minPurchase)}.`);
  }
  if (!coupon.combinable && ctx.payment.discountPercent > 0) {
    return fail(
      `Este cupón no se combina con el descuento por pago con ${ctx.payment.name}. Elegí otro medio de pago para usarlo.`,
    );
  }
  const discountCents =
    coupon.kind === "percent" ? discountOf(eligible, coupon.value) : Math.min(toCents(coupon.value), eligible);
  return { ok: true, discountCents };
}

/** "10 % de descuento" / "$ 5.000 de descuento": how a coupon is described to people. */
export function couponValueLabel(coupon: Pick<CouponRule, "kind" | "value">): string {
  return coupon.kind === "percent"
    ? `${String(coupon.value).replace(".", ",")} % de descuento`
    : `${formatARS(fromCents(toCents(coupon.value)))} de descuento`;
}
