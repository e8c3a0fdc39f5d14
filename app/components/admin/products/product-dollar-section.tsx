import { InputField, decimalInput } from "~/components/ui/field";
import type { TabProps } from "./form-kit";

/**
 * [22/25] "Precio en dólares" (ADR 0020): a USD list price pegs the product's peso price to the
 * rate of Configuración; the markup (empty: the category's) goes on top. Computed on the server.
 */
export function ProductDollarSection({ values, update, errors }: TabProps) {
  const set = (key: "usd_price" | "markup", value: string) => update((v) => ({ ...v, [key]: value }));
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3 sm:col-span-2">
      <legend className="px-1 text-sm font-bold text-slate-900">Precio en dólares</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField
          id="product-usd-price"
          label="Precio de lista en USD"
          error={errors.usd_price}
          hint="Con un precio en dólares, el precio en pesos se calcula al guardar y sigue a la cotización."
          {...decimalInput}
          placeholder="999,90"
          value={values.usd_price}
          onChange={(e) => set("usd_price", e.target.value)}
        />
        <InputField
          id="product-markup"
          label="Margen (%)"
          error={errors.markup}
          hint="Vacío: el de la categoría (o 0 %)."
          {...decimalInput}
          value={values.markup}
          onChange={(e) => set("markup", e.target.value)}
        />
      </div>
    </fieldset>
  );
}
