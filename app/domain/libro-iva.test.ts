import { describe, expect, it } from "vitest";
import { parseCsvText } from "./csv";
import { type BookInvoice, bookTotals, buildLibroIvaCsv, invoiceLabel } from "./libro-iva";

const facturaA: BookInvoice = {
  issuedOn: "2026-11-26",
  kind: "factura",
  invoiceClass: "A",
  cbteTipo: 1,
  puntoVenta: 3,
  number: 12,
  docTipo: 80,
  docNro: "20123456786",
  name: '=HYPERLINK("http://x")',
  cae: "71234567890123",
  amounts: {
    impTotalCents: 132_050,
    impTotConcCents: 0,
    impNetoCents: 110_000,
    impOpExCents: 0,
    impTribCents: 0,
    impIvaCents: 22_050,
    iva: [
      { id: 5, rate: 21, baseCents: 100_000, amountCents: 21_000 },
      { id: 4, rate: 10.5, baseCents: 10_000, amountCents: 1_050 },
    ],
    grossByRate: [],
  },
};
const noteA: BookInvoice = {
  ...facturaA,
  kind: "nota_credito",
  cbteTipo: 3,
  number: 1,
  amounts: {
    ...facturaA.amounts,
    impTotalCents: 12_100,
    impNetoCents: 10_000,
    impIvaCents: 2_100,
    iva: [{ id: 5, rate: 21, baseCents: 10_000, amountCents: 2_100 }],
  },
};
const facturaC: BookInvoice = {
  ...facturaA,
  invoiceClass: "C",
  cbteTipo: 11,
  docTipo: 99,
  docNro: "0",
  name: "Consumidor",
  amounts: { ...facturaA.amounts, impTotalCents: 5_000, impNetoCents: 5_000, impIvaCents: 0, iva: [] },
};

describe("Libro IVA Ventas", () => {
  it("names a comprobante as ARCA numbers it", () => {
    expect(invoiceLabel(facturaA)).toBe("Factura A 0003-00000012");
    expect(invoiceLabel(noteA)).toBe("Nota de crédito A 0003-00000001");
  });

  it("totals by type and by rate, credit notes subtracted", () => {
    const totals = bookTotals([facturaA, noteA, facturaC]);
    expect(totals.byType).toEqual([
      { label: "Factura A", count: 1, totalCents: 132_050 },
      { label: "Nota de crédito A", count: 1, totalCents: 12_100 },
      { label: "Factura C", count: 1, totalCents: 5_000 },
    ]);
    expect(totals.byRate).toEqual([
      { rate: "21 %", netCents: 90_000, ivaCents: 18_900 },
      { rate: "10,5 %", netCents: 10_000, ivaCents: 1_050 },
    ]);
    expect(totals.netCCents).toBe(5_000);
    expect(totals.totalCents).toBe(132_050 - 12_100 + 5_000);
  });

  it("writes negative credit notes as numbers and neutralises a buyer's name that looks like a formula", () => {
    const csv = buildLibroIvaCsv([facturaA, noteA]);
    expect(csv.startsWith("\uFEFFFecha;")).toBe(true);
    const [header, ...rows] = parseCsvText(csv);
    const col = (name: string) => header!.indexOf(name);
    expect(rows[0]![col("Nombre")]).toBe('\'=HYPERLINK("http://x")');
    expect(rows[1]![col("Total")]).toBe("-121,00");
    expect(rows[1]![col("IVA 21 %")]).toBe("-21,00");
    expect(rows[0]![col("Fecha")]).toBe("26/11/2026");
  });
});
