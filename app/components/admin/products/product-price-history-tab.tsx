import { useEffect } from "react";
import { useFetcher } from "react-router";
import { formatShortDateTime } from "~/domain/dates";
import { formatARS } from "~/domain/money";
import { type PriceChange, priceStates } from "~/domain/price-history";

/** What GET /admin/productos/:id/precios answers (app/routes/admin/product-prices.ts). */
export type ProductPricesData =
  | {
      ok: true;
      rows: {
        at: string;
        variant: string | null;
        variantId: string | null;
        actor: string | null;
        /** Where the change came from, in Spanish ("Importación CSV"). */
        source: string;
        price: number | null;
        salePrice: number | null;
      }[];
    }
  | { ok: false; error: string };

type Row = Extract<ProductPricesData, { ok: true }>["rows"][number];
type Series = { label: string; points: { t: number; paid: number }[] };

const COLORS = ["#1d4ed8", "#b45309", "#047857", "#7c3aed", "#be123c", "#0e7490"];
const WIDTH = 640;
const HEIGHT = 180;
const LEFT = 86;
const RIGHT = 12;
const TOP = 10;
const BOTTOM = 24;

/**
 * The price paid over time: one line for the product and one per variant with a price of its
 * own (the others follow the product), each as steps from one change to the next, up to now.
 */
function seriesOf(rows: Row[]): Series[] {
  const change = (r: Row): PriceChange => ({ at: new Date(r.at), price: r.price, salePrice: r.salePrice });
  const own = rows.filter((r) => r.variantId === null).map(change);
  const byVariant = new Map<string, { label: string; rows: PriceChange[] }>();
  for (const r of rows) {
    if (r.variantId === null) continue;
    const entry = byVariant.get(r.variantId) ?? { label: r.variant ?? "Variante", rows: [] };
    entry.rows.push(change(r));
    byVariant.set(r.variantId, entry);
  }
  const series: Series[] = [];
  if (own.length > 0)
    series.push({ label: "Producto", points: priceStates(own).map((s) => ({ t: s.at.getTime(), paid: s.paid })) });
  for (const { label, rows: list } of byVariant.values()) {
    if (!list.some((r) => r.price !== null || r.salePrice !== null)) continue;
    series.push({ label, points: priceStates(own, list).map((s) => ({ t: s.at.getTime(), paid: s.paid })) });
  }
  return series.slice(0, COLORS.length);
}

function PriceChart({ rows, now }: { rows: Row[]; now: number }) {
  const series = seriesOf(rows);
  const points = series.flatMap((s) => s.points);
  if (points.length === 0) return null;
  const start = Math.min(...points.map((p) => p.t));
  const end = Math.max(now, start + 1);
  const low = Math.min(...points.map((p) => p.paid));
  const high = Math.max(...points.map((p) => p.paid));
  const pad = high === low ? Math.max(high * 0.1, 1) : (high - low) * 0.1;
  const [min, max] = [Math.max(0, low - pad), high + pad];
  const x = (t: number) => LEFT + ((t - start) / (end - start)) * (WIDTH - LEFT - RIGHT);
  const y = (v: number) => TOP + (1 - (v - min) / (max - min)) * (HEIGHT - TOP - BOTTOM);
  // Steps: each price holds until the next change; the last one until now.
  const path = ({ points: [first, ...rest] }: Series) =>
    [
      `M${x(first!.t).toFixed(1)} ${y(first!.paid).toFixed(1)}`,
      ...rest.map((p) => `H${x(p.t).toFixed(1)} V${y(p.paid).toFixed(1)}`),
      `H${x(end).toFixed(1)}`,
    ].join(" ");
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-3">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        role="img"
        aria-label={`Precio pagado desde ${formatShortDateTime(new Date(start))} hasta hoy: entre ${formatARS(low)} y ${formatARS(high)}`}
      >
        {[max, (max + min) / 2, min].map((v) => (
          <g key={v}>
            <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(v)} y2={y(v)} stroke="#e2e8f0" />
            <text x={LEFT - 6} y={y(v) + 4} textAnchor="end" fontSize="11" fill="#475569">
              {formatARS(Math.round(v))}
            </text>
          </g>
        ))}
        <text x={LEFT} y={HEIGHT - 6} fontSize="11" fill="#475569">
          {formatShortDateTime(new Date(start))}
        </text>
        <text x={WIDTH - RIGHT} y={HEIGHT - 6} textAnchor="end" fontSize="11" fill="#475569">
          Hoy
        </text>
        {series.map((s, i) => (
          <path key={s.label} d={path(s)} fill="none" stroke={COLORS[i]} strokeWidth="2" />
        ))}
      </svg>
      {series.length > 1 ? (
        <figcaption className="mt-2 flex flex-wrap gap-3 text-xs text-slate-700">
          {series.map((s, i) => (
            <span key={s.label} className="inline-flex items-center gap-1">
              <span aria-hidden className="inline-block h-0.5 w-4" style={{ backgroundColor: COLORS[i] }} />
              {s.label}
            </span>
          ))}
        </figcaption>
      ) : null}
    </figure>
  );
}

const money = (value: number | null) => (value === null ? "—" : formatARS(value));

/** The product dialog's "Historial de precios": a chart of the price paid and every change, newest first. */
export function ProductPriceHistoryTab({ productId }: { productId: string }) {
  const fetcher = useFetcher<ProductPricesData>();
  const { load } = fetcher;
  useEffect(() => {
    void load(`/admin/productos/${productId}/precios`);
  }, [load, productId]);
  const answer = fetcher.data;
  if (!answer) return <p className="text-sm text-slate-600">Cargando historial…</p>;
  if (!answer.ok)
    return (
      <p role="alert" className="text-sm text-red-700">
        {answer.error}
      </p>
    );
  if (answer.rows.length === 0)
    return <p className="text-sm text-slate-600">Este producto no tiene cambios de precio.</p>;
  const hasVariants = answer.rows.some((r) => r.variantId !== null);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Cada cambio de precio o de precio de oferta, con quién y desde dónde se hizo. Respalda el precio tachado de las
        ofertas.
      </p>
      <PriceChart rows={answer.rows} now={Date.now()} />
      <div className="max-h-72 overflow-auto rounded-lg border border-slate-200">
        <table className="w-full text-sm">
          <caption className="sr-only">Historial de precios</caption>
          <thead className="sticky top-0 bg-slate-50 text-left text-xs uppercase text-slate-600">
            <tr>
              {[
                ["Fecha", false],
                ...(hasVariants ? [["Variante", false] as const] : []),
                ["Quién", false],
                ["Origen", false],
                ["Precio", true],
                ["Precio de oferta", true],
              ].map(([label, right]) => (
                <th key={String(label)} scope="col" className={right ? "px-3 py-2 text-right" : "px-3 py-2"}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {[...answer.rows].reverse().map((r, i) => (
              <tr key={`${r.at}-${r.variantId ?? ""}-${i}`}>
                <td className="whitespace-nowrap px-3 py-2">{formatShortDateTime(new Date(r.at))}</td>
                {hasVariants ? <td className="px-3 py-2">{r.variant ?? "Producto"}</td> : null}
                <td className="px-3 py-2">{r.actor ?? "—"}</td>
                <td className="px-3 py-2">{r.source}</td>
                <td className="px-3 py-2 text-right tabular-nums">{money(r.price)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{money(r.salePrice)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
