// Which electronic invoice ARCA (ex AFIP) must authorise for a sale, from the store's own IVA
// condition and the buyer's (WSFEv1 manual; /work/shared/research/arca-wsfe.md §4):
// - a Responsable inscripto store: Factura A to a Responsable inscripto or a Monotributista,
//   Factura B to a final consumer or an exento (app/domain/invoice.ts keeps that rule);
// - a Monotributo store: Factura C to anyone.
// Each class has its credit note (Nota de crédito A/B/C). The receiver's IVA condition travels in
// `CondicionIVAReceptorId`, mandatory since 1 July 2025 (RG 5616), and the receiver's document in
// DocTipo/DocNro: CUIT (80), DNI (96) or "consumidor final" (99, number 0) below ARCA's
// identification threshold.
import { isValidCuit, normalizeCuit } from "./cuit";
import { STORE_TIME_ZONE } from "./dates";
import { type IvaCondition, invoiceTypeFor } from "./invoice";

export const SELLER_IVA_CONDITIONS = [
  { value: "responsable_inscripto", label: "Responsable inscripto" },
  { value: "monotributo", label: "Monotributo" },
] as const;
export type SellerIvaCondition = (typeof SELLER_IVA_CONDITIONS)[number]["value"];

export type InvoiceClass = "A" | "B" | "C";
export type InvoiceKind = "factura" | "nota_credito";

export function invoiceClassFor(seller: SellerIvaCondition, buyer: IvaCondition): InvoiceClass {
  return seller === "monotributo" ? "C" : invoiceTypeFor(buyer);
}

/** ARCA's comprobante types (CbteTipo): Factura A/B/C = 1/6/11, Nota de crédito A/B/C = 3/8/13. */
export const CBTE_TIPO = {
  factura: { A: 1, B: 6, C: 11 },
  nota_credito: { A: 3, B: 8, C: 13 },
} as const satisfies Record<InvoiceKind, Record<InvoiceClass, number>>;

export type CbteTipo = (typeof CBTE_TIPO)[InvoiceKind][InvoiceClass];

export function cbteTipoFor(kind: InvoiceKind, invoiceClass: InvoiceClass): CbteTipo {
  return CBTE_TIPO[kind][invoiceClass];
}

/** The credit note that cancels an invoice of a class is of the same class. */
export function creditNoteTipoFor(facturaTipo: number): CbteTipo {
  const entry = invoiceKindOf(facturaTipo);
  if (!entry || entry.kind !== "factura") throw new RangeError(`Not a factura type: ${facturaTipo}`);
  return CBTE_TIPO.nota_credito[entry.invoiceClass];
}

/** The kind and class of a CbteTipo, or null for a type the store does not issue. */
export function invoiceKindOf(cbteTipo: number): { kind: InvoiceKind; invoiceClass: InvoiceClass } | null {
  for (const kind of ["factura", "nota_credito"] as const) {
    for (const invoiceClass of ["A", "B", "C"] as const) {
      if (CBTE_TIPO[kind][invoiceClass] === cbteTipo) return { kind, invoiceClass };
    }
  }
  return null;
}

/** "Factura A", "Nota de crédito B". */
export function cbteTipoLabel(cbteTipo: number): string {
  const entry = invoiceKindOf(cbteTipo);
  if (!entry) return `Comprobante ${cbteTipo}`;
  return `${entry.kind === "factura" ? "Factura" : "Nota de crédito"} ${entry.invoiceClass}`;
}

/** CondicionIVAReceptorId of the buyer's IVA condition (FEParamGetCondicionIvaReceptor). */
export const CONDICION_IVA_RECEPTOR: Record<IvaCondition, number> = {
  responsable_inscripto: 1,
  exento: 4,
  consumidor_final: 5,
  monotributista: 6,
};

/**
 * The receiver IVA conditions ARCA accepts for each class (its `Cmp_Clase` table): A only to
 * Responsables inscriptos and monotributistas (1, 6, 13, 16); B to the rest; C to anyone.
 */
export const RECEIVER_CONDITIONS_BY_CLASS: Record<InvoiceClass, readonly number[]> = {
  A: [1, 6, 13, 16],
  B: [4, 5, 7, 8, 9, 10, 15],
  C: [1, 4, 5, 6, 7, 8, 9, 10, 13, 15, 16],
};

export const DOC_TIPO = { CUIT: 80, DNI: 96, CONSUMIDOR_FINAL: 99 } as const;
export type DocTipo = (typeof DOC_TIPO)[keyof typeof DOC_TIPO];

