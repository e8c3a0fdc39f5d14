import { Link, data } from "react-router";
import type { Route } from "./+types/orders";
import type { OrderActionData } from "~/components/admin/orders/editable-field";
import { OrderFilters, hasOrderFilters } from "~/components/admin/orders/order-filters";
import { OrdersTable } from "~/components/admin/orders/orders-table";
import { ListPagination } from "~/components/admin/list-pagination";
import { useActionResult } from "~/components/use-action-result";
import { addOrderNote, listAdminOrders, updateOrderField, updateOrderStatus } from "~/models/admin-orders.server";
import { loadOrderTimelines } from "~/models/order-timeline.server";
import { getSettings } from "~/models/settings.server";
import { INVALID_JSON, OrderListQuerySchema } from "~/schemas/admin";
import { ORDER_ACTION_LISTS, OrderActionSchema } from "~/schemas/order-actions";
import { loadFailedToast } from "~/schemas/toast";
import {
  acceptWithdrawal,
  countPendingWithdrawals,
  markWithdrawalHandled,
  receiveReturn,
} from "~/models/withdrawal.server";
import { refundOrderPayment } from "~/models/payment.server";
import { invoiceOrders, orderInvoices } from "~/models/invoice-admin.server";
import { generateLabels, orderLabelViews, retryShipmentCancel } from "~/models/carrier-labels.server";
import { cancelCarrierShipments, cancelShipmentsSoon } from "~/jobs/carrier-cancellation.server";
import { invoiceSoon } from "~/jobs/invoicing.server";
import { requireAdmin } from "~/utils/auth.server";
import { parseForm, readForm } from "~/utils/request.server";
import { NETWORK_ERROR, orIfUnreachable } from "~/utils/unreachable";

export const meta: Route.MetaFunction = () => [{ title: "Órdenes | Admin Vitec" }];

const LOAD_ERROR = "No se pudieron cargar las órdenes.";
const SAVE_ERROR = "No se pudo guardar. Intentá de nuevo.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const query = OrderListQuerySchema.parse(Object.fromEntries(params));
  const open = params.get("open");
  try {
    const [list, pendingWithdrawals, { carriers }] = await Promise.all([
      listAdminOrders({ ...query, pageSize: query.size }),
      countPendingWithdrawals(),
      getSettings(["carriers"]),
    ]);
    const ids = list.orders.map((o) => o.id);
    const [timelines, invoices, labels] = await Promise.all([
      loadOrderTimelines(list.orders, "staff"),
      orderInvoices(ids),
      orderLabelViews(ids),
    ]);
    const rows = list.orders.map((order) => ({
      ...order,
      timeline: timelines.get(order.id) ?? [],
      invoice: invoices.get(order.id) ?? null,
      label: labels.get(order.id) ?? null,
    }));
    return {
      list: { ...list, orders: rows },
      carriers: carriers.map((c) => c.name),
      pendingWithdrawals,
      query,
      open,
      error: null,
      toast: null,
    };
  } catch (error) {
    console.error("[admin orders] list failed:", error);
    return {
      list: null,
      carriers: [],
      pendingWithdrawals: 0,
      query,
      open,
      error: LOAD_ERROR,
      toast: loadFailedToast(LOAD_ERROR),
    };
  }
}

/** A saved change: the toast says what was done. */
function done(title: string, description?: string) {
  const toast = description === undefined ? { title } : { title, description };
  return data<OrderActionData>({ ok: true, toast: { type: "success", ...toast } });
}

/** A refused change: the message beside the control and in the toast, under `title`. */
function refused(message: string, status: number, title = "Error al guardar") {
  return data<OrderActionData>(
    { ok: false, message, toast: { type: "error", title, description: message } },
    { status },
  );
}

/** A model's answer to one order's change: `saved` as the toast when it went through. */
function outcome(
  result: { ok: true } | { ok: false; message: string; status: number },
  saved: string,
  failed?: string,
) {
  return result.ok ? done(saved) : refused(result.message, result.status, failed);
}

