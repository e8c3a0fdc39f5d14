import { useEffect } from "react";
import { data } from "react-router";
import type { Route } from "./+types/orders";
import type { OrderActionData } from "~/components/admin/orders/editable-field";
import { OrderFilters } from "~/components/admin/orders/order-filters";
import { OrdersTable } from "~/components/admin/orders/orders-table";
import { Pagination } from "~/components/admin/orders/pagination";
import { useToast } from "~/components/toaster";
import { listAdminOrders, updateOrderField, updateOrderStatus } from "~/models/admin-orders.server";
import { INVALID_JSON, OrderListQuerySchema } from "~/schemas/admin";
import { requireAdmin } from "~/utils/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Órdenes | Admin Vitec" }];

const LOAD_ERROR = "No se pudieron cargar las órdenes.";
const SAVE_ERROR = "No se pudo guardar. Intentá de nuevo.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const query = OrderListQuerySchema.parse(Object.fromEntries(params));
  const open = params.get("open");
  try {
    return { list: await listAdminOrders(query), query, open, error: null };
  } catch (error) {
    console.error("[admin orders] list failed:", error);
    return { list: null, query, open, error: LOAD_ERROR };
  }
}

function answer(body: OrderActionData, status = 200) {
  return data(body, { status });
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get("intent");
  try {
    switch (intent) {
      case "update-status": {
        const result = await updateOrderStatus({ orderId: form.get("orderId"), status: form.get("status") });
        if (result.ok) return answer({ ok: true, toast: { type: "success", title: "Estado actualizado" } });
        return answer({ ok: false, message: result.message, toast: { type: "error", title: "Error al guardar", description: result.message } }, result.status);
      }
      case "update-field": {
        const result = await updateOrderField({ orderId: form.get("orderId"), field: form.get("field"), value: form.get("value") });
        if (result.ok) return answer({ ok: true, toast: { type: "success", title: "Actualizado" } });
        const toast =
          result.message === INVALID_JSON
            ? ({ type: "error", title: INVALID_JSON } as const)
            : ({ type: "error", title: "Error al guardar", description: result.message } as const);
        return answer({ ok: false, message: result.message, toast }, result.status);
      }
      default:
        return answer({ ok: false, message: "Acción desconocida.", toast: { type: "error", title: "Error al guardar", description: "Acción desconocida." } }, 400);
    }
  } catch (error) {
    console.error("[admin orders] save failed:", error);
    return answer({ ok: false, message: SAVE_ERROR, toast: { type: "error", title: "Error al guardar", description: SAVE_ERROR } }, 500);
  }
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { list, query, open, error } = loaderData;
  const filtered = Boolean(query.status || query.q);
  const toast = useToast();
  useEffect(() => {
    if (error) toast({ type: "error", title: "Error", description: error });
  }, [error, toast]);
  return (
    <div>
      <h1 className="text-2xl font-bold">Órdenes</h1>
      <div className="mt-4">
        <OrderFilters status={query.status} q={query.q} />
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
            <OrdersTable key={`${query.status ?? ""}|${query.q}|${list.page}`} orders={list.orders} initiallyOpen={open} />
            <Pagination page={list.page} pageCount={list.pageCount} total={list.total} noun={list.total === 1 ? "orden" : "órdenes"} />
          </>
        )}
      </div>
    </div>
  );
}