export type ReceiverInput = {
  invoiceClass: InvoiceClass;
  ivaCondition: IvaCondition;
  cuit?: string | null;
  dni?: string | null;
  /** The invoice's total, in cents. */
  totalCents: number;
  /** ARCA's identification threshold for a final consumer (a setting: ARCA updates it each semester). */
  identificationThresholdCents: number;
};

export type Receiver = { docTipo: DocTipo; docNro: string; condicionIvaReceptorId: number };

export type ReceiverResult = { ok: true; receiver: Receiver } | { ok: false; reason: "cuit_required" | "id_required" };

/** "12.345.678" -> "12345678" when it is a DNI (7 or 8 digits). */
export function normalizeDni(value: string): string | null {
  const digits = value.replace(/[\s.]/g, "");
  return /^\d{7,8}$/.test(digits) ? digits : null;
}

/**
 * The receiver's document for ARCA. A Factura A, and anyone who is not a final consumer, is
 * identified by a valid CUIT. A final consumer is "consumidor final" (99, number 0) below the
 * identification threshold; at or above it, their CUIT or DNI is required.
 */
export function receiverDocument(input: ReceiverInput): ReceiverResult {
  const condicionIvaReceptorId = CONDICION_IVA_RECEPTOR[input.ivaCondition];
  const cuit = input.cuit && isValidCuit(input.cuit) ? normalizeCuit(input.cuit) : null;
  if (input.invoiceClass === "A" || input.ivaCondition !== "consumidor_final") {
    if (!cuit) return { ok: false, reason: "cuit_required" };
    return { ok: true, receiver: { docTipo: DOC_TIPO.CUIT, docNro: cuit, condicionIvaReceptorId } };
  }
  if (cuit) return { ok: true, receiver: { docTipo: DOC_TIPO.CUIT, docNro: cuit, condicionIvaReceptorId } };
  const dni = input.dni ? normalizeDni(input.dni) : null;
  if (dni) return { ok: true, receiver: { docTipo: DOC_TIPO.DNI, docNro: dni, condicionIvaReceptorId } };
  if (input.totalCents >= input.identificationThresholdCents) return { ok: false, reason: "id_required" };
  return { ok: true, receiver: { docTipo: DOC_TIPO.CONSUMIDOR_FINAL, docNro: "0", condicionIvaReceptorId } };
}

/** Whether a final consumer's purchase reaches ARCA's threshold (the checkout then asks DNI, name and address). */
export function needsBuyerIdentification(totalCents: number, identificationThresholdCents: number): boolean {
  return totalCents >= identificationThresholdCents;
}

const ARCA_DAY = new Intl.DateTimeFormat("en-CA", {
  timeZone: STORE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** ARCA's dates (CbteFch): yyyymmdd, the day in Argentina. */
export function arcaDate(date: Date): string {
  return ARCA_DAY.format(date).replace(/-/g, "");
}

/** yyyymmdd -> yyyy-mm-dd (a date column, the QR's fecha). */
export function isoFromArcaDate(value: string): string {
  if (!/^\d{8}$/.test(value)) throw new RangeError(`Not an ARCA date: ${value}`);
  return `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}`;
}

export type BuyerIdentificationInput = {
  invoiceClass: InvoiceClass;
  ivaCondition: IvaCondition;
  cuit?: string | null;
  dni?: string | null;
  name?: string | null;
  address?: string | null;
  totalCents: number;
  identificationThresholdCents: number;
};

/**
 * The checkout's check of a final consumer at or above ARCA's identification threshold: a
 * Factura B (or C) to them must name the buyer with a DNI or CUIT, a name and an address. Returns
 * the errors by input (dni, first_name, address), or the DNI to keep (normalised, or null when
 * none was given or needed).
 */
export function checkBuyerIdentification(
  input: BuyerIdentificationInput,
): { ok: true; dni: string | null } | { ok: false; errors: Record<string, string> } {
  const dni = input.dni?.trim() ? normalizeDni(input.dni) : null;
  const errors: Record<string, string> = {};
  if (input.dni?.trim() && !dni) errors.dni = "El DNI tiene 7 u 8 números.";
  const needed =
    input.invoiceClass !== "A" &&
    input.ivaCondition === "consumidor_final" &&
    needsBuyerIdentification(input.totalCents, input.identificationThresholdCents);
  if (needed) {
    const cuit = input.cuit && isValidCuit(input.cuit);
    if (!cuit && !dni && !errors.dni) {
      errors.dni = "Tu compra llega al monto en que ARCA pide identificarte: ingresá tu DNI o tu CUIT.";
    }
    if (!input.name?.trim()) errors.first_name = "Ingresá tu nombre para la factura.";
    if (!input.address?.trim()) errors.address = "Ingresá tu dirección para la factura.";
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, dni };
}
