import { data, useFetcher } from "react-router";
import type { Route } from "./+types/abandoned-carts";
import { AdminPage } from "~/components/admin/admin-page";
import { ListState } from "~/components/admin/list-state";
import { Button } from "~/components/ui/button";
import { TD, THeadRow, TR, Table } from "~/components/ui/table";
import { useActionResult } from "~/components/use-action-result";
import { formatDateTime } from "~/domain/dates";
import { formatARS, fromCents } from "~/domain/money";
import { listCheckoutDrafts, sendReminderNow } from "~/models/win-back.server";
import type { ToastInput } from "~/schemas/toast";
import { SendReminderSchema } from "~/schemas/win-back-admin";
import { requireAdmin } from "~/utils/auth.server";
import { loadOrError } from "~/utils/load.server";
import { parseForm, readForm } from "~/utils/request.server";

// [23/25] Admin > Carritos abandonados (ADR 0021): checkout drafts with their state, their value
// at today's prices, and a manual "Enviar recordatorio" (refused for an address that opted out).

export const meta: Route.MetaFunction = () => [{ title: "Carritos abandonados | Admin Vitec" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return loadOrError("admin abandoned carts", "No se pudieron cargar los carritos abandonados.", listCheckoutDrafts);
}

type ActionData = { ok: boolean; toast: ToastInput };

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const parsed = parseForm(SendReminderSchema, await readForm(request));
  if (!parsed.ok) {
    return data<ActionData>(
      { ok: false, toast: { type: "error", title: "Error", description: Object.values(parsed.errors)[0] } },
      { status: 400 },
    );
  }
  const result = await sendReminderNow(parsed.data.draftId);
  if (!result.ok) {
    return data<ActionData>(
      { ok: false, toast: { type: "error", title: "No se envió", description: result.message } },
      { status: 400 },
    );
  }
  return data<ActionData>({
    ok: true,
    toast: { type: "success", title: "Recordatorio enviado", description: "Sale con el próximo envío de emails." },
  });
}

const STATE_STYLE: Record<string, string> = {
  esperando: "bg-amber-100 text-amber-900",
  recordado: "bg-sky-100 text-sky-900",
  recuperado: "bg-emerald-100 text-emerald-900",
  "dado de baja": "bg-slate-200 text-slate-700",
};

function SendReminder({ draftId }: { draftId: string }) {
  const fetcher = useFetcher<ActionData>();
  useActionResult(fetcher.data, fetcher.state);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="send-reminder" />
      <input type="hidden" name="draftId" value={draftId} />
      <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
        Enviar recordatorio
      </Button>
    </fetcher.Form>
  );
}

export default function AbandonedCarts({ loaderData }: Route.ComponentProps) {
  const { data: drafts, error } = loaderData;
  return (
    <AdminPage
      title="Carritos abandonados"
      intro={
        <>
          Checkouts con email que no terminaron en compra. El valor es a precios de hoy, con lo que sigue publicado y
          con stock.
        </>
      }
    >
      <ListState className="mt-4" data={drafts} error={error} emptyText="Todavía no hay carritos abandonados.">
        {(rows) => (
          <Table>
            <THeadRow
              columns={[
                "Email",
                "Estado",
                ["Productos", "text-right"],
                ["Valor", "text-right"],
                "Último cambio",
                "Acciones",
              ]}
            />
            <tbody>
              {rows.map((d) => (
                <TR key={d.id} data-testid="draft-row">
                  <TD>{d.email}</TD>
                  <TD>
                    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATE_STYLE[d.state]}`}>
                      {d.state}
                    </span>
                    {d.recoveredOrderId ? (
                      <a
                        href={`/admin/ordenes?q=${d.recoveredOrderId.slice(0, 8)}`}
                        className="ml-2 text-xs text-brand-700 underline"
                      >
                        #{d.recoveredOrderId.slice(0, 8)}
                      </a>
                    ) : null}
                  </TD>
                  <TD className="text-right">{d.lines}</TD>
                  <TD className="text-right">{formatARS(fromCents(d.valueCents))}</TD>
                  <TD>{formatDateTime(new Date(d.updatedAt))}</TD>
                  <TD>{d.state === "esperando" || d.state === "recordado" ? <SendReminder draftId={d.id} /> : null}</TD>
                </TR>
              ))}
            </tbody>
          </Table>
        )}
      </ListState>
    </AdminPage>
  );
}
