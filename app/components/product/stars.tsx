/** A 1..5 star rating, read as "4 de 5 estrellas". */
export function Stars({ rating }: { rating: number }) {
  const value = Math.min(5, Math.max(1, Math.round(rating)));
  return (
    <span role="img" aria-label={`${value} de 5 estrellas`} className="text-amber-500">
      {"★".repeat(value)}
      <span className="text-slate-300">{"★".repeat(5 - value)}</span>
    </span>
  );
}
