import type { ReactNode } from "react";
import { Link } from "react-router";

export function Panel({
  title,
  link,
  children,
}: {
  title: string;
  link: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="mb-2 flex items-baseline justify-between gap-3">
        <h2 className="text-base font-bold text-slate-900">{title}</h2>
        <Link to={link.to} className="text-sm font-medium text-brand-700 hover:underline">
          {link.label}
        </Link>
      </div>
      {children}
    </section>
  );
}
