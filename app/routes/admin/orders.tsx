import { useEffect } from "react";
import { Link, data } from "react-router";
import type { Route } from "./+types/orders";
import type { OrderActionData } from "~/components/admin/orders/editable-field";
import { OrderFilters } from "~/components/admin/orders/order-filters";
import { OrdersTable } from "~/components/admin/orders/orders-table";
import { ListPagination } from "~/components/admin/list-pagination";
import { useToast } from "~/components/toaster";
import { addOrderNote, listAdminOrders, updateOrderField, updateOrderStatus } from "~/models/admin-orders.server";
import { loadOrderTimelines } from "~/models/order-timeline.server";
import { getSettings } from "~/models/settings.server";
import { INVALID_JSON, OrderListQuerySchema } from "~/schemas/admin";
import { acceptWithdrawal, countPendingWithdrawals, markWithdrawalHandled } from "~/models/withdrawal.server";
import { refundOrderPayment } from "~/models/payment.server";
import { invoiceOrders, orderInvoices } from "~/models/invoice-admin.server";
import { generateLabels, orderLabelViews } from "~/models/carrier-labels.server";
import { invoiceSoon } from "~/jobs/invoicing.server";
import { requireAdmin } from "~/utils/auth.server";
import { readForm } from "~/utils/request.server";
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
    };
  } catch (error) {
    console.error("[admin orders] list failed:", error);
    return { list: null, carriers: [], pendingWithdrawals: 0, query, open, error: LOAD_ERROR };
  }
}

function answer(body: OrderActionData, status = 200) {
  return data(body, { status });
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  try {
    switch (intent) {
      case "update-status": {
        const result = await updateOrderStatus(admin, { orderId: form.get("orderId"), status: form.get("status") });
        if (result.ok) return answer({ ok: true, toast: { type: "success", title: "Estado actualizado" } });
        return answer(
          {
            ok: false,
            message: result.message,
            toast: { type: "error", title: "Error al guardar", description: result.message },
          },
          result.status,
        );
      }
      case "update-field": {
        const result = await updateOrderField(admin, {
          orderId: form.get("orderId"),
          field: form.get("field"),
          value: form.get("value"),
        });
        if (result.ok) return answer({ ok: true, toast: { type: "success", title: "Actualizado" } });
        const toast =
          result.message === INVALID_JSON
            ? ({ type: "error", title: INVALID_JSON } as const)
            : ({ type: "error", title: "Error al guardar", description: result.message } as const);
        return answer({ ok: false, message: result.message, toast }, result.status);
      }
      case "add-note": {
        const result = await addOrderNote(admin, { orderId: form.get("orderId"), note: form.get("note") });
        if (result.ok) return answer({ ok: true, toast: { type: "success", title: "Nota agregada" } });
        return answer(
          {
            ok: false,
            message: result.message,
            toast: { type: "error", title: "Error al guardar", description: result.message },
          },
          result.status,
        );
      }
      case "refund": {
        const result = await refundOrderPayment(admin, form.get("orderId"), form.get("paymentId"));
        if (result.ok) return answer({ ok: true, toast: { type: "success", title: "Pago reembolsado" } });
        return answer(
          {
            ok: false,
            message: result.message,
            toast: { type: "error", title: "No se pudo reembolsar", description: result.message },
          },
          result.status,
        );
      }
      case "withdrawal-accept": {
        const result = await acceptWithdrawal(admin, form.get("orderId"));
        if (result.ok) {
          return answer({ ok: true, toast: { type: "success", title: "Arrepentimiento aceptado: pedido cancelado" } });
        }
        return answer(
          {
            ok: false,
            message: result.message,
            toast: { type: "error", title: "No se pudo aceptar", description: result.message },
          },
          result.status,
        );
      }
      case "invoice": {
        // Facturar: one order (its details) or the selected ones (the table's bulk button).
        const results = await invoiceOrders(admin, form.getAll("orderId"));
        const queued = results.filter((r) => r.ok);
        const refused = results.filter((r) => !r.ok);
        if (queued.length > 0) invoiceSoon();
        const message =
          results.length === 0
            ? "Elegí al menos una orden para facturar."
            : [
                queued.length === 1
                  ? queued[0]!.message
                  : queued.length > 1
                    ? `${queued.length} órdenes en cola para facturar.`
                    : "",
                ...refused.map((r) => r.message),
              ]
                .filter(Boolean)
                .join(" ");
        if (refused.length === 0 && queued.length > 0) {
          return answer({ ok: true, toast: { type: "success", title: "Facturar", description: message } });
        }
        return answer(
          { ok: false, message, toast: { type: "error", title: "No se pudo facturar", description: message } },
          queued.length > 0 ? 200 : 400,
        );
      }
      case "label": {
        // Generar etiqueta: one order (its details) or the selected ones (the table's bulk button).
        const results = await generateLabels(admin, form.getAll("orderId"));
        const done = results.filter((r) => r.ok);
        const message =
          results.length === 0
            ? "Elegí al menos una orden para generar la etiqueta."
            : results.map((r) => r.message).join(" ");
        if (done.length > 0 && done.length === results.length) {
          return answer({ ok: true, toast: { type: "success", title: "Generar etiqueta", description: message } });
        }
        return answer(
          {
            ok: false,
            message,
            toast: { type: "error", title: "No se pudo generar la etiqueta", description: message },
          },
          done.length > 0 ? 200 : 400,
        );
      }
      case "withdrawal-handled": {
        if (await markWithdrawalHandled(admin, form.get("orderId"))) {
          return answer({ ok: true, toast: { type: "success", title: "Arrepentimiento marcado como atendido" } });
        }
        const message = "No encontramos la solicitud de arrepentimiento.";
        return answer(
          { ok: false, message, toast: { type: "error", title: "Error al guardar", description: message } },
          404,
        );
      }
      default:
        return answer(
          {
            ok: false,
            message: "Acción desconocida.",
            toast: { type: "error", title: "Error al guardar", description: "Acción desconocida." },
          },
          400,
        );
    }
  } catch (error) {
    console.error("[admin orders] save failed:", error);
    return answer(
      { ok: false, message: SAVE_ERROR, toast: { type: "error", title: "Error al guardar", description: SAVE_ERROR } },
      500,
    );
  }
}

/**
 * In the browser, a save that never reached the server (offline, connection cut, aborted)
 * answers like a failed save instead of replacing the screen with an error page: the status
 * selector puts the previous value back and an edited field stays open, each with a toast.
 * The 503 keeps the router from reloading the page's data (which would fail the same way).
 */
export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return orIfUnreachable(serverAction, () => {
    const body: OrderActionData = {
      ok: false,
      message: NETWORK_ERROR,
      toast: { type: "error", title: "Error al guardar", description: NETWORK_ERROR },
    };
    return data(body, { status: 503 });
  });
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { list, carriers, pendingWithdrawals, query, open, error } = loaderData;
  const filtered = Boolean(
    query.status || query.q || query.withdrawal || query.payment || query.factura || query.desde || query.hasta,
  );
  const toast = useToast();
  useEffect(() => {
    if (error) toast({ type: "error", title: "Error", description: error });
  }, [error, toast]);
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
            {filtered ? "No hay órdenes que coincidan con la búsqueda." : "Todavía no hay órdenes."}
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
