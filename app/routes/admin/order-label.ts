import type { Route } from "./+types/order-label";
import { orderLabelPdf } from "~/models/carrier-labels.server";
import { requireAdmin } from "~/utils/auth.server";

// GET /admin/ordenes/:id/etiqueta[?formato=a4]: the order's carrier label as the carrier prints
// it, 10x15 for a label printer unless A4 is asked for; staff only. A carrier that cannot give it
// answers its reason in Spanish (the page opens in its own tab).
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const format = new URL(request.url).searchParams.get("formato") === "a4" ? "a4" : "10x15";
  const label = await orderLabelPdf(params.id, format);
  if (!label.ok) {
    return new Response(label.message, {
      status: label.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(new Uint8Array(label.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${label.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
