import { useState } from "react";
import { Keyframes } from "~/components/ui/keyframes";
import { TickerPauseButton, TickerTrack } from "~/components/ui/ticker";
import { clsx } from "clsx";

/** Home section 7 (spec section 9: a ticker of 20 brands). */
export const BRANDS = [
  "Lenovo",
  "HP",
  "Dell",
  "ASUS",
  "Acer",
  "MSI",
  "Gigabyte",
  "Samsung",
  "LG",
  "Logitech",
  "Razer",
  "HyperX",
  "Corsair",
  "Redragon",
  "Kingston",
  "Western Digital",
  "Intel",
  "AMD",
  "NVIDIA",
  "Philips",
] as const;

function BrandList({ duplicate = false }: { duplicate?: boolean }) {
  return (
    <ul
      // The copy only exists to close the loop: screen readers hear each brand once.
      aria-hidden={duplicate || undefined}
      className={clsx(
        "flex shrink-0 items-center gap-4 pr-4 motion-reduce:flex-wrap motion-reduce:justify-center motion-reduce:pr-0",
        duplicate && "motion-reduce:hidden",
      )}
    >
      {BRANDS.map((brand) => (
        <li key={brand} className="brand-chip">
          {brand}
        </li>
      ))}
    </ul>
  );
}

/**
 * The brands the store sells, scrolling sideways in a loop. It pauses on hover and with its
 * button (WCAG 2.2.2), and stands still as a wrapped list for users who prefer reduced motion.
 */
export function BrandTicker() {
  const [paused, setPaused] = useState(false);
  return (
    <div className="relative">
      <Keyframes />
      <div className="overflow-hidden py-1 [mask-image:linear-gradient(to_right,transparent,black_5%,black_95%,transparent)] motion-reduce:[mask-image:none]">
        <TickerTrack
          className="flex w-max animate-[vitec-ticker_45s_linear_infinite] hover:[animation-play-state:paused] motion-reduce:w-full motion-reduce:animate-none"
          paused={paused}
          List={BrandList}
        />
      </div>
      <div className="mt-3 flex justify-end motion-reduce:hidden">
        {/* The label says what the button does next (so no aria-pressed, which would contradict it). */}
        <TickerPauseButton
          paused={paused}
          onToggle={() => setPaused((p) => !p)}
          className="inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          {paused ? "Reanudar marcas" : "Pausar marcas"}
        </TickerPauseButton>
      </div>
    </div>
  );
}
