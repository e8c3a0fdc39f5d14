import { useEffect, useId, useRef } from "react";
import { formatARS } from "~/domain/money";
import type { SalesDay } from "~/models/dashboard.server";

// Sales (bars) and orders (line) per day, drawn as inline SVG. The picture is described in its
// <desc>, each mark has a <title> for pointer users, and a visually hidden table carries the
// same numbers for screen readers.

const WIDTH = 720;
const HEIGHT = 260;
const PAD = { top: 16, right: 40, bottom: 30, left: 64 };

/** "$ 1,2 M", "$ 350 mil", "$ 900" (written by hand so server and browser print the same). */
function compactPesos(value: number): string {
  const short = (n: number) => n.toFixed(1).replace(".", ",").replace(/,0$/, "");
  if (value >= 1_000_000) return `$ ${short(value / 1_000_000)} M`;
  if (value >= 1_000) return `$ ${short(value / 1_000)} mil`;
  return `$ ${Math.round(value)}`;
}

/** The smallest of 1, 2, 5, 10, 20, 50 ... that is at least `value` (an axis top). */
function niceCeil(value: number): number {
  if (value <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * magnitude >= value) ?? 10;
  return step * magnitude;
}

/** "2026-11-21" -> "21/11". */
function shortDay(day: string): string {
  const [, month, date] = day.split("-");
  return `${date}/${month}`;
}

function longDay(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}/${month}/${year}`;
}

export function SalesChart({ days }: { days: SalesDay[] }) {
  const id = useId();
  const scroller = useRef<HTMLDivElement>(null);
  // When the chart scrolls (phones), start at the most recent days.
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollLeft = element.scrollWidth;
  }, []);
  const sales = days.map((d) => Number(d.sales));
  const maxSales = niceCeil(Math.max(0, ...sales));
  const maxOrders = niceCeil(Math.max(0, ...days.map((d) => d.orders)));
  const hasSales = sales.some((v) => v > 0);
  const totalSales = sales.reduce((a, b) => a + b, 0);
  const totalOrders = days.reduce((a, d) => a + d.orders, 0);
  const best = days.reduce<SalesDay | null>((top, d) => (Number(d.sales) > Number(top?.sales ?? 0) ? d : top), null);

  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const step = innerW / Math.max(1, days.length);
  const xCenter = (i: number) => PAD.left + step * i + step / 2;
  const ySales = (v: number) => PAD.top + innerH - (v / maxSales) * innerH;
  const yOrders = (v: number) => PAD.top + innerH - (v / maxOrders) * innerH;
  const line = days
    .map((d, i) => `${i === 0 ? "M" : "L"}${xCenter(i).toFixed(1)},${yOrders(d.orders).toFixed(1)}`)
    .join(" ");
  const labelEvery = Math.max(1, Math.ceil(days.length / 6));

  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const first = days[0];
  const last = days.at(-1);

  return (
    <figure className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-base font-bold text-slate-900">Ventas y órdenes de los últimos {days.length} días</span>
        <span className="flex gap-4 text-xs text-slate-600" aria-hidden>
          <span className="inline-flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-sm bg-brand-500" /> Ventas entregadas
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span className="inline-block h-0.5 w-4 bg-amber-500" /> Órdenes
          </span>
        </span>
      </figcaption>
      {/* On phones the chart keeps a readable size and scrolls sideways. */}
      <div
        ref={scroller}
        className="mt-3 overflow-x-auto"
        tabIndex={0}
        role="region"
        aria-label="Gráfico de ventas y órdenes, desplazable"
      >
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby={`${titleId} ${descId}`}
          className="h-auto w-full min-w-[600px]"
          preserveAspectRatio="xMidYMid meet"
        >
          <title id={titleId}>Gráfico de ventas y órdenes por día</title>
          <desc id={descId}>
            {first && last ? `Del ${longDay(first.day)} al ${longDay(last.day)}: ` : ""}
            {`${formatARS(totalSales)} en ventas entregadas y ${totalOrders} ${totalOrders === 1 ? "orden" : "órdenes"}.`}
            {best
              ? ` El día de más ventas fue el ${longDay(best.day)}, con ${formatARS(best.sales)}.`
              : " Sin ventas entregadas en el período."}
          </desc>
          {/* Grid and axes */}
          {[0, 0.5, 1].map((f) => {
            const y = PAD.top + innerH - f * innerH;
            const orders = maxOrders * f;
            return (
              <g key={f}>
                <line
                  x1={PAD.left}
                  x2={WIDTH - PAD.right}
                  y1={y}
                  y2={y}
                  className="stroke-slate-200"
                  strokeDasharray={f === 0 ? undefined : "4 4"}
                />
                {f === 0 || hasSales ? (
                  <text x={PAD.left - 8} y={y + 4} textAnchor="end" className="fill-slate-500 text-[12px]">
                    {compactPesos(maxSales * f)}
                  </text>
                ) : null}
                {Number.isInteger(orders) ? (
                  <text x={WIDTH - PAD.right + 8} y={y + 4} textAnchor="start" className="fill-amber-700 text-[12px]">
                    {orders}
                  </text>
                ) : null}
              </g>
            );
          })}
          {days.map((d, i) =>
            i % labelEvery === 0 || i === days.length - 1 ? (
              <text
                key={d.day}
                x={xCenter(i)}
                y={HEIGHT - 8}
                textAnchor="middle"
                className="fill-slate-500 text-[12px]"
              >
                {shortDay(d.day)}
              </text>
            ) : null,
          )}
          {/* Sales bars */}
          {days.map((d, i) => {
            const value = Number(d.sales);
            const y = ySales(value);
            return (
              <rect
                key={d.day}
                x={PAD.left + step * i + step * 0.15}
                y={y}
                width={step * 0.7}
                height={Math.max(0, PAD.top + innerH - y)}
                rx={2}
                className="fill-brand-500"
              >
                <title>{`${longDay(d.day)}: ${formatARS(value)} en ventas, ${d.orders} ${d.orders === 1 ? "orden" : "órdenes"}`}</title>
              </rect>
            );
          })}
          {/* Orders line */}
          <path d={line} fill="none" className="stroke-amber-500" strokeWidth={2} strokeLinejoin="round" />
          {days.map((d, i) => (
            <circle
              key={d.day}
              cx={xCenter(i)}
              cy={yOrders(d.orders)}
              r={d.orders > 0 ? 3 : 0}
              className="fill-amber-500"
            />
          ))}
        </svg>
      </div>
      {/* sr-only on the table itself still lets its cells widen a phone's page: wrap it instead. */}
      <div className="sr-only">
        <table>
          <caption>Ventas entregadas y órdenes por día</caption>
          <thead>
            <tr>
              <th scope="col">Día</th>
              <th scope="col">Órdenes</th>
              <th scope="col">Ventas entregadas</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{longDay(d.day)}</th>
                <td>{d.orders}</td>
                <td>{formatARS(d.sales)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
