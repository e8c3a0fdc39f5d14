import { CSV_BOM, formatCsvNumber, neutraliseCell, toCsv } from "./csv";
import { DISCOUNT_WARNINGS, type DiscountCheck } from "./price-history";

// [22/25] "Precios para Hot Sale" (ADR 0019): every product and variant on sale, against the
// price published N days earlier, as CACE checks it; on screen and as a CSV for the organiser.

/** One line of the report: a product, or a variant with a price of its own, on sale. */
export type HotSaleLine = DiscountCheck & {
  productId: string;
  name: string;
  sku: string | null;
  /** The variant's options, null for the product's own price. */
  variant: string | null;
  status: "published" | "draft";
};

/** The report's period: whole days, 1 to 365; anything else is the store's setting. */
export function reportDays(value: string | null, fallback: number): number {
  if (value === null || !/^\d{1,3}$/.test(value.trim())) return fallback;
  const days = Number(value.trim());
  return days >= 1 && days <= 365 ? days : fallback;
}

/** "12,5" for a percentage in the CSV (es-AR decimal comma), "" when there is none. */
const csvPercent = (value: number | null) => (value === null ? "" : String(value).replace(".", ","));

/** The report as a CSV for Excel (BOM, semicolons, es-AR numbers, formula-looking cells neutralised). */
export function hotSaleCsv(lines: HotSaleLine[], days: number): string {
  const headers = [
    "Producto",
    "Variante",
    "SKU",
    "Estado",
    `Precio hace ${days} días`,
    "Precio regular",
    "Precio hoy",
    "Descuento anunciado %",
    "Descuento real %",
    "Advertencias",
  ];
  const rows = lines.map((l) => [
    neutraliseCell(l.name),
    neutraliseCell(l.variant ?? ""),
    neutraliseCell(l.sku ?? ""),
    l.status === "published" ? "Publicado" : "Borrador",
    formatCsvNumber(l.reference),
    formatCsvNumber(l.regular),
    formatCsvNumber(l.today),
    csvPercent(l.claimed),
    csvPercent(l.real),
    l.warnings.map((w) => DISCOUNT_WARNINGS[w]).join(" "),
  ]);
  return CSV_BOM + toCsv(headers, rows);
}
