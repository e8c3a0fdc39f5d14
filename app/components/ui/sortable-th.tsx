import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/utils/cn";

export type SortDirection = "asc" | "desc";

/**
 * A column header that sorts: a button inside the <th>, whose aria-sort tells screen readers
 * the current order. Clicking the active column flips the direction.
 */
export function SortableTH({
  children,
  active,
  direction,
  onSort,
  className,
}: {
  children: ReactNode;
  active: boolean;
  direction: SortDirection;
  onSort: () => void;
  className?: string;
}) {
  const Icon = !active ? ArrowUpDown : direction === "asc" ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (direction === "asc" ? "ascending" : "descending") : "none"}
      className={cn("px-3 py-2 font-semibold", className)}
    >
      <button
        type="button"
        onClick={onSort}
        className="inline-flex items-center gap-1 rounded uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {children}
        <Icon aria-hidden className={cn("size-3.5", active ? "text-brand-700" : "text-slate-400")} />
      </button>
    </th>
  );
}
