import { clsx } from "clsx";
import type { ReactNode } from "react";
import { HeaderCells } from "~/components/ui/table";
import { type BadgeTone, StatusBadge } from "~/components/status-badge";
import { formatARS, fromCents } from "~/domain/money";
import type { QuoteStatus } from "~/domain/quotes";

// [25/25] The pieces a quote is shown with, for the buyer (/cotizaciones/:id, Mi Cuenta) and for
// staff (Admin > Cotizaciones): its status badge, its lines and totals, its timeline.

const TONES: Record<QuoteStatus, BadgeTone> = {
  requested: "waiting",
  priced: "moving",
  accepted: "done",
  changes_requested: "check",
  expired: "closed",
  cancelled: "closed",
};

export function QuoteStatusBadge({ status, label }: { status: QuoteStatus; label: string }) {
  return <StatusBadge tone={TONES[status]}>{label}</StatusBadge>;
}

export type QuoteLineRow = {
  id: string;
  name: string;
  quantity: number;
  publicUnitCents: number;
  quotedUnitCents: number | null;
};

const money = (cents: number) => formatARS(fromCents(cents));

/** The lines with the public and quoted unit prices; `priceCell` replaces the quoted price (staff's input). */
export function QuoteLinesTable({
  lines,
  totalCents,
  priceCell,
}: {
  lines: QuoteLineRow[];
  totalCents: number;
  priceCell?: (line: QuoteLineRow) => ReactNode;
}) {
  return (
    <QuoteTable
      columns={[
        "Producto",
        { amount: "Cantidad" },
        { amount: "Precio de lista" },
        { amount: "Precio cotizado" },
        { amount: "Importe" },
      ]}
    >
      <tbody className="divide-y divide-slate-100">
        {lines.map((line) => (
          <tr key={line.id}>
            <td className="px-3 py-2">{line.name}</td>
            <td className="px-3 py-2 text-right tabular-nums">{line.quantity}</td>
            <td className="px-3 py-2 text-right tabular-nums">{money(line.publicUnitCents)}</td>
            <td className="px-3 py-2 text-right tabular-nums">
              {priceCell ? priceCell(line) : line.quotedUnitCents === null ? "—" : money(line.quotedUnitCents)}
            </td>
            <td className="px-3 py-2 text-right tabular-nums">
              {money((line.quotedUnitCents ?? line.publicUnitCents) * line.quantity)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="bg-slate-50 font-semibold">
          <td colSpan={4} className="px-3 py-2 text-right">
            Total
          </td>
          <td className="px-3 py-2 text-right tabular-nums" data-testid="quote-total">
            {money(totalCents)}
          </td>
        </tr>
      </tfoot>
    </QuoteTable>
  );
}

const HEAD_CELL = "px-3 py-2 font-semibold";
const AMOUNT_HEAD_CELL = "px-3 py-2 text-right font-semibold";

/**
 * The look of the quote tables (a quote's lines, Admin > Cotizaciones): a header of `columns` (an
 * amount's aligned right), then `children` (the body and foot).
 */
export function QuoteTable({
  columns,
  className,
  children,
}: {
  columns: (string | { amount: string })[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={clsx("overflow-x-auto rounded-lg border border-slate-200", className)}>
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-slate-700">
          <tr>
            <HeaderCells
              columns={columns.map((c) => (typeof c === "string" ? [c, HEAD_CELL] : [c.amount, AMOUNT_HEAD_CELL]))}
            />
          </tr>
        </thead>
        {children}
      </table>
    </div>
  );
}

export type QuoteEventRow = { atLabel: string; title: string; note: string | null; actor: string };

export function QuoteTimeline({ events, showActor }: { events: QuoteEventRow[]; showActor: boolean }) {
  return (
    <section aria-labelledby="quote-timeline" className="mt-8">
      <h2 id="quote-timeline" className="text-lg font-semibold text-slate-900">
        Historial
      </h2>
      <ol className="mt-2 space-y-2 border-l-2 border-slate-200 pl-4 text-sm">
        {events.map((event, i) => (
          <li key={i}>
            <p className="font-semibold text-slate-900">{event.title}</p>
            <p className="text-slate-600">
              {event.atLabel}
              {showActor ? ` · ${event.actor}` : null}
            </p>
            {event.note ? <p className="whitespace-pre-line text-slate-700">{event.note}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
