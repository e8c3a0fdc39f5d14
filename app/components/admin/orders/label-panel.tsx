import { ExternalLink, RotateCcw, Tag } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import type { OrderStatus } from "~/domain/order-status";
import type { OrderLabelView } from "~/models/carrier-labels.server";
import { BulkOrderButton, type OrdersButtonProps } from "./bulk-order-button";

// The carrier label of an order the shopper sent with OCA or Correo Argentino ([21/25]): its
// service and branch, "Generar etiqueta" (one order here, the selected ones from the table), the
// label PDF once it exists, and the carrier's reason when it refused. Once the order is
// cancelled: what became of its shipment with the carrier (ADR 0018), and "Reintentar anulación"
// when the carrier did not cancel it.

/** Generar etiqueta for one order, or the selected ones (bulk). */
export function LabelButton(props: OrdersButtonProps) {
  return (
    <BulkOrderButton intent="label" busyLabel="Generando..." icon={<Tag aria-hidden className="size-4" />} {...props} />
  );
}

export function LabelPanel({
  orderId,
  orderStatus,
  trackingNumber,
  label,
}: {
  orderId: string;
  orderStatus: OrderStatus;
  trackingNumber: string | null;
  label: OrderLabelView;
}) {
  const open = orderStatus === "processing" || orderStatus === "shipped";
  const waiting = ["creating", "cancelling", "cancel_failed"].includes(label.state);
  const canGenerate = open && !trackingNumber && !waiting;
  return (
    <div className="mt-3 border-t border-slate-200 pt-3 text-sm" aria-label="Etiqueta del transportista" role="group">
      <p>
        <span className="text-slate-600">Elegido por el cliente: </span>
        {label.serviceText}
      </p>
      {label.state === "failed" && label.error ? (
        <p role="alert" className="mt-1 text-red-700">
          {label.error}
        </p>
      ) : null}
      {label.cancelNote ? (
        <p
          role={label.state === "cancel_failed" || label.state === "cancel_by_hand" ? "alert" : "status"}
          className={label.state === "cancelled" ? "mt-1 text-slate-700" : "mt-1 text-orange-800"}
        >
          {label.cancelNote}
        </p>
      ) : null}
      {label.note && !trackingNumber && !label.cancelNote ? (
        <p className="mt-1 text-xs text-slate-600">{label.note}</p>
      ) : null}
      {!open && !trackingNumber ? (
        <p className="mt-1 text-xs text-slate-600">
          {orderStatus === "pending"
            ? "La etiqueta se genera cuando el pago está aprobado o confirmado."
            : "Esta orden no lleva etiqueta."}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <LabelButton
          show={canGenerate}
          orderIds={[orderId]}
          label={label.state === "failed" ? "Generar etiqueta de nuevo" : "Generar etiqueta"}
        />
        <BulkOrderButton
          intent="retry-cancel"
          show={label.state === "cancel_failed"}
          orderIds={[orderId]}
          label="Reintentar anulación"
          busyLabel="Anulando..."
          icon={<RotateCcw aria-hidden className="size-4" />}
        />
        {label.labelUrl ? (
          <a
            href={label.labelUrl}
            target="_blank"
            rel="noopener"
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            Ver etiqueta (10x15) <ExternalLink aria-hidden className="size-4" />
            <span className="sr-only">(se abre en otra pestaña)</span>
          </a>
        ) : null}
      </div>
    </div>
  );
}
