import { formatARS } from "~/domain/money";
import type { DashboardStats } from "~/models/dashboard.server";

/** The four figures (spec 7 "Dashboard"). */
export function StatFigures({ stats }: { stats: DashboardStats }) {
  const figures = [
    { label: "Productos", value: String(stats.products) },
    { label: "Órdenes", value: String(stats.orders) },
    { label: "Ventas (entregadas)", value: formatARS(stats.sales) },
    { label: "Stock bajo (menos de 10)", value: String(stats.lowStock) },
    { label: "Cobrado con Mercado Pago", value: formatARS(stats.collectedOnline) },
    { label: "Esperando pago online", value: String(stats.awaitingPayment) },
    {
      label: "Descuentos con cupones",
      value: `${formatARS(stats.couponDiscount)} en ${stats.couponOrders} ${stats.couponOrders === 1 ? "pedido" : "pedidos"}`,
    },
  ];
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {figures.map((f) => (
        <div key={f.label} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <dt className="text-sm font-medium text-slate-600">{f.label}</dt>
          <dd className="mt-2 text-3xl font-bold break-words text-slate-900">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
