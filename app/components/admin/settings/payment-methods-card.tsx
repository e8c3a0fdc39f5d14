import type { PaymentMethod } from "~/domain/settings";
import { formatDecimalInput } from "~/schemas/settings";
import { EditableRows, useEditableList } from "./editable-list";
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
        <EditableRows
          list={list}
          errors={errors}
          legend="Método de pago"
          itemLabel={(row, index) => `el método de pago ${row.name || index + 1}`}
          fieldsetClassName="grid gap-3 sm:grid-cols-[14rem_1fr_7rem_auto] sm:items-start"
          addLabel="Agregar método de pago"
          newRow={() => ({ name: "", instructions: "", discountPercent: "" })}
        >
          {(_row, _index, { text }) => (
            <>
              {text("name", "Nombre")}
              {text("instructions", "Instrucciones", { multiline: true })}
              {text("discountPercent", "Descuento (%)", { inputMode: "decimal", placeholder: "0" })}
            </>
          )}
        </EditableRows>
      )}
    </SettingsCard>
  );
}
