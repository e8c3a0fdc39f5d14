import { describe, expect, it } from "vitest";
import { decodeQrUrl, qrUrl } from "./arca-qr";

const invoice = {
  date: "2026-11-26",
  sellerCuit: "30-71234567-1",
  puntoVenta: 3,
  cbteTipo: 1,
  number: 1542,
  totalCents: 1_331_000_50,
  docTipo: 80,
  docNro: "20123456786",
  cae: "76123456789012",
};

describe("the invoice's QR code", () => {
  it("opens ARCA's check with the documented JSON for that invoice", () => {
    const url = qrUrl(invoice);
    expect(url.startsWith("https://www.afip.gob.ar/fe/qr/?p=")).toBe(true);
    expect(decodeQrUrl(url)).toEqual({
      ver: 1,
      fecha: "2026-11-26",
      cuit: 30712345671,
      ptoVta: 3,
      tipoCmp: 1,
      nroCmp: 1542,
      importe: 1331000.5,
      moneda: "PES",
      ctz: 1,
      tipoDocRec: 80,
      nroDocRec: 20123456786,
      tipoCodAut: "E",
      codAut: 76123456789012,
    });
  });

  it("gives a final consumer's invoice document 99 number 0", () => {
    expect(decodeQrUrl(qrUrl({ ...invoice, cbteTipo: 6, docTipo: 99, docNro: "0" }))).toMatchObject({
      tipoCmp: 6,
      tipoDocRec: 99,
      nroDocRec: 0,
    });
  });

  it("is never made for an invoice without a 14-digit CAE", () => {
    expect(() => qrUrl({ ...invoice, cae: "123" })).toThrow(RangeError);
  });
});
