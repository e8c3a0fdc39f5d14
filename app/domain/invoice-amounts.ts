// The amounts of an electronic invoice (WSFEv1 FECAESolicitar) from the amounts of an order,
// in integer cents. Prices include IVA; each product carries its rate (21 % or 10,5 %) and
// shipping is a line of its own at its rate. The coupon's and the payment method's discounts are
// spread over the product lines in proportion to their subtotals (the same spreading as the
// Mercado Pago preference), so every rate's gross amount is what the buyer paid for it. Each
// rate's gross is split into a net (gross / (1 + rate), rounded to the cent) and its IVA (the
// rest), so that, to the cent:
//   ImpTotal = ImpNeto + ImpIVA + ImpTrib + ImpOpEx + ImpTotConc = the order's total
// (ARCA refuses anything else with 10048). A Factura C (Monotributo seller) carries no IVA:
// ImpNeto = ImpTotal and no Iva array.
import type { InvoiceClass } from "./arca-invoice";
import { allocateCents } from "./payment-preference";

/** ARCA's IVA rate ids (FEParamGetTiposIva): 5 = 21 %, 4 = 10,5 %. */
export const IVA_ALICUOTA_ID: Record<string, number> = { "21": 5, "10.5": 4, "27": 6, "5": 8, "2.5": 9, "0": 3 };

export type InvoiceLineInput = { subtotalCents: number; ivaRate: number };

export type InvoiceAmountsInput = {
  lines: readonly InvoiceLineInput[];
  shippingCents: number;
  shippingIvaRate: number;
  couponCents: number;
  discountCents: number;
  /** The order's total: the invoice must add up to it. */
  totalCents: number;
};

export type IvaItem = { id: number; rate: number; baseCents: number; amountCents: number };

export type InvoiceAmounts = {
  impTotalCents: number;
  impTotConcCents: number;
  impNetoCents: number;
  impOpExCents: number;
  impTribCents: number;
  impIvaCents: number;
  /** One entry per rate with an amount, highest rate first; empty for a Factura C. */
  iva: IvaItem[];
  /** What the buyer paid at each rate (IVA included), the base of credit notes for part of it. */
  grossByRate: { rate: number; grossCents: number }[];
};

/** The invoice's amounts would not add up to the order's total: never sent to ARCA. */
export class InvoiceAmountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvoiceAmountError";
  }
}

function alicuotaId(rate: number): number {
  const id = IVA_ALICUOTA_ID[String(rate)];
  if (id === undefined) throw new InvoiceAmountError(`No ARCA IVA id for a rate of ${rate} %`);
  return id;
}

function fromGross(invoiceClass: InvoiceClass, grossByRate: { rate: number; grossCents: number }[]): InvoiceAmounts {
  const totalCents = grossByRate.reduce((sum, g) => sum + g.grossCents, 0);
  const iva: IvaItem[] =
    invoiceClass === "C"
      ? []
      : grossByRate
          .filter((g) => g.grossCents > 0)
          .map((g) => {
            const baseCents = Math.round((g.grossCents * 100) / (100 + g.rate));
            return { id: alicuotaId(g.rate), rate: g.rate, baseCents, amountCents: g.grossCents - baseCents };
          });
  const impIvaCents = iva.reduce((sum, i) => sum + i.amountCents, 0);
  return {
    impTotalCents: totalCents,
    impTotConcCents: 0,
    impNetoCents: totalCents - impIvaCents,
    impOpExCents: 0,
    impTribCents: 0,
    impIvaCents,
    iva,
    grossByRate,
  };
}

/** ImpTotal = ImpNeto + ImpIVA + ImpTrib + ImpOpEx + ImpTotConc, and the Iva array sums to ImpIVA. */
export function amountsAddUp(a: InvoiceAmounts): boolean {
  const parts = a.impNetoCents + a.impIvaCents + a.impTribCents + a.impOpExCents + a.impTotConcCents;
  const ivaSum = a.iva.reduce((sum, i) => sum + i.amountCents, 0);
  const baseSum = a.iva.reduce((sum, i) => sum + i.baseCents, 0);
  return parts === a.impTotalCents && ivaSum === a.impIvaCents && (a.iva.length === 0 || baseSum === a.impNetoCents);
}

export function invoiceAmounts(invoiceClass: InvoiceClass, order: InvoiceAmountsInput): InvoiceAmounts {
  const subtotals = order.lines.map((l) => l.subtotalCents);
  const coupons = allocateCents(order.couponCents, subtotals);
  const discounts = allocateCents(
    order.discountCents,
    subtotals.map((s, i) => s - coupons[i]!),
  );
  const byRate = new Map<number, number>();
  const add = (rate: number, cents: number) => byRate.set(rate, (byRate.get(rate) ?? 0) + cents);
  order.lines.forEach((line, i) => add(line.ivaRate, line.subtotalCents - coupons[i]! - discounts[i]!));
  if (order.shippingCents > 0) add(order.shippingIvaRate, order.shippingCents);
  const grossByRate = [...byRate.entries()]
    .map(([rate, grossCents]) => ({ rate, grossCents }))
    .sort((a, b) => b.rate - a.rate);
  const amounts = fromGross(invoiceClass, grossByRate);
  if (amounts.impTotalCents !== order.totalCents) {
    throw new InvoiceAmountError(
      `The invoice adds up to ${amounts.impTotalCents} cents for an order of ${order.totalCents}`,
    );
  }
  return amounts;
}

/**
 * A credit note's amounts: the whole invoice, or a refunded part of it spread over the invoice's
 * rates in proportion to what was paid at each.
 */
export function creditNoteAmounts(
  invoiceClass: InvoiceClass,
  invoice: InvoiceAmounts,
  refundCents: number = invoice.impTotalCents,
): InvoiceAmounts {
  if (!Number.isInteger(refundCents) || refundCents <= 0 || refundCents > invoice.impTotalCents) {
    throw new InvoiceAmountError(`A credit note of ${refundCents} cents for an invoice of ${invoice.impTotalCents}`);
  }
  const parts = allocateCents(
    refundCents,
    invoice.grossByRate.map((g) => g.grossCents),
  );
  return fromGross(
    invoiceClass,
    invoice.grossByRate.map((g, i) => ({ rate: g.rate, grossCents: parts[i]! })).filter((g) => g.grossCents > 0),
  );
}

/** Cents as ARCA's decimal amounts: 123456 -> 1234.56 (a number with two decimals at most). */
export function arcaAmount(cents: number): number {
  return Math.round(cents) / 100;
}
