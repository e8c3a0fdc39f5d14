import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { formatARS, fromCents } from "~/domain/money";
import { A4, LINE_COLUMNS, MARGIN, drawLinesHeader, fit, printable } from "./invoice-pdf.server";
import type { QuoteView } from "./quotes.server";

// [25/25] A quote as a PDF (A4), with the invoices' library and text helpers: the store, the
// company, the lines at their quoted prices, the total, the validity and the conditions.

const GREY = rgb(0.35, 0.35, 0.35);
const money = (cents: number) => formatARS(fromCents(cents));

export async function quotePdf(quote: QuoteView, store: { name: string }): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Cotización N° ${quote.number}`);
  pdf.setAuthor(store.name);
  const page = pdf.addPage([A4.width, A4.height]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const text = (value: string, x: number, y: number, size = 9, f = font) =>
    page.drawText(printable(value, f), { x, y, size, font: f });
  const right = (value: string, x: number, y: number, size = 9, f = font) =>
    text(value, x - f.widthOfTextAtSize(printable(value, f), size), y, size, f);
  const rightEdge = A4.width - MARGIN;

  let y = A4.height - MARGIN;
  text(fit(store.name, bold, 16, 300), MARGIN, y - 16, 16, bold);
  right(`COTIZACIÓN N° ${quote.number}`, rightEdge, y - 14, 13, bold);
  right(`Fecha: ${quote.pricedAtLabel ?? quote.createdAtLabel}`, rightEdge, y - 30);
  if (quote.validUntilLabel) right(`Válida hasta el ${quote.validUntilLabel}`, rightEdge, y - 44, 10, bold);

  y -= 76;
  page.drawLine({ start: { x: MARGIN, y: y + 10 }, end: { x: rightEdge, y: y + 10 }, thickness: 0.5, color: GREY });
  text(fit(`Cliente: ${quote.company.legalName}`, bold, 10, rightEdge - MARGIN), MARGIN, y - 4, 10, bold);
  text(`CUIT ${quote.company.cuit}`, MARGIN, y - 18);

  y -= 48;
  const cols = LINE_COLUMNS;
  drawLinesHeader(page, y, { text, right }, bold);
  y -= 18;
  for (const line of quote.lines) {
    const unit = line.quotedUnitCents ?? line.publicUnitCents;
    text(fit(line.name, font, 9, cols.qty - MARGIN - 40), MARGIN + 4, y);
    right(String(line.quantity), cols.qty, y);
    right(money(unit), cols.unit, y);
    right(money(unit * line.quantity), cols.total - 4, y);
    y -= 14;
    if (y < 200) break; // A very long quote: the total and conditions below still fit.
  }
  y -= 10;
  page.drawLine({ start: { x: 330, y: y + 10 }, end: { x: rightEdge, y: y + 10 }, thickness: 0.5, color: GREY });
  right("Total", cols.unit, y, 11, bold);
  right(money(quote.totalCents), cols.total - 4, y, 11, bold);
  y -= 16;
  text("Precios finales en pesos, IVA incluido. Envío y medio de pago se eligen al aceptarla.", MARGIN, y, 8);

  if (quote.conditions) {
    y -= 24;
    text("Condiciones", MARGIN, y, 10, bold);
    for (const row of quote.conditions.split(/\r?\n/).slice(0, 12)) {
      y -= 13;
      text(fit(row, font, 9, rightEdge - MARGIN), MARGIN, y);
    }
  }
  return pdf.save();
}
