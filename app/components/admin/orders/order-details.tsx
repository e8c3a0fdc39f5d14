import { ExternalLink, Printer } from "lucide-react";
import { useActionResult } from "~/components/use-action-result";
import { type ReactNode, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { OrderTimeline } from "~/components/order-timeline";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field, Textarea } from "~/components/ui/field";
import { fieldAria } from "~/components/ui/field-error";
import { HeaderCells } from "~/components/ui/table";
import { ivaConditionLabel } from "~/domain/invoice";
import type { TimelineEntry } from "~/domain/order-timeline";
import { OrderTotals } from "~/components/checkout/order-receipt";
import { formatARS } from "~/domain/money";
import type { OrderInvoiceView } from "~/models/invoice-admin.server";
import type { OrderView } from "~/models/order.server";
import { ORDER_FIELD_LABELS, type OrderEditableField } from "~/schemas/admin";
import { EditableField, type OrderActionData } from "./editable-field";
import { StatusSelect } from "./status-select";
import { InvoicePanel } from "./invoice-panel";
import { LabelPanel } from "./label-panel";
import type { OrderLabelView } from "~/models/carrier-labels.server";
import { PaymentPanel } from "./payment-panel";
import { WithdrawalPanel } from "./withdrawal-panel";

function addressText(address: OrderView["address"]): string {
  const place = [address.city, address.state].filter(Boolean).join(", ");
  return [address.line1, place, address.zip ? `CP ${address.zip}` : ""].filter(Boolean).join("\n");
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-sm font-bold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** An order as the admin list shows it: its view and its timeline. */
export type AdminOrderRow = OrderView & {
  timeline: TimelineEntry[];
  invoice: OrderInvoiceView | null;
  /** The carrier the shopper chose and its label (null: a store method). */
  label: OrderLabelView | null;
};

/** A staff note for the order's timeline (internal: the customer never sees it). */
function NoteForm({ orderId }: { orderId: string }) {
  const fetcher = useFetcher<OrderActionData>();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const answered = fetcher.state === "idle" ? fetcher.data : undefined;
  useActionResult(fetcher.data, fetcher.state, (answered) => {
    if (answered.ok) form.current?.reset();
  });
  const error = answered && !answered.ok ? answered.message : null;
  return (
    <fetcher.Form ref={form} method="post" className="mt-4 border-t border-slate-200 pt-3">
      <input type="hidden" name="intent" value="add-note" />
      <input type="hidden" name="orderId" value={orderId} />
      <Field id={id} label="Nota interna (solo la ve el equipo)" error={error ?? undefined}>
        <Textarea
          id={id}
          name="note"
          rows={2}
          maxLength={2000}
          {...fieldAria(id, error ?? undefined)}
          className="min-h-16"
        />
      </Field>
      <Button type="submit" size="sm" variant="outline" className="mt-2" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? "Guardando…" : "Agregar nota"}
      </Button>
    </fetcher.Form>
  );
}

