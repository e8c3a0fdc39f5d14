import { CHECKOUT_FIELD_TYPES, type CheckoutField } from "~/domain/settings";
import { newCheckoutField } from "~/schemas/settings";
import { ListSettingsCard } from "./editable-list";

type Row = { name: string; label: string; type: string; required: boolean; position: string };

const TYPE_LABELS: Record<(typeof CHECKOUT_FIELD_TYPES)[number], string> = {
  text: "Texto (text)",
  email: "Email (email)",
  tel: "Teléfono (tel)",
  number: "Número (number)",
  textarea: "Texto largo (textarea)",
};

function toRows(fields: CheckoutField[]): Row[] {
  return [...fields]
    .sort((a, b) => a.position - b.position)
    .map((f) => ({ name: f.name, label: f.label, type: f.type, required: f.required, position: String(f.position) }));
}

/** checkout_fields: name, label, type, required and position of each checkout input. */
export function CheckoutFieldsCard({ fields }: { fields: CheckoutField[] }) {
  return (
    <ListSettingsCard<Row>
      settingKey="checkout_fields"
      title="Campos del checkout"
      description="Los datos que se piden al finalizar la compra, en el orden de su posición. El nombre es la clave interna (minúsculas, números y _); first_name, last_name, email, phone, cuit, company, address, city, state, zip y notes se guardan en la orden."
      initial={() => toRows(fields)}
      legend="Campo"
      itemLabel={(row, index) => `el campo ${row.label || row.name || index + 1}`}
      fieldsetClassName="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1.3fr_11rem_6rem_6rem_auto] lg:items-start"
      addLabel="Agregar campo"
      empty="No hay campos configurados."
      newRow={(count) => {
        const field = newCheckoutField(count);
        return { ...field, position: String(field.position) };
      }}
      renumber={(row, position) => ({ ...row, position: String(position) })}
    >
      {(row, _index, { base, fieldId, update, text, select }) => (
        <>
          {text("name", "Nombre", { autoComplete: "off", spellCheck: false })}
          {text("label", "Etiqueta")}
          {select("type", "Tipo", CHECKOUT_FIELD_TYPES, TYPE_LABELS)}
          {text("position", "Posición", { inputMode: "numeric" })}
          <div className="flex items-center gap-2 lg:mt-6">
            <input
              id={fieldId("required")}
              type="checkbox"
              name={`${base}.required`}
              checked={row.required}
              onChange={(e) => update({ required: e.currentTarget.checked })}
              className="size-4 accent-brand-600"
            />
            <label htmlFor={fieldId("required")} className="text-sm text-slate-800">
              Obligatorio
            </label>
          </div>
        </>
      )}
    </ListSettingsCard>
  );
}
