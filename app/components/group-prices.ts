import { useEffect, useState, useSyncExternalStore } from "react";
import type { PriceList, ShownGroupPrice, shownGroupPrice } from "~/domain/price-lists";
import { toCents } from "~/domain/money";
import { callApi } from "./api-client";
import { mayHaveGroupPrices, useViewer } from "./viewer";
import { changeSignal } from "./change-signal";

// A company member's group prices for the products on screen (ADR 0022). Public pages are
// rendered for nobody and cached, so after hydration each card and the product page ask for
// their product's price here; the ids of one render are asked together from /api/group-prices
// (never cached, answered only to members of an approved company). Guests ask nothing.

type Prices = Record<string, ShownGroupPrice | null>;

let known: Prices = {};
let sessionKey: string | null = null;
const wanted = new Set<string>();
let timer: ReturnType<typeof setTimeout> | null = null;
const { emit, subscribe } = changeSignal();

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
  const key = useMemberKey();
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

/** The member's session and group, to ask and keep prices by; null for whoever has none. */
function useMemberKey(): string | null {
  const viewer = useViewer();
  return mayHaveGroupPrices(viewer) ? `${viewer.user!.email}\u0000${viewer.business?.group ?? ""}` : null;
}

type ProductGroupList = { list: PriceList; categoryPath: string[] };

/**
 * The member's price of a product sold with options, for the combination picked: the page asks
 * once for the member's list of that product (`/api/group-prices?list=`) and prices each
 * combination with the same `shownGroupPrice` the server uses for the cards, loaded with that
 * answer (a guest's pages never load the price lists' code). Null for a guest, a customer of no
 * approved company, or a combination at the public price.
 */
export function useGroupPriceOfSelection(
  product: { id: string; variantId: string | null; regular: number; paid: number },
  enabled: boolean,
): ShownGroupPrice | null {
  const key = useMemberKey();
  const [answer, setAnswer] = useState<{
    key: string;
    id: string;
    list: ProductGroupList | null;
    shown: typeof shownGroupPrice;
  } | null>(null);
  useEffect(() => {
    if (!key || !enabled) return;
    let current = true;
    void Promise.all([
      callApi<{ list: ProductGroupList | null }>({
        path: `/api/group-prices?list=${encodeURIComponent(product.id)}`,
      }),
      // A failed download (offline, a new deploy) shows the public price, as a failed request does.
      import("~/domain/price-lists").catch(() => null),
    ]).then(([result, pricing]) => {
      if (current && result?.ok && pricing) {
        setAnswer({ key, id: product.id, list: result.data.list, shown: pricing.shownGroupPrice });
      }
    });
    return () => {
      current = false;
    };
  }, [key, enabled, product.id]);
  if (!key || !enabled || !answer || answer.key !== key || answer.id !== product.id || !answer.list) return null;
  return answer.shown(answer.list.list, {
    productId: product.id,
    variantId: product.variantId,
    categoryPath: answer.list.categoryPath,
    regularCents: toCents(product.regular),
    paidCents: toCents(product.paid),
  });
}
