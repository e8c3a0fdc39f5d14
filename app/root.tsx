import { useEffect } from "react";
import { skipAfterPreview } from "~/utils/revalidation";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, data, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { useNonce } from "~/components/nonce";
import type { RootData } from "~/components/root-data";
import { ToastProvider } from "~/components/toaster";
import { freeShippingFrom } from "~/domain/shipping";
import { getSettings } from "~/models/settings.server";
import { quoteCompanyOf } from "~/models/quotes.server";
import { listWishlistIds } from "~/models/wishlist.server";
import { getSessionUser } from "~/utils/auth.server";
import { baseUrl } from "~/utils/env.server";
import { getToast } from "~/utils/toast.server";
import { NETWORK_ERROR, lastLoaded, orIfUnreachable } from "~/utils/unreachable";

export async function loader({ request }: Route.LoaderArgs) {
  const [user, { store, shipping_methods }, { toast, headers }] = await Promise.all([
    getSessionUser(request),
    getSettings(["store", "shipping_methods"]),
    getToast(request),
  ]);
  // A signed-in customer's wishlist comes from the account; a visitor's lives in the browser.
  // A member of an approved company may ask for quotes from the cart ([25/25]).
  const [wishlist, quotes] = user
    ? await Promise.all([listWishlistIds(user.id), quoteCompanyOf(user.id).then(Boolean)])
    : [null, false];
  const answer = {
    user,
    store,
    toast,
    wishlist,
    quotes,
    origin: baseUrl(),
    freeShippingFrom: freeShippingFrom(shipping_methods),
  };
  // Components read a part of it through their own type (components/root-data.ts), kept in step here.
  return data(answer satisfies RootData, { headers: headers ?? undefined });
}

const shown = lastLoaded<Awaited<ReturnType<Route.ClientLoaderArgs["serverLoader"]>>>();

/**
 * A navigation whose data request gets no answer (the connection dropped) keeps the header, the
 * session and the settings the tab already has; the page's own route says what failed.
 */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return orIfUnreachable(serverLoader, () => shown.instead(NETWORK_ERROR));
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="es-AR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1259c0" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* With a precedence, React writes the stylesheet at the top of <head>, before the scripts'
            modulepreload links, so the browser asks for it first (it is what blocks the first paint). */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useEffect(() => shown.remember(loaderData), [loaderData]);
  return (
    <ToastProvider flashed={loaderData.toast}>
      <Outlet />
    </ToastProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Algo salió mal";
  let message = "Ocurrió un error inesperado. Por favor, intentá de nuevo.";
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = "No encontrado";
      message = "La página que buscás no existe.";
    } else if (error.status === 403) {
      title = "Acceso denegado";
      message = typeof error.data === "string" && error.data ? error.data : "No tenés permiso para ver esta página.";
    } else {
      title = `Error ${error.status}`;
    }
  } else if (import.meta.env.DEV && error instanceof Error) {
    message = error.message;
  }
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-slate-600">{message}</p>
      <a href="/" className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        Volver al inicio
      </a>
    </main>
  );
}

export const shouldRevalidate = skipAfterPreview;
