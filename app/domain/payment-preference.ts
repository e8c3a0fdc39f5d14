// The lines of a Mercado Pago Checkout Pro preference for an order, from the amounts the server
// decided. Mercado Pago charges the sum of its items, and an item cannot have a negative price:
// the payment method's discount is spread over the product lines (in proportion to their
// subtotals, to the cent), shipping is a line of its own, and the lines add up to the order's
// total exactly, so the payment's amount can be checked against it.

export type PreferenceOrder = {
  lines: { id: string; title: string; quantity: number; unitPriceCents: number }[];
  shippingMethod: string | null;
  shippingCents: number;
  discountCents: number;
  /** "transferencia, 10 %": said on every line the discount went into. */
  discountLabel: string | null;
};

export type PreferenceLine = { id: string; title: string; quantity: number; unitPriceCents: number };

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
  const discounts = allocateCents(order.discountCents, subtotals);
  const lines: PreferenceLine[] = [];
  order.lines.forEach((line, i) => {
    const discount = discounts[i]!;
    const title =
      discount > 0 && order.discountLabel ? `${line.title} (con descuento ${order.discountLabel})` : line.title;
    const total = subtotals[i]! - discount;
    const unit = Math.floor(total / line.quantity);
    const rest = total - unit * line.quantity;
    if (rest === 0) {
      lines.push({ id: line.id, title, quantity: line.quantity, unitPriceCents: unit });
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
  return lines;
}
