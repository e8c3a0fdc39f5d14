import type { LucideIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { ContentSection } from "./content-section";
import { cn } from "~/utils/cn";

export type Feature = { icon: LucideIcon; title: string; text: string };

/** Cards with an icon, a title (h3) and a short text. */
export function FeatureGrid({ items, className }: { items: Feature[]; className?: string }) {
  return (
    <ul className={cn("grid gap-4 sm:grid-cols-2 lg:grid-cols-3", className)}>
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <span className="flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <Icon aria-hidden className="size-6" />
          </span>
          <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
          <p className="mt-1 text-sm text-slate-700">{text}</p>
        </li>
      ))}
    </ul>
  );
}

/** A content section whose body is a grid of feature cards; `gridClassName` sets the grid's columns. */
export function FeatureSection({
  items,
  gridClassName,
  ...section
}: Omit<ComponentProps<typeof ContentSection>, "children"> & { items: Feature[]; gridClassName?: string }) {
  return (
    <ContentSection {...section}>
      <FeatureGrid items={items} className={gridClassName} />
    </ContentSection>
  );
}
