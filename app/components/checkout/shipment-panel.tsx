import { ExternalLink } from "lucide-react";
import { Button } from "~/components/ui/button";
import { OrderCard } from "./order-card";
import type { OrderView } from "~/models/order.server";

/** The parcel's carrier and tracking number, with "Seguir mi envío" to the carrier's page (nothing before staff enter them). */
export function ShipmentPanel({ shipment }: { shipment: OrderView["shipment"] }) {
  if (!shipment.carrier && !shipment.trackingNumber) return null;
  return (
    <OrderCard id="shipment-title" title="Tu envío">
      <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
        {shipment.carrier ? (
          <>
            <dt className="text-slate-600">Transportista</dt>
            <dd className="font-medium text-slate-900">{shipment.carrier}</dd>
          </>
        ) : null}
        {shipment.trackingNumber ? (
          <>
            <dt className="text-slate-600">Número de seguimiento</dt>
            <dd className="font-mono text-slate-900">{shipment.trackingNumber}</dd>
          </>
        ) : null}
      </dl>
      {shipment.trackingUrl ? (
        <Button asChild className="mt-3">
          <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
            Seguir mi envío
            <ExternalLink aria-hidden className="size-4" />
            <span className="sr-only">(se abre en otra pestaña)</span>
          </a>
        </Button>
      ) : null}
    </OrderCard>
  );
}
