import { InputField, decimalInput } from "~/components/ui/field";
import { type TabProps, bindText } from "./form-kit";

/**
 * [22/25] "Precio en dólares" (ADR 0020): a USD list price pegs the product's peso price to the
 * rate of Configuración; the markup (empty: the category's) goes on top. Computed on the server.
 */
const DOLLAR_FIELDS: {
  key: "usd_price" | "markup";
  id: string;
  label: string;
  hint: string;
  placeholder?: string;
}[] = [
  {
    key: "usd_price",
    id: "product-usd-price",
    label: "Precio de lista en USD",
    hint: "Con un precio en dólares, el precio en pesos se calcula al guardar y sigue a la cotización.",
    placeholder: "999,90",
  },
  { key: "markup", id: "product-markup", label: "Margen (%)", hint: "Vacío: el de la categoría (o 0 %)." },
];

export function ProductDollarSection(tab: TabProps) {
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3 sm:col-span-2">
      <legend className="px-1 text-sm font-bold text-slate-900">Precio en dólares</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {DOLLAR_FIELDS.map(({ key, id, label, hint, placeholder }) => (
          <InputField
            key={key}
            id={id}
            label={label}
            hint={hint}
            {...decimalInput}
            placeholder={placeholder}
            {...bindText(tab, key)}
          />
        ))}
      </div>
    </fieldset>
  );
}
