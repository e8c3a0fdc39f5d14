import QRCode from "qrcode";
import { Download, Printer } from "lucide-react";
import { data } from "react-router";
import type { Route } from "./+types/invoice";
import { Button, buttonVariants } from "~/components/ui/button";
import { formatARS, formatPercent, fromCents } from "~/domain/money";
import { getInvoiceDocumentForRequest } from "~/models/invoice-documents.server";

// GET /comprobantes/:id[?token=...]: an authorised factura or credit note, printable, with its PDF
// beside it (/comprobantes/:id/pdf). Staff, the customer the order belongs to, or the guest with
// the order's link (its token) see it; anyone else gets 404, as for a missing one.

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: loaderData ? `${loaderData.doc.title} ${loaderData.doc.number} | Vitec` : "Comprobante no encontrado" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const doc = await getInvoiceDocumentForRequest(request, params.id);
  if (!doc) throw data("No encontramos ese comprobante.", { status: 404 });
  const qrImage = await QRCode.toDataURL(doc.qrUrl, { errorCorrectionLevel: "M", margin: 4, scale: 4 });
  const token = new URL(request.url).searchParams.get("token");
  const pdfUrl = `/comprobantes/${doc.id}/pdf${token ? `?${new URLSearchParams({ token })}` : ""}`;
  return { doc, qrImage, pdfUrl };
}

const money = (cents: number) => formatARS(fromCents(cents));

export default function InvoicePage({ loaderData }: Route.ComponentProps) {
  const { doc, qrImage, pdfUrl } = loaderData;
  return (
    <main className="mx-auto max-w-3xl bg-white p-6 text-sm text-slate-900 print:max-w-none print:p-0">
      <div className="mb-4 flex flex-wrap justify-end gap-2 print:hidden">
        <a href={pdfUrl} className={buttonVariants({ variant: "outline" })}>
          <Download aria-hidden className="size-4" />
          Descargar PDF
        </a>
        <Button type="button" onClick={() => window.print()}>
          <Printer aria-hidden className="size-4" />
          Imprimir
        </Button>
      </div>

      <header className="grid grid-cols-[1fr_auto_1fr] items-start gap-4 border-b border-slate-300 pb-4">
        <div>
          <p className="text-lg font-bold">{doc.seller.name}</p>
          {doc.seller.cuit ? <p>CUIT: {doc.seller.cuit}</p> : null}
          <p>Condición frente al IVA: {doc.seller.ivaCondition}</p>
          {doc.seller.address ? <p>{doc.seller.address}</p> : null}
          {doc.seller.grossIncome ? <p>Ingresos Brutos: {doc.seller.grossIncome}</p> : null}
          {doc.seller.activityStart ? <p>Inicio de actividades: {doc.seller.activityStart}</p> : null}
        </div>
        <div className="flex size-16 flex-col items-center justify-center border-2 border-slate-900">
          <span className="text-3xl leading-none font-bold" data-testid="invoice-letter">
            {doc.letter}
          </span>
          <span className="text-[10px]">{doc.code}</span>
        </div>
        <div className="text-right">
          <h1 className="text-lg font-bold uppercase">{doc.title}</h1>
          <p className="font-semibold">N° {doc.number}</p>
          <p>Fecha de emisión: {doc.issuedOn}</p>
          <p>Punto de venta: {doc.seller.puntoVenta}</p>
          <p>Pedido #{doc.orderNumber}</p>
        </div>
      </header>

      <section aria-label="Cliente" className="border-b border-slate-300 py-3">
        <p className="font-semibold">Cliente: {doc.buyer.name}</p>
        <p>
          {doc.buyer.document} · {doc.buyer.ivaCondition}
        </p>
        {doc.buyer.address ? <p>Domicilio: {doc.buyer.address}</p> : null}
      </section>

      <table className="mt-4 w-full border-collapse">
        <thead>
          <tr className="bg-slate-100 text-left">
            <th className="p-2">Descripción</th>
            <th className="p-2 text-right">Cant.</th>
            <th className="p-2 text-right">Precio unit.</th>
            <th className="p-2 text-right">Importe</th>
          </tr>
        </thead>
        <tbody>
          {doc.lines.map((line, i) => (
            <tr key={i} className="border-b border-slate-200">
              <td className="p-2">{line.description}</td>
              <td className="p-2 text-right">{line.quantity}</td>
              <td className="p-2 text-right whitespace-nowrap">{money(line.unitCents)}</td>
              <td className="p-2 text-right whitespace-nowrap">{money(line.totalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <dl className="mt-4 ml-auto grid w-72 grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        {doc.showsIva ? (
          <>
            <dt>Importe neto gravado</dt>
            <dd className="text-right">{money(doc.amounts.impNetoCents)}</dd>
            {doc.amounts.iva.map((iva) => (
              <div key={iva.id} className="contents">
                <dt>
                  IVA {formatPercent(iva.rate)} (sobre {money(iva.baseCents)})
                </dt>
                <dd className="text-right">{money(iva.amountCents)}</dd>
              </div>
            ))}
          </>
        ) : null}
        <dt className="text-base font-bold">Importe total</dt>
        <dd className="text-right text-base font-bold" data-testid="invoice-total">
          {money(doc.amounts.impTotalCents)}
        </dd>
      </dl>

      <footer className="mt-8 flex items-center gap-4 border-t border-slate-300 pt-4">
        <a href={doc.qrUrl} data-testid="invoice-qr" aria-label="Verificar el comprobante en ARCA">
          <img src={qrImage} alt="Código QR de ARCA del comprobante" width={132} height={132} />
        </a>
        <div>
          <p className="font-semibold">Comprobante autorizado por ARCA</p>
          <p>
            CAE N°: <span data-testid="invoice-cae">{doc.cae}</span>
          </p>
          <p>Fecha de vencimiento del CAE: {doc.caeExpiresOn}</p>
        </div>
      </footer>
    </main>
  );
}
