import type { ReactNode } from "react";

/** An admin screen: its title, a line on what it holds, and the screen itself. */
export function AdminPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <div>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
      {children}
    </div>
  );
}
