import { Plus } from "lucide-react";
import { useId } from "react";
import { Button } from "~/components/ui/button";
import { Input, Textarea } from "~/components/ui/field";
import type { PaymentMethod } from "~/domain/settings";
import { formatDecimalInput } from "~/schemas/settings";
import { RowActions, RowField, invalidProps, useEditableList } from "./editable-list";
import { SettingsCard } from "./settings-card";

type Row = { name: string; instructions: string; discountPercent: string };

const toRows = (methods: PaymentMethod[]): Row[] =>
  methods.map((m) => ({
    name: m.name,
    instructions: m.instructions ?? "",
    discountPercent: m.discountPercent ? formatDecimalInput(m.discountPercent) : "",
  }));

/** payment_methods: name, the instructions the shopper reads, and an optional discount (e.g. for transfers). */
export function PaymentMethodsCard({ methods }: { methods: PaymentMethod[] }) {
  const id = useId();
  const list = useEditableList<Row>(() => toRows(methods));
  return (
    <SettingsCard
      settingKey="payment_methods"
      title="Métodos de pago"
      description="El método llamado «transferencia» muestra además los datos bancarios de la tienda en el checkout. El descuento se resta del subtotal de los productos (no del envío) y la ficha de cada producto muestra el precio con el mayor descuento."
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
                  <fieldset className="grid gap-3 sm:grid-cols-[14rem_1fr_7rem_auto] sm:items-start">
                    <legend className="sr-only">Método de pago {index + 1}</legend>
                    <RowField id={fieldId("name")} label="Nombre" error={error("name")}>
                      <Input
                        id={fieldId("name")}
                        name={`${base}.name`}
                        value={row.name}
                        onChange={(e) => list.update(index, { name: e.currentTarget.value })}
                        {...invalidProps(fieldId("name"), error("name"))}
                      />
                    </RowField>
                    <RowField id={fieldId("instructions")} label="Instrucciones" error={error("instructions")}>
                      <Textarea
                        id={fieldId("instructions")}
                        name={`${base}.instructions`}
                        rows={2}
                        value={row.instructions}
                        onChange={(e) => list.update(index, { instructions: e.currentTarget.value })}
                        {...invalidProps(fieldId("instructions"), error("instructions"))}
                      />
                    </RowField>
                    <RowField id={fieldId("discountPercent")} label="Descuento (%)" error={error("discountPercent")}>
                      <Input
                        id={fieldId("discountPercent")}
                        name={`${base}.discountPercent`}
                        inputMode="decimal"
                        placeholder="0"
                        value={row.discountPercent}
                        onChange={(e) => list.update(index, { discountPercent: e.currentTarget.value })}
                        {...invalidProps(fieldId("discountPercent"), error("discountPercent"))}
                      />
                    </RowField>
                    <div className="sm:mt-5">
                      <RowActions
                        index={index}
                        count={list.rows.length}
                        itemLabel={`el método de pago ${row.name || index + 1}`}
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
            onClick={() => list.add({ name: "", instructions: "", discountPercent: "" })}
          >
            <Plus aria-hidden className="size-4" /> Agregar método de pago
          </Button>
        </>
      )}
    </SettingsCard>
  );
}
