// What an electronic invoice shows on paper (its printable page and its PDF): the comprobante's
// number as ARCA prints it, its lines adding up to its total, and the IVA breakdown of a Factura
// A. Pure: app/models/invoice-documents.server.ts reads the rows, the page and the PDF draw this.
import { type InvoiceKind, cbteTipoLabel, DOC_TIPO } from "./arca-invoice";
import type { InvoiceAmounts } from "./invoice-amounts";
import { formatCuit } from "./cuit";
import type { InvoicingSettingsValue, StoreSettings } from "./settings";

/** "00003-00000012": point of sale (5 digits) and number (8), as ARCA prints a comprobante. */
export function comprobanteNumber(puntoVenta: number, number: number): string {
  return `${String(puntoVenta).padStart(5, "0")}-${String(number).padStart(8, "0")}`;
}

/** "Cód. 01": the comprobante type's code printed under its letter. */
export function comprobanteCode(cbteTipo: number): string {
  return `Cód. ${String(cbteTipo).padStart(2, "0")}`;
}

/** The receiver's document as printed: "CUIT 20-12345678-6", "DNI 12345678" or "Consumidor final". */
export function receiverDocumentLabel(docTipo: number, docNro: string): string {
  if (docTipo === DOC_TIPO.CUIT) return `CUIT ${formatCuit(docNro)}`;
  if (docTipo === DOC_TIPO.DNI) return `DNI ${docNro}`;
  return "Consumidor final";
}

/**
 * The seller as a comprobante prints it (RG 1415), kept on the invoice when ARCA authorises it:
 * a later change in Configuración (a new razón social, address or CUIT) does not alter a
 * comprobante already issued, and its QR keeps the CUIT that asked for its CAE.
 */
export type InvoiceSeller = {
  name: string;
  /** 11 digits: the CUIT the CAE was asked with. */
  cuit: string;
  ivaCondition: InvoicingSettingsValue["sellerIvaCondition"];
  address: string;
  /** Empty when staff had not set them. */
  grossIncome: string;
  /** "2019-03-01", or empty. */
  activityStart: string;
};

/** The seller of a comprobante asked for now with `cuit`, from the store's settings. */
export function invoiceSeller(store: StoreSettings, invoicing: InvoicingSettingsValue, cuit: string): InvoiceSeller {
  return {
    name: invoicing.legalName || store.name,
    cuit: cuit.replace(/\D/g, ""),
    ivaCondition: invoicing.sellerIvaCondition,
    address: store.address,
    grossIncome: invoicing.grossIncome ?? "",
    activityStart: invoicing.activityStart ?? "",
  };
}

export type DocumentLine = { description: string; quantity: number; unitCents: number; totalCents: number };

export type OrderLinesInput = {
  items: { name: string; quantity: number; unitCents: number; subtotalCents: number }[];
  shippingCents: number;
  shippingLabel: string;
  discountCents: number;
  couponCents: number;
  couponCode: string | null;
};

/**
 * The lines of a comprobante, prices with IVA included. A factura lists the order's items,
 * shipping and its discounts (so the lines add up to its total); a credit note is one line for
 * what it returns, naming the factura it is associated with.
 */
export function documentLines(
  kind: InvoiceKind,
  amounts: InvoiceAmounts,
  order: OrderLinesInput,
  associated: { cbteTipo: number; label: string } | null,
): DocumentLine[] {
  if (kind === "nota_credito") {
    const what = associated ? `${cbteTipoLabel(associated.cbteTipo)} ${associated.label}` : "la factura";
    return [
      {
        description: `Devolución de ${what}`,
        quantity: 1,
        unitCents: amounts.impTotalCents,
        totalCents: amounts.impTotalCents,
      },
    ];
  }
  const lines: DocumentLine[] = order.items.map((i) => ({
    description: i.name,
    quantity: i.quantity,
    unitCents: i.unitCents,
    totalCents: i.subtotalCents,
  }));
  if (order.shippingCents > 0) {
    lines.push({
      description: order.shippingLabel,
      quantity: 1,
      unitCents: order.shippingCents,
      totalCents: order.shippingCents,
    });
  }
  const discount = (description: string, cents: number) =>
    lines.push({ description, quantity: 1, unitCents: -cents, totalCents: -cents });
  if (order.couponCents > 0) discount(`Cupón ${order.couponCode ?? ""}`.trim(), order.couponCents);
  if (order.discountCents > 0) discount("Descuento por medio de pago", order.discountCents);
  return lines;
}
