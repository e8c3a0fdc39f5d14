import { discountOf } from "./order-totals";

// [25/25] What a member of an approved company pays for one unit (ADR 0022). Pure and in cents:
// the storefront's display, the cart check and the order transaction ask this one function.
//
// 1. The public price is what a guest pays (`variantPricing` in ./pricing): regular and paid.
// 2. The list price is the first rule that exists: the variant's fixed price, the product's fixed
//    price, the product's percentage, the percentage of its category or of the nearest ancestor
//    with one, the group's default percentage. Percentages come off the public regular price.
// 3. Quantity breaks that apply (from N units) may only lower it. A variant with breaks of its
//    own uses those; otherwise the product's breaks (for all its variants) apply.
// 4. Below the group's minimum quantity of the product the group price does not apply at all.
// 5. Never above the public price paid: a public sale deeper than the list wins.

export type PriceRule =
  | { scope: "variant"; variantId: string; fixedCents: number }
  | { scope: "product"; productId: string; fixedCents: number }
  | { scope: "product"; productId: string; percentOff: number }
  | { scope: "category"; categoryId: string; percentOff: number };

export type QuantityBreak = {
  productId: string;
  /** null: every variant of the product (and the product without variants). */
  variantId: string | null;
  minQuantity: number;
} & ({ fixedCents: number } | { percentOff: number });

/** A group's price list, as the model reads it for the products at hand. */
export type PriceList = {
  defaultPercent: number;
  rules: readonly PriceRule[];
  breaks: readonly QuantityBreak[];
  /** Product id -> minimum quantity (all its variants together). */
  minimums: Readonly<Record<string, number>>;
};

export const EMPTY_PRICE_LIST: PriceList = { defaultPercent: 0, rules: [], breaks: [], minimums: {} };

export type PricedUnit = {
  productId: string;
  variantId: string | null;
  /** The product's category first, then its parent, up to the root (empty: no category). */
  categoryPath: readonly string[];
  /** The public prices of the unit (`variantPricing`), in cents. */
  regularCents: number;
  paidCents: number;
};

/** How many units: of this line (variant) and of the product over all its lines in the cart. */
export type Quantities = { line: number; product: number };

export type GroupPrice = {
  unitCents: number;
  /** public: the member pays what a guest pays; list or break: the group's price is lower. */
  source: "public" | "list" | "break";
  /** Set when the quantity is below the group's minimum for the product: from how many units. */
  minimum: number | null;
};

function percentOff(regularCents: number, percent: number): number {
  return regularCents - discountOf(regularCents, percent);
}

/** The list price before quantity breaks, or null when the list says nothing about the unit. */
export function listPriceCents(list: PriceList, unit: PricedUnit): number | null {
  const rules = list.rules;
  if (unit.variantId !== null) {
    const variant = rules.find((r) => r.scope === "variant" && r.variantId === unit.variantId);
    if (variant && "fixedCents" in variant) return variant.fixedCents;
  }
  const product = rules.filter((r) => r.scope === "product" && r.productId === unit.productId);
  const fixed = product.find((r) => "fixedCents" in r);
  if (fixed && "fixedCents" in fixed) return fixed.fixedCents;
  const percent = product.find((r) => "percentOff" in r);
  if (percent && "percentOff" in percent) return percentOff(unit.regularCents, percent.percentOff);
  for (const categoryId of unit.categoryPath) {
    const rule = rules.find((r) => r.scope === "category" && r.categoryId === categoryId);
    if (rule && "percentOff" in rule) return percentOff(unit.regularCents, rule.percentOff);
  }
  if (list.defaultPercent > 0) return percentOff(unit.regularCents, list.defaultPercent);
  return null;
}

/** The breaks that may apply to the unit: its variant's own, else the product's. */
function breaksFor(list: PriceList, unit: PricedUnit): { breaks: QuantityBreak[]; perVariant: boolean } {
  const own =
    unit.variantId === null
      ? []
      : list.breaks.filter((b) => b.productId === unit.productId && b.variantId === unit.variantId);
  if (own.length > 0) return { breaks: own, perVariant: true };
  return {
    breaks: list.breaks.filter((b) => b.productId === unit.productId && b.variantId === null),
    perVariant: false,
  };
}

function breakCents(b: QuantityBreak, regularCents: number): number {
  return "fixedCents" in b ? b.fixedCents : percentOff(regularCents, b.percentOff);
}

