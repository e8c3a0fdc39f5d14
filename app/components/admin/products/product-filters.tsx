import { Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import { Input, Select } from "~/components/ui/field";
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
        <div className="relative mt-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
          />
          <Input
            id="filter-q"
            type="search"
            name="q"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            className="pl-9"
          />
        </div>
      </div>
      <div>
        <label htmlFor="filter-category" className="block text-xs font-medium text-slate-600">
          Categoría
        </label>
        <Select
          id="filter-category"
          name="category"
          defaultValue={query.category}
          key={`c-${query.category}`}
          onChange={change}
          className="mt-1"
        >
          <option value="">Todas</option>
          <option value={NO_CATEGORY}>Sin categoría</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <label htmlFor="filter-status" className="block text-xs font-medium text-slate-600">
          Estado
        </label>
        <Select
          id="filter-status"
          name="status"
          defaultValue={query.status}
          key={`s-${query.status}`}
          onChange={change}
          className="mt-1"
        >
          <option value="">Todos</option>
          <option value="published">Publicado</option>
          <option value="draft">Borrador</option>
        </Select>
      </div>
      <div>
        <label htmlFor="filter-stock" className="block text-xs font-medium text-slate-600">
          Stock
        </label>
        <Select
          id="filter-stock"
          name="stock"
          defaultValue={query.stock}
          key={`k-${query.stock}`}
          onChange={change}
          className="mt-1"
        >
          <option value="">Todos</option>
          <option value="in">Con stock</option>
          <option value="low">Stock bajo (menos de 10)</option>
          <option value="out">Sin stock</option>
        </Select>
      </div>
      <noscript>
        <button type="submit" className="rounded-md border border-slate-300 px-3 py-2 text-sm">
          Filtrar
        </button>
      </noscript>
    </Form>
  );
}
