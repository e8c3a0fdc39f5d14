import { useEffect } from "react";
import { isRouteErrorResponse, Link } from "react-router";
import type { KeptData, LastLoaded } from "~/utils/unreachable";
import { useToast } from "./toaster";

/** The text a route's loader failed with (see loadFailed), or the given fallback. */
export function loadErrorMessage(error: unknown, fallback: string): string {
  return isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : fallback;
}

const primaryLink = "rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700";

/**
 * A storefront page that could not load (or whose thing does not exist): the spec's error title
 * and text, and a way on: try `retryHref` again or go home, or `back` where the shopper came from.
 */
export function LoadError({
  title = "Error",
  message,
  retryHref,
  back,
}: {
  title?: string;
  message: string;
} & ({ retryHref: string; back?: never } | { retryHref?: never; back: { to: string; label: string } })) {
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-slate-600">{message}</p>
      <div className="mt-6 flex justify-center gap-3">
        {back ? (
          <Link to={back.to} className={primaryLink}>
            {back.label}
          </Link>
        ) : (
          <>
            <a href={retryHref} className={primaryLink}>
              Intentar de nuevo
            </a>
            <Link to="/" className="rounded-md border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-50">
              Ir al inicio
            </Link>
          </>
        )}
      </div>
    </div>
  );
}

/**
 * For a listing whose clientLoader keeps it on screen when a load gets no answer
 * (~/utils/unreachable): remembers each data the page renders, and says the spec's `message`
 * (an "Error" toast) when what it renders is the kept data.
 */
export function useKeptListing<T extends object>(kept: LastLoaded<T>, data: T | KeptData<T>, message: string) {
  const toast = useToast();
  const unreachable = "unreachable" in data ? data.unreachable : null;
  useEffect(() => kept.remember(data), [kept, data]);
  useEffect(() => {
    if (unreachable) toast({ type: "error", title: "Error", description: message });
  }, [unreachable, toast, message]);
}
