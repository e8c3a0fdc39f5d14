import CreditCard from "lucide-react/icons/credit-card";
import Lock from "lucide-react/icons/lock";
import Pause from "lucide-react/icons/pause";
import Play from "lucide-react/icons/play";
import ShieldCheck from "lucide-react/icons/shield-check";
import Truck from "lucide-react/icons/truck";
import type { LucideIcon } from "lucide-react";
import { useState } from "react";
import { clsx } from "clsx";
import { Keyframes } from "./ui/keyframes";

const BENEFITS: { label: string; icon: LucideIcon }[] = [
  { label: "Envíos a todo el país", icon: Truck },
  { label: "Financiación a tu medida", icon: CreditCard },
  { label: "Garantía y soporte técnico", icon: ShieldCheck },
  { label: "Compra segura", icon: Lock },
];

function BenefitList({ duplicate = false }: { duplicate?: boolean }) {
  return (
    <ul
      aria-hidden={duplicate || undefined}
      className={clsx(
        "flex shrink-0 items-center gap-8 pr-8 md:w-full md:grid-cols-4 md:gap-4 md:pr-0",
        duplicate ? "md:hidden" : "md:grid",
      )}
    >
      {BENEFITS.map(({ label, icon: Icon }) => (
        <li key={label} className="flex items-center gap-2 whitespace-nowrap md:justify-center">
          <Icon aria-hidden className="size-4 shrink-0 text-accent-500" />
          <span>{label}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The store's four promises: a row on desktop, a scrolling ticker on mobile. The ticker can be
 * paused (WCAG 2.2.2) and stands still for users who prefer reduced motion.
 */
export function BenefitsStrip() {
  const [paused, setPaused] = useState(false);
  return (
    <section aria-label="Beneficios" className="relative bg-brand-900 text-sm font-medium text-white">
      <Keyframes />
      <div className="mx-auto flex max-w-6xl items-center md:px-4">
        <div className="min-w-0 flex-1 overflow-hidden py-2 motion-reduce:overflow-x-auto md:overflow-visible">
          <div
            className={clsx(
              "flex w-max animate-[vitec-ticker_22s_linear_infinite] hover:[animation-play-state:paused] motion-reduce:animate-none md:w-full md:animate-none",
              paused && "[animation-play-state:paused]",
            )}
          >
            <BenefitList />
            <BenefitList duplicate />
          </div>
        </div>
        <button
          type="button"
          onClick={() => setPaused((p) => !p)}
          aria-pressed={paused}
          aria-label="Pausar animación de beneficios"
          className="inline-flex size-9 shrink-0 items-center justify-center bg-brand-900 text-white hover:bg-brand-700 focus-visible:outline-white motion-reduce:hidden md:hidden"
        >
          {paused ? <Play aria-hidden className="size-4" /> : <Pause aria-hidden className="size-4" />}
        </button>
      </div>
    </section>
  );
}
