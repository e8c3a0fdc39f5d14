import { Fragment, useState } from "react";
import { Button } from "~/components/ui/button";
import { TD, TH, THead, TR, Table } from "~/components/ui/table";
import { formatARS } from "~/domain/money";
import type { OrderView } from "~/models/order.server";
import { OrderDetails } from "./order-details";
import { AdminOrderStatusBadge } from "./order-status-badge";
import { PaymentBadge } from "./payment-panel";
import { WithdrawalBadge } from "./withdrawal-panel";

/** Orden ID, Cliente, Total, Estado, Fecha, Acciones; each row expands into its details. */
export function OrdersTable({ orders, initiallyOpen }: { orders: OrderView[]; initiallyOpen?: string | null }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(initiallyOpen ? [initiallyOpen] : []));
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Table>
      <caption className="sr-only">Órdenes, de la más nueva a la más antigua</caption>
      <THead>
        <tr>
          <TH>Orden ID</TH>
          <TH className="hidden md:table-cell">Cliente</TH>
          <TH className="text-right">Total</TH>
          <TH className="hidden md:table-cell">Estado</TH>
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
                  <span className="font-mono text-xs whitespace-nowrap">#{order.number}</span>
                  {order.withdrawal ? (
                    <span className="mt-1 block">
                      <WithdrawalBadge withdrawal={order.withdrawal} />
                    </span>
                  ) : null}
                  {/* On phones the customer, status and date go under the number. */}
                  <span className="mt-1 block md:hidden">
                    <span className="block font-medium">{customer || "—"}</span>
                    <span className="mt-1 block">
                      <AdminOrderStatusBadge status={order.status} />
                    </span>
                    {order.payment ? (
                      <span className="mt-1 block">
                        <PaymentBadge payment={order.payment} />
                      </span>
                    ) : null}
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
                <TD className="text-right tabular-nums whitespace-nowrap">{formatARS(order.total)}</TD>
                <TD className="hidden md:table-cell">
                  <AdminOrderStatusBadge status={order.status} />
                  {order.payment ? (
                    <span className="mt-1 block">
                      <PaymentBadge payment={order.payment} />
                    </span>
                  ) : null}
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
                  <td colSpan={6} className="p-2 sm:p-4">
                    <OrderDetails order={order} />
                  </td>
                ) : null}
              </tr>
            </Fragment>
          );
        })}
      </tbody>
    </Table>
  );
}
