import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/catalog";
import { CatalogSkeletonGrid } from "~/components/page-pending";
import { ProductCard } from "~/components/product/product-card";
import { DeferredSheet, preloadSheet } from "~/components/ui/deferred-sheet";
import { type CatalogQuery, OFFERED_SORTS, catalogHref, pageCount, parseCatalogQuery } from "~/domain/catalog-query";
import { listCatalogProducts, listCategories } from "~/models/catalog.server";
import { LoadError, loadErrorMessage, useKeptListing } from "~/components/load-error";
import { loadFailed } from "~/utils/load-error.server";
import { originFrom, seo } from "~/utils/seo";
import { Pagination } from "~/components/store/pagination";
import { Options } from "~/components/ui/options";
import { lastLoaded, orIfUnreachable } from "~/utils/unreachable";

export async function loader({ request }: Route.LoaderArgs) {
  const categories = await listCategories().catch(loadFailed("No se pudieron cargar las categorías."));
  const known = new Set(categories.map((c) => c.id));
  const query = parseCatalogQuery(new URL(request.url).searchParams, (id) => known.has(id));
  let { items, total } = await listCatalogProducts(query).catch(loadFailed(PRODUCTS_LOAD_ERROR));
  // A page past the last one (an old link, a typed URL) shows the last page.
  if (items.length === 0 && total > 0 && query.page > pageCount(total)) {
    query.page = pageCount(total);
    ({ items, total } = await listCatalogProducts(query).catch(loadFailed(PRODUCTS_LOAD_ERROR)));
  }
  return {
    query,
    items,
    total,
    // Spec: only top-level categories are offered in the filter.
    topCategories: categories.filter((c) => c.parentId === null).map(({ id, name }) => ({ id, name })),
    categoryName: query.category ? (categories.find((c) => c.id === query.category)?.name ?? null) : null,
  };
}

const PRODUCTS_LOAD_ERROR = "No se pudieron cargar los productos.";
const shown = lastLoaded<Awaited<ReturnType<typeof loader>>>();

/** A filter, sort or page that gets no answer keeps the products on screen and says so (spec: "Error"). */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return orIfUnreachable(serverLoader, () => shown.instead(PRODUCTS_LOAD_ERROR));
}

export const meta: Route.MetaFunction = ({ data, matches, location }) => {
  const title = data?.categoryName ? `${data.categoryName} | Tienda Vitec` : "Tienda | Vitec";
  const path = data?.query.category ? `/store?category=${encodeURIComponent(data.query.category)}` : "/store";
  return seo({
    title,
    description: `Comprá ${data?.categoryName?.toLowerCase() ?? "notebooks, PCs, gaming, monitores y accesorios"} en Vitec, con envío a todo el país, financiación y garantía.`,
    path,
    origin: originFrom(matches),
    // Filtered, sorted and later pages are variations of the same listing.
    noindex: location.search !== "" && path !== `${location.pathname}${location.search}`,
  });
};

export default function Catalog({ loaderData }: Route.ComponentProps) {
  const { query, items, total, topCategories, categoryName } = loaderData;
  useKeptListing(shown, loaderData, PRODUCTS_LOAD_ERROR);
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/store";
  const pages = pageCount(total);
  const location = useLocation();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);
  // The mobile filter drawer closes once a filter has been applied.
  useEffect(() => setFiltersOpen(false), [location.search]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{categoryName ?? "Tienda"}</h1>
          <p className="text-sm text-slate-600" aria-live="polite">
            {total === 1 ? "1 producto" : `${total} productos`}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <button
            ref={filtersButton}
            type="button"
            onClick={() => setFiltersOpen(true)}
            onPointerEnter={preloadSheet}
            onFocus={preloadSheet}
            aria-haspopup="dialog"
            aria-expanded={filtersOpen}
            className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium md:hidden"
          >
            Filtros
          </button>
          <DeferredSheet
            open={filtersOpen}
            onOpenChange={setFiltersOpen}
            side="left"
            title="Filtros"
            triggerRef={filtersButton}
          >
            <div className="overflow-y-auto p-4">
              <Filters query={query} categories={topCategories} idPrefix="m-" />
            </div>
          </DeferredSheet>
          <SortSelect query={query} />
        </div>
      </div>

      <div className="mt-6 grid gap-8 md:grid-cols-[220px_1fr]">
        <aside className="hidden md:block" aria-label="Filtros">
          <Filters query={query} categories={topCategories} idPrefix="d-" />
        </aside>
        <section aria-label="Productos" aria-busy={loading}>
          {loading ? (
            <CatalogSkeletonGrid />
          ) : items.length === 0 ? (
            <p className="rounded-lg bg-slate-50 p-8 text-center text-slate-600">No se encontraron productos.</p>
          ) : (
            <ul className="grid grid-cols-2 gap-4 lg:grid-cols-3">
              {items.map((p, i) => (
                <li key={p.id}>
                  <ProductCard product={p} headingLevel={2} priority={i < 2} />
                </li>
              ))}
            </ul>
          )}
          {pages > 1 ? (
            <Pagination page={query.page} pages={pages} hrefFor={(page) => catalogHref(query, { page })} />
          ) : null}
        </section>
      </div>
    </div>
  );
}

