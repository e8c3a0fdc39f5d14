import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import { Select } from "~/components/ui/field";
import { SearchInput } from "~/components/ui/search-input";
import { NO_CATEGORY, type ProductListQuery } from "~/schemas/product-list-query";
import type { CategoryOption } from "./product-details-tab";

/**
 * Search (name or SKU), category, status and stock filters. They live in the URL; any change
 * goes back to page 1 (the page is not part of this form) and keeps the sort and page size.
 */
export function ProductFilters({ query, categories }: { query: ProductListQuery; categories: CategoryOption[] }) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const [q, setQ] = useState(query.q);
  useEffect(() => setQ(query.q), [query.q]);

  // Typing searches 400 ms after the last key.
  useEffect(() => {
    if (q === query.q) return;
    const timer = setTimeout(() => {
      if (form.current) submit(form.current, { replace: true, preventScrollReset: true });
    }, 400);
    return () => clearTimeout(timer);
  }, [q, query.q, submit]);

  const change = () => {
    if (form.current) submit(form.current, { preventScrollReset: true });
  };

  return (
    <Form
      ref={form}
      method="get"
      role="search"
      aria-label="Filtrar productos"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr]"
    >
      <input type="hidden" name="sort" value={query.sort} />
      <input type="hidden" name="dir" value={query.dir} />
      <input type="hidden" name="size" value={query.size} />
      <div>
        <label htmlFor="filter-q" className="block text-xs font-medium text-slate-600">
          Buscar por nombre o SKU
        </label>
        <SearchInput id="filter-q" name="q" value={q} onChange={(e) => setQ(e.target.value)} className="mt-1" />
      </div>
      <FilterSelect label="Categoría" name="category" value={query.category} onChange={change}>
        <option value="">Todas</option>
        <option value={NO_CATEGORY}>Sin categoría</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Estado" name="status" value={query.status} onChange={change}>
        <option value="">Todos</option>
        <option value="published">Publicado</option>
        <option value="draft">Borrador</option>
      </FilterSelect>
      <FilterSelect label="Stock" name="stock" value={query.stock} onChange={change}>
        <option value="">Todos</option>
        <option value="in">Con stock</option>
        <option value="low">Stock bajo (menos de 10)</option>
        <option value="out">Sin stock</option>
      </FilterSelect>
      <noscript>
        <button type="submit" className="rounded-md border border-slate-300 px-3 py-2 text-sm">
          Filtrar
        </button>
      </noscript>
    </Form>
  );
}

/** One filter of the bar: its label and a select that submits the bar when it changes. */
function FilterSelect({
  label,
  name,
  value,
  onChange,
  children,
}: {
  label: string;
  name: string;
  value: string;
  onChange: () => void;
  children: ReactNode;
}) {
  const id = `filter-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        {label}
      </label>
      {/* Keyed by the URL's value: going back or forward shows the filter it holds. */}
      <Select id={id} name={name} defaultValue={value} key={value} onChange={onChange} className="mt-1">
        {children}
      </Select>
    </div>
  );
}
