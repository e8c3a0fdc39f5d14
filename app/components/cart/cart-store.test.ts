import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CartItem } from "~/domain/cart";
import type * as CartStore from "./cart-store";

type Store = typeof CartStore;

class MemoryStorage {
  data = new Map<string, string>();
  failWrites = false;
  failReads = false;
  getItem(key: string) {
    if (this.failReads) throw new Error("SecurityError");
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.failWrites) throw new Error("QuotaExceededError");
    this.data.set(key, value);
  }
}

let storage: MemoryStorage;
let win: EventTarget & { localStorage: MemoryStorage };

async function loadStore(): Promise<Store> {
  vi.resetModules();
  return import("./cart-store");
}

const mouse = { id: "p2", name: "Mouse", price: 100, sale_price: null };

beforeEach(() => {
  storage = new MemoryStorage();
  win = Object.assign(new EventTarget(), { localStorage: storage });
  vi.stubGlobal("window", win);
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function stored(): CartItem[] {
  return JSON.parse(storage.data.get("vitec_cart_v1") ?? "[]") as CartItem[];
}

describe("cart store", () => {
  it("persists under vitec_cart_v1 and broadcasts cart-updated on every save", async () => {
    const store = await loadStore();
    const events: Event[] = [];
    win.addEventListener("cart-updated", (e) => events.push(e));

    store.addToCart(mouse, 2);
    expect(stored()).toMatchObject([{ id: "p2", quantity: 2 }]);
    const cartId = stored()[0]?.cartId ?? "";
    store.setCartQuantity(cartId, 5);
    store.removeFromCart(cartId);
    expect(stored()).toEqual([]);
    expect(events).toHaveLength(3);
  });

  it("reads a saved cart and drops invalid stored data", async () => {
    storage.data.set(
      "vitec_cart_v1",
      JSON.stringify([{ id: "p2", name: "Mouse", price: 100, quantity: 1, cartId: "c" }, 5]),
    );
    const store = await loadStore();
    store.addToCart(mouse, 1);
    expect(stored()).toMatchObject([{ cartId: "c", quantity: 2 }]);
  });

  it("survives unreadable JSON by starting empty and logging", async () => {
    storage.data.set("vitec_cart_v1", "{not json");
    const store = await loadStore();
    store.addToCart(mouse, 1);
    expect(stored()).toHaveLength(1);
    expect(console.error).toHaveBeenCalled();
  });

  it("only logs when storage cannot be written, keeping the cart in memory", async () => {
    const store = await loadStore();
    storage.failWrites = true;
    const listener = vi.fn();
    win.addEventListener("cart-updated", listener);
    expect(() => store.addToCart(mouse, 1)).not.toThrow();
    expect(console.error).toHaveBeenCalled();
    expect(listener).toHaveBeenCalledTimes(1);
    // A second add merges with the in-memory line even though nothing was saved.
    store.addToCart(mouse, 1);
    storage.failWrites = false;
    store.addToCart(mouse, 1);
    expect(stored()).toMatchObject([{ quantity: 3 }]);
  });

  it("only logs when storage cannot be read", async () => {
    storage.failReads = true;
    const store = await loadStore();
    expect(() => store.addToCart(mouse, 1)).not.toThrow();
    expect(console.error).toHaveBeenCalled();
  });
});
