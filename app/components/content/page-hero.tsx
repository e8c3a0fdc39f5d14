import type { ReactNode } from "react";

/** The top band of a content page: its one h1, a lead paragraph and optional actions. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        {eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">{eyebrow}</p> : null}
        <h1 className="mt-2 max-w-3xl text-3xl leading-tight font-extrabold text-balance sm:text-4xl lg:text-5xl">
          {title}
        </h1>
        {lead ? <p className="mt-4 max-w-2xl text-lg text-brand-100">{lead}</p> : null}
        {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
      </div>
    </div>
  );
}
