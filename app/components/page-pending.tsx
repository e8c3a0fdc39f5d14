/** The spec's 9 skeleton cards while the catalogue loads. */
export function CatalogSkeletonGrid() {
  return (
    <ul className="grid grid-cols-2 gap-4 lg:grid-cols-3" aria-label="Cargando productos">
      {Array.from({ length: 9 }, (_, i) => (
        <li key={i}>
          <ProductCardSkeleton />
        </li>
      ))}
    </ul>
  );
}

/**
 * What the storefront shows while another page's data loads, when that page is the catalogue or
 * the search results: the skeletons, or "Buscando...". Other pages keep the current one on screen.
 */
export function PagePending({ pathname, search }: { pathname: string; search: string }) {
  if (pathname === "/search") {
    const q = new URLSearchParams(search).get("q")?.trim() ?? "";
    return (
      <div className="mx-auto max-w-6xl px-4 py-6" aria-busy="true">
        <h1 className="text-2xl font-bold">{q ? `Resultados para "${q}"` : "Buscar productos"}</h1>
        <p className="mt-2 text-slate-600" aria-live="polite">
          Buscando...
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-6" aria-busy="true">
      <h1 className="text-2xl font-bold">Tienda</h1>
      <div className="mt-6">
        <CatalogSkeletonGrid />
      </div>
    </div>
  );
}

/** A product card's outline while its data loads. */
function ProductCardSkeleton() {
  return (
    <div className="flex h-full animate-pulse flex-col rounded-lg border border-slate-200 p-3" aria-hidden="true">
      <div className="aspect-square w-full rounded-md bg-slate-200" />
      <div className="mt-3 h-4 w-3/4 rounded bg-slate-200" />
      <div className="mt-2 h-3 w-full rounded bg-slate-100" />
      <div className="mt-3 h-5 w-1/3 rounded bg-slate-200" />
      <div className="mt-4 h-9 w-full rounded bg-slate-200" />
    </div>
  );
}
