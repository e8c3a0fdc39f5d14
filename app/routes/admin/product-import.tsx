import { Link, data } from "react-router";
import type { Route } from "./+types/product-import";
import { formatShortDateTime } from "~/domain/dates";
import { PROFILE_NAMES, type ProfileId } from "~/domain/import-profiles";
import { getImportStatus, listImageFailures } from "~/models/product-imports.server";
import { requireAdmin } from "~/utils/auth.server";
import { IMPORT_STATUS_LABELS } from "./product-imports";

export const meta: Route.MetaFunction = () => [{ title: "Importación | Admin Vitec" }];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One import's report; also what the wizard polls for its progress bar. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (!UUID.test(params.id)) throw data("No existe esa importación.", { status: 404 });
  const status = await getImportStatus(params.id);
  if (!status) throw data("No existe esa importación.", { status: 404 });
  const failures = status.images.failed > 0 ? await listImageFailures(params.id) : [];
  return {
    id: status.id,
    fileName: status.fileName,
    platform: status.profile ? PROFILE_NAMES[status.profile as ProfileId] : null,
    state: status.status,
    status: IMPORT_STATUS_LABELS[status.status],
    when: formatShortDateTime(status.createdAt),
    who: status.createdByEmail,
    total: status.total,
    processed: status.processed,
    report: status.report,
    images: status.images,
    failures,
  };
}

export default function ProductImport({ loaderData: i }: Route.ComponentProps) {
  const report = i.report;
  return (
    <div className="space-y-5">
      <div>
        <p className="text-sm">
          <Link to="/admin/productos" className="text-brand-700 hover:underline">
            Productos
          </Link>{" "}
          /{" "}
          <Link to="/admin/productos/importaciones" className="text-brand-700 hover:underline">
            Importaciones
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-bold">{i.fileName}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {i.when} · {i.who ?? "Sistema"} · {i.platform ? `Exportación de ${i.platform}` : "Columnas asociadas a mano"}
        </p>
      </div>
      <section aria-labelledby="import-result" className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
        <h2 id="import-result" className="font-semibold">
          {i.status}
        </h2>
        {report?.failure ? (
          <p role="alert" className="mt-1 text-red-700">
            {report.failure}
          </p>
        ) : (
          <p className="mt-1">
            {i.state === "done"
              ? `${report?.created ?? 0} productos nuevos, ${report?.updated ?? 0} actualizados, ${report?.unchanged ?? 0} sin cambios, ${report?.categoriesCreated ?? 0} categorías creadas.`
              : `${i.processed} de ${i.total} productos escritos.`}
          </p>
        )}
        <p className="mt-1">
          Imágenes: {i.images.done} traídas a la tienda, {i.images.pending} pendientes, {i.images.failed} con error.
        </p>
      </section>
      {i.failures.length > 0 ? (
        <section aria-labelledby="import-images">
          <h2 id="import-images" className="font-semibold">
            Imágenes que no se pudieron traer
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {i.failures.map((f) => (
              <li key={`${f.productId}-${f.sourceUrl}`}>
                <Link
                  to={`/admin/productos?q=${encodeURIComponent(f.productName)}`}
                  className="font-medium text-brand-700"
                >
                  {f.productName}
                </Link>
                : <span className="break-all">{f.sourceUrl}</span> ({f.error})
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <RowList title="Filas rechazadas" rows={report?.errors ?? []} />
      <RowList title="Avisos" rows={report?.warnings ?? []} />
    </div>
  );
}

function RowList({ title, rows }: { title: string; rows: { row: number; message: string }[] }) {
  if (rows.length === 0) return null;
  return (
    <section>
      <h2 className="font-semibold">
        {title} ({rows.length})
      </h2>
      <ul className="mt-2 max-h-96 space-y-1 overflow-y-auto rounded-md border border-slate-200 bg-white p-3 text-sm">
        {rows.map((r, n) => (
          <li key={`${r.row}-${n}`}>{r.message}</li>
        ))}
      </ul>
    </section>
  );
}
