import type { Carrier } from "~/domain/settings";
import { ListSettingsCard } from "./editable-list";

const toRows = (carriers: Carrier[]): Carrier[] => carriers.map((c) => ({ ...c }));

/** carriers: the transportistas staff choose for an order, each with its tracking page. */
export function CarriersCard({ carriers }: { carriers: Carrier[] }) {
  return (
    <ListSettingsCard<Carrier>
      settingKey="carriers"
      title="Transportistas"
      description={
        <p>
          Se eligen en cada orden junto con el número de seguimiento. En el enlace, <code>{"{tracking}"}</code> se
          reemplaza por el número: el cliente lo ve como “Seguir mi envío” en Mi Cuenta y en el email de envío.
        </p>
      }
      initial={() => toRows(carriers)}
      legend="Transportista"
      itemLabel={(row, index) => `el transportista ${row.name || index + 1}`}
      fieldsetClassName="grid gap-3 sm:grid-cols-[14rem_1fr_auto] sm:items-start"
      addLabel="Agregar transportista"
      newRow={() => ({ name: "", trackingUrl: "" })}
    >
      {(_row, _index, { text }) => (
        <>
          {text("name", "Nombre")}
          {text("trackingUrl", "Enlace de seguimiento", {
            placeholder: "https://transportista.com/seguimiento?numero={tracking}",
          })}
        </>
      )}
    </ListSettingsCard>
  );
}
