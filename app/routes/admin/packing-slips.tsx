import { Printer } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/packing-slips";
import { Button, buttonVariants } from "~/components/ui/button";
import { HeaderCells } from "~/components/ui/table";
import { formatDate } from "~/domain/dates";
import { ivaConditionLabel } from "~/domain/invoice";
import { formatARS } from "~/domain/money";
import { getOrdersByIds } from "~/models/admin-orders.server";
import type { OrderView } from "~/models/order.server";
import { getSettings } from "~/models/settings.server";
import { requireAdmin } from "~/utils/auth.server";

// GET /admin/remitos?ids=<id>,<id>[&precios=0]: the packing slips (remitos) of these orders, one
// per printed page, for the browser's print dialog (or "Guardar como PDF"). A print stylesheet
// rather than a PDF library: nothing to install, prints on any printer, and the page is the
// same data and markup as the rest of the admin.

export const meta: Route.MetaFunction = () => [
  { title: "Remitos | Admin Vitec" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const ids = (params.get("ids") ?? "").split(",").map((id) => id.trim());
  const [orders, { store }] = await Promise.all([getOrdersByIds(ids), getSettings(["store"])]);
  return { orders, store, prices: params.get("precios") !== "0", printedAt: formatDate(new Date()) };
}

function addressLines(address: OrderView["address"]): string[] {
  const place = [address.city, address.state].filter(Boolean).join(", ");
  return [address.line1 ?? "", [place, address.zip ? `CP ${address.zip}` : ""].filter(Boolean).join(" · ")].filter(
    Boolean,
  );
}

/** The remito's item columns, and the two that a slip with prices adds. */
const ITEM_COLUMNS: [string, string][] = [
  ["SKU", "py-1 pr-2"],
  ["Producto", "py-1 pr-2"],
  ["Cantidad", "py-1 pr-2 text-right"],
];
const PRICE_COLUMNS: [string, string][] = [
  ["Precio", "py-1 pr-2 text-right"],
  ["Subtotal", "py-1 text-right"],
];

export default function PackingSlips({ loaderData }: Route.ComponentProps) {
  const { orders, store, prices, printedAt } = loaderData;
  const [params] = useSearchParams();
  const toggled = new URLSearchParams(params);
  if (prices) toggled.set("precios", "0");
  else toggled.delete("precios");

  return (
    <div className="min-h-screen bg-slate-100 print:bg-white">
      <header className="sticky top-0 z-10 flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white px-4 py-3 print:hidden">
        <h1 className="mr-auto text-lg font-bold">{orders.length === 1 ? "Remito" : `Remitos (${orders.length})`}</h1>
        <Link to={`?${toggled.toString()}`} replace className={buttonVariants({ variant: "outline", size: "sm" })}>
          {prices ? "Sin precios" : "Con precios"}
        </Link>
        <Button size="sm" onClick={() => window.print()} disabled={orders.length === 0}>
          <Printer aria-hidden className="size-4" /> Imprimir
        </Button>
        <Link to="/admin/ordenes" className={buttonVariants({ variant: "ghost", size: "sm" })}>
          Volver a órdenes
        </Link>
      </header>
      {orders.length === 0 ? (
        <main>
          <p role="alert" className="mx-auto mt-8 max-w-xl rounded-lg border border-slate-200 bg-white p-6 text-center">
            No encontramos las órdenes elegidas. Volvé a la lista y elegí al menos una.
          </p>
        </main>
      ) : (
        <main className="mx-auto max-w-[210mm] space-y-6 py-6 print:space-y-0 print:py-0">
          {orders.map((order) => (
            <article
              key={order.id}
              aria-label={`Remito del pedido #${order.number}`}
              className="break-after-page bg-white p-8 text-sm text-slate-900 shadow print:p-0 print:shadow-none"
            >
              <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-slate-900 pb-4">
                <div>
                  <p className="text-2xl font-extrabold">{store.name}</p>
                  <p>{store.address}</p>
                  <p>{[store.phone, store.email].filter(Boolean).join(" · ")}</p>
                </div>
                <div className="text-right">
                  <p className="text-xl font-bold">REMITO</p>
                  <p>
                    Pedido <span className="font-mono font-semibold">#{order.number}</span>
                  </p>
                  <p>Fecha del pedido: {order.createdAtLabel}</p>
                  <p>Impreso: {printedAt}</p>
                </div>
              </header>

              <section className="mt-4 grid gap-4 sm:grid-cols-2 print:grid-cols-2">
                <div>
                  <h2 className="text-xs font-bold tracking-wide text-slate-500 uppercase">Cliente</h2>
                  <p className="font-semibold">
                    {[order.customerName, order.customerLastname].filter(Boolean).join(" ") || "—"}
                  </p>
                  {order.billingCompany ? <p>{order.billingCompany}</p> : null}
                  {order.billingCuit ? (
                    <p>
                      CUIT {order.billingCuit}
                      {order.ivaCondition ? ` · ${ivaConditionLabel(order.ivaCondition)}` : ""}
                    </p>
                  ) : null}
                  {order.customerPhone ? <p>Tel. {order.customerPhone}</p> : null}
                  {order.customerEmail ? <p>{order.customerEmail}</p> : null}
                </div>
                <div>
                  <h2 className="text-xs font-bold tracking-wide text-slate-500 uppercase">Entrega</h2>
                  {addressLines(order.address).map((line) => (
                    <p key={line}>{line}</p>
                  ))}
                  <p>{order.shippingMethod ?? "—"}</p>
                  {order.carrierShipping ? (
                    // The service the shopper chose; for "retiro en sucursal" the parcel goes to this branch.
                    <p>
                      {order.carrierShipping.service}
                      {order.carrierShipping.branch ? (
                        <span className="block">Sucursal: {order.carrierShipping.branch}</span>
                      ) : null}
                    </p>
                  ) : null}
                  {order.shipment.carrier ? (
                    <p>
                      {order.shipment.carrier}
                      {order.shipment.trackingNumber ? ` · Seguimiento ${order.shipment.trackingNumber}` : ""}
                    </p>
                  ) : null}
                </div>
              </section>

              <table className="mt-6 w-full border-collapse">
                <thead>
                  <tr className="border-b border-slate-900 text-left">
                    <HeaderCells columns={prices ? [...ITEM_COLUMNS, ...PRICE_COLUMNS] : ITEM_COLUMNS} />
                  </tr>
                </thead>
                <tbody>
                  {order.items.map((item) => (
                    <tr key={item.id} className="border-b border-slate-200">
                      <td className="py-1.5 pr-2 font-mono text-xs">{item.sku ?? "—"}</td>
                      <td className="py-1.5 pr-2">{item.name}</td>
                      <td className="py-1.5 pr-2 text-right tabular-nums">{item.quantity}</td>
                      {prices ? (
                        <>
                          <td className="py-1.5 pr-2 text-right tabular-nums">{formatARS(item.price)}</td>
                          <td className="py-1.5 text-right tabular-nums">{formatARS(item.subtotal)}</td>
                        </>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <td colSpan={2} className="py-1.5 pr-2 text-right font-semibold">
                      Unidades
                    </td>
                    <td className="py-1.5 pr-2 text-right font-semibold tabular-nums">
                      {order.items.reduce((sum, item) => sum + item.quantity, 0)}
                    </td>
                    {prices ? (
                      <>
                        <td className="py-1.5 pr-2 text-right font-semibold">Total</td>
                        <td className="py-1.5 text-right font-semibold tabular-nums">{formatARS(order.total)}</td>
                      </>
                    ) : null}
                  </tr>
                </tfoot>
              </table>

              {order.notes ? (
                <p className="mt-4">
                  <span className="font-semibold">Notas del pedido:</span> {order.notes}
                </p>
              ) : null}

              <div className="mt-16 grid grid-cols-3 gap-6 text-center text-xs">
                {["Firma", "Aclaración", "DNI"].map((label) => (
                  <p key={label} className="border-t border-slate-500 pt-1">
                    {label}
                  </p>
                ))}
              </div>
              <p className="mt-2 text-center text-xs text-slate-500">Recibí conforme la mercadería detallada.</p>
            </article>
          ))}
        </main>
      )}
    </div>
  );
}