/** The expanded row: customer data, shipping and payment, products, the status, the shipment and the timeline. */
export function OrderDetails({ order, carriers }: { order: AdminOrderRow; carriers: readonly string[] }) {
  const field = (
    name: OrderEditableField,
    value: string | null,
    editor: { inputType?: "email" | "tel"; multiline?: boolean; options?: readonly string[] } = {},
  ) => (
    <EditableField
      key={name}
      orderId={order.id}
      field={name}
      label={ORDER_FIELD_LABELS[name]}
      display={value}
      initial={value ?? ""}
      {...editor}
    />
  );

  return (
    <div className="grid gap-4 lg:grid-cols-3">
      {order.payment ? (
        <div className="lg:col-span-3">
          <PaymentPanel order={{ ...order, payment: order.payment }} />
        </div>
      ) : null}
      {order.withdrawal ? (
        <div className="lg:col-span-3">
          <WithdrawalPanel
            orderId={order.id}
            orderStatus={order.status}
            awaitingReturn={order.awaitingReturn}
            withdrawal={order.withdrawal}
          />
        </div>
      ) : null}
      <div className="lg:col-span-3">
        <InvoicePanel orderId={order.id} orderStatus={order.status} invoice={order.invoice} />
      </div>
      <Group title="Datos del cliente">
        <dl className="mt-2 divide-y divide-slate-100">
          {field("customer_name", order.customerName)}
          {field("customer_lastname", order.customerLastname)}
          {field("customer_email", order.customerEmail, { inputType: "email" })}
          {field("customer_phone", order.customerPhone, { inputType: "tel" })}
          {field("billing_cuit", order.billingCuit)}
          {field("billing_company", order.billingCompany)}
          <div className="flex justify-between gap-3 py-2 text-sm">
            <dt className="text-slate-600">Facturación</dt>
            <dd className="text-right">
              {order.invoiceType
                ? `Factura ${order.invoiceType} · ${ivaConditionLabel(order.ivaCondition)}`
                : "Sin datos"}
            </dd>
          </div>
        </dl>
      </Group>
      <Group title="Envío y pago">
        <dl className="mt-2 divide-y divide-slate-100">
          <EditableField
            orderId={order.id}
            field="address"
            label={ORDER_FIELD_LABELS.address}
            display={addressText(order.address)}
            initial={JSON.stringify(
              {
                line1: order.address.line1 ?? "",
                city: order.address.city ?? "",
                state: order.address.state ?? "",
                zip: order.address.zip ?? "",
              },
              null,
              2,
            )}
            multiline
            hint='Formato JSON: {"line1": "", "city": "", "state": "", "zip": ""}'
          />
          {field("payment_method", order.paymentMethod)}
          {field("shipping_method", order.shippingMethod)}
          {order.carrierShipping ? (
            <div className="flex justify-between gap-3 py-2 text-sm">
              <dt className="text-slate-600">Correo</dt>
              <dd className="text-right">
                {order.carrierShipping.service}
                {order.carrierShipping.branch ? <span className="block">{order.carrierShipping.branch}</span> : null}
              </dd>
            </div>
          ) : null}
          {field("notes", order.notes, { multiline: true })}
        </dl>
      </Group>
      <Group title="Productos">
        {order.items.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No hay productos registrados.</p>
        ) : (
          <table className="mt-2 w-full text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-left text-xs text-slate-500">
                <HeaderCells
                  columns={[
                    ["Producto", "py-1 pr-2 font-medium"],
                    ["Cant.", "py-1 pr-2 text-right font-medium"],
                    ["Subtotal", "py-1 text-right font-medium"],
                  ]}
                />
              </tr>
            </thead>
            <tbody>
              {order.items.map((item) => (
                <tr key={item.id} className="border-b border-slate-100 last:border-0">
                  <td className="py-1.5 pr-2">
                    {item.name}
                    {item.sku ? <span className="block text-xs text-slate-500">SKU {item.sku}</span> : null}
                  </td>
                  <td className="py-1.5 pr-2 text-right tabular-nums">{item.quantity}</td>
                  <td className="py-1.5 text-right tabular-nums whitespace-nowrap">{formatARS(item.subtotal)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <OrderTotals order={order} className="mt-3 border-t border-slate-200 pt-2" />
        <div className="mt-4 border-t border-slate-200 pt-3">
          <StatusSelect orderId={order.id} status={order.status} />
        </div>
      </Group>
      <Group title="Envío">
        <dl className="mt-2 divide-y divide-slate-100">
          {field("carrier", order.shipment.carrier, { options: carriers })}
          {field("tracking_number", order.shipment.trackingNumber)}
        </dl>
        {order.label ? (
          <LabelPanel
            orderId={order.id}
            orderStatus={order.status}
            trackingNumber={order.shipment.trackingNumber}
            label={order.label}
          />
        ) : null}
        <div className="mt-3 flex flex-wrap gap-2">
          {order.shipment.trackingUrl ? (
            <a
              href={order.shipment.trackingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ variant: "outline", size: "sm" })}
            >
              Seguir envío <ExternalLink aria-hidden className="size-4" />
              <span className="sr-only">(se abre en otra pestaña)</span>
            </a>
          ) : null}
          <a
            href={`/admin/remitos?ids=${order.id}`}
            target="_blank"
            rel="noopener"
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <Printer aria-hidden className="size-4" /> Imprimir remito
          </a>
        </div>
      </Group>
      <div className="lg:col-span-2">
        <Group title="Historial">
          <OrderTimeline entries={order.timeline} className="mt-3" />
          <NoteForm orderId={order.id} />
        </Group>
      </div>
    </div>
  );
}
