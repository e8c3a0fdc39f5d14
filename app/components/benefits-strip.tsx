import { useState } from "react";
import { clsx } from "clsx";
import { Keyframes } from "./ui/keyframes";
import { TickerPauseButton, TickerTrack } from "./ui/ticker";
import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icon-names";

const BENEFITS: { label: string; icon: IconName }[] = [
  { label: "Envíos a todo el país", icon: "truck" },
  { label: "Financiación a tu medida", icon: "credit-card" },
  { label: "Garantía y soporte técnico", icon: "shield-check" },
  { label: "Compra segura", icon: "lock" },
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
      {BENEFITS.map(({ label, icon }) => (
        <li key={label} className="flex items-center gap-2 whitespace-nowrap md:justify-center">
          <Icon name={icon} className="size-4 shrink-0 text-accent-500" />
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
          <TickerTrack
            className="flex w-max animate-[vitec-ticker_22s_linear_infinite] hover:[animation-play-state:paused] motion-reduce:animate-none md:w-full md:animate-none"
            paused={paused}
            List={BenefitList}
          />
        </div>
        <TickerPauseButton
          paused={paused}
          onToggle={() => setPaused((p) => !p)}
          aria-pressed={paused}
          aria-label="Pausar animación de beneficios"
          className="inline-flex size-9 shrink-0 items-center justify-center bg-brand-900 text-white hover:bg-brand-700 focus-visible:outline-white motion-reduce:hidden md:hidden"
        />
      </div>
    </section>
  );
}
