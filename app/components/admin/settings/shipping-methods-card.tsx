import type { ShippingMethod } from "~/domain/settings";
import { formatDecimalInput } from "~/schemas/amount";
import { ListSettingsCard } from "./editable-list";

// previousName: the name when the form was opened (empty for a new row), sent along so that a
// renamed method keeps its costs in the shipping zones.
type Row = { name: string; cost: string; freeOver: string; previousName: string };

const toRows = (methods: ShippingMethod[]): Row[] =>
  methods.map((m) => ({
    name: m.name,
    cost: formatDecimalInput(m.cost),
    freeOver: formatDecimalInput(m.freeOver),
    previousName: m.name,
  }));

/**
 * shipping_methods: name, cost and the purchase from which it is free (pesos; "1.234,50" is
 * accepted). The first one is preselected at checkout.
 */
export function ShippingMethodsCard({ methods }: { methods: ShippingMethod[] }) {
  return (
    <ListSettingsCard<Row>
      settingKey="shipping_methods"
      title="Métodos de envío"
      description="El costo se suma al total del pedido, salvo desde el monto de envío gratis (subtotal de productos). El primero de la lista es el que aparece elegido en el checkout."
      initial={() => toRows(methods)}
      legend="Método de envío"
      itemLabel={(row, index) => `el método de envío ${row.name || index + 1}`}
      fieldsetClassName="grid gap-3 sm:grid-cols-[1fr_9rem_11rem_auto] sm:items-start"
      addLabel="Agregar método de envío"
      newRow={() => ({ name: "", cost: "0", freeOver: "", previousName: "" })}
    >
      {(row, _index, { base, text }) => (
        <>
          <input type="hidden" name={`${base}.previousName`} value={row.previousName} />
          {text("name", "Nombre")}
          {text("cost", "Costo ($)", { inputMode: "decimal" })}
          {text("freeOver", "Envío gratis desde ($)", { inputMode: "decimal", placeholder: "Sin envío gratis" })}
        </>
      )}
    </ListSettingsCard>
  );
}
