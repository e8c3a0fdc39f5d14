import { Copy, ExternalLink, ImageIcon } from "lucide-react";
import { useNavigate, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { RowActionButton } from "~/components/admin/row-action-button";
import { SortableTH } from "~/components/ui/sortable-th";
import { type RowSelection, SelectAllTH, SelectRowTD, TD, TH, THead, TR, Table } from "~/components/ui/table";
import { formatShortDate } from "~/domain/dates";
import { formatARS } from "~/domain/money";
import { isOnSale } from "~/domain/pricing";
import type { AdminProduct } from "~/models/admin-product-list.server";
import { LOW_STOCK_THRESHOLD, type ProductListQuery, type ProductSort } from "~/schemas/product-list-query";
import { cn } from "~/utils/cn";

const COLUMNS: { sort: ProductSort; label: string; className?: string }[] = [
  { sort: "name", label: "Nombre" },
  { sort: "sku", label: "SKU" },
  { sort: "category", label: "Categoría" },
  { sort: "price", label: "Precio", className: "text-right" },
  { sort: "stock", label: "Stock", className: "text-right" },
  { sort: "status", label: "Estado" },
  { sort: "created_at", label: "Creado" },
];

export function ProductsTable({
  items,
  query,
  selection,
  onEdit,
  onDuplicate,
  onDelete,
  busyId,
}: {
  items: AdminProduct[];
  query: ProductListQuery;
  selection: RowSelection;
  onEdit: (product: AdminProduct) => void;
  onDuplicate: (product: AdminProduct) => void;
  onDelete: (product: AdminProduct) => void;
  busyId: string | null;
}) {
  const navigate = useNavigate();
  const [params] = useSearchParams();

  function sortBy(column: ProductSort) {
    const next = new URLSearchParams(params);
    const dir =
      query.sort === column ? (query.dir === "asc" ? "desc" : "asc") : column === "created_at" ? "desc" : "asc";
    next.set("sort", column);
    next.set("dir", dir);
    next.delete("page");
    navigate(`?${next.toString()}`, { preventScrollReset: true });
  }

  return (
    <Table className="min-w-[960px]" caption="Productos">
      <THead>
        <tr>
          <SelectAllTH label="Seleccionar todos los productos de la página" rows={items} selection={selection} />
          <TH className="w-14">
            <span className="sr-only">Imagen</span>
          </TH>
          {COLUMNS.map((c) => (
            <SortableTH
              key={c.sort}
              active={query.sort === c.sort}
              direction={query.dir}
              onSort={() => sortBy(c.sort)}
              className={c.className}
            >
              {c.label}
            </SortableTH>
          ))}
          <TH className="text-right">Acciones</TH>
        </tr>
      </THead>
      <tbody>
        {items.map((p) => {
          const onSale = isOnSale({ price: p.price, sale_price: p.salePrice });
          return (
            <TR key={p.id} className={cn(selection.selected.has(p.id) && "bg-brand-50")}>
              <SelectRowTD label={`Seleccionar ${p.name}`} id={p.id} selection={selection} />
              <TD>
                <div className="flex size-10 items-center justify-center overflow-hidden rounded border border-slate-200 bg-slate-50">
                  {p.imageUrl ? (
                    <img src={p.imageUrl} alt="" loading="lazy" className="size-full object-contain" />
                  ) : (
                    <ImageIcon aria-hidden className="size-4 text-slate-400" />
                  )}
                </div>
              </TD>
              <TD className="max-w-72">
                <p className="truncate font-medium text-slate-900" title={p.name}>
                  {p.name}
                </p>
                <p className="truncate text-xs text-slate-500">{p.slug}</p>
              </TD>
              <TD className="whitespace-nowrap text-slate-700">{p.sku ?? "—"}</TD>
              <TD className="whitespace-nowrap text-slate-700">
                {p.categoryName ?? <span className="text-slate-500">Sin categoría</span>}
              </TD>
              <TD className="whitespace-nowrap text-right">
                {p.price === null && p.salePrice === null ? (
                  <span className="text-slate-500">Sin precio</span>
                ) : onSale ? (
                  <>
                    <span className="font-medium">{formatARS(p.salePrice)}</span>
                    <span className="block text-xs text-slate-500 line-through">{formatARS(p.price)}</span>
                  </>
                ) : (
                  formatARS(p.price)
                )}
              </TD>
              <TD className="whitespace-nowrap text-right">
                <span
                  className={cn(
                    p.stock === 0
                      ? "font-semibold text-red-700"
                      : p.stock < LOW_STOCK_THRESHOLD
                        ? "font-semibold text-amber-700"
                        : "",
                  )}
                >
                  {p.stock}
                </span>
                {p.stock === 0 ? (
                  <span className="block text-xs text-red-700">Sin stock</span>
                ) : p.stock < LOW_STOCK_THRESHOLD ? (
                  <span className="block text-xs text-amber-700">Stock bajo</span>
                ) : p.lowVariants > 0 ? (
                  // A product with variants: the total may be fine while one variant runs out.
                  <span className="block text-xs text-amber-700">
                    Stock bajo en {p.lowVariants} {p.lowVariants === 1 ? "variante" : "variantes"}
                  </span>
                ) : null}
                {p.variants.length > 0 ? (
                  <span className="block text-xs text-slate-500">{p.variants.length} variantes</span>
                ) : null}
              </TD>
              <TD>
                <span
                  className={cn(
                    "inline-flex rounded-full px-2 py-0.5 text-xs font-semibold",
                    p.status === "published" ? "bg-green-100 text-green-800" : "bg-slate-200 text-slate-700",
                  )}
                >
                  {p.status === "published" ? "Publicado" : "Borrador"}
                </span>
                {p.isFeatured ? (
                  <span className="ml-1 inline-flex rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
                    Destacado
                  </span>
                ) : null}
              </TD>
              <TD className="whitespace-nowrap text-slate-700">{formatShortDate(new Date(p.createdAt))}</TD>
              <TD>
                <div className="flex justify-end gap-1">
                  <RowActionButton action="edit" text="never" label={`Editar ${p.name}`} onClick={() => onEdit(p)} />
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Duplicar ${p.name}`}
                    title="Duplicar"
                    disabled={busyId === p.id}
                    onClick={() => onDuplicate(p)}
                  >
                    <Copy aria-hidden className="size-4" />
                  </Button>
                  {p.status === "published" ? (
                    <Button variant="ghost" size="icon-sm" asChild>
                      <a
                        href={`/product/${p.id}`}
                        target="_blank"
                        rel="noreferrer"
                        aria-label={`Ver ${p.name} en la tienda (se abre en otra pestaña)`}
                        title="Ver en la tienda"
                      >
                        <ExternalLink aria-hidden className="size-4" />
                      </a>
                    </Button>
                  ) : null}
                  <RowActionButton
                    action="delete"
                    text="never"
                    label={`Eliminar ${p.name}`}
                    onClick={() => onDelete(p)}
                  />
                </div>
              </TD>
            </TR>
          );
        })}
      </tbody>
    </Table>
  );
}