/** Facturar's answer: the queued and the refused orders in one message. */
function invoiceMessage(results: readonly { ok: boolean; message: string }[]): string {
  if (results.length === 0) return "Elegí al menos una orden para facturar.";
  const queued = results.filter((r) => r.ok);
  const summary =
    queued.length === 1
      ? queued[0]!.message
      : queued.length > 1
        ? `${queued.length} órdenes en cola para facturar.`
        : "";
  return [summary, ...results.filter((r) => !r.ok).map((r) => r.message)].filter(Boolean).join(" ");
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const parsed = parseForm(OrderActionSchema, await readForm(request), { lists: ORDER_ACTION_LISTS });
  if (!parsed.ok) return refused(Object.values(parsed.errors)[0]!, 400);
  const form = parsed.data;
  try {
    switch (form.intent) {
      case "update-status": {
        const result = await updateOrderStatus(admin, form);
        // Cancelled with a carrier's label: its shipment is cancelled with the carrier right away.
        if (result.ok) cancelShipmentsSoon();
        return outcome(result, "Estado actualizado");
      }
      case "update-field": {
        const result = await updateOrderField(admin, form);
        if (!result.ok && result.message === INVALID_JSON) {
          return data<OrderActionData>(
            { ok: false, message: INVALID_JSON, toast: { type: "error", title: INVALID_JSON } },
            { status: result.status },
          );
        }
        return outcome(result, "Actualizado");
      }
      case "add-note":
        return outcome(await addOrderNote(admin, form), "Nota agregada");
      case "refund":
        return outcome(
          await refundOrderPayment(admin, form.orderId, form.paymentId),
          "Pago reembolsado",
          "No se pudo reembolsar",
        );
      case "withdrawal-accept": {
        const result = await acceptWithdrawal(admin, form.orderId);
        // Cancelled before shipping with a carrier's label: its shipment is cancelled right away.
        if (result.ok) cancelShipmentsSoon();
        return outcome(result, "Arrepentimiento aceptado: pedido cancelado", "No se pudo aceptar");
      }
      case "return-received":
        return outcome(
          await receiveReturn(admin, form.orderId),
          "Devolución recibida: las unidades volvieron al stock",
          "No se pudo registrar la devolución",
        );
      case "withdrawal-handled":
        return (await markWithdrawalHandled(admin, form.orderId))
          ? done("Arrepentimiento marcado como atendido")
          : refused("No encontramos la solicitud de arrepentimiento.", 404);
      case "invoice": {
        const results = await invoiceOrders(admin, form.orderId);
        const queued = results.filter((r) => r.ok).length;
        if (queued > 0) invoiceSoon();
        const message = invoiceMessage(results);
        if (queued > 0 && queued === results.length) return done("Facturar", message);
        return refused(message, queued > 0 ? 200 : 400, "No se pudo facturar");
      }
      case "label": {
        const results = await generateLabels(admin, form.orderId);
        const generated = results.filter((r) => r.ok).length;
        const message =
          results.length === 0
            ? "Elegí al menos una orden para generar la etiqueta."
            : results.map((r) => r.message).join(" ");
        if (generated > 0 && generated === results.length) return done("Generar etiqueta", message);
        return refused(message, generated > 0 ? 200 : 400, "No se pudo generar la etiqueta");
      }
      case "retry-cancel": {
        const orderId = form.orderId ?? "";
        if (!(await retryShipmentCancel(orderId))) {
          return refused("Este envío no tiene una anulación para reintentar.", 409, "No se pudo anular el envío");
        }
        await cancelCarrierShipments({ orderId });
        const label = (await orderLabelViews([orderId])).get(orderId);
        const message = label?.cancelNote ?? "";
        if (label?.state === "cancelled") return done("Envío anulado", message);
        return refused(message, 200, "No se pudo anular el envío");
      }
    }
  } catch (error) {
    console.error("[admin orders] save failed:", error);
    return refused(SAVE_ERROR, 500);
  }
}

/**
 * In the browser, a save that never reached the server (offline, connection cut, aborted)
 * answers like a failed save instead of replacing the screen with an error page: the status
 * selector puts the previous value back and an edited field stays open, each with a toast.
 * The 503 keeps the router from reloading the page's data (which would fail the same way).
 */
export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return orIfUnreachable(serverAction, () => refused(NETWORK_ERROR, 503));
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { list, carriers, pendingWithdrawals, query, open, error } = loaderData;
  useActionResult(loaderData, "idle");
  return (
    <div>
      <h1 className="text-2xl font-bold">Órdenes</h1>
      {pendingWithdrawals > 0 && query.withdrawal !== "pending" ? (
        <p className="mt-2 rounded-md border border-orange-300 bg-orange-50 px-3 py-2 text-sm text-orange-900">
          {pendingWithdrawals === 1
            ? "Hay 1 solicitud de arrepentimiento sin atender."
            : `Hay ${pendingWithdrawals} solicitudes de arrepentimiento sin atender.`}{" "}
          <Link to="/admin/ordenes?withdrawal=pending" className="font-semibold underline underline-offset-2">
            Ver solicitudes
          </Link>
        </p>
      ) : null}
      <div className="mt-4">
        <OrderFilters query={query} canExport={Boolean(list && list.total > 0)} />
      </div>
      <div className="mt-6">
        {error || !list ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            <p className="font-semibold">Error</p>
            <p>{error ?? LOAD_ERROR}</p>
          </div>
        ) : list.orders.length === 0 ? (
          <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-sm text-slate-600">
            {hasOrderFilters(query) ? "No hay órdenes que coincidan con la búsqueda." : "Todavía no hay órdenes."}
          </p>
        ) : (
          <>
            {/* Keyed by page and filters: a new list starts with its rows closed. */}
            <OrdersTable
              key={JSON.stringify({ ...query, page: list.page })}
              orders={list.orders}
              carriers={carriers}
              initiallyOpen={open}
            />
            <ListPagination page={list.page} pageCount={list.pageCount} total={list.total} size={list.pageSize} />
          </>
        )}
      </div>
    </div>
  );
}
