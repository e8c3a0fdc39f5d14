import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Select, inputClass } from "~/components/ui/field";
import { PAGE_SIZES } from "~/schemas/list-query";
import { cn } from "~/utils/cn";

/** Rows per page (10 to 50), position and previous/next links of an admin table; all in the URL. */
export function ListPagination({
  page,
  pageCount,
  total,
  size,
}: {
  page: number;
  pageCount: number;
  total: number;
  size: number;
}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const href = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    return `?${next.toString()}`;
  };
  const from = total === 0 ? 0 : (page - 1) * size + 1;
  const to = Math.min(total, page * size);
  const linkClass = (disabled: boolean) =>
    cn(buttonVariants({ variant: "outline", size: "sm" }), disabled && "pointer-events-none opacity-50");

  return (
    <nav
      aria-label="Paginación"
      className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700"
    >
      <div className="flex items-center gap-2">
        <label htmlFor="page-size">Filas por página</label>
        <Select
          id="page-size"
          baseClassName={cn(inputClass, "w-20")}
          value={String(size)}
          onChange={(e) => navigate(href({ size: e.target.value, page: null }), { preventScrollReset: true })}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
      </div>
      <p aria-live="polite">
        {from}–{to} de {total} · Página {page} de {pageCount}
      </p>
      <div className="flex gap-2">
        <Link
          to={href({ page: String(page - 1) })}
          preventScrollReset
          aria-disabled={page <= 1}
          tabIndex={page <= 1 ? -1 : undefined}
          className={linkClass(page <= 1)}
        >
          <ChevronLeft aria-hidden className="size-4" />
          Anterior
        </Link>
        <Link
          to={href({ page: String(page + 1) })}
          preventScrollReset
          aria-disabled={page >= pageCount}
          tabIndex={page >= pageCount ? -1 : undefined}
          className={linkClass(page >= pageCount)}
        >
          Siguiente
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      </div>
    </nav>
  );
}
