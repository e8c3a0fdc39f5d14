import { Link } from "react-router";
import { QuoteStatusBadge } from "./quote-parts";
import type { QuoteStatus } from "~/domain/quotes";

// [25/25] Mi Cuenta > Cotizaciones: the quotes of the member's company, newest first.

export type QuoteListRow = {
  id: string;
  number: number;
  status: QuoteStatus;
  statusLabel: string;
  createdAtLabel: string;
  validUntilLabel: string | null;
  totalLabel: string;
};

export function QuoteList({ quotes }: { quotes: QuoteListRow[] }) {
  if (quotes.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
        Tu empresa todavía no pidió cotizaciones. Armá el carrito y tocá «Pedir cotización».
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
      {quotes.map((q) => (
        <li key={q.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div>
            <Link to={`/cotizaciones/${q.id}`} className="font-semibold text-brand-700 underline">
              Cotización N° {q.number}
            </Link>
            <p className="text-sm text-slate-600">
              Pedida el {q.createdAtLabel}
              {q.validUntilLabel ? ` · válida hasta el ${q.validUntilLabel}` : ""}
            </p>
          </div>
          <div className="flex items-center gap-3">
            <QuoteStatusBadge status={q.status} label={q.statusLabel} />
            <span className="tabular-nums">{q.totalLabel}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
