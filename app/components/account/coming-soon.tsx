import type { LucideIcon } from "lucide-react";

/** A tab of the account that is announced but not offered yet (spec: wishlist and settings). */
export function ComingSoon({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text: string }) {
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center">
      <Icon aria-hidden className="size-12 text-slate-300" />
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="max-w-md text-slate-600">{text}</p>
      <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-700">Próximamente</span>
    </div>
  );
}
