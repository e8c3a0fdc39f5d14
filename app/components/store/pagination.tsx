import { Link } from "react-router";

/** Anterior, 1 … 4 5 6 … 20, Siguiente: the store's listings (catalogue, search), each page a link. */
export function Pagination({
  page,
  pages,
  hrefFor,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
}) {
  const current = Math.min(page, pages);
  const numbers = pageNumbers(current, pages);
  const linkClass = "rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100";
  return (
    <nav aria-label="Paginación" className="mt-8 flex flex-wrap items-center justify-center gap-1">
      {current > 1 ? (
        <Link to={hrefFor(current - 1)} className={linkClass} rel="prev">
          Anterior
        </Link>
      ) : null}
      {numbers.map((n, i) =>
        n === null ? (
          <span key={`gap-${i}`} className="px-2 text-slate-500">
            …
          </span>
        ) : (
          <Link
            key={n}
            to={hrefFor(n)}
            aria-current={n === current ? "page" : undefined}
            className={
              n === current ? "rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white" : linkClass
            }
          >
            {n}
          </Link>
        ),
      )}
      {current < pages ? (
        <Link to={hrefFor(current + 1)} className={linkClass} rel="next">
          Siguiente
        </Link>
      ) : null}
    </nav>
  );
}

/** 1 … 4 5 6 … 20: the first, the last and two around the current page. */
function pageNumbers(current: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, current - 1, current, current + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1]! > 1) result.push(null);
    result.push(n);
  });
  return result;
}
