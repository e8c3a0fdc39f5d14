// The shopping cart as pure data (spec sections 3, 4 and 5). No React, no storage: the browser
// store in app/components/cart/cart-store.ts persists what these functions return.
import { type Amount, fromCents, toAmount, toCents } from "./money";
import { DEFAULT_IVA_RATE, priceWithoutNationalTaxes } from "./taxes";
import { type SelectedOption, unitPrice } from "./pricing";
import type { OptionGroup } from "./product-meta";

export type { SelectedOption };

/** What the cart needs from a product to add it. */
export type CartProduct = {
  id: string;
  name: string;
  image_url?: string | null;
  price: Amount;
  sale_price?: Amount;
  option_groups?: OptionGroup[];
  iva_rate?: number;
  /** The selected variant's own amounts, when the product sells variants. */
  variant?: VariantAmounts | null;
  /** The selected variant's image, shown on the cart line. */
  variant_image_url?: string | null;
};

/** A product as the store's pages hold it (camelCase, as the models give it). */
type PageProduct = {
  id: string;
  name: string;
  imageUrl: string | null;
  price: Amount;
  salePrice: Amount;
  ivaRate: number;
};

/** A page's product as the cart takes it: with its option groups and the chosen variant, if any. */
export function cartProduct(
  product: PageProduct,
  optionGroups: OptionGroup[],
  variant: VariantAmounts | null,
  variantImageUrl: string | null = null,
): CartProduct {
  return {
    id: product.id,
    name: product.name,
    image_url: product.imageUrl,
    price: product.price,
    sale_price: product.salePrice,
    option_groups: optionGroups,
    iva_rate: product.ivaRate,
    variant,
    variant_image_url: variantImageUrl,
  };
}

export type CartItem = {
  id: string; // the product id
  name: string;
  image_url: string | null;
  price: number | null;
  sale_price: number | null;
  option_groups?: OptionGroup[];
  selectedOptions: SelectedOption[];
  quantity: number;
  cartId: string; // unique per line
  /** Set by the server check: the product is gone, unpublished, or its option no longer exists. */
  unavailable?: boolean;
  /** Units in stock at the last server check. */
  stock?: number;
  /** IVA rate in percent (for the price without national taxes); 21 when unknown. */
  iva_rate?: number;
  /** The variant's own price and sale price, when the product sells variants (from the product page or the server check). */
  variant?: VariantAmounts | null;
  /** A company member's unit price at the last server check in this page (ADR 0022); not read back from storage. */
  group_price?: number;
  /** The member's list price starts at this many units of the product (below it: the public price). */
  group_minimum?: number;
};

/** A variant's own amounts as the cart keeps them (null: none of its own). */
export type VariantAmounts = { price: number | null; sale_price: number | null };

function optionKey(options: SelectedOption[]): string {
  return options
    .map((o) => `${o.group}\u0000${o.option}`)
    .sort()
    .join("\u0001");
}

/** Two selections are the same when they hold the same group/option pairs, in any order. */
export function sameOptions(a: SelectedOption[], b: SelectedOption[]): boolean {
  return a.length === b.length && optionKey(a) === optionKey(b);
}

function nullableAmount(amount: Amount): number | null {
  return amount === null || amount === undefined || amount === "" ? null : toAmount(amount);
}

/**
 * Adds a product. The same product with the same selected options merges into the existing
 * line; anything else becomes a new line identified by `newCartId`. A quantity below 1 is ignored.
 */
export function addItem(
  items: CartItem[],
  product: CartProduct,
  quantity: number,
  selectedOptions: SelectedOption[],
  newCartId: string,
): CartItem[] {
  const qty = Math.floor(quantity);
  if (!Number.isFinite(qty) || qty < 1) return items;
  const existing = items.find((i) => i.id === product.id && sameOptions(i.selectedOptions, selectedOptions));
  if (existing) {
    return items.map((i) => (i === existing ? { ...i, quantity: i.quantity + qty } : i));
  }
  const line: CartItem = {
    id: product.id,
    name: product.name,
    image_url: product.variant_image_url || product.image_url || null,
    price: nullableAmount(product.price),
    sale_price: nullableAmount(product.sale_price),
    selectedOptions: selectedOptions.map(({ group, option }) => ({ group, option })),
    quantity: qty,
    cartId: newCartId,
  };
  if (product.option_groups?.length) line.option_groups = product.option_groups;
  if (product.iva_rate !== undefined) line.iva_rate = product.iva_rate;
  if (product.variant) line.variant = { price: product.variant.price, sale_price: product.variant.sale_price };
  return [...items, line];
}

export function removeItem(items: CartItem[], cartId: string): CartItem[] {
  return items.filter((i) => i.cartId !== cartId);
}

/** Sets a line's quantity; below 1 removes the line. A non-numeric quantity changes nothing. */
export function setQuantity(items: CartItem[], cartId: string, quantity: number): CartItem[] {
  if (!Number.isFinite(quantity)) return items;
  const qty = Math.floor(quantity);
  if (qty < 1) return removeItem(items, cartId);
  return items.map((i) => (i.cartId === cartId ? { ...i, quantity: qty } : i));
}

export function clearCart(): CartItem[] {
  return [];
}

export function totalQuantity(items: CartItem[]): number {
  return items.reduce((sum, i) => sum + i.quantity, 0);
}

/** The line's unit price, by the one pricing rule (~/domain/pricing), rounded to cents. */
export function lineUnitPrice(item: CartItem): number {
  if (item.group_price !== undefined) return item.group_price;
  return toAmount(unitPrice(item, item.selectedOptions, item.variant));
}

