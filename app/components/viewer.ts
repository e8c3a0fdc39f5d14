import { useEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { callApi } from "./api-client";
import { type RootData, useRootData } from "./root-data";
import { changeSignal } from "./change-signal";

// Who is browsing. The storefront's pages are the same for everyone and served from a cache
// (ADR 0005), so a signed-in customer's name in the header, their wishlist and their reviews
// come from /api/viewer, asked for by the browser when the session hint cookie says there is a
// session. Pages that are rendered for the customer (Mi Cuenta, checkout...) carry it already
// in the root loader's data, which is then used as it is.

export type ViewerUser = NonNullable<RootData["user"]>;
/** The company the customer buys for (ADR 0022); its approved members see their group prices. */
export type ViewerBusiness = { company: string; status: "pending" | "approved" | "rejected"; group: string | null };
export type Viewer = {
  user: ViewerUser | null;
  wishlist: string[] | null;
  /** A member of an approved company, who may ask for a quote from the cart ([25/25]). */
  quotes: boolean;
  /** undefined: not asked (a page rendered for the customer carries no company). */
  business?: ViewerBusiness | null;
  /** False while the browser is still asking whether the session hint's session exists. */
  known: boolean;
};

const ANONYMOUS: Viewer = { user: null, wishlist: null, quotes: false, business: null, known: true };
/** Set with the session cookie at sign-in and cleared at sign-out (app/utils/auth.server.ts). */
const HINT = /(?:^|;\s*)vitec_signed_in=1(?:;|$)/;

let fromApi: Viewer | null = null;
let inFlight: Promise<void> | null = null;
const { emit, subscribe } = changeSignal();

export function hasSessionHint(): boolean {
  return typeof document !== "undefined" && HINT.test(document.cookie);
}

/** Asks the server who is browsing (again: after a wishlist change, a sign-in, a sign-out). */
export function refreshViewer(): Promise<void> {
  if (!hasSessionHint()) {
    fromApi = ANONYMOUS;
    emit();
    return Promise.resolve();
  }
  inFlight ??= callApi<Viewer>({ path: "/api/viewer" })
    .then((answer) => {
      if (!answer || (!answer.ok && answer.status === null)) {
        console.error("No se pudo leer la sesión");
        return;
      }
      const body = answer.ok ? answer.data : null;
      fromApi = body
        ? {
            user: body.user,
            wishlist: body.wishlist,
            quotes: Boolean(body.quotes),
            business: body.business ?? null,
            known: true,
          }
        : ANONYMOUS;
      // The session ended on the server (expired, revoked): the hint goes too.
      if (body && !body.user) document.cookie = "vitec_signed_in=; Path=/; Max-Age=0; SameSite=Lax";
      emit();
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/**
 * Who may have group prices (ADR 0022): a signed-in customer whose company is approved or not
 * known yet (a page rendered for them carries no company); the server answers nobody else's.
 */
export function mayHaveGroupPrices(viewer: Viewer): boolean {
  return Boolean(viewer.user) && (viewer.business === undefined || viewer.business?.status === "approved");
}

/**
 * The signed-in customer and their wishlist ids, or nobody. The server renders every public
 * page for nobody; after hydration, and after each navigation that changed the session, the
 * browser asks /api/viewer.
 */
export function useViewer(): Viewer {
  const root = useRootData();
  const asked = useSyncExternalStore(
    subscribe,
    () => fromApi,
    () => null,
  );
  const { key } = useLocation();
  const rendered = root?.user ?? null;
  useEffect(() => {
    if (rendered) return;
    const hinted = hasSessionHint();
    if (fromApi === null ? hinted : Boolean(fromApi.user) !== hinted) void refreshViewer();
  }, [key, rendered]);
  if (rendered) return { user: rendered, wishlist: root?.wishlist ?? null, quotes: Boolean(root?.quotes), known: true };
  return asked ?? (hasSessionHint() ? { ...ANONYMOUS, known: false } : ANONYMOUS);
}
