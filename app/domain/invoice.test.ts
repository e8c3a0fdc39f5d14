import { describe, expect, it } from "vitest";
import { invoiceTypeFor, needsCuit, resolveBilling } from "./invoice";

describe("invoice type", () => {
  it("gives Factura A to a Responsable inscripto and to a Monotributista (since July 2021)", () => {
    expect(invoiceTypeFor("responsable_inscripto")).toBe("A");
    expect(invoiceTypeFor("monotributista")).toBe("A");
    expect(invoiceTypeFor("consumidor_final")).toBe("B");
    expect(invoiceTypeFor("exento")).toBe("B");
  });

  it("asks a CUIT from everyone but a final consumer", () => {
    expect(needsCuit("consumidor_final")).toBe(false);
    expect(needsCuit("monotributista")).toBe(true);
  });
});

describe("billing at checkout", () => {
  const asked = { cuit: true, company: true };

  it("is a final consumer with Factura B unless the buyer says otherwise", () => {
    expect(resolveBilling(undefined, {}, asked)).toEqual({
      ok: true,
      billing: { ivaCondition: "consumidor_final", invoiceType: "B" },
    });
  });

  it("gives Factura A to a Responsable inscripto with CUIT and company name", () => {
    expect(resolveBilling("responsable_inscripto", { cuit: "20-12345678-6", company: "Acme SRL" }, asked)).toEqual({
      ok: true,
      billing: { ivaCondition: "responsable_inscripto", invoiceType: "A" },
    });
  });

  it("asks for the CUIT (and the company for Factura A) where they are missing", () => {
    expect(resolveBilling("responsable_inscripto", {}, asked)).toEqual({
      ok: false,
      errors: {
        cuit: "Como responsable inscripto necesitamos tu CUIT para la factura.",
        company: "Ingresá la razón social para la Factura A.",
      },
    });
    expect(resolveBilling("monotributista", { company: "" }, asked)).toEqual({
      ok: false,
      errors: { cuit: "Como monotributista necesitamos tu CUIT para la factura." },
    });
  });

  it("refuses an unknown condition, and any but final consumer where the store asks no CUIT", () => {
    expect(resolveBilling("vip", {}, asked)).toEqual({
      ok: false,
      errors: { iva_condition: "Elegí tu condición frente al IVA." },
    });
    expect(resolveBilling("exento", {}, { cuit: false, company: false })).toMatchObject({ ok: false });
  });
});
