import { CircleCheck, Printer } from "lucide-react";
import { useEffect } from "react";
import { Link, data, redirect, useLocation, useNavigate } from "react-router";
import type { Route } from "./+types/success";
import { useCart } from "~/components/cart/cart-store";
import { OnlinePaymentPanel, paymentReturnFrom } from "~/components/checkout/online-payment";
import { Detail, PlacedOrderDetails } from "~/components/checkout/placed-order";
import { ShipmentPanel } from "~/components/checkout/shipment-panel";
import { Button } from "~/components/ui/button";
import { ORDER_STATUS_LABELS } from "~/domain/order-status";
import { OrderInvoices } from "~/components/checkout/order-invoices";
import { listOrderInvoices } from "~/models/invoice-documents.server";
import { getOrderForConfirmation, getPaymentHelp } from "~/models/order.server";
import { PAYMENT_CONFIRMING, isConfirmingReturn, payNow } from "~/models/payment.server";
import { clientAddress } from "~/utils/rate-limit.server";
import { readForm } from "~/utils/request.server";
import { originFrom, seo } from "~/utils/seo";

// The confirmation page. The URL carries the order id and its unguessable access token, so it
// survives a reload and only whoever placed the order can open it.

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  seo({
    title: loaderData?.order ? `Pedido #${loaderData.order.number} confirmado | Vitec` : "Pedido no encontrado | Vitec",
    description: "Confirmación de tu pedido en Vitec.",
    path: "/success",
    origin: originFrom(matches),
    noindex: true,
  });

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const form = await readForm(request);
  const order = await getOrderForConfirmation(url.searchParams.get("order"), url.searchParams.get("token"));
  if (!order) return data({ error: "No encontramos tu pedido." }, { status: 404 });
  if (form.get("intent") !== "pay") return data({ error: "Acción desconocida." }, { status: 400 });
  if (await isConfirmingReturn(order.id, url.searchParams)) return data({ error: PAYMENT_CONFIRMING }, { status: 409 });
  const started = await payNow(order.id, clientAddress(context));
  if ("error" in started) return data({ error: started.error }, { status: 409 });
  return redirect(started.initPoint);
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const order = await getOrderForConfirmation(url.searchParams.get("order"), url.searchParams.get("token"));
  if (!order) return data({ order: null, payment: null, confirming: false, invoices: [] }, { status: 404 });
  const [payment, confirming, invoices] = await Promise.all([
    getPaymentHelp(order),
    order.payment ? isConfirmingReturn(order.id, url.searchParams) : false,
    listOrderInvoices(order.id),
  ]);
  return { order, payment, confirming, invoices };
}

// Printing keeps the order and drops the shop around it (header, footer, floating buttons).
const PRINT_CSS = `@media print {
  header, footer, [data-print-hidden], div:has(> #contenido) > :not(#contenido) { display: none !important; }
  body { background: #fff; }
}`;

export default function Success({ loaderData, actionData }: Route.ComponentProps) {
  const { order, payment, confirming, invoices } = loaderData;
  const cart = useCart();
  const location = useLocation();
  const navigate = useNavigate();

  // Just placed (?nuevo=1): empty the browser cart once, then drop the flag so a reload keeps
  // whatever the shopper adds to the cart afterwards.
  const isNew = new URLSearchParams(location.search).get("nuevo") === "1";
  const { clear } = cart;
  useEffect(() => {
    if (!isNew || !order) return;
    clear();
    const params = new URLSearchParams(location.search);
    params.delete("nuevo");
    navigate({ search: `?${params}` }, { replace: true, preventScrollReset: true });
  }, [isNew, order, clear, location.search, navigate]);

  if (!order || !payment) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">No encontramos tu pedido.</h1>
        <p className="text-slate-600">Revisá el enlace que recibiste o buscá tus pedidos en Mi Cuenta.</p>
        <Button asChild>
          <Link to="/">Volver al inicio</Link>
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-col items-center text-center">
        <CircleCheck aria-hidden className="size-14 text-green-600" />
        <h1 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">¡Gracias por tu compra!</h1>
        <p className="mt-2 text-lg text-slate-700">
          Tu número de pedido es <strong className="font-mono text-slate-900">#{order.number}</strong>
        </p>
        {order.customerEmail ? (
          <p className="mt-1 text-sm text-slate-600">
            Te enviamos la confirmación a <strong>{order.customerEmail}</strong>.
          </p>
        ) : null}
      </div>

      {order.payment ? (
        <div className="mt-8">
          <OnlinePaymentPanel
            payment={order.payment}
            returned={paymentReturnFrom(new URLSearchParams(location.search))}
            confirming={confirming}
            orderStatus={order.status}
            error={actionData && "error" in actionData ? actionData.error : null}
          />
        </div>
      ) : null}

      <div className="mt-8 empty:hidden">
        <ShipmentPanel shipment={order.shipment} />
      </div>

      <div className="mt-8 empty:hidden">
        <OrderInvoices invoices={invoices} token={new URLSearchParams(location.search).get("token")} />
      </div>

      <div className="mt-8">
        <PlacedOrderDetails
          order={order}
          payment={payment}
          leading={
            <>
              <Detail label="Fecha">{order.createdAtLabel}</Detail>
              <Detail label="Estado">{ORDER_STATUS_LABELS[order.status]}</Detail>
            </>
          }
        />
      </div>

      <div data-print-hidden className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to="/store">Seguir comprando</Link>
        </Button>
        <Button variant="outline" size="lg" onClick={() => window.print()}>
          <Printer aria-hidden className="size-5" />
          Imprimir
        </Button>
      </div>
    </div>
  );
}
