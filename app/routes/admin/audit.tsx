import { Form } from "react-router";
import type { Route } from "./+types/audit";
import { AdminPage } from "~/components/admin/admin-page";
import { ListState } from "~/components/admin/list-state";
import { Pagination } from "~/components/admin/orders/pagination";
import { Button } from "~/components/ui/button";
import { Field, InputField, Select } from "~/components/ui/field";
import { TD, TH, THead, TR, Table } from "~/components/ui/table";
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, AUDIT_FIELD_LABELS } from "~/domain/audit";
import { AUDIT_ENTITY_TYPES } from "~/db/schema/staff";
import { formatShortDateTime } from "~/domain/dates";
import { AUDIT_PAGE_SIZE, listAuditLog, parseAuditQuery } from "~/models/audit.server";
import { requireAdmin } from "~/utils/auth.server";
import { loadOrError } from "~/utils/load.server";

export const meta: Route.MetaFunction = () => [{ title: "Auditoría | Admin Vitec" }];

const LOAD_ERROR = "No se pudo cargar el registro de cambios.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = parseAuditQuery(new URL(request.url).searchParams);
  const loaded = await loadOrError("admin audit", LOAD_ERROR, () => listAuditLog(query));
  const { rows, total } = loaded.data ?? { rows: [], total: 0 };
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
    error: loaded.error,
  };
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
    <AdminPage
      title="Auditoría"
      intro={
        <>
          Quién cambió precios, stock y estados de productos y pedidos, la configuración y los roles: cuándo, y qué
          había antes y después.
        </>
      }
    >
      <Form
        method="get"
        className="mt-4 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3"
      >
        <Field id="audit-type" label="Tipo">
          <Select id="audit-type" name="tipo" defaultValue={query.entityType ?? ""}>
            <option value="">Todos</option>
            {AUDIT_ENTITY_TYPES.map((t) => (
              <option key={t} value={t}>
                {AUDIT_ENTITY_LABELS[t] ?? t}
              </option>
            ))}
          </Select>
        </Field>
        <InputField
          id="audit-q"
          label="Buscar (admin, producto, pedido)"
          name="q"
          defaultValue={query.q}
          maxLength={100}
        />
        <InputField id="audit-from" label="Desde" type="date" name="desde" defaultValue={query.from ?? ""} />
        <InputField id="audit-to" label="Hasta" type="date" name="hasta" defaultValue={query.to ?? ""} />
        <Button type="submit" size="sm">
          Filtrar
        </Button>
      </Form>

      <ListState className="mt-6" data={rows} error={error} emptyText="No hay cambios registrados con esos filtros.">
        {(rows) => (
          <>
            <Table>
              <THead>
                <tr>
                  <TH>Fecha</TH>
                  <TH>Quién</TH>
                  <TH>Qué</TH>
                  <TH>Cambios</TH>
                </tr>
              </THead>
              <tbody>
                {rows.map((r) => (
                  <TR key={r.id} className="align-top">
                    <TD className="whitespace-nowrap align-top tabular-nums">{r.when}</TD>
                    <TD className="align-top">{r.who}</TD>
                    <TD className="min-w-32 align-top [overflow-wrap:anywhere]">
                      <span className="block text-slate-600">{r.action}</span>
                      {r.link ? (
                        <a href={r.link} className="font-medium text-brand-700 underline">
                          {r.entity}
                        </a>
                      ) : (
                        <span className="font-medium">{r.entity}</span>
                      )}
                    </TD>
                    {/* Long values (addresses, codes) wrap anywhere: the table stays within a phone's width. */}
                    <TD className="min-w-40 align-top [overflow-wrap:anywhere]">
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
                    </TD>
                  </TR>
                ))}
              </tbody>
            </Table>
            <Pagination
              page={query.page}
              pageCount={pageCount}
              total={total}
              noun={total === 1 ? "cambio" : "cambios"}
            />
          </>
        )}
      </ListState>
    </AdminPage>
  );
}
