// The buyer's IVA condition decides the invoice: Factura A for a Responsable inscripto,
// Factura B for everyone else (the store is a Responsable inscripto).

export const IVA_CONDITIONS = [
  { value: "consumidor_final", label: "Consumidor final" },
  { value: "responsable_inscripto", label: "Responsable inscripto" },
  { value: "monotributista", label: "Monotributista" },
  { value: "exento", label: "Exento" },
] as const;

export type IvaCondition = (typeof IVA_CONDITIONS)[number]["value"];
export type InvoiceType = "A" | "B";

export function invoiceTypeFor(condition: IvaCondition): InvoiceType {
  return condition === "responsable_inscripto" ? "A" : "B";
}

/** A CUIT is needed for any invoice that is not to a final consumer. */
export function needsCuit(condition: IvaCondition): boolean {
  return condition !== "consumidor_final";
}
