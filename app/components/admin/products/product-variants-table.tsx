import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Input, inputClass } from "~/components/ui/field";
import { FieldError, fieldAria } from "~/components/ui/field-error";
import { cn } from "~/utils/cn";
import { Table, TD, TH, THead } from "~/components/ui/table";
import { MPN_MAX_LENGTH } from "~/domain/product-import";
import { LOW_STOCK_THRESHOLD } from "~/domain/stock";
import { variantLabel } from "~/domain/variants";
import type { VariantFormRow } from "~/schemas/product-form-state";
import { type TabProps, replaceAt } from "./form-kit";
import { BOX_INPUTS } from "./product-details-tab";

type Column = "price" | "sale_price" | "stock";

const COLUMNS: { column: Column; label: string; all: string; decimal: boolean }[] = [
  { column: "price", label: "Precio", all: "el precio", decimal: true },
  { column: "sale_price", label: "Precio de oferta", all: "el precio de oferta", decimal: true },
  { column: "stock", label: "Stock", all: "el stock", decimal: false },
];

/** [18/25] A variant's own GTIN (EAN/UPC) and MPN, for the feeds (empty: none). */
const IDENTIFIER_COLUMNS = [
  { column: "gtin", max: 20 },
  { column: "mpn", max: MPN_MAX_LENGTH },
] as const;

/**
 * The variants of the product ([14/15]): one row per combination of its option groups, made
 * from the groups above it. Price, sale price, stock and SKU are edited in place; a column can
 * be set for every variant at once ("Aplicar a todas"). An empty price is the spec's rule (the
 * option's price, else the product's).
 */
