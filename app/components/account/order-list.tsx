import { Package } from "lucide-react";
import { Link } from "react-router";
import { formatARS } from "~/domain/money";
import type { OrderSummary } from "~/models/order.server";
import { Button } from "../ui/button";
import { OrderStatusBadge } from "~/components/order-status-badge";

/** The customer's orders, newest first: number, date, status, total and items. */
export function OrderList({ orders }: { orders: OrderSummary[] }) {
  if (orders.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-center text-slate-600">
        <Package aria-hidden className="size-12 text-slate-300" />
        <p>Todavía no hiciste pedidos.</p>
        <Button asChild variant="outline">
          <Link to="/store">Ir a la tienda</Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className="space-y-4">
      {orders.map((order) => (
        <li key={order.id} className="rounded-lg border border-slate-200 p-4">
          <article aria-labelledby={`order-${order.id}`}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <h3 id={`order-${order.id}`} className="font-semibold text-slate-900">
                  Pedido <span className="font-mono">#{order.number}</span>
                </h3>
                <p className="text-sm text-slate-600">
                  <time dateTime={order.createdAt}>{order.createdAtLabel}</time>
                </p>
              </div>
              <OrderStatusBadge status={order.status} />
            </div>
            {order.payment ? (
              <p className="mt-2 text-sm font-medium text-slate-700">{order.payment.statusLabel}</p>
            ) : null}
            <ul className="mt-3 space-y-1 text-sm text-slate-700">
              {order.items.map((item, index) => (
                <li key={index}>
                  {item.quantity} × {item.name}
                </li>
              ))}
            </ul>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
              <p className="font-bold tabular-nums">
                <span className="sr-only">Total: </span>
                {formatARS(order.total)}
              </p>
              <div className="flex flex-wrap gap-2">
                {order.payment?.canPay ? (
                  <Button asChild size="sm">
                    <Link to={`/cuenta/pedidos/${order.id}`} aria-label={`Pagar ahora el pedido #${order.number}`}>
                      Pagar ahora
                    </Link>
                  </Button>
                ) : null}
                <Button asChild variant="outline" size="sm">
                  <Link to={`/cuenta/pedidos/${order.id}`} aria-describedby={`order-${order.id}`}>
                    Ver Detalles
                  </Link>
                </Button>
              </div>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
