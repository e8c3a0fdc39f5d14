import { clsx } from "clsx";

/** A 1..5 star rating, read as "4 de 5 estrellas": as many filled stars as it says, the rest grey. */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const value = Math.min(5, Math.max(1, Math.round(rating)));
  return (
    <span role="img" aria-label={`${value} de 5 estrellas`} className={clsx("text-amber-500", className)}>
      {"★".repeat(value)}
      <span className="text-slate-300">{"★".repeat(5 - value)}</span>
    </span>
  );
}
