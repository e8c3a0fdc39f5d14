import type { Route } from "./+types/invoicing-export";
import { buildLibroIvaCsv } from "~/domain/libro-iva";
import { listBookInvoices } from "~/models/invoice-admin.server";
import { InvoiceBookQuerySchema } from "~/schemas/invoicing";
import { requireAdmin } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

// GET /admin/facturacion/exportar?desde=&hasta=: the period's authorised comprobantes as the
// Libro IVA Ventas CSV for the accountant (same file format as the other exports).
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const query = InvoiceBookQuerySchema.parse(Object.fromEntries(url.searchParams));
  const list = await listBookInvoices(query);
  if (list.length === 0) {
    throw await redirectWithToast(`/admin/facturacion${url.search}`, {
      type: "error",
      title: "Exportar",
      description: "No hay comprobantes en ese período para exportar.",
    });
  }
  const range = [query.desde, query.hasta].filter(Boolean).join("_a_");
  return new Response(buildLibroIvaCsv(list), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="libro-iva-ventas${range ? `-${range}` : ""}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
