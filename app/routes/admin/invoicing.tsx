import { AdminPage } from "~/components/admin/admin-page";
import { Download, Search } from "lucide-react";
import { Form } from "react-router";
import type { Route } from "./+types/invoicing";
import { Button, buttonVariants } from "~/components/ui/button";
import { InputField } from "~/components/ui/field";
import { TD, THeadRow, TR, Table } from "~/components/ui/table";
import { bookFigures, bookTotals, docTipoLabel, invoiceLabel } from "~/domain/libro-iva";
import { formatARS } from "~/domain/money";
import { listBookInvoices } from "~/models/invoice-admin.server";
import { InvoiceBookQuerySchema } from "~/schemas/invoicing";
import { requireAdmin } from "~/utils/auth.server";
import { loadOrError } from "~/utils/load.server";

// Admin > Facturación: the invoices and credit notes ARCA authorised in a period, with totals by
// type and by IVA rate, and the Libro IVA Ventas CSV for the accountant.

export const meta: Route.MetaFunction = () => [{ title: "Facturación | Admin Vitec" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = InvoiceBookQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const loaded = await loadOrError("admin invoicing", "No se pudieron cargar los comprobantes.", () =>
    listBookInvoices(query),
  );
  const list = loaded.data ?? [];
  return { query, list, totals: bookTotals(list), error: loaded.error };
}

const pesos = (cents: number) => formatARS(cents / 100);

function exportHref(query: { desde: string | null; hasta: string | null }): string {
  const params = new URLSearchParams();
  if (query.desde) params.set("desde", query.desde);
  if (query.hasta) params.set("hasta", query.hasta);
  return `/admin/facturacion/exportar${params.size ? `?${params}` : ""}`;
}

export default function AdminInvoicing({ loaderData }: Route.ComponentProps) {
  const { query, list, totals, error } = loaderData;
  return (
    <AdminPage title="Facturación" intro="Facturas y notas de crédito autorizadas por ARCA (con CAE).">
      <Form method="get" role="search" aria-label="Elegir período" className="mt-4 flex flex-wrap items-end gap-3">
        <InputField id="invoices-desde" label="Desde" name="desde" type="date" defaultValue={query.desde ?? ""} />
        <InputField id="invoices-hasta" label="Hasta" name="hasta" type="date" defaultValue={query.hasta ?? ""} />
        <Button type="submit">
          <Search aria-hidden className="size-4" /> Ver
        </Button>
        {list.length > 0 ? (
          <a href={exportHref(query)} download className={buttonVariants({ variant: "outline" })}>
            <Download aria-hidden className="size-4" /> Exportar Libro IVA Ventas (CSV)
          </a>
        ) : null}
      </Form>
      {error ? (
        <p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <div className="mt-6 grid gap-4 md:grid-cols-2">
        <section aria-labelledby="totals-type" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="totals-type" className="text-sm font-bold text-slate-900">
            Totales por tipo
          </h2>
          <dl className="mt-2 divide-y divide-slate-100 text-sm" data-testid="totals-by-type">
            {totals.byType.length === 0 ? <p className="py-2 text-slate-600">Sin comprobantes en el período.</p> : null}
            {totals.byType.map((t) => (
              <div key={t.label} className="flex justify-between gap-3 py-1.5">
                <dt>
                  {t.label} ({t.count})
                </dt>
                <dd className="tabular-nums">{pesos(t.totalCents)}</dd>
              </div>
            ))}
            <div className="flex justify-between gap-3 py-1.5 font-semibold">
              <dt>Ventas del período (facturas menos notas de crédito)</dt>
              <dd className="tabular-nums">{pesos(totals.totalCents)}</dd>
            </div>
          </dl>
        </section>
        <section aria-labelledby="totals-rate" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="totals-rate" className="text-sm font-bold text-slate-900">
            Totales por alícuota de IVA
          </h2>
          <Table className="mt-2" data-testid="totals-by-rate">
            <THeadRow columns={["Alícuota", ["Neto gravado", "text-right"], ["IVA", "text-right"]]} />
            <tbody>
              {totals.byRate.map((r) => (
                <TR key={r.rate}>
                  <TD>{r.rate}</TD>
                  <TD className="text-right tabular-nums">{pesos(r.netCents)}</TD>
                  <TD className="text-right tabular-nums">{pesos(r.ivaCents)}</TD>
                </TR>
              ))}
              {totals.netCCents !== 0 ? (
                <TR>
                  <TD>Facturas C (sin IVA discriminado)</TD>
                  <TD className="text-right tabular-nums">{pesos(totals.netCCents)}</TD>
                  <TD />
                </TR>
              ) : null}
              {totals.untaxedCents !== 0 ? (
                <TR>
                  <TD>No gravado / exento</TD>
                  <TD className="text-right tabular-nums">{pesos(totals.untaxedCents)}</TD>
                  <TD />
                </TR>
              ) : null}
            </tbody>
          </Table>
        </section>
      </div>
      {list.length > 0 ? (
        <div className="mt-6">
          <Table caption="Comprobantes del período">
            <THeadRow
              columns={[
                "Fecha",
                "Comprobante",
                ["Receptor", "hidden md:table-cell"],
                ["CAE", "hidden lg:table-cell"],
                ["Total", "text-right"],
              ]}
            />
            <tbody>
              {list.map((invoice) => (
                <TR key={`${invoice.cbteTipo}-${invoice.puntoVenta}-${invoice.number}`}>
                  <TD className="whitespace-nowrap">{invoice.issuedOn.split("-").reverse().join("/")}</TD>
                  <TD className="whitespace-nowrap">{invoiceLabel(invoice)}</TD>
                  <TD className="hidden md:table-cell">
                    {invoice.name || "—"}
                    <span className="block text-xs text-slate-500">
                      {docTipoLabel(invoice.docTipo)} {invoice.docNro !== "0" ? invoice.docNro : ""}
                    </span>
                  </TD>
                  <TD className="hidden font-mono text-xs lg:table-cell">{invoice.cae}</TD>
                  <TD className="text-right tabular-nums whitespace-nowrap">{pesos(bookFigures(invoice).total)}</TD>
                </TR>
              ))}
            </tbody>
          </Table>
        </div>
      ) : null}
    </AdminPage>
  );
}
