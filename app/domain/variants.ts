import type { BoxData } from "./parcels";
import type { SelectedOption, VariantPrice } from "./pricing";
import type { OptionGroup } from "./product-meta";
import { slugify } from "./slug";

export { type VariantPrice, hasOwnPrice, variantPricing } from "./pricing";

// Variants ([14/15], ADR 0010): a product with option groups sells one variant per combination
// of one option of each group, each with its own SKU, stock and, optionally, price, sale price
// and image. Pure rules shared by the admin (generating the table), the product page (what can
// be chosen), the cart and the server (which variant a selection is, and its price).

export type VariantData = VariantPrice & {
  options: SelectedOption[];
  sku: string;
  stock: number;
  image_url?: string | null;
};

const UNIT = "\u001f";
const RECORD = "\u001e";

/**
 * The canonical text of a combination: its group/option pairs sorted by group (code point
 * order, as PostgreSQL's "C" collation sorts them: migration 0014 computes the same key).
 */
export function variantKey(options: SelectedOption[]): string {
  return [...options]
    .sort((a, b) => (a.group < b.group ? -1 : a.group > b.group ? 1 : 0))
    .map((o) => `${o.group}${UNIT}${o.option}`)
    .join(RECORD);
}

/** The groups that take part in variants: titled, with at least one option. */
export function variantGroups(groups: OptionGroup[] | undefined): OptionGroup[] {
  return (groups ?? []).filter((g) => g.title && g.options.length > 0);
}

/** True when a product with these groups sells variants. */
export function hasVariants(groups: OptionGroup[] | undefined): boolean {
  return variantGroups(groups).length > 0;
}

/** Most variants one product may have (20 groups of 50 options would be 50^20). */
export const MAX_VARIANTS = 500;

/** How many combinations the groups make (without building them). */
export function combinationCount(groups: OptionGroup[] | undefined): number {
  const list = variantGroups(groups);
  return list.length === 0 ? 0 : list.reduce((n, g) => n * g.options.length, 1);
}

/** Every combination of one option of each group, the first group varying slowest. */
export function combinations(groups: OptionGroup[] | undefined): SelectedOption[][] {
  const list = variantGroups(groups);
  if (list.length === 0) return [];
  let result: SelectedOption[][] = [[]];
  for (const group of list) {
    result = result.flatMap((partial) =>
      group.options.map((o) => [...partial, { group: group.title, option: o.name }]),
    );
  }
  return result;
}

/** The variant of a selection, if any (options in any order). */
export function findVariant<T extends { options: SelectedOption[] }>(
  variants: readonly T[],
  selected: SelectedOption[],
): T | undefined {
  const key = variantKey(selected);
  return variants.find((v) => variantKey(v.options) === key);
}

/** "Memoria RAM: 16GB, Color: Negro". */
export function variantLabel(options: SelectedOption[]): string {
  return options.map((o) => `${o.group}: ${o.option}`).join(", ");
}

/**
 * For each group, the options that cannot be bought with the rest of the selection: their
 * combination has no variant or no stock. The product page disables them ("Sin stock").
 */
export function unavailableOptions(
  groups: OptionGroup[],
  variants: readonly { options: SelectedOption[]; stock: number }[],
  selection: SelectedOption[],
): Map<string, Set<string>> {
  const stockByKey = new Map(variants.map((v) => [variantKey(v.options), v.stock]));
  const result = new Map<string, Set<string>>();
  for (const group of variantGroups(groups)) {
    const out = new Set<string>();
    for (const option of group.options) {
      const combination = [
        ...selection.filter((s) => s.group !== group.title),
        { group: group.title, option: option.name },
      ];
      if (!((stockByKey.get(variantKey(combination)) ?? 0) > 0)) out.add(option.name);
    }
    result.set(group.title, out);
  }
  return result;
}

/** Options no variant in stock has: the page disables them. */
export function soldOutOptions(
  groups: OptionGroup[],
  variants: readonly { options: SelectedOption[]; stock: number }[],
): Map<string, Set<string>> {
  const available = new Set(
    variants.filter((v) => v.stock > 0).flatMap((v) => v.options.map((o) => `${o.group}${UNIT}${o.option}`)),
  );
  return new Map(
    variantGroups(groups).map((g) => [
      g.title,
      new Set(g.options.filter((o) => !available.has(`${g.title}${UNIT}${o.name}`)).map((o) => o.name)),
    ]),
  );
}

/**
 * The selection after choosing `option` in `group`: the other groups stay as they are when
 * that combination is in stock; otherwise they move to the first combination in stock with
 * the chosen option (so a shopper never gets stuck on a sold-out combination).
 */
