import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from "pdf-lib";
import QRCode from "qrcode";
import { formatARS, fromCents, formatPercent } from "~/domain/money";
import type { InvoiceDocument } from "./invoice-documents.server";

// An authorised comprobante as a PDF (A4), drawn from the same InvoiceDocument as its printable
// page: the store's and the buyer's data, the letter and code, the lines, the IVA of each rate on
// a Factura A, the total, the CAE and its expiry, and ARCA's QR code. pdf-lib's standard
// Helvetica covers Spanish (WinAnsi); the QR image comes from the `qrcode` library.

export const A4 = { width: 595.28, height: 841.89 };
export const MARGIN = 40;
const GREY = rgb(0.35, 0.35, 0.35);

/** PDF text: characters outside WinAnsi (emoji, other scripts) become "?" rather than failing. */
export function printable(text: string, font: PDFFont): string {
  const set = new Set(font.getCharacterSet());
  return [...text].map((c) => (set.has(c.codePointAt(0)!) ? c : "?")).join("");
}

export function fit(text: string, font: PDFFont, size: number, width: number): string {
  let out = printable(text, font);
  if (font.widthOfTextAtSize(out, size) <= width) return out;
  while (out.length > 1 && font.widthOfTextAtSize(`${out}…`, size) > width) out = out.slice(0, -1);
  return `${out}…`;
}

const money = (cents: number) => formatARS(fromCents(cents));

/** Where a document's lines put quantity, unit price and amount (the invoice's and the quote's). */
export const LINE_COLUMNS = { qty: 370, unit: 460, total: A4.width - MARGIN };

type Draw = (value: string, x: number, y: number, size?: number, f?: PDFFont) => void;

/** The grey header row of a document's lines. */
export function drawLinesHeader(page: PDFPage, y: number, draw: { text: Draw; right: Draw }, bold: PDFFont): void {
  const c = LINE_COLUMNS;
  page.drawRectangle({ x: MARGIN, y: y - 4, width: c.total - MARGIN, height: 16, color: rgb(0.92, 0.92, 0.92) });
  draw.text("Descripción", MARGIN + 4, y, 9, bold);
  draw.right("Cant.", c.qty, y, 9, bold);
  draw.right("Precio unit.", c.unit, y, 9, bold);
  draw.right("Importe", c.total - 4, y, 9, bold);
}

export async function invoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${doc.title} ${doc.number}`);
  pdf.setAuthor(doc.seller.name);
  const page: PDFPage = pdf.addPage([A4.width, A4.height]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const text = (value: string, x: number, y: number, size = 9, f = font, color = rgb(0, 0, 0)) =>
    page.drawText(printable(value, f), { x, y, size, font: f, color });
  const right = (value: string, x: number, y: number, size = 9, f = font) =>
    text(value, x - f.widthOfTextAtSize(printable(value, f), size), y, size, f);

  // Header: the store on the left, the letter in its box in the middle, the comprobante on the right.
  let y = A4.height - MARGIN;
  const mid = A4.width / 2;
  page.drawRectangle({ x: mid - 22, y: y - 44, width: 44, height: 44, borderColor: rgb(0, 0, 0), borderWidth: 1 });
  text(doc.letter, mid - bold.widthOfTextAtSize(doc.letter, 26) / 2, y - 28, 26, bold);
  text(doc.code, mid - font.widthOfTextAtSize(doc.code, 7) / 2, y - 40, 7);
  text(fit(doc.seller.name, bold, 14, mid - MARGIN - 30), MARGIN, y - 14, 14, bold);
  const sellerLines = [
    `CUIT: ${doc.seller.cuit}`,
    `Condición frente al IVA: ${doc.seller.ivaCondition}`,
    doc.seller.address,
    doc.seller.grossIncome ? `Ingresos Brutos: ${doc.seller.grossIncome}` : "",
    doc.seller.activityStart ? `Inicio de actividades: ${doc.seller.activityStart}` : "",
  ].filter((l) => l.trim());
  sellerLines.forEach((l, i) => text(fit(l, font, 9, mid - MARGIN - 30), MARGIN, y - 30 - i * 12));
  const rightEdge = A4.width - MARGIN;
  right(doc.title.toUpperCase(), rightEdge, y - 14, 13, bold);
  right(`N° ${doc.number}`, rightEdge, y - 30, 10, bold);
  right(`Fecha de emisión: ${doc.issuedOn}`, rightEdge, y - 44);
  right(`Punto de venta: ${doc.seller.puntoVenta}`, rightEdge, y - 56);
  right(`Pedido #${doc.orderNumber}`, rightEdge, y - 68);

  // The buyer.
  y -= 96;
  page.drawLine({ start: { x: MARGIN, y: y + 10 }, end: { x: rightEdge, y: y + 10 }, thickness: 0.5, color: GREY });
  text(fit(`Cliente: ${doc.buyer.name}`, bold, 10, rightEdge - MARGIN), MARGIN, y - 4, 10, bold);
  text(`${doc.buyer.document} - ${doc.buyer.ivaCondition}`, MARGIN, y - 18);
  if (doc.buyer.address) text(fit(`Domicilio: ${doc.buyer.address}`, font, 9, rightEdge - MARGIN), MARGIN, y - 30);

  // The lines.
  y -= 60;
  const cols = LINE_COLUMNS;
  drawLinesHeader(page, y, { text, right }, bold);
  y -= 18;
  for (const line of doc.lines) {
    text(fit(line.description, font, 9, cols.qty - MARGIN - 40), MARGIN + 4, y);
    right(String(line.quantity), cols.qty, y);
    right(money(line.unitCents), cols.unit, y);
    right(money(line.totalCents), cols.total - 4, y);
    y -= 14;
    if (y < 220) break; // A very long order: the totals below still fit on the page.
  }

  // Totals, with the IVA of each rate on a Factura A.
  y -= 10;
  page.drawLine({ start: { x: 330, y: y + 10 }, end: { x: rightEdge, y: y + 10 }, thickness: 0.5, color: GREY });
  const total = (label: string, cents: number, f = font, size = 9) => {
    right(label, cols.unit, y, size, f);
    right(money(cents), cols.total - 4, y, size, f);
    y -= 14;
  };
  if (doc.showsIva) {
    total("Importe neto gravado", doc.amounts.impNetoCents);
    for (const iva of doc.amounts.iva) {
      total(`Neto gravado ${formatPercent(iva.rate)}`, iva.baseCents);
      total(`IVA ${formatPercent(iva.rate)}`, iva.amountCents);
    }
  }
  total("Importe total", doc.amounts.impTotalCents, bold, 11);

  // CAE and the QR code.
  const qr = await QRCode.toBuffer(doc.qrUrl, { type: "png", errorCorrectionLevel: "M", margin: 4, scale: 8 });
  const image = await pdf.embedPng(qr);
  const qrSize = 110;
  page.drawImage(image, { x: MARGIN, y: MARGIN, width: qrSize, height: qrSize });
  text("Comprobante autorizado por ARCA", MARGIN + qrSize + 14, MARGIN + 80, 10, bold);
  text(`CAE N°: ${doc.cae}`, MARGIN + qrSize + 14, MARGIN + 62, 10);
  text(`Fecha de vencimiento del CAE: ${doc.caeExpiresOn}`, MARGIN + qrSize + 14, MARGIN + 48, 10);
  return pdf.save();
}
