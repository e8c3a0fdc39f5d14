import { ivaConditionLabel } from "~/domain/invoice";
import { formatARS } from "~/domain/money";
import type { OrderView } from "~/models/order.server";
import { cn } from "~/utils/cn";

type ReceiptOrder = Pick<
  OrderView,
  | "items"
  | "subtotal"
  | "shippingCost"
  | "discount"
  | "coupon"
  | "total"
  | "shippingMethod"
  | "paymentMethod"
  | "ivaCondition"
  | "invoiceType"
>;

/** The items and amounts of a placed order (confirmation page and the customer's order detail). */
export function OrderReceipt({ order }: { order: ReceiptOrder }) {
  return (
    <section aria-labelledby="receipt-items-title">
      <h2 id="receipt-items-title" className="text-lg font-semibold text-slate-900">
        Productos
      </h2>
      <ul className="mt-2 divide-y divide-slate-200 border-y border-slate-200">
        {order.items.map((item) => (
          <li key={item.id} className="flex items-start justify-between gap-4 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{item.name}</p>
              <p className="text-slate-600 tabular-nums">
                {item.quantity} × {formatARS(item.price)}
                {item.sku ? <span className="ml-2 text-xs text-slate-500">SKU {item.sku}</span> : null}
              </p>
            </div>
            <p className="shrink-0 font-semibold tabular-nums">{formatARS(item.subtotal)}</p>
          </li>
        ))}
      </ul>
      <OrderTotals order={order} className="mt-3" />
      {order.invoiceType ? (
        <p className="mt-2 text-sm text-slate-600">
          Factura {order.invoiceType} · {ivaConditionLabel(order.ivaCondition)}
        </p>
      ) : null}
    </section>
  );
}

/** Subtotal, discount, shipping and total of a placed order (the buyer's screens and the admin's). */
export function OrderTotals({
  order,
  className,
}: {
  order: Pick<
    ReceiptOrder,
    "subtotal" | "discount" | "coupon" | "shippingCost" | "total" | "paymentMethod" | "shippingMethod"
  >;
  className?: string;
}) {
  return (
    <dl className={cn("space-y-1 text-sm", className)}>
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">Subtotal</dt>
        <dd className="tabular-nums">{formatARS(order.subtotal)}</dd>
      </div>
      {order.coupon ? (
        <div className="flex justify-between gap-4 text-green-800">
          <dt>Cupón {order.coupon.code}</dt>
          <dd className="tabular-nums">-{formatARS(order.coupon.discount)}</dd>
        </div>
      ) : null}
      {order.discount > 0 ? (
        <div className="flex justify-between gap-4 text-green-800">
          <dt>Descuento por pago con {order.paymentMethod}</dt>
          <dd className="tabular-nums">-{formatARS(order.discount)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">Envío{order.shippingMethod ? ` (${order.shippingMethod})` : ""}</dt>
        <dd className="tabular-nums">{order.shippingCost === 0 ? "Gratis" : formatARS(order.shippingCost)}</dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-bold">
        <dt>Total</dt>
        <dd className="tabular-nums">{formatARS(order.total)}</dd>
      </div>
    </dl>
  );
}
