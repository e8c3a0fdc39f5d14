import type { Route } from "./+types/stock-alerts";
import { formatDateTime } from "~/domain/dates";
import { listStockAlerts } from "~/models/win-back.server";
import { requireAdmin } from "~/utils/auth.server";

// [23/25] Admin > Avisos de stock (ADR 0021): who waits for which product or variant, and who was told.

export const meta: Route.MetaFunction = () => [{ title: "Avisos de stock | Admin Vitec" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return { alerts: await listStockAlerts(), error: null };
  } catch (error) {
    console.error("[admin stock alerts] list failed:", error);
    return { alerts: [], error: "No se pudieron cargar los avisos de stock." };
  }
}

export default function StockAlerts({ loaderData }: Route.ComponentProps) {
  const { alerts, error } = loaderData;
  return (
    <div>
      <h1 className="text-2xl font-bold">Avisos de stock</h1>
      <p className="mt-1 text-sm text-slate-600">
        Quién pidió «Avisame cuando haya stock». Cada persona recibe un solo aviso, cuando el producto vuelve a tener
        stock.
      </p>
      {error ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-4 text-red-800">
          {error}
        </p>
      ) : alerts.length === 0 ? (
        <p className="mt-6 text-slate-600">Nadie está esperando stock.</p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-sm">
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th className="px-3 py-2">Email</th>
                <th className="px-3 py-2">Producto</th>
                <th className="px-3 py-2">Pedido el</th>
                <th className="px-3 py-2">Avisado</th>
              </tr>
            </thead>
            <tbody>
              {alerts.map((a) => (
                <tr key={a.id} className="border-t border-slate-100">
                  <td className="px-3 py-2">{a.email}</td>
                  <td className="px-3 py-2">
                    <a href={`/product/${a.productId}`} className="text-brand-700 underline">
                      {a.productName}
                    </a>
                    {a.variant ? <span className="text-slate-600"> · {a.variant}</span> : null}
                  </td>
                  <td className="px-3 py-2">{formatDateTime(new Date(a.createdAt))}</td>
                  <td className="px-3 py-2">{a.notifiedAt ? formatDateTime(new Date(a.notifiedAt)) : "Esperando"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
