// The amounts of an order (spec: total = subtotal + shipping cost; here minus the discount of the
// payment method, e.g. a transfer discount, which applies to the products and not to shipping),
// computed in integer cents.
// The same function gives the checkout summary in the browser and the order the server writes,
// so what the shopper sees is what they are charged.
import { type Amount, toCents } from "./money";

export type TotalsLine = { unitPrice: Amount; quantity: number };

export type OrderTotals = {
  /** One entry per line, in the given order. */
  lines: { unitPriceCents: number; quantity: number; subtotalCents: number }[];
  subtotalCents: number;
  /** A coupon's discount, taken off the products first (never more than their subtotal). */
  couponCents: number;
  /** The payment method's discount, taken off the subtotal after the coupon (rounded to the cent). */
  discountCents: number;
  shippingCents: number;
  totalCents: number;
};

/**
 * Line subtotals (unit price x quantity), their sum, the shipping cost and the total.
 * Quantities must be whole numbers of at least 1; amounts are rounded to cents and a missing
 * amount counts as 0. Negative amounts are refused: no price or shipping cost is below 0.
 */
export function computeOrderTotals(
  lines: readonly TotalsLine[],
  shippingCost: Amount,
  discountPercent = 0,
  couponCents = 0,
): OrderTotals {
  const shippingCents = toCents(shippingCost);
  if (shippingCents < 0) throw new RangeError("The shipping cost cannot be negative.");
  if (!Number.isFinite(discountPercent) || discountPercent < 0 || discountPercent > 100) {
    throw new RangeError(`Invalid discount: ${discountPercent}`);
  }
  const computed = lines.map((line) => {
    if (!Number.isInteger(line.quantity) || line.quantity < 1) {
      throw new RangeError(`Invalid quantity: ${line.quantity}`);
    }
    const unitPriceCents = toCents(line.unitPrice);
    if (unitPriceCents < 0) throw new RangeError("A unit price cannot be negative.");
    return { unitPriceCents, quantity: line.quantity, subtotalCents: unitPriceCents * line.quantity };
  });
  if (!Number.isInteger(couponCents) || couponCents < 0)
    throw new RangeError(`Invalid coupon discount: ${couponCents}`);
  const subtotalCents = computed.reduce((sum, line) => sum + line.subtotalCents, 0);
  const coupon = Math.min(couponCents, subtotalCents);
  const discountCents = discountOf(subtotalCents - coupon, discountPercent);
  return {
    lines: computed,
    subtotalCents,
    couponCents: coupon,
    discountCents,
    shippingCents,
    totalCents: subtotalCents - coupon - discountCents + shippingCents,
  };
}

/** percent % of an amount in cents, rounded to the cent (half up). */
export function discountOf(cents: number, percent: number): number {
  return Math.round(Number(((cents * percent) / 100).toPrecision(15)));
}

/** A price with the payment method's discount applied ("precio con transferencia"). */
export function priceWithDiscount(price: Amount, percent: number): number {
  const cents = toCents(price);
  return (cents - discountOf(cents, percent)) / 100;
}

/** Cents as the string a numeric(12,2) column takes: 123456 -> "1234.56". */
export function centsToDecimal(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** An order's amounts as stored on it (numeric columns): the one place every screen, e-mail and the payment read them from. */
export type StoredOrderAmounts = {
  subtotal: Amount;
  couponDiscount: Amount;
  discount: Amount;
  shippingCost: Amount;
  total: Amount;
};

/**
 * The stored amounts in cents. They must add up (subtotal - coupon - discount + shipping =
 * total); a row that does not is refused, so nothing is charged or shown from it.
 */
export function orderAmounts(order: StoredOrderAmounts): Omit<OrderTotals, "lines"> {
  const amounts = {
    subtotalCents: toCents(order.subtotal),
    couponCents: toCents(order.couponDiscount),
    discountCents: toCents(order.discount),
    shippingCents: toCents(order.shippingCost),
    totalCents: toCents(order.total),
  };
  const sum = amounts.subtotalCents - amounts.couponCents - amounts.discountCents + amounts.shippingCents;
  if (sum !== amounts.totalCents) {
    throw new RangeError(`The order's amounts do not add up: ${sum} cents against a total of ${amounts.totalCents}`);
  }
  return amounts;
}
