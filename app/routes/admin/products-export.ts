import type { Route } from "./+types/products-export";
import { buildExportCsv } from "~/domain/product-export";
import { listProductsForExport } from "~/models/admin-product-export.server";
import { requireAdmin } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

// GET /admin/productos/exportar: every product as productos-vitec.csv (UTF-8 with BOM for
// Excel, semicolons, es-AR numbers, formula-looking cells neutralised).
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const rows = await listProductsForExport();
  if (rows.length === 0) {
    throw await redirectWithToast("/admin/productos", {
      type: "error",
      title: "Exportar",
      description: "No hay productos para exportar.",
    });
  }
  return new Response(buildExportCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="productos-vitec.csv"',
      "Cache-Control": "no-store",
    },
  });
}
