import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { type ExportOrder, ORDER_EXPORT_COLUMNS, buildOrdersCsv } from "./orders-csv";

const ORDER: ExportOrder = {
  number: "1a2b3c4d",
  createdAt: new Date("2026-11-24T17:05:00Z"),
  status: "shipped",
  paymentStatus: "approved",
  customerName: '=HYPERLINK("http://malo.example","clic")',
  customerLastname: "Pérez; Gómez",
  customerEmail: "@cliente@example.com",
  customerPhone: "+54 9 11 5555-0000",
  billingCuit: "20-12345678-6",
  billingCompany: 'Empresa "Uno" S.A.',
  invoiceType: "A",
  paymentMethod: "transferencia",
  shippingMethod: "Envío a todo el país",
  subtotal: "1000000.50",
  shippingCost: "12900",
  discount: "100000.05",
  total: "912900.45",
  carrier: "Andreani",
  trackingNumber: "AND123",
  address: { line1: "Av. Corrientes 1234\n5° B", city: "CABA", state: "Buenos Aires", zip: "C1043" },
  items: "1 x Notebook; 2 x Mouse",
};

function parse(csv: string) {
  expect(csv.startsWith("\uFEFF")).toBe(true);
  return Papa.parse<string[]>(csv.slice(1), { delimiter: ";" }).data;
}

describe("the orders CSV export", () => {
  it("writes one row per order under the Spanish headers, with es-AR amounts and the store's time", () => {
    const [header, row] = parse(buildOrdersCsv([ORDER]));
    expect(header).toEqual([...ORDER_EXPORT_COLUMNS]);
    const cell = (name: (typeof ORDER_EXPORT_COLUMNS)[number]) => row![ORDER_EXPORT_COLUMNS.indexOf(name)];
    expect(cell("Pedido")).toBe("#1a2b3c4d");
    expect(cell("Fecha")).toBe("2026-11-24 14:05");
    expect(cell("Estado")).toBe("Enviado");
    expect(cell("Pago online")).toBe("Pagado");
    expect(cell("Subtotal")).toBe("1000000,50");
    expect(cell("Descuento")).toBe("100000,05");
    expect(cell("Total")).toBe("912900,45");
    expect(cell("Factura")).toBe("Factura A");
    expect(cell("Productos")).toBe("1 x Notebook; 2 x Mouse");
    // Semicolons, quotes and line breaks stay inside their cell.
    expect(cell("Apellido")).toBe("Pérez; Gómez");
    expect(cell("Empresa")).toBe('Empresa "Uno" S.A.');
    expect(cell("Dirección")).toBe("Av. Corrientes 1234\n5° B");
  });

  it("neutralises every cell a spreadsheet would run as a formula", () => {
    const [, row] = parse(buildOrdersCsv([ORDER]));
    const cell = (name: (typeof ORDER_EXPORT_COLUMNS)[number]) => row![ORDER_EXPORT_COLUMNS.indexOf(name)];
    expect(cell("Nombre")).toBe('\'=HYPERLINK("http://malo.example","clic")');
    expect(cell("Email")).toBe("'@cliente@example.com");
    expect(cell("Teléfono")).toBe("'+54 9 11 5555-0000");
    for (const value of row!) expect(value).not.toMatch(/^[=+\-@\t\r]/);
  });
});
