import { Form, Link } from "react-router";
import type { Route } from "./+types/hot-sale";
import { ListState } from "~/components/admin/list-state";
import { Button } from "~/components/ui/button";
import { InputField, inputClass } from "~/components/ui/field";
import { cn } from "~/utils/cn";
import { reportDays } from "~/domain/hot-sale-report";
import { formatARS, formatPercent } from "~/domain/money";
import { DISCOUNT_WARNINGS } from "~/domain/price-history";
import { hotSaleReport, referenceDays } from "~/models/price-history.server";
import { requireAdmin } from "~/utils/auth.server";
import { loadOrError } from "~/utils/load.server";

export const meta: Route.MetaFunction = () => [{ title: "Precios para Hot Sale | Admin Vitec" }];

const LOAD_ERROR = "No se pudo armar el reporte de precios.";

// GET /admin/productos/hot-sale?dias=N (ADR 0019): every product and variant on sale today,
// against the price it had N days ago (CACE compares with the prices of two weeks before), with
// the discount claimed, the real one, and a warning where it would not hold up.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const setting = await referenceDays();
  const days = reportDays(new URL(request.url).searchParams.get("dias"), setting);
  const { data: lines, error } = await loadOrError("admin hot sale", LOAD_ERROR, () => hotSaleReport(days));
  return { days, setting, lines: lines ?? [], error };
}

/** The table's columns: label, and whether its figures align right. */
const columns = (days: number): [string, boolean][] => [
  ["Producto", false],
  [`Hace ${days} días`, true],
  ["Regular", true],
  ["Hoy", true],
  ["Anunciado", true],
  ["Real", true],
  ["Advertencias", false],
];

const money = (value: number | null) => (value === null ? "—" : formatARS(value));
const percent = (value: number | null) => (value === null ? "—" : formatPercent(value));

export default function HotSaleReport({ loaderData }: Route.ComponentProps) {
  const { days, setting, lines, error } = loaderData;
  const flagged = lines.filter((l) => l.warnings.length > 0).length;
  return (
    <div>
      <p className="text-sm">
        <Link to="/admin/productos" className="text-brand-700 underline">
          Productos
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-bold">Precios para Hot Sale</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        Cada producto y variante en oferta hoy, comparado con el precio que tenía hace {days} días. Los organizadores
        (CACE) controlan los precios contra los publicados dos semanas antes del evento; la tienda muestra el precio
        tachado solo si estuvo vigente {setting} días (Configuración).
      </p>
      <Form
        method="get"
        className="mt-4 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3"
      >
        <InputField
          id="hot-sale-days"
          label="Comparar con el precio de hace (días)"
          name="dias"
          inputMode="numeric"
          defaultValue={String(days)}
          baseClassName={cn(inputClass, "w-28")}
        />
        <Button type="submit" size="sm">
          Ver
        </Button>
        <a
          href={`/admin/productos/hot-sale/exportar?dias=${days}`}
          className="ml-auto rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
        >
          Descargar CSV
        </a>
      </Form>

      <ListState className="mt-6" data={lines} error={error} emptyText="No hay productos en oferta.">
        {(lines) => (
          <>
            <p role="status" className="mb-2 text-sm text-slate-700">
              {lines.length} en oferta; {flagged === 0 ? "ninguno con advertencias" : `${flagged} con advertencias`}.
            </p>
            <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
              <table className="w-full text-sm">
                <caption className="sr-only">Productos en oferta y su precio de hace {days} días</caption>
                <thead className="bg-slate-50 text-left text-xs uppercase text-slate-600">
                  <tr>
                    {columns(days).map(([label, right]) => (
                      <th key={label} scope="col" className={right ? "px-3 py-2 text-right" : "px-3 py-2"}>
                        {label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {lines.map((l) => (
                    <tr key={`${l.productId}-${l.sku ?? ""}-${l.variant ?? ""}`} className="align-top">
                      <th scope="row" className="px-3 py-2 text-left font-medium">
                        {l.name}
                        {l.variant ? (
                          <span className="block text-xs font-normal text-slate-600">{l.variant}</span>
                        ) : null}
                        {l.sku ? <span className="block text-xs font-normal text-slate-500">SKU {l.sku}</span> : null}
                      </th>
                      <td className="px-3 py-2 text-right tabular-nums">{money(l.reference)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{money(l.regular)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{money(l.today)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{percent(l.claimed)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{percent(l.real)}</td>
                      <td className="px-3 py-2">
                        {l.warnings.length === 0 ? (
                          <span className="text-emerald-700">Sin observaciones</span>
                        ) : (
                          <ul className="space-y-1 text-amber-800">
                            {l.warnings.map((w) => (
                              <li key={w}>⚠ {DISCOUNT_WARNINGS[w]}</li>
                            ))}
                          </ul>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </ListState>
    </div>
  );
}
