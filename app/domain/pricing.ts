import type { OptionGroup } from "./product-meta";

// The price of one unit, the same on the product page, in the cart, at checkout and on the
// server that creates the order:
// - a selected option whose price is above 0 replaces the price (the first such option, in
//   the order of the option groups);
// - otherwise the sale price when it is below the price (or when there is no price);
// - otherwise the price. A missing amount counts as 0.

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

export function unitPrice(
  product: Priced & { option_groups?: OptionGroup[] },
  selected: SelectedOption[] = [],
): number {
  return selectedOptionPrice(product.option_groups, selected) ?? basePrice(product);
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
