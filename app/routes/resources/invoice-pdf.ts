import { data } from "react-router";
import type { Route } from "./+types/invoice-pdf";
import { getInvoiceDocumentForRequest } from "~/models/invoice-documents.server";
import { invoicePdf } from "~/models/invoice-pdf.server";

// GET /comprobantes/:id/pdf[?token=...]: an authorised factura or credit note as a PDF, for staff,
// the customer the order belongs to, or the guest holding the order's link. Anyone else: 404.

export async function loader({ request, params }: Route.LoaderArgs) {
  const doc = await getInvoiceDocumentForRequest(request, params.id);
  if (!doc) throw data("No encontramos ese comprobante.", { status: 404 });
  const body = await invoicePdf(doc);
  const name = `${doc.title.replace(/\s+/g, "-").replace(/é/g, "e")}-${doc.number}.pdf`;
  return new Response(Buffer.from(body), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
