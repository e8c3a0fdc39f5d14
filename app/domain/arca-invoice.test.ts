import { describe, expect, it } from "vitest";
import {
  CBTE_TIPO,
  arcaDate,
  isoFromArcaDate,
  CONDICION_IVA_RECEPTOR,
  RECEIVER_CONDITIONS_BY_CLASS,
  cbteTipoLabel,
  checkBuyerIdentification,
  creditNoteTipoFor,
  invoiceClassFor,
  receiverDocument,
} from "./arca-invoice";
import { IVA_CONDITION_VALUES } from "./invoice";

const THRESHOLD = 10_000_000_00;

describe("the invoice class of every seller and buyer pair", () => {
  it.each([
    ["responsable_inscripto", "responsable_inscripto", "A"],
    ["responsable_inscripto", "monotributista", "A"],
    ["responsable_inscripto", "consumidor_final", "B"],
    ["responsable_inscripto", "exento", "B"],
    ["monotributo", "responsable_inscripto", "C"],
    ["monotributo", "monotributista", "C"],
    ["monotributo", "consumidor_final", "C"],
    ["monotributo", "exento", "C"],
  ] as const)("a %s store invoices a %s buyer with Factura %s", (seller, buyer, invoiceClass) => {
    expect(invoiceClassFor(seller, buyer)).toBe(invoiceClass);
  });

  it("sends a receiver IVA condition ARCA accepts for the class of every pair", () => {
    for (const seller of ["responsable_inscripto", "monotributo"] as const) {
      for (const buyer of IVA_CONDITION_VALUES) {
        const invoiceClass = invoiceClassFor(seller, buyer);
        expect(RECEIVER_CONDITIONS_BY_CLASS[invoiceClass]).toContain(CONDICION_IVA_RECEPTOR[buyer]);
      }
    }
  });
});

describe("comprobante types", () => {
  it("numbers facturas 1, 6, 11 and their credit notes 3, 8, 13", () => {
    expect(CBTE_TIPO.factura).toEqual({ A: 1, B: 6, C: 11 });
    expect([1, 6, 11].map(creditNoteTipoFor)).toEqual([3, 8, 13]);
    expect(cbteTipoLabel(8)).toBe("Nota de crédito B");
    expect(() => creditNoteTipoFor(3)).toThrow(RangeError);
  });
});

describe("the receiver's document", () => {
  const base = { totalCents: 100_000_00, identificationThresholdCents: THRESHOLD };

  it("identifies a Factura A by the buyer's CUIT, and refuses it without a valid one", () => {
    expect(
      receiverDocument({ ...base, invoiceClass: "A", ivaCondition: "monotributista", cuit: "20-12345678-6" }),
    ).toEqual({ ok: true, receiver: { docTipo: 80, docNro: "20123456786", condicionIvaReceptorId: 6 } });
    expect(
      receiverDocument({ ...base, invoiceClass: "A", ivaCondition: "responsable_inscripto", cuit: "20-1" }),
    ).toEqual({ ok: false, reason: "cuit_required" });
  });

  it("names a final consumer below the threshold 'consumidor final' (99, 0)", () => {
    expect(receiverDocument({ ...base, invoiceClass: "B", ivaCondition: "consumidor_final" })).toEqual({
      ok: true,
      receiver: { docTipo: 99, docNro: "0", condicionIvaReceptorId: 5 },
    });
  });

  it("asks a final consumer at or above the threshold for a DNI or CUIT", () => {
    const above = { invoiceClass: "B" as const, ivaCondition: "consumidor_final" as const, totalCents: THRESHOLD };
    expect(receiverDocument({ ...above, identificationThresholdCents: THRESHOLD })).toEqual({
      ok: false,
      reason: "id_required",
    });
    expect(receiverDocument({ ...above, identificationThresholdCents: THRESHOLD, dni: "12.345.678" })).toEqual({
      ok: true,
      receiver: { docTipo: 96, docNro: "12345678", condicionIvaReceptorId: 5 },
    });
  });

  it("identifies an exento by CUIT on a Factura B", () => {
    expect(receiverDocument({ ...base, invoiceClass: "B", ivaCondition: "exento", cuit: "30-50001091-2" })).toEqual({
      ok: true,
      receiver: { docTipo: 80, docNro: "30500010912", condicionIvaReceptorId: 4 },
    });
  });
});

describe("ARCA's dates", () => {
  it("are the day in Argentina", () => {
    // 01:30 UTC on 27 November is still the 26th in Buenos Aires (UTC-3).
    expect(arcaDate(new Date("2026-11-27T01:30:00Z"))).toBe("20261126");
    expect(isoFromArcaDate("20261126")).toBe("2026-11-26");
  });
});

describe("the checkout's identification of a final consumer above ARCA's threshold", () => {
  const base = {
    invoiceClass: "B" as const,
    ivaCondition: "consumidor_final" as const,
    name: "Ana",
    address: "Av. Corrientes 1234",
    identificationThresholdCents: THRESHOLD,
  };

  it("asks nothing more below the threshold", () => {
    expect(checkBuyerIdentification({ ...base, name: "", address: "", totalCents: THRESHOLD - 1 })).toEqual({
      ok: true,
      dni: null,
    });
  });

  it("asks for a DNI or CUIT, a name and an address at the threshold, in Spanish", () => {
    const result = checkBuyerIdentification({ ...base, name: " ", address: "", totalCents: THRESHOLD });
    expect(result).toEqual({
      ok: false,
      errors: {
        dni: "Tu compra llega al monto en que ARCA pide identificarte: ingresá tu DNI o tu CUIT.",
        first_name: "Ingresá tu nombre para la factura.",
        address: "Ingresá tu dirección para la factura.",
      },
    });
  });

  it("keeps the DNI without dots, or takes the CUIT instead", () => {
    expect(checkBuyerIdentification({ ...base, dni: "12.345.678", totalCents: THRESHOLD })).toEqual({
      ok: true,
      dni: "12345678",
    });
    expect(checkBuyerIdentification({ ...base, cuit: "20-12345678-6", totalCents: THRESHOLD })).toEqual({
      ok: true,
      dni: null,
    });
  });

  it("refuses a DNI that is not one, whatever the total", () => {
    expect(checkBuyerIdentification({ ...base, dni: "12A", totalCents: 100 })).toEqual({
      ok: false,
      errors: { dni: "El DNI tiene 7 u 8 números." },
    });
  });

  it("does not ask a Factura A buyer (their CUIT identifies them)", () => {
    expect(
      checkBuyerIdentification({
        ...base,
        invoiceClass: "A",
        ivaCondition: "responsable_inscripto",
        totalCents: THRESHOLD * 2,
      }),
    ).toEqual({ ok: true, dni: null });
  });
});