export function chooseOption(
  groups: OptionGroup[],
  variants: readonly { options: SelectedOption[]; stock: number }[],
  selection: SelectedOption[],
  group: string,
  option: string,
): SelectedOption[] {
  const wanted = [...selection.filter((s) => s.group !== group), { group, option }];
  const stockByKey = new Map(variants.map((v) => [variantKey(v.options), v.stock]));
  if ((stockByKey.get(variantKey(wanted)) ?? 0) > 0) return wanted;
  const alternative = combinations(groups).find(
    (c) => c.some((o) => o.group === group && o.option === option) && (stockByKey.get(variantKey(c)) ?? 0) > 0,
  );
  return alternative ?? wanted;
}

/**
 * What the page selects at first: each group's first option, or, when that combination is out
 * of stock, the first combination (in the groups' order) that has stock.
 */
export function firstAvailableSelection(
  groups: OptionGroup[],
  variants: readonly { options: SelectedOption[]; stock: number }[],
): SelectedOption[] {
  const all = combinations(groups);
  if (all.length === 0) return [];
  const stockByKey = new Map(variants.map((v) => [variantKey(v.options), v.stock]));
  return all.find((c) => (stockByKey.get(variantKey(c)) ?? 0) > 0) ?? all[0]!;
}

/** A variant's SKU made from the product's SKU (or slug) and its options: "NB-IP3-16gb-negro". */
export function variantSku(productSkuOrSlug: string, options: SelectedOption[]): string {
  const suffix = options.map((o) => slugify(o.option) || "x").join("-");
  return `${productSkuOrSlug}-${suffix}`.slice(0, 100);
}

/** The first of `base`, `base-2`, `base-3`... not in `taken`. */
export function uniqueSku(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base.slice(0, 100 - String(n).length - 1)}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export type VariantRow = {
  options: SelectedOption[];
  sku: string;
  price: number | null;
  sale_price: number | null;
  stock: number;
  image_url: string | null;
  /** [18/25] Its own GTIN and MPN; left out (undefined): kept as stored. */
  gtin?: string | null;
  mpn?: string | null;
  /** [21/25] Its own weight and sides over the product's; left out (undefined): kept as stored. */
  box?: BoxData;
};

/**
 * The variant table for the groups: one row per combination, in order. A combination that
 * existed keeps its row (SKU, prices, stock, image); so does one that only gained or lost a
 * group (a group's first option added, a group removed: the row whose options it contains,
 * or that contains its options, carries over). A new one starts with stock 0, no price of its
 * own and an SKU made from the product's. Also says which existing rows have no combination
 * any more (their stock would be dropped: the admin asks first).
 */
export function reconcileVariants(
  groups: OptionGroup[] | undefined,
  existing: readonly VariantRow[],
  productSkuOrSlug: string,
): { variants: VariantRow[]; dropped: VariantRow[] } {
  return reconcileRows(groups, existing, productSkuOrSlug, (options, sku) => ({
    options,
    sku,
    price: null,
    sale_price: null,
    stock: 0,
    image_url: null,
  }));
}

/** reconcileVariants for any row shape (the admin dialog keeps its fields as typed text). */
export function reconcileRows<T extends { options: SelectedOption[]; sku: string }>(
  groups: OptionGroup[] | undefined,
  existing: readonly T[],
  productSkuOrSlug: string,
  fresh: (options: SelectedOption[], sku: string) => T,
): { variants: T[]; dropped: T[] } {
  const byKey = new Map(existing.map((v) => [variantKey(v.options), v]));
  const wanted = combinations(groups);
  const used = new Set<T>();
  const matched = wanted.map((options) => {
    const found = byKey.get(variantKey(options));
    if (found) used.add(found);
    return found;
  });
  const contains = (outer: SelectedOption[], inner: SelectedOption[]) =>
    inner.every((i) => outer.some((o) => o.group === i.group && o.option === i.option));
  // A row that only gained or lost a group carries over to the first combination it fits.
  wanted.forEach((options, i) => {
    if (matched[i]) return;
    const carried = existing.find(
      (v) => !used.has(v) && v.options.length > 0 && (contains(options, v.options) || contains(v.options, options)),
    );
    if (carried) {
      used.add(carried);
      matched[i] = carried;
    }
  });
  const taken = new Set([...used].map((v) => v.sku));
  const variants = wanted.map((options, i) => {
    const found = matched[i];
    if (found) return { ...found, options };
    const sku = uniqueSku(variantSku(productSkuOrSlug, options), taken);
    taken.add(sku);
    return fresh(options, sku);
  });
  const dropped = existing.filter((v) => !used.has(v));
  return { variants, dropped };
}

/** The total stock of a product's variants (what products.stock holds for it). */
export function totalStock(variants: readonly { stock: number }[]): number {
  return variants.reduce((sum, v) => sum + v.stock, 0);
}

/** The variants below the low-stock threshold (spec: below 10 units). */
export function lowStockVariants<T extends { stock: number }>(variants: readonly T[], threshold: number): T[] {
  return variants.filter((v) => v.stock < threshold);
}
