import { cbteTipoLabel } from "./arca-invoice";
import { CSV_BOM, formatCsvNumber, neutraliseCell, toCsv } from "./csv";
import type { InvoiceAmounts } from "./invoice-amounts";

// The Facturación screen and its CSV for the accountant (Libro IVA Ventas): the authorised
// invoices and credit notes of a period, with the net taxed amount and the IVA of each rate,
// what is not taxed or exempt, and the total. Credit notes subtract: their amounts are written
// negative, so every column adds up to the period's sales.

export type BookInvoice = {
  /** yyyy-mm-dd, ARCA's date of the comprobante. */
  issuedOn: string;
  kind: "factura" | "nota_credito";
  invoiceClass: "A" | "B" | "C";
  cbteTipo: number;
  puntoVenta: number;
  number: number;
  docTipo: number;
  docNro: string;
  name: string;
  cae: string;
  amounts: InvoiceAmounts;
};

/** "Factura A 0003-00000012". */
export function invoiceLabel(invoice: { cbteTipo: number; puntoVenta: number; number: number | null }): string {
  const number = `${String(invoice.puntoVenta).padStart(4, "0")}-${String(invoice.number ?? 0).padStart(8, "0")}`;
  return `${cbteTipoLabel(invoice.cbteTipo)} ${number}`;
}

const DOC_TIPO_LABELS: Record<number, string> = { 80: "CUIT", 86: "CUIL", 96: "DNI", 99: "Consumidor final" };

export function docTipoLabel(docTipo: number): string {
  return DOC_TIPO_LABELS[docTipo] ?? String(docTipo);
}

/** The rates the catalogue uses get their own columns; any other rate goes to "otras alícuotas". */
export const BOOK_RATES = [21, 10.5] as const;

/** One comprobante's figures in cents, signed (a credit note is negative). */
export type BookFigures = {
  netByRate: Record<"21" | "10.5" | "other", number>;
  ivaByRate: Record<"21" | "10.5" | "other", number>;
  /** A Factura C's amount (IVA not itemised). */
  netC: number;
  untaxed: number;
  total: number;
};

export function bookFigures(invoice: BookInvoice): BookFigures {
  const sign = invoice.kind === "nota_credito" ? -1 : 1;
  const netByRate = { "21": 0, "10.5": 0, other: 0 };
  const ivaByRate = { "21": 0, "10.5": 0, other: 0 };
  for (const item of invoice.amounts.iva) {
    const key = item.rate === 21 ? "21" : item.rate === 10.5 ? "10.5" : "other";
    netByRate[key] += sign * item.baseCents;
    ivaByRate[key] += sign * item.amountCents;
  }
  const a = invoice.amounts;
  return {
    netByRate,
    ivaByRate,
    netC: invoice.invoiceClass === "C" ? sign * a.impNetoCents : 0,
    untaxed: sign * (a.impTotConcCents + a.impOpExCents),
    total: sign * a.impTotalCents,
  };
}

export type BookTotals = {
  /** By comprobante type ("Factura A", "Nota de crédito B"...): how many and their total (positive). */
  byType: { label: string; count: number; totalCents: number }[];
  /** By IVA rate, credit notes subtracted. */
  byRate: { rate: string; netCents: number; ivaCents: number }[];
  netCCents: number;
  untaxedCents: number;
  /** Sales of the period: invoices minus credit notes. */
  totalCents: number;
};

export function bookTotals(list: readonly BookInvoice[]): BookTotals {
  const byType = new Map<number, { label: string; count: number; totalCents: number }>();
  const rates = { "21": { net: 0, iva: 0 }, "10.5": { net: 0, iva: 0 }, other: { net: 0, iva: 0 } };
  let netC = 0;
  let untaxed = 0;
  let total = 0;
  for (const invoice of list) {
    const type = byType.get(invoice.cbteTipo) ?? { label: cbteTipoLabel(invoice.cbteTipo), count: 0, totalCents: 0 };
    type.count += 1;
    type.totalCents += invoice.amounts.impTotalCents;
    byType.set(invoice.cbteTipo, type);
    const figures = bookFigures(invoice);
    for (const key of ["21", "10.5", "other"] as const) {
      rates[key].net += figures.netByRate[key];
      rates[key].iva += figures.ivaByRate[key];
    }
    netC += figures.netC;
    untaxed += figures.untaxed;
    total += figures.total;
  }
  return {
    byType: [...byType.entries()].sort(([a], [b]) => a - b).map(([, type]) => type),
    byRate: [
      { rate: "21 %", netCents: rates["21"].net, ivaCents: rates["21"].iva },
      { rate: "10,5 %", netCents: rates["10.5"].net, ivaCents: rates["10.5"].iva },
      ...(rates.other.net || rates.other.iva
        ? [{ rate: "Otras alícuotas", netCents: rates.other.net, ivaCents: rates.other.iva }]
        : []),
    ],
    netCCents: netC,
    untaxedCents: untaxed,
    totalCents: total,
  };
}

export const LIBRO_IVA_COLUMNS = [
  "Fecha",
  "Tipo",
  "Punto de venta",
  "Número",
  "Doc. tipo",
  "Doc. número",
  "Nombre",
  "Neto gravado 21 %",
  "IVA 21 %",
  "Neto gravado 10,5 %",
  "IVA 10,5 %",
  "Neto gravado otras alícuotas",
  "IVA otras alícuotas",
  "Importe Factura C",
  "No gravado / exento",
  "Total",
  "CAE",
] as const;

const money = (cents: number) => formatCsvNumber(cents / 100);

/** "2026-11-26" -> "26/11/2026". */
function dayLabel(iso: string): string {
  const [y, m, d] = iso.split("-");
  return `${d}/${m}/${y}`;
}

export function libroIvaRow(invoice: BookInvoice): string[] {
  const f = bookFigures(invoice);
  return [
    dayLabel(invoice.issuedOn),
    cbteTipoLabel(invoice.cbteTipo),
    String(invoice.puntoVenta).padStart(4, "0"),
    String(invoice.number).padStart(8, "0"),
    docTipoLabel(invoice.docTipo),
    // Text typed by buyers is neutralised (a name starting with "=" is not run as a formula);
    // the amounts are ours, and a credit note's minus sign must stay a number.
    neutraliseCell(invoice.docNro),
    neutraliseCell(invoice.name),
    money(f.netByRate["21"]),
    money(f.ivaByRate["21"]),
    money(f.netByRate["10.5"]),
    money(f.ivaByRate["10.5"]),
    money(f.netByRate.other),
    money(f.ivaByRate.other),
    money(f.netC),
    money(f.untaxed),
    money(f.total),
    invoice.cae,
  ];
}

/** The file: BOM, header, one row per comprobante. */
export function buildLibroIvaCsv(list: readonly BookInvoice[]): string {
  return CSV_BOM + toCsv(LIBRO_IVA_COLUMNS, list.map(libroIvaRow));
}
