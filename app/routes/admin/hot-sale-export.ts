import type { Route } from "./+types/hot-sale-export";
import { hotSaleCsv, reportDays } from "~/domain/hot-sale-report";
import { hotSaleReport, referenceDays } from "~/models/price-history.server";
import { requireAdmin } from "~/utils/auth.server";

// GET /admin/productos/hot-sale/exportar?dias=N: the "Precios para Hot Sale" report as a CSV.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const days = reportDays(new URL(request.url).searchParams.get("dias"), await referenceDays());
  const lines = await hotSaleReport(days);
  return new Response(hotSaleCsv(lines, days), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="precios-hot-sale-${days}-dias.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
