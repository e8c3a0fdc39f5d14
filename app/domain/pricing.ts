import type { OptionGroup } from "./product-meta";

// The price of one unit, the same on the product page, in the cart, at checkout and on the
// server that creates the order:
// - a selected option whose price is above 0 replaces the price (the first such option, in
//   the order of the option groups);
// - otherwise the sale price when it is below the price (or when there is no price);
// - otherwise the price. A missing amount counts as 0.
// - a variant ([14/15]) with a price or sale price of its own replaces all of that.

export type Priced = { price: number | string | null; sale_price?: number | string | null };
export type SelectedOption = { group: string; option: string };

function amount(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return null;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** A sale price counts when it is above 0 and below the price (shown with the price struck). */
export function isOnSale(product: Priced): boolean {
  const price = amount(product.price);
  const sale = amount(product.sale_price);
  return sale !== null && sale > 0 && price !== null && sale < price;
}

/** Price without options: the sale price when it is below the price, or when there is no price. */
export function basePrice(product: Priced): number {
  const price = amount(product.price) ?? 0;
  const sale = amount(product.sale_price) ?? 0;
  if (sale > 0 && (price <= 0 || sale < price)) return sale;
  return price;
}

/** The option price that replaces the product price, if any selected option has one above 0. */
export function selectedOptionPrice(groups: OptionGroup[] | undefined, selected: SelectedOption[]): number | null {
  for (const group of groups ?? []) {
    const choice = selected.find((s) => s.group === group.title);
    const option = choice && group.options.find((o) => o.name === choice.option);
    const price = amount(option?.price ?? null);
    if (price !== null && price > 0) return price;
  }
  return null;
}

/** What pricing needs of a variant ([14/15]): its own price and sale price, both optional. */
export type VariantPrice = { price: number | string | null; sale_price?: number | string | null };

/** True when the variant sets a price of its own (price or sale price). */
export function hasOwnPrice(variant: VariantPrice | null | undefined): boolean {
  return Boolean(variant) && (amount(variant!.price) !== null || amount(variant!.sale_price) !== null);
}

/**
 * The regular price and the price paid for a variant. Without a price of its own: the spec's
 * rule (the selected option's price above 0, else the product's price and sale price). With
 * one: its price (or, when it only has a sale price, the option's or product's price) and its
 * sale price when that is below.
 */
export function variantPricing(
  product: Priced & { option_groups?: OptionGroup[] },
  selected: SelectedOption[],
  variant: VariantPrice | null | undefined,
): { regular: number; paid: number } {
  const optionPrice = selectedOptionPrice(product.option_groups, selected);
  if (!hasOwnPrice(variant)) {
    if (optionPrice !== null) return { regular: optionPrice, paid: optionPrice };
    return { regular: amount(product.price) ?? 0, paid: basePrice(product) };
  }
  const regular = amount(variant!.price) ?? optionPrice ?? amount(product.price) ?? 0;
  return { regular, paid: basePrice({ price: regular, sale_price: variant!.sale_price ?? null }) };
}

/** The price of one unit with the selected options (and their variant, when the product has them). */
export function unitPrice(
  product: Priced & { option_groups?: OptionGroup[] },
  selected: SelectedOption[] = [],
  variant?: VariantPrice | null,
): number {
  return variantPricing(product, selected, variant).paid;
}

/** Each option group's first option: what the product page selects at first. */
export function defaultSelection(groups: OptionGroup[] | undefined): SelectedOption[] {
  return (groups ?? []).flatMap((g) => (g.options[0] ? [{ group: g.title, option: g.options[0].name }] : []));
}

/** True when every selected option exists in the product's groups and every group has one. */
export function isValidSelection(groups: OptionGroup[] | undefined, selected: SelectedOption[]): boolean {
  const list = groups ?? [];
  if (selected.length !== list.filter((g) => g.options.length > 0).length) return false;
  return selected.every((s) => list.some((g) => g.title === s.group && g.options.some((o) => o.name === s.option)));
}

/**
 * What the store says instead of a price when a unit has none (0 or missing): the product is
 * shown but not sold ("Consultar precio"), never offered at $ 0,00; feeds and JSON-LD leave it out.
 */
export const PRICE_ON_REQUEST = "Consultar precio";

/** True when the unit has a price a shopper can be charged (above 0). */
export function isPriced(paid: number): boolean {
  return Number.isFinite(paid) && paid > 0;
}
