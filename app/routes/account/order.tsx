import { ArrowLeft } from "lucide-react";
import { Link, data, isRouteErrorResponse, redirect } from "react-router";
import type { Route } from "./+types/order";
import { LoadError } from "~/components/load-error";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { OnlinePaymentPanel } from "~/components/checkout/online-payment";
import { OrderCard } from "~/components/checkout/order-card";
import { OrderInvoices } from "~/components/checkout/order-invoices";
import { PlacedOrderDetails } from "~/components/checkout/placed-order";
import { ShipmentPanel } from "~/components/checkout/shipment-panel";
import { OrderTimeline } from "~/components/order-timeline";
import { listOrderInvoices } from "~/models/invoice-documents.server";
import { getOrderForUser, getPaymentHelp } from "~/models/order.server";
import { getOrderTimeline } from "~/models/order-timeline.server";
import { payNow } from "~/models/payment.server";
import { clientAddress } from "~/utils/rate-limit.server";
import { readForm } from "~/utils/request.server";
import { requireUser } from "~/utils/auth.server";
import { originFrom, seo } from "~/utils/seo";

// The detail of one of the customer's orders. Someone else's order answers 404, like a missing one.

export const meta: Route.MetaFunction = ({ data: loaderData, matches, location }) =>
  seo({
    title: loaderData ? `Pedido #${loaderData.order.number} | Vitec` : "Pedido no encontrado | Vitec",
    description: "El detalle de tu pedido en Vitec.",
    path: location.pathname,
    origin: originFrom(matches),
    noindex: true,
  });

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const order = await getOrderForUser(params.id, user.id);
  if (!order) throw data("No encontramos ese pedido en tu cuenta.", { status: 404 });
  if (form.get("intent") !== "pay") return data({ error: "Acción desconocida." }, { status: 400 });
  const started = await payNow(order.id, clientAddress(context));
  if ("error" in started) return data({ error: started.error }, { status: 409 });
  return redirect(started.initPoint);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const order = await getOrderForUser(params.id, user.id);
  if (!order) throw data("No encontramos ese pedido en tu cuenta.", { status: 404 });
  const [payment, timeline, invoices] = await Promise.all([
    getPaymentHelp(order),
    getOrderTimeline(order, "customer"),
    listOrderInvoices(order.id),
  ]);
  return { order, payment, timeline, invoices };
}

export default function OrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { order, payment, timeline, invoices } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Link
        to="/cuenta?tab=pedidos"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Volver a mis pedidos
      </Link>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">
          Pedido <span className="font-mono">#{order.number}</span>
        </h1>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="mt-1 text-sm text-slate-600">
        <time dateTime={order.createdAt}>{order.createdAtLabel}</time>
      </p>

      {order.payment ? (
        <div className="mt-6">
          <OnlinePaymentPanel
            payment={order.payment}
            returned={null}
            orderStatus={order.status}
            error={actionData?.error}
          />
        </div>
      ) : null}

      <div className="mt-6 empty:hidden">
        <ShipmentPanel shipment={order.shipment} />
      </div>

      <div className="mt-6 empty:hidden">
        <OrderInvoices invoices={invoices} />
      </div>

      <div className="mt-6">
        <PlacedOrderDetails order={order} payment={payment} />
      </div>

      <OrderCard id="timeline-title" title="Historial del pedido" className="mt-6">
        <OrderTimeline entries={timeline} className="mt-3" />
      </OrderCard>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <LoadError
      title={notFound ? "Pedido no encontrado" : "Algo salió mal"}
      message={
        notFound
          ? "No encontramos ese pedido en tu cuenta."
          : "No se pudo cargar el pedido. Intentá de nuevo en unos minutos."
      }
      back={{ to: "/cuenta?tab=pedidos", label: "Volver a mis pedidos" }}
    />
  );
}
