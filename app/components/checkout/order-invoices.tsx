import { Download, FileText } from "lucide-react";
import { OrderCard } from "./order-card";
import type { InvoiceLink } from "~/models/invoice-documents.server";

/**
 * The order's authorised factura and credit notes: "Descargar factura" (its PDF) and its printable
 * page. A guest's links carry the order's token (the confirmation link's), a customer's need none.
 */
export function OrderInvoices({ invoices, token }: { invoices: InvoiceLink[]; token?: string | null }) {
  if (invoices.length === 0) return null;
  const query = token ? `?${new URLSearchParams({ token })}` : "";
  return (
    <OrderCard id="invoices-title" title="Comprobantes">
      <ul className="mt-3 space-y-2">
        {invoices.map((invoice) => {
          const isFactura = invoice.label.startsWith("Factura");
          return (
            <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                <strong>{invoice.label}</strong> <span className="font-mono">{invoice.number}</span>
              </span>
              <span className="flex gap-3 text-sm font-medium">
                <a
                  href={`/comprobantes/${invoice.id}/pdf${query}`}
                  className="inline-flex items-center gap-1 text-brand-700 hover:underline"
                >
                  <Download aria-hidden className="size-4" />
                  {isFactura ? "Descargar factura" : "Descargar nota de crédito"}
                </a>
                <a
                  href={`/comprobantes/${invoice.id}${query}`}
                  className="inline-flex items-center gap-1 text-brand-700 hover:underline"
                >
                  <FileText aria-hidden className="size-4" />
                  Ver
                </a>
              </span>
            </li>
          );
        })}
      </ul>
    </OrderCard>
  );
}