function SortSelect({ query }: { query: CatalogQuery }) {
  const submit = useSubmit();
  return (
    <Form method="get" action="/store" className="flex items-center gap-2" onChange={(e) => submit(e.currentTarget)}>
      {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
      {query.minPrice !== null ? <input type="hidden" name="minPrice" value={query.minPrice} /> : null}
      {query.maxPrice !== null ? <input type="hidden" name="maxPrice" value={query.maxPrice} /> : null}
      <label htmlFor="sort" className="text-sm text-slate-700">
        Ordenar por
      </label>
      <select
        id="sort"
        name="sort"
        defaultValue={query.sort}
        key={query.sort}
        className="rounded-md border border-slate-300 px-2 py-2 text-sm"
      >
        <Options options={OFFERED_SORTS} />
        {/* Not offered, but a link may carry it: say what the list is sorted by. */}
        {query.sort === "created_at_asc" ? <option value="created_at_asc">Más antiguos</option> : null}
      </select>
      <noscript>
        <button type="submit" className="rounded-md border px-2 py-1 text-sm">
          Aplicar
        </button>
      </noscript>
    </Form>
  );
}

function Filters({
  query,
  categories,
  idPrefix,
}: {
  query: CatalogQuery;
  categories: { id: string; name: string }[];
  idPrefix: string;
}) {
  const navigate = useNavigate();
  // With JavaScript the URL is rebuilt clean (no empty minPrice=&maxPrice=, page back to 1).
  function apply(form: HTMLFormElement | null) {
    if (!form) return;
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string") params.set(name, value);
    void navigate(
      catalogHref(
        parseCatalogQuery(params, () => true),
        {},
      ),
    );
  }
  return (
    <Form
      method="get"
      action="/store"
      className="space-y-6"
      key={JSON.stringify(query)}
      onSubmit={(e) => {
        e.preventDefault();
        apply(e.currentTarget);
      }}
    >
      {query.sort !== "created_at_desc" ? <input type="hidden" name="sort" value={query.sort} /> : null}
      <fieldset>
        <legend className="text-sm font-bold">Categoría</legend>
        <ul className="mt-2 space-y-1 text-sm">
          <li>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="category"
                value=""
                defaultChecked={!query.category}
                onChange={(e) => apply(e.currentTarget.form)}
              />
              Todas
            </label>
          </li>
          {categories.map((c) => (
            <li key={c.id}>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="category"
                  value={c.id}
                  defaultChecked={query.category === c.id}
                  onChange={(e) => apply(e.currentTarget.form)}
                />
                {c.name}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-bold">Precio</legend>
        <div className="mt-2 grid grid-cols-2 gap-2">
          <PriceBound idPrefix={idPrefix} name="minPrice" label="Mínimo" value={query.minPrice} />
          <PriceBound idPrefix={idPrefix} name="maxPrice" label="Máximo" value={query.maxPrice} />
        </div>
        <button
          type="submit"
          className="mt-3 w-full rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-700"
        >
          Aplicar precio
        </button>
      </fieldset>
      {query.category || query.minPrice !== null || query.maxPrice !== null ? (
        <Link
          to={catalogHref(query, { category: null, minPrice: null, maxPrice: null })}
          className="block text-sm text-brand-700 underline"
        >
          Limpiar filtros
        </Link>
      ) : null}
    </Form>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError message={loadErrorMessage(error, PRODUCTS_LOAD_ERROR)} retryHref="/store" />;
}

/** One end of the price filter, in whole pesos (empty: no bound). */
function PriceBound({
  idPrefix,
  name,
  label,
  value,
}: {
  idPrefix: string;
  name: "minPrice" | "maxPrice";
  label: string;
  value: number | null;
}) {
  return (
    <div>
      <label htmlFor={`${idPrefix}${name}`} className="text-xs text-slate-600">
        {label}
      </label>
      <input
        id={`${idPrefix}${name}`}
        name={name}
        type="number"
        min={0}
        inputMode="numeric"
        defaultValue={value ?? ""}
        className="w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm"
      />
    </div>
  );
}
