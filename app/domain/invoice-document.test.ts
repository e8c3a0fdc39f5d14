import { describe, expect, it } from "vitest";
import { invoiceAmounts } from "./invoice-amounts";
import { comprobanteCode, comprobanteNumber, documentLines, receiverDocumentLabel } from "./invoice-document";

describe("an invoice on paper", () => {
  it("prints the number and code as ARCA does", () => {
    expect(comprobanteNumber(3, 12)).toBe("00003-00000012");
    expect(comprobanteCode(1)).toBe("Cód. 01");
    expect(comprobanteCode(13)).toBe("Cód. 13");
  });

  it("names the receiver by CUIT, DNI or as a final consumer", () => {
    expect(receiverDocumentLabel(80, "20123456786")).toBe("CUIT 20-12345678-6");
    expect(receiverDocumentLabel(96, "12345678")).toBe("DNI 12345678");
    expect(receiverDocumentLabel(99, "0")).toBe("Consumidor final");
  });

  const order = {
    items: [{ name: "Notebook", quantity: 2, unitCents: 100_000, subtotalCents: 200_000 }],
    shippingCents: 5_000,
    shippingLabel: "Envío a todo el país",
    discountCents: 10_000,
    couponCents: 5_000,
    couponCode: "HOLA",
  };
  const amounts = invoiceAmounts("A", {
    lines: [{ subtotalCents: 200_000, ivaRate: 21 }],
    shippingCents: 5_000,
    shippingIvaRate: 21,
    couponCents: 5_000,
    discountCents: 10_000,
    totalCents: 190_000,
  });

  it("lists a factura's items, shipping and discounts, adding up to its total", () => {
    const lines = documentLines("factura", amounts, order, null);
    expect(lines.map((l) => l.description)).toEqual([
      "Notebook",
      "Envío a todo el país",
      "Cupón HOLA",
      "Descuento por medio de pago",
    ]);
    expect(lines.reduce((sum, l) => sum + l.totalCents, 0)).toBe(amounts.impTotalCents);
  });

  it("gives a credit note one line naming its factura", () => {
    expect(documentLines("nota_credito", amounts, order, { cbteTipo: 1, label: "00003-00000012" })).toEqual([
      { description: "Devolución de Factura A 00003-00000012", quantity: 1, unitCents: 190_000, totalCents: 190_000 },
    ]);
  });
});
