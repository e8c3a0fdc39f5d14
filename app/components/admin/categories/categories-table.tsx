import { RowActionButton } from "~/components/admin/row-action-button";
import { type SortDirection, SortableTH } from "~/components/ui/sortable-th";
import { type RowSelection, SelectAllTH, SelectRowTD, TD, TH, THead, TR, Table } from "~/components/ui/table";
import { formatShortDate } from "~/domain/dates";
import type { AdminCategory } from "~/models/admin-categories.server";
import { cn } from "~/utils/cn";

export type CategorySort = "name" | "slug" | "created_at";

/** The name shown: a subcategory carries its parent's name as a prefix. */
export function displayName(category: AdminCategory): string {
  return category.parentName ? `${category.parentName} > ${category.name}` : category.name;
}

export function sortCategories(list: AdminCategory[], sort: CategorySort, direction: SortDirection): AdminCategory[] {
  const factor = direction === "asc" ? 1 : -1;
  const key = (c: AdminCategory) => (sort === "name" ? displayName(c) : sort === "slug" ? c.slug : "");
  return [...list].sort((a, b) => {
    const order =
      sort === "created_at"
        ? new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime()
        : key(a).localeCompare(key(b), "es", { sensitivity: "base" });
    return order * factor || a.id.localeCompare(b.id);
  });
}

export function CategoriesTable({
  categories,
  sort,
  direction,
  onSort,
  selection,
  onEdit,
  onDelete,
}: {
  categories: AdminCategory[];
  sort: CategorySort;
  direction: SortDirection;
  onSort: (column: CategorySort) => void;
  selection: RowSelection;
  onEdit: (category: AdminCategory) => void;
  onDelete: (category: AdminCategory) => void;
}) {
  return (
    <Table className="min-w-[720px]" caption="Categorías">
      <THead>
        <tr>
          <SelectAllTH label="Seleccionar todas las categorías" rows={categories} selection={selection} />
          <SortableTH active={sort === "name"} direction={direction} onSort={() => onSort("name")}>
            Nombre
          </SortableTH>
          <SortableTH active={sort === "slug"} direction={direction} onSort={() => onSort("slug")}>
            Slug
          </SortableTH>
          <TH className="text-right">Productos</TH>
          <SortableTH active={sort === "created_at"} direction={direction} onSort={() => onSort("created_at")}>
            Creado
          </SortableTH>
          <TH className="text-right">Acciones</TH>
        </tr>
      </THead>
      <tbody>
        {categories.map((c) => (
          <TR key={c.id} className={cn(selection.selected.has(c.id) && "bg-brand-50")}>
            <SelectRowTD label={`Seleccionar ${displayName(c)}`} id={c.id} selection={selection} />
            <TD className="font-medium text-slate-900">
              {c.parentName ? <span className="font-normal text-slate-500">{c.parentName} &gt; </span> : null}
              {c.name}
            </TD>
            <TD className="text-slate-700">{c.slug}</TD>
            <TD className="text-right">{c.productCount}</TD>
            <TD className="whitespace-nowrap text-slate-700">{formatShortDate(new Date(c.createdAt))}</TD>
            <TD>
              <div className="flex justify-end gap-1">
                <RowActionButton action="edit" label={`Editar ${displayName(c)}`} onClick={() => onEdit(c)} />
                <RowActionButton action="delete" label={`Eliminar ${displayName(c)}`} onClick={() => onDelete(c)} />
              </div>
            </TD>
          </TR>
        ))}
      </tbody>
    </Table>
  );
}
