import { Link } from "react-router";
import type { Route } from "./+types/product-imports";
import { TD, TH, THead, TR, Table } from "~/components/ui/table";
import { formatShortDateTime } from "~/domain/dates";
import { PROFILE_NAMES, type ProfileId } from "~/domain/import-profiles";
import { listImports } from "~/models/product-imports.server";
import { requireAdmin } from "~/utils/auth.server";
import { loadOrError } from "~/utils/load.server";

export const meta: Route.MetaFunction = () => [{ title: "Importaciones | Admin Vitec" }];

export const IMPORT_STATUS_LABELS = {
  queued: "En espera",
  running: "Importando",
  done: "Completada",
  failed: "Cancelada",
} as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const loaded = await loadOrError("admin imports", "No se pudieron cargar las importaciones.", listImports);
  return {
    error: loaded.error,
    imports: (loaded.data ?? []).map((i) => ({
      id: i.id,
      when: formatShortDateTime(i.createdAt),
      fileName: i.fileName,
      platform: i.profile ? PROFILE_NAMES[i.profile as ProfileId] : "Columnas asociadas a mano",
      status: IMPORT_STATUS_LABELS[i.status],
      total: i.total,
      created: i.report?.created ?? 0,
      updated: i.report?.updated ?? 0,
      refused: new Set(i.report?.errors.map((e) => e.row) ?? []).size,
      images: i.images,
      who: i.createdByEmail,
    })),
  };
}

/** Admin > Productos > Importaciones: every import with its result, to open later. */
export default function ProductImports({ loaderData }: Route.ComponentProps) {
  const { imports, error } = loaderData;
  return (
    <div>
      <p className="text-sm">
        <Link to="/admin/productos" className="text-brand-700 hover:underline">
          Productos
        </Link>{" "}
        / Importaciones
      </p>
      <h1 className="mt-1 text-2xl font-bold">Importaciones</h1>
      <p className="mt-1 text-sm text-slate-600">
        Cada archivo importado, con lo que se creó, actualizó y rechazó, y las imágenes que se trajeron a la tienda.
      </p>
      {error ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {error}
        </p>
      ) : imports.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">Todavía no se importó ningún archivo.</p>
      ) : (
        <div className="mt-4">
          <Table>
            <THead>
              <tr>
                <TH>Fecha</TH>
                <TH>Archivo</TH>
                <TH>Origen</TH>
                <TH>Estado</TH>
                <TH>Productos</TH>
                <TH>Imágenes</TH>
              </tr>
            </THead>
            <tbody>
              {imports.map((i) => (
                <TR key={i.id}>
                  <TD>{i.when}</TD>
                  <TD>
                    <Link
                      to={`/admin/productos/importaciones/${i.id}`}
                      className="font-medium text-brand-700 hover:underline"
                    >
                      {i.fileName}
                    </Link>
                  </TD>
                  <TD>{i.platform}</TD>
                  <TD>{i.status}</TD>
                  <TD>
                    {i.created} nuevos, {i.updated} actualizados, {i.refused} filas rechazadas
                  </TD>
                  <TD>
                    {i.images.done} traídas, {i.images.pending} pendientes, {i.images.failed} con error
                  </TD>
                </TR>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </div>
  );
}
