import { type ReactNode, useId } from "react";
import { cn } from "~/utils/cn";

/** A titled section of a content page (h2), optionally on a tinted band. */
export function ContentSection({
  id,
  title,
  lead,
  tinted = false,
  className,
  children,
}: {
  id?: string;
  title: string;
  lead?: ReactNode;
  tinted?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className={cn("scroll-mt-32 py-12 sm:py-16", tinted && "bg-slate-50")}>
      <div className={cn("mx-auto max-w-6xl px-4", className)}>
        <h2 id={headingId} className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {title}
        </h2>
        {lead ? <p className="mt-3 max-w-3xl text-slate-700">{lead}</p> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
