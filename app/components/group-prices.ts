import { useEffect, useSyncExternalStore } from "react";
import type { ShownGroupPrice } from "~/domain/price-lists";
import { callApi } from "./api-client";
import { useViewer } from "./viewer";

// A company member's group prices for the products on screen (ADR 0022). Public pages are
// rendered for nobody and cached, so after hydration each card and the product page ask for
// their product's price here; the ids of one render are asked together from /api/group-prices
// (never cached, answered only to members of an approved company). Guests ask nothing.

type Prices = Record<string, ShownGroupPrice | null>;

let known: Prices = {};
let sessionKey: string | null = null;
const wanted = new Set<string>();
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function askBatch(key: string) {
  timer = null;
  const ids = [...wanted].filter((id) => !(id in known));
  wanted.clear();
  for (let i = 0; i < ids.length; i += 100) {
    const slice = ids.slice(i, i + 100);
    const answer = await callApi<{ prices: Record<string, ShownGroupPrice> }>({
      path: `/api/group-prices?products=${slice.map(encodeURIComponent).join(",")}`,
    });
    // The session changed while the request was out: its answer is someone else's.
    if (key !== sessionKey) return;
    if (!answer?.ok) continue;
    known = { ...known, ...Object.fromEntries(slice.map((id) => [id, answer.data.prices[id] ?? null])) };
  }
  emit();
}

/**
 * The member's price of a product (one unit with no option chosen, its minimum and its breaks),
 * or null: a guest, a customer of no approved company, or a product at the public price.
 */
export function useGroupPrice(productId: string, enabled = true): ShownGroupPrice | null {
  const viewer = useViewer();
  // Asked for any signed-in customer whose company is approved or not known yet (a page rendered
  // for them carries no company); the server answers nothing to anyone else.
  const key =
    viewer.user && viewer.business !== null && (viewer.business === undefined || viewer.business.status === "approved")
      ? `${viewer.user.email}\u0000${viewer.business?.group ?? ""}`
      : null;
  const prices = useSyncExternalStore(
    subscribe,
    () => known,
    () => known,
  );
  useEffect(() => {
    if (key !== sessionKey) {
      sessionKey = key;
      known = {};
      emit();
    }
    if (!key || !enabled || productId in known) return;
    wanted.add(productId);
    timer ??= setTimeout(() => void askBatch(key), 0);
  }, [key, productId, enabled]);
  if (!key || !enabled) return null;
  return prices[productId] ?? null;
}
