import type { Route } from "./+types/stock-alerts";
import { AdminPage } from "~/components/admin/admin-page";
import { ListState } from "~/components/admin/list-state";
import { TD, THeadRow, TR, Table } from "~/components/ui/table";
import { formatDateTime } from "~/domain/dates";
import { listStockAlerts } from "~/models/win-back.server";
import { requireAdmin } from "~/utils/auth.server";
import { loadOrError } from "~/utils/load.server";

// [23/25] Admin > Avisos de stock (ADR 0021): who waits for which product or variant, and who was told.

export const meta: Route.MetaFunction = () => [{ title: "Avisos de stock | Admin Vitec" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return loadOrError("admin stock alerts", "No se pudieron cargar los avisos de stock.", listStockAlerts);
}

export default function StockAlerts({ loaderData }: Route.ComponentProps) {
  const { data: alerts, error } = loaderData;
  return (
    <AdminPage
      title="Avisos de stock"
      intro={
        <>
          Quién pidió «Avisame cuando haya stock». Cada persona recibe un solo aviso, cuando el producto vuelve a tener
          stock.
        </>
      }
    >
      <ListState className="mt-4" data={alerts} error={error} emptyText="Nadie está esperando stock.">
        {(rows) => (
          <Table>
            <THeadRow columns={["Email", "Producto", "Pedido el", "Avisado"]} />
            <tbody>
              {rows.map((a) => (
                <TR key={a.id}>
                  <TD>{a.email}</TD>
                  <TD>
                    <a href={`/product/${a.productId}`} className="text-brand-700 underline">
                      {a.productName}
                    </a>
                    {a.variant ? <span className="text-slate-600"> · {a.variant}</span> : null}
                  </TD>
                  <TD>{formatDateTime(new Date(a.createdAt))}</TD>
                  <TD>{a.notifiedAt ? formatDateTime(new Date(a.notifiedAt)) : "Esperando"}</TD>
                </TR>
              ))}
            </tbody>
          </Table>
        )}
      </ListState>
    </AdminPage>
  );
}
