import { ArrowLeft } from "lucide-react";
import { Link, data, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/order";
import { OrderStatusBadge } from "~/components/account/order-status-badge";
import { BankTransferDetails, isBankTransfer } from "~/components/checkout/bank-transfer-details";
import { OrderReceipt } from "~/components/checkout/order-receipt";
import { Button } from "~/components/ui/button";
import { getOrderForUser } from "~/models/order.server";
import { getSettings } from "~/models/settings.server";
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

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const order = await getOrderForUser(params.id, user.id);
  if (!order) throw data("No encontramos ese pedido en tu cuenta.", { status: 404 });
  const transfer = isBankTransfer(order.paymentMethod) && order.status === "pending";
  const { payment_methods, store } = await getSettings(["payment_methods", "store"]);
  return {
    order,
    payment: {
      instructions:
        order.status === "pending"
          ? (payment_methods.find((m) => m.name === order.paymentMethod)?.instructions ?? null)
          : null,
      bank: transfer ? store.bank : null,
      salesEmail: store.salesEmail,
    },
  };
}

export default function OrderDetail({ loaderData }: Route.ComponentProps) {
  const { order, payment } = loaderData;
  const fullName = [order.customerName, order.customerLastname].filter(Boolean).join(" ");
  const address = [order.address.line1, order.address.city, order.address.state, order.address.zip]
    .filter(Boolean)
    .join(", ");
  const billing = [order.billingCompany, order.billingCuit ? `CUIT ${order.billingCuit}` : null]
    .filter(Boolean)
    .join(" · ");

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

      <div className="mt-6 space-y-6 rounded-lg border border-slate-200 p-4 sm:p-6">
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Detail label="Método de envío">{order.shippingMethod ?? "—"}</Detail>
          <Detail label="Método de pago">
            {isBankTransfer(order.paymentMethod) ? "Transferencia bancaria" : (order.paymentMethod ?? "—")}
          </Detail>
          {fullName ? <Detail label="Cliente">{fullName}</Detail> : null}
          {order.customerEmail || order.customerPhone ? (
            <Detail label="Contacto">{[order.customerEmail, order.customerPhone].filter(Boolean).join(" · ")}</Detail>
          ) : null}
          {address ? <Detail label="Dirección de envío">{address}</Detail> : null}
          {billing ? <Detail label="Facturación">{billing}</Detail> : null}
          {order.notes ? <Detail label="Notas">{order.notes}</Detail> : null}
        </dl>

        <OrderReceipt order={order} />

        {payment.instructions || payment.bank ? (
          <section aria-labelledby="payment-title">
            <h2 id="payment-title" className="text-lg font-semibold text-slate-900">
              Cómo pagar
            </h2>
            {payment.instructions ? <p className="mt-2 text-sm text-slate-700">{payment.instructions}</p> : null}
            {payment.bank ? (
              <BankTransferDetails bank={payment.bank} salesEmail={payment.salesEmail} orderNumber={order.number} />
            ) : null}
          </section>
        ) : null}
      </div>
    </div>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium break-words whitespace-pre-line text-slate-900">{children}</dd>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{notFound ? "Pedido no encontrado" : "Algo salió mal"}</h1>
      <p className="text-slate-600">
        {notFound
          ? "No encontramos ese pedido en tu cuenta."
          : "No se pudo cargar el pedido. Intentá de nuevo en unos minutos."}
      </p>
      <Button asChild>
        <Link to="/cuenta?tab=pedidos">Volver a mis pedidos</Link>
      </Button>
    </div>
  );
}
