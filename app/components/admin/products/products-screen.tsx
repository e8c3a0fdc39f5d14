import { BadgePercent, Download, FileDown, History, Plus, Upload } from "lucide-react";
import { useMemo, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { rowSelection } from "~/components/ui/table";
import type { AdminProductPage, AdminProduct } from "~/models/admin-product-list.server";
import type { CategoryRow } from "~/models/catalog.server";
import { type ProductActionResult } from "~/schemas/product-actions";
import { type ProductFormValues, emptyProductForm, productToForm } from "~/schemas/product-form-state";
import { type ProductListQuery } from "~/schemas/product-list-query";
import { useActionResult } from "~/components/use-action-result";
import { ImportWizard } from "./import-wizard";
import type { CategoryOption } from "./product-details-tab";
import { ProductDialog } from "./product-dialog";
import { ProductFilters } from "./product-filters";
import { ListPagination } from "~/components/admin/list-pagination";
import { ListState } from "~/components/admin/list-state";
import { ProductsTable } from "./products-table";

type Props = {
  list: AdminProductPage | null;
  categories: CategoryRow[];
  query: ProductListQuery;
  error: string | null;
};

/** "Padre > Hija" labels, sorted the way they read. */
function categoryOptions(categories: CategoryRow[]): CategoryOption[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  return categories
    .map((c) => {
      const parent = c.parentId ? byId.get(c.parentId) : undefined;
      return { id: c.id, label: parent ? `${parent.name} > ${c.name}` : c.name };
    })
    .sort((a, b) => a.label.localeCompare(b.label, "es"));
}

type PendingDelete = { kind: "one"; product: AdminProduct } | { kind: "many"; ids: string[] };

/** The header's links to the CSV template, the export, the import history and the Hot Sale report. */
const FILE_LINKS = [
  { href: "/admin/productos/plantilla", Icon: FileDown, label: "Descargar plantilla" },
  { href: "/admin/productos/exportar", Icon: Download, label: "Exportar CSV" },
  { href: "/admin/productos/importaciones", Icon: History, label: "Importaciones" },
  { href: "/admin/productos/hot-sale", Icon: BadgePercent, label: "Precios para Hot Sale" },
];

export function ProductsScreen({ list, categories, query, error }: Props) {
  const location = useLocation();
  const options = useMemo(() => categoryOptions(categories), [categories]);
  const [editing, setEditing] = useState<{ values: ProductFormValues; n: number } | null>(null);
  const [importing, setImporting] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  // The selection belongs to one view of the list: new filters, sort or page clear it.
  const [selection, setSelection] = useState<{ view: string; ids: Set<string> }>({
    view: location.search,
    ids: new Set(),
  });
  const selected = selection.view === location.search ? selection.ids : new Set<string>();
  const setSelected = (ids: Set<string>) => setSelection({ view: location.search, ids });

  const deleteFetcher = useFetcher<ProductActionResult>();
  const duplicateFetcher = useFetcher<ProductActionResult>();
  useActionResult(deleteFetcher.data, deleteFetcher.state, (result) => {
    if (!result.ok) return;
    setPendingDelete(null);
    setSelected(new Set());
  });
  useActionResult(duplicateFetcher.data, duplicateFetcher.state);

  const duplicatingId =
    duplicateFetcher.state !== "idle" ? ((duplicateFetcher.json as { id?: string } | undefined)?.id ?? null) : null;
  const items = list?.items ?? [];

  function confirmDelete() {
    if (!pendingDelete) return;
    const options = { method: "post", encType: "application/json" } as const;
    if (pendingDelete.kind === "one") deleteFetcher.submit({ intent: "delete", id: pendingDelete.product.id }, options);
    else deleteFetcher.submit({ intent: "bulk-delete", ids: pendingDelete.ids }, options);
  }

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Productos</h1>
        <div className="flex flex-wrap gap-2">
          {FILE_LINKS.map(({ href, Icon, label }) => (
            <Button key={href} variant="outline" size="sm" asChild>
              <a href={href}>
                <Icon aria-hidden className="size-4" />
                {label}
              </a>
            </Button>
          ))}
          <Button variant="outline" size="sm" onClick={() => setImporting(true)}>
            <Upload aria-hidden className="size-4" />
            Importar CSV
          </Button>
          <Button size="sm" onClick={() => setEditing({ values: emptyProductForm(), n: Date.now() })}>
            <Plus aria-hidden className="size-4" />
            Agregar Producto
          </Button>
        </div>
      </div>

      <div className="mt-4">
        <ProductFilters query={query} categories={options} />
      </div>

      {selected.size > 0 ? (
        <div
          role="region"
          aria-label="Selección"
          className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-brand-100 bg-brand-50 px-4 py-2 text-sm"
        >
          <span aria-live="polite">
            {selected.size === 1 ? "1 producto seleccionado" : `${selected.size} productos seleccionados`}
          </span>
          <div className="flex gap-2">
            <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
              Cancelar selección
            </Button>
            <Button
              variant="destructive"
              size="sm"
              onClick={() => setPendingDelete({ kind: "many", ids: [...selected] })}
            >
              Eliminar selección
            </Button>
          </div>
        </div>
      ) : null}

      <ListState
        className="mt-4"
        data={list}
        error={error}
        isEmpty={() => items.length === 0}
        emptyText={
          query.q || query.category || query.status || query.stock
            ? "No hay productos que coincidan con los filtros."
            : "Todavía no hay productos."
        }
      >
        {(list) => (
          <>
            {/* w-0 min-w-full: the wide table scrolls inside its box instead of widening the page. */}
            <div className="w-0 min-w-full">
              <ProductsTable
                items={items}
                query={query}
                selection={rowSelection(selected, setSelected)}
                busyId={duplicatingId}
                onEdit={(p) => setEditing({ values: productToForm(p), n: Date.now() })}
                onDuplicate={(p) =>
                  duplicateFetcher.submit(
                    { intent: "duplicate", id: p.id },
                    { method: "post", encType: "application/json" },
                  )
                }
                onDelete={(p) => setPendingDelete({ kind: "one", product: p })}
              />
            </div>
            <ListPagination page={list.page} pageCount={list.pageCount} total={list.total} size={list.size} />
          </>
        )}
      </ListState>

      <ProductDialog
        key={editing?.n ?? "closed"}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        initial={editing?.values ?? emptyProductForm()}
        categories={options}
      />
      <ImportWizard open={importing} onOpenChange={setImporting} />
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open && deleteFetcher.state === "idle") setPendingDelete(null);
        }}
        pending={deleteFetcher.state !== "idle"}
        onConfirm={confirmDelete}
      >
        {pendingDelete?.kind === "one" ? (
          <p>
            ¿Seguro que querés eliminar el producto <strong>{pendingDelete.product.name}</strong>?
          </p>
        ) : pendingDelete ? (
          <p>
            ¿Seguro que querés eliminar{" "}
            {pendingDelete.ids.length === 1
              ? "el producto seleccionado"
              : `los ${pendingDelete.ids.length} productos seleccionados`}
            ?
          </p>
        ) : null}
        <p>Esta acción no se puede deshacer.</p>
      </ConfirmDialog>
    </div>
  );
}
