import { clsx } from "clsx";
import type { ReactNode } from "react";

/** A card of an order's page (the confirmation and Mi Cuenta): a section titled by `title`, whose heading is `id`. */
export function OrderCard({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={clsx("rounded-xl border border-slate-200 bg-white p-4", className)}>
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
