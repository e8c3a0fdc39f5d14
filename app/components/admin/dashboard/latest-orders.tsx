import { Link } from "react-router";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { formatARS } from "~/domain/money";
import type { LatestOrder } from "~/models/dashboard.server";
import { Panel } from "./panel";

/** The newest orders; each opens its row in Órdenes. */
export function LatestOrders({ orders }: { orders: LatestOrder[] }) {
  return (
    <Panel title="Últimas órdenes" link={{ to: "/admin/ordenes", label: "Ver todas las órdenes" }}>
      {orders.length === 0 ? (
        <p className="text-sm text-slate-600">Todavía no hay órdenes.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {orders.map((order) => (
            <li key={order.id} className="flex items-center justify-between gap-3 py-2.5">
              <div className="min-w-0">
                <Link
                  to={`/admin/ordenes?q=${order.number}&open=${order.id}`}
                  className="font-mono text-sm font-semibold text-brand-700 hover:underline"
                >
                  #{order.number}
                </Link>
                <p className="truncate text-sm text-slate-700">{order.customer}</p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <span className="text-sm font-semibold tabular-nums">{formatARS(order.total)}</span>
                <OrderStatusBadge status={order.status} staff />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
