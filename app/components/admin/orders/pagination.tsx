import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link, useLocation } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/utils/cn";

/** Previous/next links for a paged admin list; keeps the other query parameters. */
export function Pagination({
  page,
  pageCount,
  total,
  noun,
}: {
  page: number;
  pageCount: number;
  total: number;
  noun: string;
}) {
  const location = useLocation();
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target <= 1) params.delete("page");
    else params.set("page", String(target));
    const search = params.toString();
    return search ? `?${search}` : location.pathname;
  };
  const linkClass = cn(buttonVariants({ variant: "outline", size: "sm" }));
  const disabledClass = cn(linkClass, "pointer-events-none opacity-50");
  return (
    <nav
      aria-label="Paginación"
      className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700"
    >
      <p>
        {total} {noun} · Página {page} de {pageCount}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={hrefFor(page - 1)} className={linkClass} preventScrollReset>
            <ChevronLeft aria-hidden className="size-4" /> Anterior
          </Link>
        ) : (
          <span aria-disabled="true" className={disabledClass}>
            <ChevronLeft aria-hidden className="size-4" /> Anterior
          </span>
        )}
        {page < pageCount ? (
          <Link to={hrefFor(page + 1)} className={linkClass} preventScrollReset>
            Siguiente <ChevronRight aria-hidden className="size-4" />
          </Link>
        ) : (
          <span aria-disabled="true" className={disabledClass}>
            Siguiente <ChevronRight aria-hidden className="size-4" />
          </span>
        )}
      </div>
    </nav>
  );
}
