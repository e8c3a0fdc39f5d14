import { cn } from "~/utils/cn";

export type Stat = { value: string; label: string };

/** Big figures with their labels: a definition list, shown with the figure above its label. */
export function StatList({ stats, className }: { stats: Stat[]; className?: string }) {
  return (
    <dl className={cn("grid grid-cols-2 gap-4 sm:grid-cols-3", className)}>
      {stats.map((stat) => (
        <div
          key={stat.label}
          className="flex flex-col-reverse rounded-xl border border-slate-200 bg-white p-5 text-center shadow-sm"
        >
          <dt className="mt-1 text-sm text-slate-600">{stat.label}</dt>
          <dd className="text-3xl font-extrabold text-brand-700">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
