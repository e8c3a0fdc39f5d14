import type { ShownGroupPrice } from "~/domain/price-lists";
import { formatARS, fromCents } from "~/domain/money";

/** A member's list price from the group's minimum and the quantity breaks (ADR 0022). */
export function GroupPriceSteps({ group, className }: { group: ShownGroupPrice; className?: string }) {
  const lines = [
    ...(group.minimum !== null && group.fromMinimumCents !== null
      ? [`Precio de lista desde ${group.minimum} unidades: ${formatARS(fromCents(group.fromMinimumCents))}`]
      : []),
    ...group.breaks.map((b) => `Desde ${b.from} unidades: ${formatARS(fromCents(b.unitCents))}`),
  ];
  if (lines.length === 0) return null;
  return (
    <ul className={className} data-testid="group-price-steps">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
