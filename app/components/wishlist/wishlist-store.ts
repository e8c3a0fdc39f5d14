import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { callApi } from "~/components/api-client";
import { useRevalidator } from "react-router";
import { refreshViewer, useViewer } from "~/components/viewer";
import { parseWishlist, toggleWishlist } from "~/domain/wishlist";

// Visitors keep their wishlist in localStorage; a signed-in customer's lives in the account
// (its ids come with the viewer, app/components/viewer.ts). At sign-in the browser's list is
// merged into the account.

export const WISHLIST_STORAGE_KEY = "vitec_wishlist_v1";
const EMPTY: string[] = [];
const listeners = new Set<() => void>();
let cached: string[] | null = null;

function readLocal(): string[] {
  try {
    const raw = window.localStorage.getItem(WISHLIST_STORAGE_KEY);
    return raw ? parseWishlist(JSON.parse(raw)) : [];
  } catch (error) {
    console.error("No se pudo leer la lista de deseos guardada", error);
    return [];
  }
}

function getLocal(): string[] {
  cached ??= readLocal();
  return cached;
}

function saveLocal(ids: string[]) {
  cached = ids;
  try {
    if (ids.length) window.localStorage.setItem(WISHLIST_STORAGE_KEY, JSON.stringify(ids));
    else window.localStorage.removeItem(WISHLIST_STORAGE_KEY);
  } catch (error) {
    console.error("No se pudo guardar la lista de deseos", error);
  }
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  if (event.key !== WISHLIST_STORAGE_KEY && event.key !== null) return;
  cached = readLocal();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener("storage", onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

async function post(body: unknown): Promise<boolean> {
  const answer = await callApi({ path: "/api/wishlist", body });
  return Boolean(answer?.ok);
}

export function useWishlist() {
  const viewer = useViewer();
  const signedIn = Boolean(viewer.user);
  const local = useSyncExternalStore(subscribe, getLocal, () => EMPTY);
  const server = viewer.wishlist ?? EMPTY;
  const revalidator = useRevalidator();
  // Changes not yet confirmed by the server, shown at once.
  const [optimistic, setOptimistic] = useState<Record<string, boolean>>({});
  useEffect(() => setOptimistic({}), [server]);

  const ids = signedIn ? server : local;
  const has = useCallback((id: string) => optimistic[id] ?? ids.includes(id), [ids, optimistic]);

  /** Adds or removes the product; returns whether it is now on the list (null if saving failed). */
  const toggle = useCallback(
    async (id: string): Promise<boolean | null> => {
      const next = !has(id);
      if (!signedIn) {
        saveLocal(toggleWishlist(getLocal(), id));
        return next;
      }
      setOptimistic((o) => ({ ...o, [id]: next }));
      const ok = await post({ intent: next ? "add" : "remove", productId: id });
      if (!ok) {
        setOptimistic((o) => ({ ...o, [id]: !next }));
        return null;
      }
      await refreshViewer();
      void revalidator.revalidate();
      return next;
    },
    [has, signedIn, revalidator],
  );

  return { ids, count: ids.length, has, toggle, signedIn };
}

/** Once signed in, moves what the visitor saved in this browser into the account. */
export function WishlistSync() {
  const revalidator = useRevalidator();
  const signedIn = Boolean(useViewer().user);
  useEffect(() => {
    if (!signedIn) return;
    const local = getLocal();
    if (local.length === 0) return;
    void post({ intent: "merge", productIds: local }).then((ok) => {
      if (!ok) return;
      saveLocal([]);
      void refreshViewer();
      void revalidator.revalidate();
    });
    // Runs when the session appears (sign-in), not on every revalidation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn]);
  return null;
}
