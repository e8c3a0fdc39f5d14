import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FieldError } from "~/components/ui/field-error";
import { SearchInput } from "~/components/ui/search-input";
import type { ProductActionResult } from "~/schemas/product-actions";
import { useActionResult } from "~/components/use-action-result";
import { EmptyNote, RemoveButton, type TabProps } from "./form-kit";

/** Related products, picked by searching name or SKU; saved replacing the previous list. */
export function ProductRelatedTab({ values, update, errors }: TabProps) {
  const fetcher = useFetcher<ProductActionResult>();
  const [q, setQ] = useState("");
  const [results, setResults] = useState<{ id: string; name: string; sku: string | null }[] | null>(null);
  const selected = new Set(values.related.map((r) => r.id));
  const error = Object.entries(errors).find(([k]) => k.startsWith("related"))?.[1];
  const { submit } = fetcher;

  useActionResult(fetcher.data, fetcher.state, (result) => {
    if (result.intent === "search-related") setResults(result.ok ? (result.related ?? []) : null);
  });

  // Searches as the admin types (300 ms after the last key).
  useEffect(() => {
    const text = q.trim();
    if (!text) {
      setResults(null);
      return;
    }
    const timer = setTimeout(() => {
      submit(
        { intent: "search-related", q: text, exclude: values.id },
        { method: "post", encType: "application/json" },
      );
    }, 300);
    return () => clearTimeout(timer);
  }, [q, values.id, submit]);

  return (
    <div className="space-y-4">
      <Field id="related-search" label="Buscar productos por nombre o SKU">
        <SearchInput
          id="related-search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") e.preventDefault();
          }}
          aria-controls="related-results"
        />
      </Field>
      <div id="related-results" aria-live="polite">
        {fetcher.state !== "idle" ? <p className="text-sm text-slate-500">Buscando...</p> : null}
        {fetcher.state === "idle" && results && results.length === 0 ? (
          <p className="text-sm text-slate-500">No se encontraron productos.</p>
        ) : null}
        {results && results.length > 0 ? (
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
            {results.map((r) => (
              <li key={r.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                <span className="min-w-0 truncate">
                  {r.name} {r.sku ? <span className="text-slate-500">({r.sku})</span> : null}
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={selected.has(r.id)}
                  aria-label={`Agregar ${r.name} a relacionados`}
                  onClick={() =>
                    update((v) =>
                      v.related.some((x) => x.id === r.id)
                        ? v
                        : { ...v, related: [...v.related, { id: r.id, name: r.name }] },
                    )
                  }
                >
                  {selected.has(r.id) ? "Agregado" : "Agregar"}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div>
        <h3 className="text-sm font-semibold text-slate-800">Productos relacionados ({values.related.length})</h3>
        {values.related.length === 0 ? (
          <div className="mt-2">
            <EmptyNote>Todavía no hay productos relacionados.</EmptyNote>
          </div>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200">
            {values.related.map((r) => (
              <li key={r.id} className="flex items-center justify-between gap-3 px-3 py-1.5 text-sm">
                <span className="min-w-0 truncate">{r.name}</span>
                <RemoveButton
                  label={`Quitar ${r.name} de relacionados`}
                  onClick={() => update((v) => ({ ...v, related: v.related.filter((x) => x.id !== r.id) }))}
                />
              </li>
            ))}
          </ul>
        )}
        <FieldError id="related" error={error} />
      </div>
    </div>
  );
}
