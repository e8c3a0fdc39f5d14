import { formatARS } from "~/domain/money";
import { DEFAULT_IVA_RATE, priceWithoutNationalTaxes } from "~/domain/taxes";

/** Ley 27.743: under a final price, the same price without national taxes. */
export function PriceWithoutTaxes({
  price,
  ivaRate = DEFAULT_IVA_RATE,
  className,
}: {
  price: number;
  ivaRate?: number;
  className?: string;
}) {
  return (
    <p className={className ?? "text-xs text-slate-500"}>
      Precio sin impuestos nacionales: {formatARS(priceWithoutNationalTaxes(price, ivaRate))}
    </p>
  );
}
