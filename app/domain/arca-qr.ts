// The QR code printed on an electronic invoice: ARCA's documented JSON (version 1), base64
// encoded after https://www.afip.gob.ar/fe/qr/?p= (the address ARCA still publishes for it;
// /work/shared/research/arca-wsfe.md §6). Scanning it opens ARCA's check of the comprobante.

export const ARCA_QR_URL = "https://www.afip.gob.ar/fe/qr/";

export type QrInvoice = {
  /** Issue date, "yyyy-mm-dd". */
  date: string;
  sellerCuit: string;
  puntoVenta: number;
  cbteTipo: number;
  number: number;
  totalCents: number;
  docTipo: number;
  docNro: string;
  cae: string;
};

export type QrPayload = {
  ver: 1;
  fecha: string;
  cuit: number;
  ptoVta: number;
  tipoCmp: number;
  nroCmp: number;
  importe: number;
  moneda: "PES";
  ctz: 1;
  tipoDocRec: number;
  nroDocRec: number;
  tipoCodAut: "E";
  codAut: number;
};

export function qrPayload(invoice: QrInvoice): QrPayload {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(invoice.date)) throw new RangeError(`Not a yyyy-mm-dd date: ${invoice.date}`);
  if (!/^\d{14}$/.test(invoice.cae)) throw new RangeError("A CAE has 14 digits");
  return {
    ver: 1,
    fecha: invoice.date,
    cuit: Number(invoice.sellerCuit.replace(/\D/g, "")),
    ptoVta: invoice.puntoVenta,
    tipoCmp: invoice.cbteTipo,
    nroCmp: invoice.number,
    importe: invoice.totalCents / 100,
    moneda: "PES",
    ctz: 1,
    tipoDocRec: invoice.docTipo,
    nroDocRec: Number(invoice.docNro),
    tipoCodAut: "E",
    codAut: Number(invoice.cae),
  };
}

/** The address the QR code encodes. The JSON is ASCII, so btoa encodes it as UTF-8 would. */
export function qrUrl(invoice: QrInvoice): string {
  return `${ARCA_QR_URL}?p=${btoa(JSON.stringify(qrPayload(invoice)))}`;
}

/** The JSON a QR address carries (what ARCA reads back), or null for another address. */
export function decodeQrUrl(url: string): QrPayload | null {
  const parsed = new URL(url);
  const p = parsed.searchParams.get("p");
  if (`${parsed.origin}${parsed.pathname}` !== ARCA_QR_URL || !p) return null;
  return JSON.parse(atob(p)) as QrPayload;
}
