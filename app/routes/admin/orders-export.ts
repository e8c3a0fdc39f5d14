import type { Route } from "./+types/orders-export";
import { buildOrdersCsv } from "~/domain/orders-csv";
import { listOrdersForExport } from "~/models/admin-orders.server";
import { OrderListQuerySchema } from "~/schemas/admin";
import { requireAdmin } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

// GET /admin/ordenes/exportar?<the list's filters>: the filtered orders as ordenes-vitec.csv
// (for the accountant; same file format as the products export, formulas neutralised).
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const query = OrderListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const rows = await listOrdersForExport(query);
  if (rows.length === 0) {
    const back = new URLSearchParams(url.searchParams);
    throw await redirectWithToast(`/admin/ordenes${back.size ? `?${back}` : ""}`, {
      type: "error",
      title: "Exportar",
      description: "No hay órdenes que coincidan con los filtros para exportar.",
    });
  }
  const range = [query.desde, query.hasta].filter(Boolean).join("_a_");
  return new Response(buildOrdersCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="ordenes-vitec${range ? `-${range}` : ""}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
