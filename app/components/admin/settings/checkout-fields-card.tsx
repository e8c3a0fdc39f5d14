import { Plus } from "lucide-react";
import { useId } from "react";
import { Button } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/field";
import { CHECKOUT_FIELD_TYPES, type CheckoutField } from "~/domain/settings";
import { newCheckoutField } from "~/schemas/settings";
import { RowActions, RowField, invalidProps, useEditableList } from "./editable-list";
import { SettingsCard } from "./settings-card";

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
  const id = useId();
  const list = useEditableList<Row>(() => toRows(fields));
  const add = () => {
    const field = newCheckoutField(list.rows.length);
    list.add({ ...field, position: String(field.position) });
  };

  return (
    <SettingsCard
      settingKey="checkout_fields"
      title="Campos del checkout"
      description="Los datos que se piden al finalizar la compra, en el orden de su posición. El nombre es la clave interna (minúsculas, números y _); first_name, last_name, email, phone, cuit, company, address, city, state, zip y notes se guardan en la orden."
      shapeVersion={list.shapeVersion}
      onSaved={() => list.reset(toRows(fields))}
    >
      {(errors) => (
        <>
          {list.rows.length === 0 ? <p className="text-sm text-slate-600">No hay campos configurados.</p> : null}
          <ol className="space-y-3">
            {list.rows.map((row, index) => {
              const base = `rows.${index}`;
              const fieldId = (name: string) => `${id}-${row.uid}-${name}`;
              const error = (name: string) => errors[`${base}.${name}`];
              const itemLabel = `el campo ${row.label || row.name || index + 1}`;
              return (
                <li key={row.uid} className="rounded-lg border border-slate-200 p-3">
                  <fieldset>
                    <legend className="sr-only">Campo {index + 1}</legend>
                    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1.3fr_11rem_6rem_6rem_auto] lg:items-start">
                      <RowField id={fieldId("name")} label="Nombre" error={error("name")}>
                        <Input
                          id={fieldId("name")}
                          name={`${base}.name`}
                          value={row.name}
                          autoComplete="off"
                          spellCheck={false}
                          onChange={(e) => list.update(index, { name: e.currentTarget.value })}
                          {...invalidProps(fieldId("name"), error("name"))}
                        />
                      </RowField>
                      <RowField id={fieldId("label")} label="Etiqueta" error={error("label")}>
                        <Input
                          id={fieldId("label")}
                          name={`${base}.label`}
                          value={row.label}
                          onChange={(e) => list.update(index, { label: e.currentTarget.value })}
                          {...invalidProps(fieldId("label"), error("label"))}
                        />
                      </RowField>
                      <RowField id={fieldId("type")} label="Tipo" error={error("type")}>
                        <Select
                          id={fieldId("type")}
                          name={`${base}.type`}
                          value={row.type}
                          onChange={(e) => list.update(index, { type: e.currentTarget.value })}
                          {...invalidProps(fieldId("type"), error("type"))}
                        >
                          {CHECKOUT_FIELD_TYPES.map((type) => (
                            <option key={type} value={type}>
                              {TYPE_LABELS[type]}
                            </option>
                          ))}
                        </Select>
                      </RowField>
                      <RowField id={fieldId("position")} label="Posición" error={error("position")}>
                        <Input
                          id={fieldId("position")}
                          name={`${base}.position`}
                          inputMode="numeric"
                          value={row.position}
                          onChange={(e) => list.update(index, { position: e.currentTarget.value })}
                          {...invalidProps(fieldId("position"), error("position"))}
                        />
                      </RowField>
                      <div className="flex items-center gap-2 lg:mt-6">
                        <input
                          id={fieldId("required")}
                          type="checkbox"
                          name={`${base}.required`}
                          checked={row.required}
                          onChange={(e) => list.update(index, { required: e.currentTarget.checked })}
                          className="size-4 accent-brand-600"
                        />
                        <label htmlFor={fieldId("required")} className="text-sm text-slate-800">
                          Obligatorio
                        </label>
                      </div>
                      <div className="lg:mt-5">
                        <RowActions
                          index={index}
                          count={list.rows.length}
                          itemLabel={itemLabel}
                          onMove={(by) => list.move(index, by, (r, position) => ({ ...r, position: String(position) }))}
                          onRemove={() => list.remove(index)}
                        />
                      </div>
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          <Button variant="outline" className="mt-3" onClick={add}>
            <Plus aria-hidden className="size-4" /> Agregar campo
          </Button>
        </>
      )}
    </SettingsCard>
  );
}
