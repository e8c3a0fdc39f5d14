import type { ComponentProps } from "react";
import { cn } from "~/utils/cn";
import { Checkbox } from "./checkbox";

// Plain table primitives: the wrapper scrolls sideways on phones.

/** `caption` names the table for screen readers (it is not shown). */
export function Table({ className, caption, children, ...props }: ComponentProps<"table"> & { caption?: string }) {
  return (
    <div className="w-full overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className={cn("w-full text-left text-sm", className)} {...props}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        {children}
      </table>
    </div>
  );
}

export function THead(props: ComponentProps<"thead">) {
  return <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-600" {...props} />;
}

export function TH({ className, ...props }: ComponentProps<"th">) {
  return <th scope="col" className={cn("px-3 py-2 font-semibold", className)} {...props} />;
}

/** A header row drawn from its columns: a label, or a label and its cell's classes (to align or hide it). */
export function THeadRow({ columns }: { columns: (string | [label: string, className: string])[] }) {
  return (
    <THead>
      <tr>
        {columns.map((column) => {
          const [label, className] = typeof column === "string" ? [column, undefined] : column;
          return (
            <TH key={label} className={className}>
              {label}
            </TH>
          );
        })}
      </tr>
    </THead>
  );
}

/** Header cells drawn from their columns, each with its own classes (for a table with a look of its own: a print sheet, a compact list). */
export function HeaderCells({ columns }: { columns: [label: string, className: string][] }) {
  return columns.map(([label, className]) => (
    <th key={label} scope="col" className={className}>
      {label}
    </th>
  ));
}

export function TR({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("border-b border-slate-100 last:border-0", className)} {...props} />;
}

export function TD({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-3 py-2 align-middle", className)} {...props} />;
}

/** Which rows of a table are ticked (by id), and how a checkbox changes that. */
export type RowSelection = {
  selected: ReadonlySet<string>;
  toggle: (id: string) => void;
  setAll: (ids: string[], checked: boolean) => void;
};

/** The selection of `selected`, whose changes go to `onChange` (the screen keeps the state). */
export function rowSelection(selected: ReadonlySet<string>, onChange: (ids: Set<string>) => void): RowSelection {
  return {
    selected,
    toggle: (id) => {
      const next = new Set(selected);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      onChange(next);
    },
    setAll: (ids, checked) => onChange(checked ? new Set(ids) : new Set()),
  };
}

/** The cell that selects its row, beside a SelectAllTH. */
export function SelectRowTD({ label, id, selection }: { label: string; id: string; selection: RowSelection }) {
  return (
    <TD>
      <Checkbox aria-label={label} checked={selection.selected.has(id)} onChange={() => selection.toggle(id)} />
    </TD>
  );
}

/** The header cell that selects every row shown: checked when all are, mixed when some are. */
export function SelectAllTH({
  label,
  rows,
  selection,
}: {
  label: string;
  rows: readonly { id: string }[];
  selection: RowSelection;
}) {
  const ids = rows.map((row) => row.id);
  const all = ids.length > 0 && ids.every((id) => selection.selected.has(id));
  const some = ids.some((id) => selection.selected.has(id));
  return (
    <TH className="w-10">
      <Checkbox
        aria-label={label}
        checked={all}
        indeterminate={some && !all}
        onChange={(e) => selection.setAll(ids, e.target.checked)}
      />
    </TH>
  );
}