export function groupUnitPrice(list: PriceList, unit: PricedUnit, quantities: Quantities): GroupPrice {
  const publicPrice: GroupPrice = { unitCents: unit.paidCents, source: "public", minimum: null };
  const minimum = list.minimums[unit.productId] ?? null;
  if (minimum !== null && quantities.product < minimum) return { ...publicPrice, minimum };

  let best = unit.paidCents;
  let source: GroupPrice["source"] = "public";
  const listed = listPriceCents(list, unit);
  if (listed !== null && listed < best) {
    best = listed;
    source = "list";
  }
  const { breaks, perVariant } = breaksFor(list, unit);
  const counted = perVariant ? quantities.line : quantities.product;
  for (const b of breaks) {
    if (b.minQuantity > counted) continue;
    const cents = breakCents(b, unit.regularCents);
    if (cents < best) {
      best = cents;
      source = "break";
    }
  }
  return { unitCents: best, source, minimum: null };
}

export type CartUnit = PricedUnit & { quantity: number };

/**
 * Every line of a cart at the group's prices: minimums and the product's breaks count all the
 * lines of a product together, a variant's own breaks only its line.
 */
export function priceCartLines(list: PriceList, lines: readonly CartUnit[]): GroupPrice[] {
  const byProduct = new Map<string, number>();
  for (const l of lines) byProduct.set(l.productId, (byProduct.get(l.productId) ?? 0) + l.quantity);
  return lines.map((l) =>
    groupUnitPrice(list, l, { line: l.quantity, product: byProduct.get(l.productId) ?? l.quantity }),
  );
}

/**
 * The lines a coupon may discount for a member (ADR 0022): only those at the public price. A line
 * at the group's price (list or break) is left out, as a coupon for other products leaves it out.
 * The payment method's discount (transfer) applies to every line, as for everyone.
 */
export function couponEligibleLines<L>(lines: readonly L[], prices: readonly GroupPrice[]): L[] {
  return lines.filter((_, i) => (prices[i]?.source ?? "public") === "public");
}

/** What a member's browser shows of a product's group price (cards and the product page). */
export type ShownGroupPrice = {
  /** One unit bought alone (the public price when a minimum applies). */
  unitCents: number;
  /** The list price starts at this many units (null: no minimum), at `fromMinimumCents`. */
  minimum: number | null;
  fromMinimumCents: number | null;
  /** "Desde N unidades: $X", only the steps that lower the price, fewest units first. */
  breaks: { from: number; unitCents: number }[];
  /** The member's price differs among the product's variants: `unitCents` is the lowest ("Desde"). */
  from: boolean;
};

/**
 * A product's group price as shown after hydration, or null when the member pays exactly the
 * public price at every quantity (nothing to replace). Same `groupUnitPrice` as the cart.
 */
export function shownGroupPrice(list: PriceList, unit: PricedUnit): ShownGroupPrice | null {
  const at = (q: number) => groupUnitPrice(list, unit, { line: q, product: q }).unitCents;
  const minimum = list.minimums[unit.productId] ?? null;
  const steps = [
    ...new Set(
      list.breaks
        .filter((b) => b.productId === unit.productId && (b.variantId === null || b.variantId === unit.variantId))
        .map((b) => b.minQuantity),
    ),
  ].sort((a, b) => a - b);
  const first = minimum ?? 1;
  const fromMinimumCents = minimum === null ? null : at(minimum);
  const breaks: ShownGroupPrice["breaks"] = [];
  let previous = at(first);
  for (const from of steps) {
    if (from <= first) continue;
    const cents = at(from);
    if (cents < previous) breaks.push({ from, unitCents: cents });
    previous = Math.min(previous, cents);
  }
  const unitCents = at(1);
  if (unitCents >= unit.paidCents && (fromMinimumCents ?? unit.paidCents) >= unit.paidCents && breaks.length === 0) {
    return null;
  }
  return { unitCents, minimum, fromMinimumCents, breaks, from: false };
}

/**
 * What a card shows of a product's group price: of the units it may be bought as (a product sold
 * with options: its variants in stock, else all of them, as the public "Desde"), the one the
 * member pays least for alone, with its minimum and breaks, and `from` when the member's price
 * of one unit is not the same for all. Null when the member pays the public price for every unit
 * at every quantity (the card keeps its public price).
 */
export function lowestShownGroupPrice(list: PriceList, units: readonly PricedUnit[]): ShownGroupPrice | null {
  let lowest: ShownGroupPrice | null = null;
  let listed = false;
  const prices = new Set<number>();
  for (const unit of units) {
    const shown = shownGroupPrice(list, unit);
    listed ||= shown !== null;
    const price = shown ?? {
      unitCents: unit.paidCents,
      minimum: null,
      fromMinimumCents: null,
      breaks: [],
      from: false,
    };
    prices.add(price.unitCents);
    if (lowest === null || price.unitCents < lowest.unitCents) lowest = price;
  }
  return listed && lowest ? { ...lowest, from: prices.size > 1 } : null;
}
