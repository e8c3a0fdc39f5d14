// The lines of a Mercado Pago Checkout Pro preference for an order, from the amounts the server
// decided and stored on the order. Mercado Pago charges the sum of its items, and an item
// cannot have a price of 0 or less: the coupon's discount and the payment method's discount are
// spread over the product lines (in proportion to their subtotals, to the cent), shipping is a
// line of its own, and the lines add up to the order's total exactly ([16/25]: the coupon was
// left out once, and Mercado Pago charged more than the order's total).

export type PreferenceOrder = {
  lines: { id: string; title: string; quantity: number; unitPriceCents: number }[];
  shippingMethod: string | null;
  shippingCents: number;
  /** The payment method's discount. */
  discountCents: number;
  /** "transferencia, 10 %": said on every line the discount went into. */
  discountLabel: string | null;
  /** A coupon's discount and its code. */
  couponCents?: number;
  couponCode?: string | null;
  /** The order's total: the lines must add up to it, or no preference is made. */
  totalCents?: number;
};

export type PreferenceLine = { id: string; title: string; quantity: number; unitPriceCents: number };

/** The lines would charge another amount than the order's total: never sent to Mercado Pago. */
export class PreferenceAmountError extends Error {
  constructor(expected: number, charged: number) {
    super(`The preference would charge ${charged} cents for an order of ${expected}`);
    this.name = "PreferenceAmountError";
  }
}

/** `total` split in proportion to `weights`, in whole cents that add up to it (largest remainder). */
export function allocateCents(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

export function preferenceLines(order: PreferenceOrder): PreferenceLine[] {
  const subtotals = order.lines.map((l) => l.unitPriceCents * l.quantity);
  const couponCents = order.couponCents ?? 0;
  const coupons = allocateCents(couponCents, subtotals);
  const discounts = allocateCents(
    order.discountCents,
    subtotals.map((s, i) => s - coupons[i]!),
  );
  const lines: PreferenceLine[] = [];
  order.lines.forEach((line, i) => {
    const notes = [
      coupons[i]! > 0 && order.couponCode ? `cupón ${order.couponCode}` : null,
      discounts[i]! > 0 && order.discountLabel ? `descuento ${order.discountLabel}` : null,
    ].filter(Boolean);
    const title = notes.length > 0 ? `${line.title} (con ${notes.join(" y ")})` : line.title;
    const total = subtotals[i]! - coupons[i]! - discounts[i]!;
    if (total <= 0) return;
    const unit = Math.floor(total / line.quantity);
    const rest = total - unit * line.quantity;
    if (rest === 0) {
      lines.push({ id: line.id, title, quantity: line.quantity, unitPriceCents: unit });
    } else if (unit === 0) {
      // Less than a cent a unit: the line is one item of its whole amount.
      lines.push({ id: line.id, title: `${title} x ${line.quantity}`, quantity: 1, unitPriceCents: total });
    } else {
      // Not divisible by the quantity: all units but one at the lower price, the last one carries the cents left.
      if (line.quantity > 1) lines.push({ id: line.id, title, quantity: line.quantity - 1, unitPriceCents: unit });
      lines.push({ id: line.id, title, quantity: 1, unitPriceCents: unit + rest });
    }
  });
  if (order.shippingCents > 0) {
    lines.push({
      id: "envio",
      title: order.shippingMethod ? `Envío: ${order.shippingMethod}` : "Envío",
      quantity: 1,
      unitPriceCents: order.shippingCents,
    });
  }
  if (order.totalCents !== undefined) {
    const charged = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
    if (charged !== order.totalCents) throw new PreferenceAmountError(order.totalCents, charged);
  }
  return lines;
}
