import { data, useFetcher } from "react-router";
import type { Route } from "./+types/abandoned-carts";
import { Button } from "~/components/ui/button";
import { useActionResult } from "~/components/use-action-result";
import { formatDateTime } from "~/domain/dates";
import { formatARS, fromCents } from "~/domain/money";
import { listCheckoutDrafts, sendReminderNow } from "~/models/win-back.server";
import type { ToastInput } from "~/schemas/toast";
import { SendReminderSchema } from "~/schemas/win-back-admin";
import { requireAdmin } from "~/utils/auth.server";
import { parseForm, readForm } from "~/utils/request.server";

// [23/25] Admin > Carritos abandonados (ADR 0021): checkout drafts with their state, their value
// at today's prices, and a manual "Enviar recordatorio" (refused for an address that opted out).

export const meta: Route.MetaFunction = () => [{ title: "Carritos abandonados | Admin Vitec" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return { drafts: await listCheckoutDrafts(), error: null };
  } catch (error) {
    console.error("[admin abandoned carts] list failed:", error);
    return { drafts: [], error: "No se pudieron cargar los carritos abandonados." };
  }
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
  const { drafts, error } = loaderData;
  return (
    <div>
      <h1 className="text-2xl font-bold">Carritos abandonados</h1>
      <p className="mt-1 text-sm text-slate-600">
        Checkouts con email que no terminaron en compra. El valor es a precios de hoy, con lo que sigue publicado y con
        stock.
      </p>
      {error ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-4 text-red-800">
          {error}
        </p>
      ) : drafts.length === 0 ? (
        <p className="mt-6 text-slate-600">Todavía no hay carritos abandonados.</p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-sm">
            <thead className="bg-slate-50 text-left text-slate-600">
              <tr>
                <th className="px-3 py-2">Email</th>
                <th className="px-3 py-2">Estado</th>
                <th className="px-3 py-2 text-right">Productos</th>
                <th className="px-3 py-2 text-right">Valor</th>
                <th className="px-3 py-2">Último cambio</th>
                <th className="px-3 py-2">
                  <span className="sr-only">Acciones</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {drafts.map((d) => (
                <tr key={d.id} className="border-t border-slate-100" data-testid="draft-row">
                  <td className="px-3 py-2">{d.email}</td>
                  <td className="px-3 py-2">
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
                  </td>
                  <td className="px-3 py-2 text-right">{d.lines}</td>
                  <td className="px-3 py-2 text-right">{formatARS(fromCents(d.valueCents))}</td>
                  <td className="px-3 py-2">{formatDateTime(new Date(d.updatedAt))}</td>
                  <td className="px-3 py-2">
                    {d.state === "esperando" || d.state === "recordado" ? <SendReminder draftId={d.id} /> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
