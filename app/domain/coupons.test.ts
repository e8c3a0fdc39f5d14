import { describe, expect, it } from "vitest";
import { formatARS } from "./money";
import { type CouponContext, type CouponRule, evaluateCoupon, normalizeCouponCode } from "./coupons";

const NOW = new Date("2026-11-24T15:00:00Z");

const COUPON: CouponRule = {
  code: "HOTSALE",
  kind: "percent",
  value: 10,
  minPurchase: null,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  categoryIds: [],
  productIds: [],
  combinable: false,
  active: true,
  uses: 0,
};

const CTX: CouponContext = {
  now: NOW,
  lines: [
    { productId: "nb", categoryId: "notebooks", subtotalCents: 100_000_00 },
    { productId: "mouse", categoryId: "accesorios", subtotalCents: 1_999_99 },
  ],
  usesByCustomer: 0,
  payment: { name: "Efectivo al retirar", discountPercent: 0 },
};

const check = (coupon: Partial<CouponRule>, ctx: Partial<CouponContext> = {}) =>
  evaluateCoupon({ ...COUPON, ...coupon }, { ...CTX, ...ctx });

describe("coupon codes", () => {
  it("are read without spaces and in any case", () => {
    expect(normalizeCouponCode(" hot sale ")).toBe("HOTSALE");
  });
});

describe("evaluateCoupon", () => {
  it("takes a percentage off the whole cart, rounded to the cent", () => {
    // 10 % of 101.999,99 = 10.199,999 -> 10.200,00
    expect(check({})).toEqual({ ok: true, discountCents: 10_200_00 });
    expect(check({ value: 12.5 })).toEqual({ ok: true, discountCents: 12_750_00 });
  });

  it("takes a fixed amount, never more than what it applies to", () => {
    expect(check({ kind: "fixed", value: 5_000 })).toEqual({ ok: true, discountCents: 5_000_00 });
    expect(check({ kind: "fixed", value: 5_000, productIds: ["mouse"] })).toEqual({
      ok: true,
      discountCents: 1_999_99,
    });
  });

  it("applies only to its products and categories (with their descendants, given expanded)", () => {
    expect(check({ categoryIds: ["notebooks"] })).toEqual({ ok: true, discountCents: 10_000_00 });
    expect(check({ productIds: ["mouse"], categoryIds: ["notebooks"] })).toEqual({
      ok: true,
      discountCents: 10_200_00,
    });
    expect(check({ categoryIds: ["monitores"] })).toEqual({
      ok: false,
      reason: "Este cupón no aplica a estos productos.",
    });
  });

  it("is valid from its start to its end", () => {
    expect(check({ startsAt: new Date("2026-11-25T03:00:00Z") })).toEqual({
      ok: false,
      reason: "Este cupón todavía no está vigente (empieza el 25 de noviembre de 2026 a las 12:00 a. m.).",
    });
    expect(check({ endsAt: new Date("2026-11-24T14:59:59Z") })).toEqual({
      ok: false,
      reason: "Este cupón está vencido.",
    });
    expect(check({ startsAt: NOW, endsAt: NOW }).ok).toBe(true);
  });

  it("asks for its minimum purchase on the products' subtotal", () => {
    expect(check({ minPurchase: 150_000 })).toEqual({
      ok: false,
      reason: `Este cupón requiere una compra mínima de ${formatARS(150_000)}.`,
    });
    expect(check({ minPurchase: 101_999.99 }).ok).toBe(true);
  });

  it("runs out after its uses, in total and per customer", () => {
    expect(check({ maxUses: 5, uses: 5 })).toEqual({ ok: false, reason: "Este cupón está agotado." });
    expect(check({ maxUses: 5, uses: 4 }).ok).toBe(true);
    expect(check({ maxUsesPerCustomer: 1 }, { usesByCustomer: 1 })).toEqual({
      ok: false,
      reason: "Ya usaste este cupón: se puede usar una vez por cliente.",
    });
    expect(check({ maxUsesPerCustomer: 2 }, { usesByCustomer: 1 }).ok).toBe(true);
  });

  it("does not add to the transfer discount unless it is combinable", () => {
    const transfer = { payment: { name: "transferencia", discountPercent: 10 } };
    expect(check({}, transfer)).toEqual({
      ok: false,
      reason:
        "Este cupón no se combina con el descuento por pago con transferencia. Elegí otro medio de pago para usarlo.",
    });
    expect(check({ combinable: true }, transfer).ok).toBe(true);
  });

  it("an inactive coupon is as good as a missing one", () => {
    expect(check({ active: false })).toEqual({ ok: false, reason: "Este cupón no existe o ya no está activo." });
  });
});
