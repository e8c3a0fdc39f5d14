import { Printer } from "lucide-react";
import { Fragment, useState } from "react";
import { Button, buttonVariants } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { TD, TH, THead, TR, Table } from "~/components/ui/table";
import { formatARS } from "~/domain/money";
import { OrderDetails, type AdminOrderRow } from "./order-details";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { InvoiceBadge, InvoiceButton } from "./invoice-panel";
import { LabelButton } from "./label-panel";
import { PaymentBadge } from "./payment-panel";
import { WithdrawalBadge } from "./withdrawal-panel";

function toggled(set: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/**
 * Orden ID, Cliente, Total, Estado, Fecha, Acciones; each row expands into its details. Rows can
 * be selected for "Imprimir remitos" (the packing slips open in a new tab, ready to print).
 */
export function OrdersTable({
  orders,
  carriers,
  initiallyOpen,
}: {
  orders: AdminOrderRow[];
  carriers: readonly string[];
  initiallyOpen?: string | null;
}) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(initiallyOpen ? [initiallyOpen] : []));
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string) => setOpen((current) => toggled(current, id));
  const allSelected = orders.length > 0 && orders.every((o) => selected.has(o.id));
  const slipsHref = `/admin/remitos?ids=${[...selected].join(",")}`;

  return (
    <>
      <div className="mb-2 flex flex-wrap items-center gap-3 text-sm">
        <p aria-live="polite" className="text-slate-600">
          {selected.size === 0
            ? "Elegí órdenes para imprimir sus remitos o facturarlas."
            : selected.size === 1
              ? "1 orden elegida"
              : `${selected.size} órdenes elegidas`}
        </p>
        {selected.size > 0 ? (
          <a href={slipsHref} target="_blank" rel="noopener" className={buttonVariants({ size: "sm" })}>
            <Printer aria-hidden className="size-4" /> Imprimir remitos ({selected.size})
          </a>
        ) : null}
        {selected.size > 0 ? (
          <InvoiceButton orderIds={[...selected]} label={`Facturar elegidas (${selected.size})`} />
        ) : null}
        {selected.size > 0 ? (
          <LabelButton orderIds={[...selected]} label={`Generar etiquetas (${selected.size})`} />
        ) : null}
      </div>
      <Table>
        <caption className="sr-only">Órdenes, de la más nueva a la más antigua</caption>
        <THead>
          <tr>
            <TH className="w-10">
              <Checkbox
                aria-label="Elegir todas las órdenes de la página"
                checked={allSelected}
                indeterminate={selected.size > 0 && !allSelected}
                onChange={(e) => setSelected(e.target.checked ? new Set(orders.map((o) => o.id)) : new Set())}
              />
            </TH>
            <TH>Orden ID</TH>
            <TH className="hidden md:table-cell">Cliente</TH>
            <TH className="hidden text-right sm:table-cell">Total</TH>
            <TH className="hidden md:table-cell">Estado</TH>
            <TH className="hidden xl:table-cell">Factura</TH>
            <TH className="hidden lg:table-cell">Fecha</TH>
            <TH>Acciones</TH>
          </tr>
        </THead>
        <tbody>
          {orders.map((order) => {
            const expanded = open.has(order.id);
            const detailsId = `order-details-${order.id}`;
            const customer = [order.customerName, order.customerLastname].filter(Boolean).join(" ");
            return (
              <Fragment key={order.id}>
                <TR className={expanded ? "border-b-0 bg-brand-50/40" : undefined}>
                  <TD>
                    <Checkbox
                      aria-label={`Elegir la orden #${order.number}`}
                      checked={selected.has(order.id)}
                      onChange={() => setSelected((current) => toggled(current, order.id))}
                    />
                  </TD>
                  <TD>
                    <span className="font-mono text-xs whitespace-nowrap">#{order.number}</span>
                    {order.withdrawal ? (
                      <span className="mt-1 block">
                        <WithdrawalBadge withdrawal={order.withdrawal} />
                      </span>
                    ) : null}
                    {/* On phones the customer, total, status and date go under the number (the row fits 390 px). */}
                    <span className="mt-1 block md:hidden">
                      <span className="block font-medium">{customer || "—"}</span>
                      <span className="block font-semibold tabular-nums whitespace-nowrap sm:hidden">
                        {formatARS(order.total)}
                      </span>
                      <span className="mt-1 block">
                        <OrderStatusBadge status={order.status} staff />
                      </span>
                      {order.payment ? (
                        <span className="mt-1 block">
                          <PaymentBadge payment={order.payment} />
                        </span>
                      ) : null}
                      <span className="mt-1 block">
                        <InvoiceBadge invoice={order.invoice} />
                      </span>
                      <time dateTime={order.createdAt} className="mt-1 block text-xs text-slate-500">
                        {order.createdAtShortLabel}
                      </time>
                    </span>
                  </TD>
                  <TD className="hidden md:table-cell">
                    <span className="font-medium">{customer || "—"}</span>
                    {order.customerEmail ? (
                      <span className="block text-xs break-all text-slate-500 lg:break-normal">
                        {order.customerEmail}
                      </span>
                    ) : null}
                  </TD>
                  <TD className="hidden text-right tabular-nums whitespace-nowrap sm:table-cell">
                    {formatARS(order.total)}
                  </TD>
                  <TD className="hidden md:table-cell">
                    <OrderStatusBadge status={order.status} staff />
                    {order.payment ? (
                      <span className="mt-1 block">
                        <PaymentBadge payment={order.payment} />
                      </span>
                    ) : null}
                    {/* Below xl the Factura column is hidden: the invoice state goes under the status. */}
                    <span className="mt-1 block xl:hidden">
                      <InvoiceBadge invoice={order.invoice} />
                    </span>
                  </TD>
                  <TD className="hidden xl:table-cell">
                    <InvoiceBadge invoice={order.invoice} />
                  </TD>
                  <TD className="hidden whitespace-nowrap text-slate-600 lg:table-cell">
                    <time dateTime={order.createdAt}>{order.createdAtShortLabel}</time>
                  </TD>
                  <TD>
                    <Button
                      variant="outline"
                      size="sm"
                      className="h-auto min-h-9 py-1.5 whitespace-normal"
                      aria-expanded={expanded}
                      aria-controls={detailsId}
                      aria-label={`${expanded ? "Ocultar Detalles" : "Ver Detalles"} de la orden #${order.number}`}
                      onClick={() => toggle(order.id)}
                    >
                      {expanded ? "Ocultar Detalles" : "Ver Detalles"}
                    </Button>
                  </TD>
                </TR>
                <tr id={detailsId} hidden={!expanded} className="border-b border-slate-200 bg-slate-50">
                  {expanded ? (
                    <td colSpan={8} className="p-2 sm:p-4">
                      <OrderDetails order={order} carriers={carriers} />
                    </td>
                  ) : null}
                </tr>
              </Fragment>
            );
          })}
        </tbody>
      </Table>
    </>
  );
}
