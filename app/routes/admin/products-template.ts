import type { Route } from "./+types/products-template";
import { buildTemplateCsv } from "~/domain/product-export";
import { requireAdmin } from "~/utils/auth.server";

// GET /admin/productos/plantilla: the importable columns and one example row.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return new Response(buildTemplateCsv(), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="plantilla-productos.csv"',
      "Cache-Control": "no-store",
    },
  });
}
