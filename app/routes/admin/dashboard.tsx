import type { Route } from "./+types/dashboard";
import { formatARS } from "~/domain/money";
import { getDashboardStats } from "~/models/dashboard.server";
import { requireAdmin } from "~/utils/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Admin Vitec" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { stats: await getDashboardStats() };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { stats } = loaderData;
  const figures = [
    { label: "Productos", value: String(stats.products) },
    { label: "Órdenes", value: String(stats.orders) },
    { label: "Ventas (entregadas)", value: formatARS(Number(stats.sales)) },
    { label: "Stock bajo (menos de 10)", value: String(stats.lowStock) },
  ];
  return (
    <div>
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <dl className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {figures.map((f) => (
          <div key={f.label} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <dt className="text-sm font-medium text-slate-600">{f.label}</dt>
            <dd className="mt-2 text-3xl font-bold text-slate-900">{f.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-8 rounded-lg bg-brand-50 p-4 text-sm text-brand-900">
        Próximamente: gráfico de ventas de los últimos 30 días y últimas órdenes.
      </p>
    </div>
  );
}
