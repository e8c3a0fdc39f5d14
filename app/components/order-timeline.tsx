import type { TimelineEntry } from "~/domain/order-timeline";
import { cn } from "~/utils/cn";

/** An order's timeline, oldest first: what happened and when (and, for staff, who). */
export function OrderTimeline({ entries, className }: { entries: readonly TimelineEntry[]; className?: string }) {
  if (entries.length === 0) return <p className={cn("text-sm text-slate-600", className)}>Sin novedades todavía.</p>;
  return (
    <ol className={cn("relative space-y-3 border-l border-slate-200 pl-4", className)}>
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`} className="relative text-sm">
          <span
            aria-hidden
            className={cn(
              "absolute top-1.5 -left-[21px] size-2.5 rounded-full border-2 border-white",
              entry.internal ? "bg-slate-400" : "bg-brand-600",
            )}
          />
          <p className="font-medium text-slate-900">
            {entry.title}
            {entry.internal && entry.title !== "Nota interna" ? (
              <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-600">
                Solo el equipo
              </span>
            ) : null}
          </p>
          {entry.detail ? <p className="break-words whitespace-pre-line text-slate-700">{entry.detail}</p> : null}
          <p className="text-xs text-slate-500">
            <time dateTime={entry.at}>{entry.atLabel}</time>
            {entry.actor ? ` · ${entry.actor}` : null}
          </p>
        </li>
      ))}
    </ol>
  );
}
