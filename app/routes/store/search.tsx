import { useNavigation } from "react-router";
import type { Route } from "./+types/search";
import { ProductCard } from "~/components/product/product-card";
import { SEARCH_MAX_PAGE, SEARCH_PAGE_SIZE, searchProducts } from "~/models/search.server";
import { Pagination } from "~/components/store/pagination";
import { LoadError, loadErrorMessage, useKeptListing } from "~/components/load-error";
import { loadFailed } from "~/utils/load-error.server";
import { originFrom, seo } from "~/utils/seo";
import { lastLoaded, orIfUnreachable } from "~/utils/unreachable";

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  // Anything but a page number reads as page 1; past the last page, the last one.
  const asked = Number(params.get("page"));
  const page = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, SEARCH_MAX_PAGE) : 1;
  const result = await (
    q ? searchProducts(q, page) : Promise.resolve({ items: [], total: 0, totalIsAtLeast: false, words: [] })
  ).catch(loadFailed(SEARCH_LOAD_ERROR));
  return {
    q,
    page,
    pages: Math.max(1, Math.ceil(result.total / SEARCH_PAGE_SIZE)),
    // The search's cards show no description (the spec's search card): none is sent.
    items: result.items.map((item) => ({ ...item, description: null })),
    total: result.total,
    totalIsAtLeast: result.totalIsAtLeast,
  };
}

const SEARCH_LOAD_ERROR = "No se pudieron cargar los resultados de la búsqueda.";
const shown = lastLoaded<Awaited<ReturnType<typeof loader>>>();

/** A search that gets no answer keeps the results on screen and says so. */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return orIfUnreachable(serverLoader, () => shown.instead(SEARCH_LOAD_ERROR));
}

/** /search?q=...&page=N (page 1 without the parameter). */
function searchHref(q: string, page: number): string {
  const params = new URLSearchParams({ q });
  if (page > 1) params.set("page", String(page));
  return `/search?${params}`;
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  seo({
    title: data?.q ? `Resultados para "${data.q}" | Vitec` : "Buscar | Vitec",
    description: "Buscá notebooks, PCs, monitores, gaming y accesorios en Vitec.",
    path: "/search",
    origin: originFrom(matches),
    noindex: true,
  });

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, page, pages, items, total, totalIsAtLeast } = loaderData;
  useKeptListing(shown, loaderData, SEARCH_LOAD_ERROR);
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/search";
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="text-2xl font-bold">{q ? `Resultados para "${q}"` : "Buscar productos"}</h1>
      <div aria-live="polite">
        {searching ? (
          <p className="mt-2 text-slate-600">Buscando...</p>
        ) : !q ? (
          <p className="mt-2 text-slate-600">Escribí lo que buscás en el buscador de arriba.</p>
        ) : total === 0 ? (
          <p className="mt-6 rounded-lg bg-slate-50 p-8 text-center text-slate-600">No se encontraron resultados.</p>
        ) : (
          <p className="mt-2 text-slate-600">
            {totalIsAtLeast
              ? `Más de ${total.toLocaleString("es-AR")} resultados`
              : total === 1
                ? "1 resultado"
                : `${total} resultados`}{" "}
            para "{q}"{pages > 1 ? ` (página ${Math.min(page, pages)} de ${pages})` : ""}
          </p>
        )}
      </div>
      {!searching && items.length > 0 ? (
        <>
          <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
            {items.map((p, i) => (
              <li key={p.id}>
                <ProductCard product={p} headingLevel={2} priority={i < 2} compact />
              </li>
            ))}
          </ul>
          {pages > 1 ? <Pagination page={page} pages={pages} hrefFor={(n) => searchHref(q, n)} /> : null}
        </>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError message={loadErrorMessage(error, SEARCH_LOAD_ERROR)} retryHref="/search" />;
}
