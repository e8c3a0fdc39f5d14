import { data, isRouteErrorResponse } from "react-router";

// What the browser does when a route's server action or loader gets no answer it can use: the
// connection dropped, the browser went offline, or the answer broke off. Without this the router
// replaces the screen with the error page and whatever the person typed is gone. Used by the
// `clientAction` / `clientLoader` of the routes whose forms and listings must survive it.

/** Said when the server could not be reached at all. */
export const NETWORK_ERROR = "No se pudo conectar con el servidor. Revisá tu conexión e intentá de nuevo.";

/**
 * Runs `call` (a route's `serverAction` or `serverLoader`); when it gets no answer, `instead()`
 * answers in its place. A redirect or an HTTP error (403, 404, a load error's 503) goes on as usual.
 */
export async function orIfUnreachable<T, U>(
  call: () => Promise<T>,
  instead: (error: unknown) => U | Promise<U>,
): Promise<T | U> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    console.error("[request] no answer from the server:", error);
    return instead(error);
  }
}

/** Data shown again after a load got no answer; `unreachable` is new each time, for the page to say so. */
export type KeptData<T> = T & { unreachable: string };

/**
 * The last data a route rendered in this browser tab, to show again when its next load gets no
 * answer. The route's component remembers each data it renders (effects never run on the server,
 * so nothing is shared between visitors).
 */
export function lastLoaded<T extends object>() {
  let last: T | null = null;
  return {
    remember(value: T | KeptData<T>) {
      if (!("unreachable" in value)) last = value;
    },
    /**
     * What the clientLoader answers in place of the load: the last data, marked; before the route
     * was ever shown, its error boundary with the spec's `message`.
     */
    instead(message: string): KeptData<T> {
      if (!last) throw data(message, { status: 503 });
      return { ...last, unreachable: toastId() };
    },
  };
}

export type LastLoaded<T extends object> = ReturnType<typeof lastLoaded<T>>;

/** A new id for a toast raised in the browser (each failure shows again, even with the same text). */
export function toastId(): string {
  return Math.random().toString(36).slice(2);
}
