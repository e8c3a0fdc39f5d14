import type { ReactNode } from "react";
import { cn } from "~/utils/cn";

// The pill a state is shown in (an order's status, a payment's): its tone says how it went.

const TONES = {
  done: "bg-green-100 text-green-800 ring-green-600/20",
  moving: "bg-blue-100 text-blue-800 ring-blue-600/20",
  waiting: "bg-yellow-100 text-yellow-900 ring-yellow-600/30",
  failed: "bg-red-100 text-red-800 ring-red-600/20",
  /** What staff must not miss (a cancelled order, a charge-back). */
  alarm: "bg-red-700 text-white ring-red-800",
  check: "bg-orange-100 text-orange-900 ring-orange-600/30",
  closed: "bg-slate-100 text-slate-800 ring-slate-500/30",
} as const;

export type BadgeTone = keyof typeof TONES;

export function StatusBadge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}
