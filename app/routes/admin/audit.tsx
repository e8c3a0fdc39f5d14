import { Form } from "react-router";
import type { Route } from "./+types/audit";
import { Pagination } from "~/components/admin/orders/pagination";
import { Button } from "~/components/ui/button";
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, AUDIT_FIELD_LABELS } from "~/domain/audit";
import { AUDIT_ENTITY_TYPES } from "~/db/schema/staff";
import { formatShortDateTime } from "~/domain/dates";
import { AUDIT_PAGE_SIZE, listAuditLog, parseAuditQuery } from "~/models/audit.server";
import { requireAdmin } from "~/utils/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Auditoría | Admin Vitec" }];

const LOAD_ERROR = "No se pudo cargar el registro de cambios.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseAuditQuery(new URL(request.url).searchParams);
  try {
    const { rows, total } = await listAuditLog(query);
    return {
      query,
      total,
      pageCount: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
      rows: rows.map((r) => ({
        id: r.id,
        when: formatShortDateTime(r.createdAt),
        who: r.actorEmail,
        action: AUDIT_ACTION_LABELS[r.action] ?? r.action,
        entityType: r.entityType,
        entity: r.entityLabel ?? r.entityId,
        link: linkFor(r.entityType, r.entityId),
        changes: changesOf(r.before, r.after),
      })),
      error: null,
    };
  } catch (error) {
    console.error("[admin audit] list failed:", error);
    return { query, total: 0, pageCount: 1, rows: [], error: LOAD_ERROR };
  }
}

function linkFor(type: string, id: string): string | null {
  if (type === "order") return `/admin/ordenes?q=${encodeURIComponent(id.slice(0, 8))}`;
  if (type === "setting") return "/admin/configuracion";
  if (type === "user") return "/admin/clientes";
  return null;
}

/** A value as staff read it: text as is, anything else as short JSON. */
function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return String(value);
  const json = JSON.stringify(value);
  return json.length > 300 ? `${json.slice(0, 300)}…` : json;
}

function changesOf(before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((f) => ({
    field: AUDIT_FIELD_LABELS[f] ?? f,
    before: before ? show(before[f]) : null,
    after: after ? show(after[f]) : null,
  }));
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { query, rows, total, pageCount, error } = loaderData;
  return (
    <div>
      <h1 className="text-2xl font-bold">Auditoría</h1>
      <p className="mt-1 text-sm text-slate-600">
        Quién cambió precios, stock y estados de productos y pedidos, la configuración y los roles: cuándo, y qué había
        antes y después.
      </p>
      <Form
        method="get"
        className="mt-4 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3"
      >
        <div>
          <label htmlFor="audit-type" className="block text-xs font-medium text-slate-700">
            Tipo
          </label>
          <select
            id="audit-type"
            name="tipo"
            defaultValue={query.entityType ?? ""}
            className="mt-1 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
          >
            <option value="">Todos</option>
            {AUDIT_ENTITY_TYPES.map((t) => (
              <option key={t} value={t}>
                {AUDIT_ENTITY_LABELS[t] ?? t}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-q" className="block text-xs font-medium text-slate-700">
            Buscar (admin, producto, pedido)
          </label>
          <input
            id="audit-q"
            name="q"
            defaultValue={query.q}
            maxLength={100}
            className="mt-1 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
          />
        </div>
        <div>
          <label htmlFor="audit-from" className="block text-xs font-medium text-slate-700">
            Desde
          </label>
          <input
            id="audit-from"
            type="date"
            name="desde"
            defaultValue={query.from ?? ""}
            className="mt-1 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
          />
        </div>
        <div>
          <label htmlFor="audit-to" className="block text-xs font-medium text-slate-700">
            Hasta
          </label>
          <input
            id="audit-to"
            type="date"
            name="hasta"
            defaultValue={query.to ?? ""}
            className="mt-1 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
          />
        </div>
        <Button type="submit" size="sm">
          Filtrar
        </Button>
      </Form>

      <div className="mt-6">
        {error ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            {error}
          </p>
        ) : rows.length === 0 ? (
          <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-sm text-slate-600">
            No hay cambios registrados con esos filtros.
          </p>
        ) : (
          <>
            <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
              <table className="w-full text-sm">
                <thead>
                  <tr className="border-b border-slate-200 bg-slate-50 text-left text-xs text-slate-600">
                    <th scope="col" className="px-3 py-2 font-medium">
                      Fecha
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Quién
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Qué
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Cambios
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.id} className="border-b border-slate-100 align-top last:border-0">
                      <td className="whitespace-nowrap px-3 py-2 tabular-nums">{r.when}</td>
                      <td className="px-3 py-2">{r.who}</td>
                      <td className="min-w-32 px-3 py-2 [overflow-wrap:anywhere]">
                        <span className="block text-slate-600">{r.action}</span>
                        {r.link ? (
                          <a href={r.link} className="font-medium text-brand-700 underline">
                            {r.entity}
                          </a>
                        ) : (
                          <span className="font-medium">{r.entity}</span>
                        )}
                      </td>
                      {/* Long values (addresses, codes) wrap anywhere: the table stays within a phone's width. */}
                      <td className="min-w-40 px-3 py-2 [overflow-wrap:anywhere]">
                        <ul className="space-y-0.5">
                          {r.changes.map((c) => (
                            <li key={c.field}>
                              <span className="text-slate-600">{c.field}:</span>{" "}
                              {c.before !== null ? <s className="text-slate-500">{c.before}</s> : null}
                              {c.before !== null && c.after !== null ? " → " : null}
                              {c.after !== null ? <strong className="font-semibold">{c.after}</strong> : null}
                            </li>
                          ))}
                        </ul>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination
              page={query.page}
              pageCount={pageCount}
              total={total}
              noun={total === 1 ? "cambio" : "cambios"}
            />
          </>
        )}
      </div>
    </div>
  );
}