export function lineTotal(item: CartItem): number {
  return fromCents(toCents(lineUnitPrice(item)) * item.quantity);
}

/** Total of the lines that can be bought (unavailable lines do not count). */
export function cartTotal(items: CartItem[]): number {
  return fromCents(
    items.filter((i) => !i.unavailable).reduce((sum, i) => sum + toCents(lineUnitPrice(i)) * i.quantity, 0),
  );
}

/** Ley 27.743: the cart total without national taxes (each line at its own IVA rate). */
export function cartTotalWithoutTaxes(items: CartItem[]): number {
  return fromCents(
    items
      .filter((i) => !i.unavailable)
      .reduce((sum, i) => sum + toCents(priceWithoutNationalTaxes(lineTotal(i), i.iva_rate ?? DEFAULT_IVA_RATE)), 0),
  );
}

/** What the server answers for one line (app/models/cart.server.ts). */
export type ServerLine =
  | { cartId: string; status: "unavailable" }
  | {
      cartId: string;
      status: "ok";
      name: string;
      imageUrl: string | null;
      price: number | null;
      salePrice: number | null;
      optionGroups: OptionGroup[];
      unitPrice: number;
      /** The variant's own amounts (null or absent: none, or no variants). */
      variant?: VariantAmounts | null;
      stock: number;
      ivaRate: number;
      /** A member of an approved company's unit price (list, break or public; null: not a member). */
      groupPrice?: number | null;
      /** Below this many units of the product the member pays the public price. */
      groupMinimum?: number | null;
    };

/**
 * Brings the lines up to date with the server's products: current prices and options, stock,
 * and a flag on lines that can no longer be bought. Says which lines changed price and which
 * became unavailable, so the shopper can be told.
 */
export function applyServerCheck(
  items: CartItem[],
  lines: ServerLine[],
): { items: CartItem[]; priceChanged: string[]; unavailable: string[] } {
  const byId = new Map(lines.map((l) => [l.cartId, l]));
  const priceChanged: string[] = [];
  const unavailable: string[] = [];
  const next = items.map((item) => {
    const line = byId.get(item.cartId);
    if (!line) return item;
    if (line.status === "unavailable") {
      if (!item.unavailable) unavailable.push(item.name);
      return { ...item, unavailable: true };
    }
    const updated: CartItem = {
      ...item,
      name: line.name,
      image_url: line.imageUrl,
      price: line.price,
      sale_price: line.salePrice,
      stock: line.stock,
      iva_rate: line.ivaRate,
      unavailable: false,
    };
    if (line.variant) updated.variant = line.variant;
    else delete updated.variant;
    if (line.groupPrice != null) updated.group_price = line.groupPrice;
    else delete updated.group_price;
    if (line.groupMinimum != null) updated.group_minimum = line.groupMinimum;
    else delete updated.group_minimum;
    if (line.optionGroups.length) updated.option_groups = line.optionGroups;
    else delete updated.option_groups;
    if (!item.unavailable && toCents(lineUnitPrice(item)) !== toCents(line.unitPrice)) priceChanged.push(line.name);
    return updated;
  });
  return { items: next, priceChanged, unavailable };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isSelectedOption(value: unknown): value is SelectedOption {
  return isRecord(value) && typeof value.group === "string" && typeof value.option === "string";
}

function isOptionGroup(value: unknown): value is OptionGroup {
  return (
    isRecord(value) &&
    typeof value.title === "string" &&
    Array.isArray(value.options) &&
    value.options.every((o) => isRecord(o) && typeof o.name === "string")
  );
}

function toOptionalNumber(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** Keeps the valid lines of untrusted stored data (e.g. JSON from localStorage). */
export function parseCart(value: unknown): CartItem[] {
  if (!Array.isArray(value)) return [];
  const items: CartItem[] = [];
  for (const raw of value) {
    if (!isRecord(raw)) continue;
    const { id, name, cartId, quantity } = raw;
    if (typeof id !== "string" || typeof name !== "string" || typeof cartId !== "string") continue;
    if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1) continue;
    const selected = Array.isArray(raw.selectedOptions) ? raw.selectedOptions.filter(isSelectedOption) : [];
    const item: CartItem = {
      id,
      name,
      image_url: typeof raw.image_url === "string" ? raw.image_url : null,
      price: toOptionalNumber(raw.price),
      sale_price: toOptionalNumber(raw.sale_price),
      selectedOptions: selected.map(({ group, option }) => ({ group, option })),
      quantity,
      cartId,
    };
    const groups = Array.isArray(raw.option_groups) ? raw.option_groups.filter(isOptionGroup) : [];
    if (groups.length) item.option_groups = groups;
    if (raw.unavailable === true) item.unavailable = true;
    if (typeof raw.stock === "number" && Number.isInteger(raw.stock) && raw.stock >= 0) item.stock = raw.stock;
    if (raw.iva_rate === 21 || raw.iva_rate === 10.5) item.iva_rate = raw.iva_rate;
    if (isRecord(raw.variant)) {
      item.variant = {
        price: toOptionalNumber(raw.variant.price),
        sale_price: toOptionalNumber(raw.variant.sale_price),
      };
    }
    items.push(item);
  }
  return items;
}

/** What the cart says of a line below the group's minimum (ADR 0022). */
export function minimumMessage(minimum: number): string {
  return `Tu precio de empresa rige desde ${minimum} unidades de este producto.`;
}

/** The cart's lines as the server reads them (the cart check, a quote request): no prices. */
export function cartLinesInput(items: readonly CartItem[]) {
  return items.map((i) => ({
    cartId: i.cartId,
    productId: i.id,
    quantity: i.quantity,
    selectedOptions: i.selectedOptions,
  }));
}
