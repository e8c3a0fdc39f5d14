import { describe, expect, it } from "vitest";
import { invoiceTypeFor, needsCuit } from "./invoice";

describe("invoice type", () => {
  it("gives Factura A only to a Responsable inscripto", () => {
    expect(invoiceTypeFor("responsable_inscripto")).toBe("A");
    expect(invoiceTypeFor("consumidor_final")).toBe("B");
    expect(invoiceTypeFor("monotributista")).toBe("B");
    expect(invoiceTypeFor("exento")).toBe("B");
  });

  it("asks a CUIT from everyone but a final consumer", () => {
    expect(needsCuit("consumidor_final")).toBe(false);
    expect(needsCuit("monotributista")).toBe(true);
  });
});