export function ProductVariantsTable({ values, update, errors }: TabProps) {
  const rows = values.variants;
  const [forAll, setForAll] = useState<Record<Column, string>>({ price: "", sale_price: "", stock: "" });
  if (rows.length === 0) return null;

  const setRow = (index: number, row: VariantFormRow) =>
    update((v) => ({ ...v, variants: replaceAt(v.variants, index, row) }));
  const applyToAll = (column: Column) =>
    update((v) => ({ ...v, variants: v.variants.map((row) => ({ ...row, [column]: forAll[column] })) }));
  const total = rows.reduce((sum, r) => sum + (Number(r.stock) || 0), 0);

  return (
    <section aria-labelledby="variants-title" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="variants-title" className="text-base font-bold text-slate-900">
          Variantes ({rows.length})
        </h3>
        <p className="text-sm text-slate-600">
          Stock total: <strong data-testid="variants-total-stock">{total}</strong>
        </p>
      </div>
      <p className="text-sm text-slate-600">
        Cada combinación de opciones es una variante con su SKU y su stock. Precio vacío: se usa el precio de la opción
        o el del producto. Peso y medidas vacíos: los del producto.
      </p>
      <div className="grid gap-2 rounded-md bg-slate-50 p-3 sm:grid-cols-3">
        {COLUMNS.map(({ column, label, all, decimal }) => (
          <div key={column} className="flex items-end gap-2">
            <div className="flex-1">
              <label htmlFor={`variants-all-${column}`} className="block text-xs font-medium text-slate-700">
                {label} para todas
              </label>
              <Input
                id={`variants-all-${column}`}
                className="mt-1"
                {...(decimal ? { type: "text", autoComplete: "off" } : { type: "number", min: 0, step: 1 })}
                inputMode={decimal ? "decimal" : "numeric"}
                value={forAll[column]}
                onChange={(e) => setForAll((f) => ({ ...f, [column]: e.target.value }))}
              />
            </div>
            <Button
              variant="outline"
              size="sm"
              aria-label={`Aplicar ${all} a todas las variantes`}
              disabled={column === "stock" && forAll.stock === ""}
              onClick={() => applyToAll(column)}
            >
              Aplicar a todas
            </Button>
          </div>
        ))}
      </div>
      <div className="overflow-x-auto">
        <Table>
          <THead>
            <tr>
              <TH>Variante</TH>
              <TH>SKU</TH>
              <TH>GTIN</TH>
              <TH>MPN</TH>
              <TH className="text-right">Precio</TH>
              <TH className="text-right">Precio de oferta</TH>
              <TH className="text-right">Stock</TH>
              {BOX_INPUTS.map(({ key, label }) => (
                <TH key={key} className="text-right">
                  {label}
                </TH>
              ))}
            </tr>
          </THead>
          <tbody>
            {rows.map((row, i) => {
              const label = variantLabel(row.options);
              const base = `variants.${i}`;
              const stock = Number(row.stock) || 0;
              return (
                <tr key={row.key} className="border-t border-slate-100 align-top">
                  <TD className="min-w-40 font-medium text-slate-900">
                    {row.options.map((o) => o.option).join(" / ")}
                    {stock < LOW_STOCK_THRESHOLD ? (
                      <span className={`block text-xs ${stock === 0 ? "text-red-700" : "text-amber-700"}`}>
                        {stock === 0 ? "Sin stock" : "Stock bajo"}
                      </span>
                    ) : null}
                  </TD>
                  <TD>
                    <Input
                      id={`variant-${i}-sku`}
                      aria-label={`SKU de ${label}`}
                      className="min-w-40"
                      maxLength={100}
                      value={row.sku}
                      onChange={(e) => setRow(i, { ...row, sku: e.target.value })}
                      {...fieldAria(`variant-${i}-sku`, errors[`${base}.sku`])}
                    />
                    <FieldError id={`variant-${i}-sku`} error={errors[`${base}.sku`]} />
                  </TD>
                  {IDENTIFIER_COLUMNS.map(({ column, max }) => (
                    <TD key={column}>
                      <Input
                        id={`variant-${i}-${column}`}
                        aria-label={`${column.toUpperCase()} de ${label}`}
                        baseClassName={cn(inputClass, "w-36")}
                        autoComplete="off"
                        maxLength={max}
                        value={row[column]}
                        onChange={(e) => setRow(i, { ...row, [column]: e.target.value })}
                        {...fieldAria(`variant-${i}-${column}`, errors[`${base}.${column}`])}
                      />
                      <FieldError id={`variant-${i}-${column}`} error={errors[`${base}.${column}`]} />
                    </TD>
                  ))}
                  {COLUMNS.map(({ column, label: columnLabel, decimal }) => (
                    <TD key={column}>
                      <Input
                        id={`variant-${i}-${column}`}
                        aria-label={`${columnLabel} de ${label}`}
                        baseClassName={cn(inputClass, "w-28 text-right")}
                        {...(decimal ? { type: "text", autoComplete: "off" } : { type: "number", min: 0, step: 1 })}
                        inputMode={decimal ? "decimal" : "numeric"}
                        value={row[column]}
                        onChange={(e) => setRow(i, { ...row, [column]: e.target.value })}
                        {...fieldAria(`variant-${i}-${column}`, errors[`${base}.${column}`])}
                      />
                      <FieldError id={`variant-${i}-${column}`} error={errors[`${base}.${column}`]} />
                    </TD>
                  ))}
                  {BOX_INPUTS.map(({ key, label: columnLabel, inputMode }) => (
                    <TD key={key}>
                      <Input
                        id={`variant-${i}-${key}`}
                        aria-label={`${columnLabel} de ${label}`}
                        baseClassName={cn(inputClass, "w-24 text-right")}
                        type="text"
                        inputMode={inputMode}
                        autoComplete="off"
                        placeholder={values[key] || "—"}
                        value={row[key]}
                        onChange={(e) => setRow(i, { ...row, [key]: e.target.value })}
                        {...fieldAria(`variant-${i}-${key}`, errors[`${base}.${key}`])}
                      />
                      <FieldError id={`variant-${i}-${key}`} error={errors[`${base}.${key}`]} />
                    </TD>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </Table>
      </div>
    </section>
  );
}
