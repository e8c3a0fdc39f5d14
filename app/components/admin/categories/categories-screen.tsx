import { ListState } from "~/components/admin/list-state";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useActionResult } from "~/components/use-action-result";
import { Button } from "~/components/ui/button";
import { rowSelection } from "~/components/ui/table";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { SortDirection } from "~/components/ui/sortable-th";
import type { AdminCategory } from "~/models/admin-categories.server";
import type { CategoryActionResult } from "~/schemas/category";
import { type CategorySort, CategoriesTable, sortCategories } from "./categories-table";
import { CategoryDialog } from "./category-dialog";

export function CategoriesScreen({ categories, error }: { categories: AdminCategory[]; error: string | null }) {
  const [sort, setSort] = useState<{ column: CategorySort; direction: SortDirection }>({
    column: "name",
    direction: "asc",
  });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<{ category: AdminCategory | null; n: number } | null>(null);
  const [toDelete, setToDelete] = useState<string[] | null>(null);
  const deleteFetcher = useFetcher<CategoryActionResult>();

  // Selected ids that no longer exist (deleted elsewhere) are dropped.
  const existing = new Set(categories.map((c) => c.id));
  const selection = new Set([...selected].filter((id) => existing.has(id)));
  const sorted = sortCategories(categories, sort.column, sort.direction);

  useActionResult(deleteFetcher.data, deleteFetcher.state, (result) => {
    if (result.ok) {
      // Spec: the selection is cleared after a successful delete.
      setSelected(new Set());
      setToDelete(null);
    }
  });

  const deleting = toDelete ? categories.filter((c) => toDelete.includes(c.id)) : [];
  const productTotal = deleting.reduce((n, c) => n + c.ownProductCount, 0);
  const orphaned = categories.filter(
    (c) => c.parentId && toDelete?.includes(c.parentId) && !toDelete.includes(c.id),
  ).length;

  function confirmDelete() {
    if (!toDelete) return;
    const form = new FormData();
    form.set("intent", "delete");
    for (const id of toDelete) form.append("ids", id);
    deleteFetcher.submit(form, { method: "post" });
  }

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Categorías</h1>
        <Button onClick={() => setDialog({ category: null, n: Date.now() })}>
          <Plus aria-hidden className="size-4" />
          Agregar Categoría
        </Button>
      </div>

      {selection.size > 0 ? (
        <div
          role="region"
          aria-label="Selección"
          className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-brand-100 bg-brand-50 px-4 py-2 text-sm"
        >
          <span aria-live="polite">{selection.size} categoría(s) seleccionada(s)</span>
          <Button variant="destructive" size="sm" onClick={() => setToDelete([...selection])}>
            Eliminar selección
          </Button>
        </div>
      ) : null}

      <ListState className="mt-4" data={categories} error={error} emptyText="Todavía no hay categorías.">
        {() => (
          // w-0 min-w-full: the table scrolls inside its box instead of widening the page.
          <div className="w-0 min-w-full">
            <CategoriesTable
              categories={sorted}
              sort={sort.column}
              direction={sort.direction}
              onSort={(column) =>
                setSort((s) => ({
                  column,
                  direction: s.column === column ? (s.direction === "asc" ? "desc" : "asc") : "asc",
                }))
              }
              selection={rowSelection(selection, setSelected)}
              onEdit={(category) => setDialog({ category, n: Date.now() })}
              onDelete={(category) => setToDelete([category.id])}
            />
          </div>
        )}
      </ListState>

      <CategoryDialog
        key={dialog?.n ?? "closed"}
        open={dialog !== null}
        onOpenChange={(open) => {
          if (!open) setDialog(null);
        }}
        category={dialog?.category ?? null}
        categories={categories}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open && deleteFetcher.state === "idle") setToDelete(null);
        }}
        pending={deleteFetcher.state !== "idle"}
        onConfirm={confirmDelete}
      >
        {deleting.length === 1 ? (
          <p>
            ¿Seguro que querés eliminar la categoría <strong>{deleting[0]!.name}</strong>?
          </p>
        ) : (
          <p>¿Seguro que querés eliminar {deleting.length} categorías?</p>
        )}
        {productTotal > 0 ? (
          <p>
            {productTotal === 1 ? "1 producto quedará" : `${productTotal} productos quedarán`} como «Sin categoría» (los
            productos no se eliminan).
          </p>
        ) : null}
        {orphaned > 0 ? (
          <p>
            {orphaned === 1 ? "1 subcategoría pasará" : `${orphaned} subcategorías pasarán`} a ser categoría principal.
          </p>
        ) : null}
        <p>Esta acción no se puede deshacer.</p>
      </ConfirmDialog>
    </div>
  );
}
