import { Link } from "react-router";
import type { Route } from "./+types/quotes";
import { AdminPage } from "~/components/admin/admin-page";
import { ListState } from "~/components/admin/list-state";
import { QuoteStatusBadge, QuoteTable } from "~/components/quotes/quote-parts";
import { useActionResult } from "~/components/use-action-result";
import { QUOTE_STATUSES, QUOTE_STATUS_LABELS } from "~/domain/quotes";
import { listQuotes } from "~/models/quotes.server";
import { QuoteStatusFilterSchema } from "~/schemas/quotes";
import { loadFailedToast } from "~/schemas/toast";
import { requireAdmin } from "~/utils/auth.server";
import { cn } from "~/utils/cn";

// [25/25] Admin > Cotizaciones: the companies' quote requests, newest first, by status.

export const meta: Route.MetaFunction = () => [{ title: "Cotizaciones | Admin Vitec" }];

const LOAD_ERROR = "No se pudieron cargar las cotizaciones.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { estado } = QuoteStatusFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const status = estado ?? null;
  try {
    return { quotes: await listQuotes(status), status, error: null, toast: null };
  } catch (error) {
    console.error("[admin quotes] list failed:", error);
    return { quotes: null, status, error: LOAD_ERROR, toast: loadFailedToast(LOAD_ERROR) };
  }
}

export default function AdminQuotes({ loaderData }: Route.ComponentProps) {
  const { quotes, status, error } = loaderData;
  useActionResult(loaderData, "idle");
  const filters = [
    { value: null, label: "Todas" },
    ...QUOTE_STATUSES.map((s) => ({ value: s, label: QUOTE_STATUS_LABELS[s] })),
  ];
  return (
    <AdminPage
      title="Cotizaciones"
      intro="Pedidos de cotización de las empresas: poné los precios, la validez y las condiciones, y enviala."
    >
      <nav aria-label="Filtrar por estado" className="mt-4 flex flex-wrap gap-2">
        {filters.map((f) => (
          <Link
            key={f.label}
            to={f.value ? `?estado=${f.value}` : "?"}
            aria-current={f.value === status ? "page" : undefined}
            className={cn(
              "rounded-full border px-3 py-1 text-sm",
              f.value === status
                ? "border-brand-600 bg-brand-50 font-semibold text-brand-800"
                : "border-slate-300 text-slate-700",
            )}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      <ListState
        className="mt-6"
        data={quotes}
        error={error}
        emptyText={status ? "No hay cotizaciones en ese estado." : "Todavía no hay cotizaciones."}
      >
        {(list) => (
          <QuoteTable
            className="bg-white"
            columns={["N°", "Empresa", "Pedida", "Estado", "Válida hasta", { amount: "Total" }]}
          >
            <tbody className="divide-y divide-slate-100">
              {list.map((q) => (
                <tr key={q.id}>
                  <td className="px-3 py-2">
                    <Link to={`/admin/cotizaciones/${q.id}`} className="font-semibold text-brand-700 underline">
                      Cotización {q.number}
                    </Link>
                  </td>
                  <td className="px-3 py-2">{q.legalName}</td>
                  <td className="px-3 py-2">{q.createdAtLabel}</td>
                  <td className="px-3 py-2">
                    <QuoteStatusBadge status={q.status} label={q.statusLabel} />
                  </td>
                  <td className="px-3 py-2">{q.validUntilLabel ?? "—"}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{q.totalLabel}</td>
                </tr>
              ))}
            </tbody>
          </QuoteTable>
        )}
      </ListState>
    </AdminPage>
  );
}
