// The browser side of the cart: localStorage persistence, cross-tab sync and the drawer state.
// The rules live in ~/domain/cart; this module only stores their results.
import { useMemo, useSyncExternalStore } from "react";
import { callApi } from "~/components/api-client";
import {
  type CartItem,
  type CartProduct,
  type SelectedOption,
  type ServerLine,
  addItem,
  applyServerCheck,
  cartTotal,
  clearCart,
  parseCart,
  removeItem,
  setQuantity,
  totalQuantity,
} from "~/domain/cart";

export const CART_STORAGE_KEY = "vitec_cart_v1";
export const CART_UPDATED_EVENT = "cart-updated";

const EMPTY: CartItem[] = [];

type Listener = () => void;

let items: CartItem[] | null = null; // null until first read in the browser
let lastRaw: string | null = null; // what this tab last read or wrote, to skip echoes
let dispatching = false; // true while this tab broadcasts its own save
const cartListeners = new Set<Listener>();

function readStorage(): CartItem[] {
  try {
    const raw = window.localStorage.getItem(CART_STORAGE_KEY);
    lastRaw = raw;
    return raw ? parseCart(JSON.parse(raw)) : [];
  } catch (error) {
    console.error("No se pudo leer el carrito guardado", error);
    return [];
  }
}

function writeStorage(next: CartItem[]) {
  try {
    const raw = JSON.stringify(next);
    lastRaw = raw;
    window.localStorage.setItem(CART_STORAGE_KEY, raw);
  } catch (error) {
    console.error("No se pudo guardar el carrito", error);
  }
}

function notifyCart() {
  for (const listener of cartListeners) listener();
}

function getItems(): CartItem[] {
  items ??= readStorage();
  return items;
}

function reloadIfChanged() {
  if (dispatching) return;
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(CART_STORAGE_KEY);
  } catch (error) {
    console.error("No se pudo leer el carrito guardado", error);
    return;
  }
  if (items !== null && raw === lastRaw) return;
  items = readStorage();
  notifyCart();
}

function onStorage(event: StorageEvent) {
  // event.key is null when another tab cleared all of localStorage.
  if (event.key === CART_STORAGE_KEY || event.key === null) reloadIfChanged();
}

function subscribeCart(listener: Listener) {
  if (cartListeners.size === 0) {
    window.addEventListener("storage", onStorage);
    window.addEventListener(CART_UPDATED_EVENT, reloadIfChanged);
  }
  cartListeners.add(listener);
  return () => {
    cartListeners.delete(listener);
    if (cartListeners.size === 0) {
      window.removeEventListener("storage", onStorage);
      window.removeEventListener(CART_UPDATED_EVENT, reloadIfChanged);
    }
  };
}

/** Saves the cart, tells every cart view in this tab, and lets other tabs follow via `storage`. */
function save(next: CartItem[]) {
  if (next === items) return;
  items = next;
  writeStorage(next);
  notifyCart();
  dispatching = true;
  try {
    window.dispatchEvent(new CustomEvent(CART_UPDATED_EVENT));
  } finally {
    dispatching = false;
  }
}

function newCartId(): string {
  // randomUUID only exists in secure contexts (https or localhost).
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export function addToCart(product: CartProduct, quantity = 1, selectedOptions: SelectedOption[] = []): void {
  save(addItem(getItems(), product, quantity, selectedOptions, newCartId()));
}

export function removeFromCart(cartId: string): void {
  save(removeItem(getItems(), cartId));
}

export function setCartQuantity(cartId: string, quantity: number): void {
  save(setQuantity(getItems(), cartId, quantity));
  // A member's unit price depends on the units (quantity breaks, minimums): asked again. Every
  // line the server priced for a member has their price (at the public price too).
  if (getItems().some((i) => i.group_price !== undefined)) {
    void refreshCartFromServer();
  }
}

/** Replaces the whole cart (a reminder's restore link brings the saved cart to this browser). */
export function replaceCartItems(next: CartItem[]): void {
  save(parseCart(next));
}

export function clearCartItems(): void {
  save(clearCart());
}

/**
 * Asks the server for the current price and stock of every line and updates the cart.
 * Returns the names whose price changed and those no longer available (null if the check failed).
 */
export async function refreshCartFromServer(): Promise<{ priceChanged: string[]; unavailable: string[] } | null> {
  const current = getItems();
  if (current.length === 0) return { priceChanged: [], unavailable: [] };
  const answer = await callApi<{ lines: ServerLine[] }>({
    path: "/api/cart/check",
    body: {
      lines: current.map((i) => ({
        cartId: i.cartId,
        productId: i.id,
        quantity: i.quantity,
        selectedOptions: i.selectedOptions,
      })),
    },
  });
  if (!answer?.ok) {
    if (answer?.status === null) console.error("No se pudo verificar el carrito: sin conexión");
    return null;
  }
  // Lines added or removed while the request was out are left as they are.
  const result = applyServerCheck(getItems(), answer.data.lines);
  save(result.items);
  return { priceChanged: result.priceChanged, unavailable: result.unavailable };
}

// Drawer state, shared by the header button, product cards and the drawer itself.
let drawerOpen = false;
const drawerListeners = new Set<Listener>();

function subscribeDrawer(listener: Listener) {
  drawerListeners.add(listener);
  return () => {
    drawerListeners.delete(listener);
  };
}

export function setCartOpen(open: boolean): void {
  if (drawerOpen === open) return;
  drawerOpen = open;
  for (const listener of drawerListeners) listener();
}

let returnFocusTo: HTMLElement | null = null;

/** Opens the drawer, remembering what had focus so the drawer can give it back on close. */
export function openCart(): void {
  if (!drawerOpen && typeof document !== "undefined" && document.activeElement instanceof HTMLElement) {
    returnFocusTo = document.activeElement;
  }
  setCartOpen(true);
}

/** The element focused when the drawer opened, if it is still on the page. */
export function takeCartReturnFocus(): HTMLElement | null {
  const target = returnFocusTo?.isConnected ? returnFocusTo : null;
  returnFocusTo = null;
  return target;
}

export function closeCart(): void {
  setCartOpen(false);
}

export type UseCart = {
  items: CartItem[];
  totalQuantity: number;
  total: number;
  add: (product: CartProduct, quantity?: number, selectedOptions?: SelectedOption[]) => void;
  remove: (cartId: string) => void;
  setQuantity: (cartId: string, quantity: number) => void;
  clear: () => void;
  isOpen: boolean;
  open: () => void;
  close: () => void;
  setOpen: (open: boolean) => void;
};

const getEmpty = () => EMPTY;
const getClosed = () => false;
const getDrawerOpen = () => drawerOpen;

/** Whether the drawer is open, without subscribing to the cart's lines. */
export function useCartDrawerOpen(): boolean {
  return useSyncExternalStore(subscribeDrawer, getDrawerOpen, getClosed);
}

/**
 * The cart and its drawer. The server (and the hydration pass) sees an empty, closed cart, so the
 * badge renders 0 until the browser has read localStorage.
 */
export function useCart(): UseCart {
  const current = useSyncExternalStore(subscribeCart, getItems, getEmpty);
  const isOpen = useSyncExternalStore(subscribeDrawer, getDrawerOpen, getClosed);
  const totals = useMemo(() => ({ totalQuantity: totalQuantity(current), total: cartTotal(current) }), [current]);
  return {
    items: current,
    ...totals,
    add: addToCart,
    remove: removeFromCart,
    setQuantity: setCartQuantity,
    clear: clearCartItems,
    isOpen,
    open: openCart,
    close: closeCart,
    setOpen: setCartOpen,
  };
}
