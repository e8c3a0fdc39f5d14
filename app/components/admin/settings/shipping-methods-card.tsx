import { Plus } from "lucide-react";
import { useId } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/field";
import type { ShippingMethod } from "~/domain/settings";
import { formatDecimalInput } from "~/schemas/settings";
import { RowActions, RowField, invalidProps, useEditableList } from "./editable-list";
import { SettingsCard } from "./settings-card";

// previousName: the name when the form was opened (empty for a new row), sent along so that a
// renamed method keeps its costs in the shipping zones.
type Row = { name: string; cost: string; previousName: string };

const toRows = (methods: ShippingMethod[]): Row[] =>
  methods.map((m) => ({ name: m.name, cost: formatDecimalInput(m.cost), previousName: m.name }));

/** shipping_methods: name and cost (pesos; "1.234,50" is accepted). The first one is preselected at checkout. */
export function ShippingMethodsCard({ methods }: { methods: ShippingMethod[] }) {
  const id = useId();
  const list = useEditableList<Row>(() => toRows(methods));
  return (
    <SettingsCard
      settingKey="shipping_methods"
      title="Métodos de envío"
      description="El costo se suma al total del pedido. El primero de la lista es el que aparece elegido en el checkout."
      shapeVersion={list.shapeVersion}
      onSaved={() => list.reset(toRows(methods))}
    >
      {(errors) => (
        <>
          <ol className="space-y-3">
            {list.rows.map((row, index) => {
              const base = `rows.${index}`;
              const fieldId = (name: string) => `${id}-${row.uid}-${name}`;
              const error = (name: string) => errors[`${base}.${name}`];
              return (
                <li key={row.uid} className="rounded-lg border border-slate-200 p-3">
                  <fieldset className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-start">
                    <legend className="sr-only">Método de envío {index + 1}</legend>
                    <input type="hidden" name={`${base}.previousName`} value={row.previousName} />
                    <RowField id={fieldId("name")} label="Nombre" error={error("name")}>
                      <Input
                        id={fieldId("name")}
                        name={`${base}.name`}
                        value={row.name}
                        onChange={(e) => list.update(index, { name: e.currentTarget.value })}
                        {...invalidProps(fieldId("name"), error("name"))}
                      />
                    </RowField>
                    <RowField id={fieldId("cost")} label="Costo ($)" error={error("cost")}>
                      <Input
                        id={fieldId("cost")}
                        name={`${base}.cost`}
                        inputMode="decimal"
                        value={row.cost}
                        onChange={(e) => list.update(index, { cost: e.currentTarget.value })}
                        {...invalidProps(fieldId("cost"), error("cost"))}
                      />
                    </RowField>
                    <div className="sm:mt-5">
                      <RowActions
                        index={index}
                        count={list.rows.length}
                        itemLabel={`el método de envío ${row.name || index + 1}`}
                        onMove={(by) => list.move(index, by)}
                        onRemove={() => list.remove(index)}
                      />
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          <Button
            variant="outline"
            className="mt-3"
            onClick={() => list.add({ name: "", cost: "0", previousName: "" })}
          >
            <Plus aria-hidden className="size-4" /> Agregar método de envío
          </Button>
        </>
      )}
    </SettingsCard>
  );
}
