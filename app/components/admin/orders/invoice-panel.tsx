import type { OrderStatus } from "~/domain/order-status";
import type { OrderInvoiceView } from "~/models/invoice-admin.server";
import { BulkOrderButton, type OrdersButtonProps } from "./bulk-order-button";

// An order's electronic invoice in Admin > Órdenes: a compact badge in the table, and in the
// details its state, number and CAE (or ARCA's error while it waits) with the Facturar button.

const INVOICEABLE: readonly OrderStatus[] = ["processing", "shipped", "delivered"];

export function invoiceStateText(invoice: OrderInvoiceView | null): string {
  if (!invoice) return "Sin facturar";
  if (invoice.status === "authorised") return "Facturada";
  if (invoice.status === "failed") return "Rechazada por ARCA";
  return "Pendiente de facturar";
}

const BADGE_CLASSES = {
  none: "bg-slate-100 text-slate-700",
  authorised: "bg-green-100 text-green-800",
  pending: "bg-amber-100 text-amber-900",
  failed: "bg-red-100 text-red-800",
} as const;

/** The table's column: "Factura A 0003-00000012", or the state while there is no number. */
export function InvoiceBadge({ invoice }: { invoice: OrderInvoiceView | null }) {
  const tone = BADGE_CLASSES[invoice?.status ?? "none"];
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium whitespace-nowrap ${tone}`}>
      {invoice?.status === "authorised" && invoice.label ? invoice.label : invoiceStateText(invoice)}
    </span>
  );
}

/** Facturar one order, or the selected ones (bulk). */
export function InvoiceButton(props: OrdersButtonProps) {
  return <BulkOrderButton intent="invoice" busyLabel="Facturando..." {...props} />;
}

export function InvoicePanel({
  orderId,
  orderStatus,
  invoice,
}: {
  orderId: string;
  orderStatus: OrderStatus;
  invoice: OrderInvoiceView | null;
}) {
  const canInvoice =
    INVOICEABLE.includes(orderStatus) && invoice?.status !== "authorised" && invoice?.status !== "pending";
  return (
    <section aria-label="Factura electrónica" className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-sm font-bold text-slate-900">Factura electrónica</h2>
        <InvoiceButton show={canInvoice} orderIds={[orderId]} label={invoice ? "Facturar de nuevo" : "Facturar"} />
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">Estado</dt>
        <dd>{invoiceStateText(invoice)}</dd>
        {invoice?.label ? (
          <>
            <dt className="text-slate-600">Comprobante</dt>
            <dd>{invoice.label}</dd>
          </>
        ) : null}
        {invoice?.cae ? (
          <>
            <dt className="text-slate-600">CAE</dt>
            <dd className="font-mono">
              {invoice.cae}
              {invoice.caeExpiresAt ? (
                <span className="font-sans text-slate-600">
                  {" "}
                  (vence {invoice.caeExpiresAt.split("-").reverse().join("/")})
                </span>
              ) : null}
            </dd>
          </>
        ) : null}
        {invoice && invoice.status !== "authorised" && invoice.errorCode ? (
          <>
            <dt className="text-slate-600">Respuesta de ARCA</dt>
            <dd className="text-red-700">
              {invoice.errorCode}: {invoice.errorText}
            </dd>
          </>
        ) : null}
      </dl>
      {!invoice && !INVOICEABLE.includes(orderStatus) ? (
        <p className="mt-2 text-xs text-slate-500">
          {orderStatus === "cancelled"
            ? "Una orden cancelada no se factura."
            : "Se puede facturar cuando el pago está aprobado."}
        </p>
      ) : null}
    </section>
  );
}
