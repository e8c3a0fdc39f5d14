// The buyer's IVA condition decides the invoice of a Responsable inscripto store: Factura A for a
// Responsable inscripto or a Monotributista (ARCA, since 1 July 2021), Factura B for a final
// consumer or an exento. A Monotributo store always issues Factura C (app/domain/arca-invoice.ts).

export const IVA_CONDITIONS = [
  { value: "consumidor_final", label: "Consumidor final" },
  { value: "responsable_inscripto", label: "Responsable inscripto" },
  { value: "monotributista", label: "Monotributista" },
  { value: "exento", label: "Exento" },
] as const;

export type IvaCondition = (typeof IVA_CONDITIONS)[number]["value"];
export const IVA_CONDITION_VALUES = IVA_CONDITIONS.map((c) => c.value) as [IvaCondition, ...IvaCondition[]];
export type InvoiceType = "A" | "B";

export function invoiceTypeFor(condition: IvaCondition): InvoiceType {
  return condition === "responsable_inscripto" || condition === "monotributista" ? "A" : "B";
}

/** A CUIT is needed for any invoice that is not to a final consumer. */
export function needsCuit(condition: IvaCondition): boolean {
  return condition !== "consumidor_final";
}

export const DEFAULT_IVA_CONDITION: IvaCondition = "consumidor_final";

export function isIvaCondition(value: unknown): value is IvaCondition {
  return typeof value === "string" && (IVA_CONDITION_VALUES as readonly string[]).includes(value);
}

export function ivaConditionLabel(condition: string | null | undefined): string {
  return IVA_CONDITIONS.find((c) => c.value === condition)?.label ?? "Consumidor final";
}

export type Billing = { ivaCondition: IvaCondition; invoiceType: InvoiceType };

/**
 * The buyer's IVA condition with the checkout answers (`cuit` and `company` checkout fields, when
 * the store asks for them): anyone but a final consumer needs a CUIT, and a Factura A also the
 * company name. The CUIT's check digit is verified with the field itself. Errors are keyed by
 * the input they belong to.
 */
export function resolveBilling(
  conditionInput: unknown,
  answers: { cuit?: string; company?: string },
  asked: { cuit: boolean; company: boolean },
): { ok: true; billing: Billing } | { ok: false; errors: Record<string, string> } {
  const condition = conditionInput === undefined || conditionInput === "" ? DEFAULT_IVA_CONDITION : conditionInput;
  if (!isIvaCondition(condition)) return { ok: false, errors: { iva_condition: "Elegí tu condición frente al IVA." } };
  if (!asked.cuit && condition !== DEFAULT_IVA_CONDITION) {
    return { ok: false, errors: { iva_condition: "Esta tienda solo factura a consumidores finales." } };
  }
  const errors: Record<string, string> = {};
  const label = ivaConditionLabel(condition).toLowerCase();
  if (needsCuit(condition) && !answers.cuit) errors.cuit = `Como ${label} necesitamos tu CUIT para la factura.`;
  if (condition === "responsable_inscripto" && asked.company && !answers.company) {
    errors.company = "Ingresá la razón social para la Factura A.";
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, billing: { ivaCondition: condition, invoiceType: invoiceTypeFor(condition) } };
}
