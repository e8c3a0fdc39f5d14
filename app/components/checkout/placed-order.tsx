import type { ReactNode } from "react";
import type { OrderView, PaymentHelp } from "~/models/order.server";
import { paymentMethodLabel } from "~/domain/payment";
import { BankTransferDetails } from "./bank-transfer-details";
import { OrderReceipt } from "./order-receipt";

/**
 * A placed order as its buyer sees it (the confirmation page and Mi Cuenta's order detail): who
 * and where, the products and amounts, and how to pay while it is unpaid. `leading` adds rows
 * at the top of the details (the confirmation page's date and status).
 */
export function PlacedOrderDetails({
  order,
  payment,
  leading,
}: {
  order: OrderView;
  payment: PaymentHelp;
  leading?: ReactNode;
}) {
  const fullName = [order.customerName, order.customerLastname].filter(Boolean).join(" ");
  const address = [order.address.line1, order.address.city, order.address.state, order.address.zip]
    .filter(Boolean)
    .join(", ");
  const billing = [order.billingCompany, order.billingCuit ? `CUIT ${order.billingCuit}` : null]
    .filter(Boolean)
    .join(" · ");

  return (
    <div className="space-y-6 rounded-lg border border-slate-200 p-4 sm:p-6 print:border-0 print:p-0">
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {leading}
        <Detail label="Método de envío">{order.shippingMethod ?? "—"}</Detail>
        {order.carrierShipping ? <Detail label="Correo">{order.carrierShipping.service}</Detail> : null}
        {order.carrierShipping?.branch ? (
          <Detail label="Sucursal de retiro">{order.carrierShipping.branch}</Detail>
        ) : null}
        <Detail label="Método de pago">{paymentMethodLabel(order.paymentMethod)}</Detail>
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
  );
}

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium break-words whitespace-pre-line text-slate-900">{children}</dd>
    </div>
  );
}
