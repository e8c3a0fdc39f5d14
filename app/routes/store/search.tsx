import { useNavigation } from "react-router";
import type { Route } from "./+types/search";
import { ProductCard } from "~/components/product/product-card";
import { getSettings } from "~/models/settings.server";
import { searchProducts } from "~/models/search.server";
import { LoadError, loadErrorMessage } from "~/components/load-error";
import { loadFailed } from "~/utils/load-error.server";
import { originFrom, seo } from "~/utils/seo";

export async function loader({ request }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 200);
  const [{ store }, result] = await Promise.all([
    getSettings(["store"]),
    q ? searchProducts(q) : Promise.resolve({ items: [], total: 0, totalIsAtLeast: false, words: [] }),
  ]).catch(loadFailed("No se pudieron cargar los resultados de la búsqueda."));
  return {
    q,
    items: result.items,
    total: result.total,
    totalIsAtLeast: result.totalIsAtLeast,
    whatsapp: store.whatsapp,
  };
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
  const { q, items, total, totalIsAtLeast, whatsapp } = loaderData;
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
            para "{q}"{total > items.length ? ` (mostrando los ${items.length} más relevantes)` : ""}
          </p>
        )}
      </div>
      {!searching && items.length > 0 ? (
        <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
          {items.map((p, i) => (
            <li key={p.id}>
              <ProductCard product={p} whatsapp={whatsapp} headingLevel={2} priority={i < 2} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <LoadError
      message={loadErrorMessage(error, "No se pudieron cargar los resultados de la búsqueda.")}
      retryHref="/search"
    />
  );
}
