import { and, asc, desc, eq } from "drizzle-orm";
import { type DbOrTx, type Tx, getDb } from "~/db/client.server";
import { products } from "~/db/schema/catalog";
import { invoices } from "~/db/schema/invoices";
import { orderItems, orders } from "~/db/schema/orders";
import {
  type SellerIvaCondition,
  cbteTipoFor,
  creditNoteTipoFor,
  invoiceClassFor,
  receiverDocument,
} from "~/domain/arca-invoice";
import { DEFAULT_IVA_CONDITION, isIvaCondition } from "~/domain/invoice";
import { creditNoteAmounts, invoiceAmounts } from "~/domain/invoice-amounts";
import { orderAmounts } from "~/domain/order-totals";
import type { InvoicingSettingsValue } from "~/domain/settings";
import { DEFAULT_IVA_RATE } from "~/domain/taxes";
import { getSettings } from "./settings.server";

// An order's electronic invoices: the factura queued for the invoicing job
// (app/jobs/invoicing.server.ts) with its class, receiver and amounts decided here, once, from
// the order as stored; and the credit notes that cancel all or part of it.

export type InvoicingSettings = {
  /** The store's own IVA condition. */
  sellerIvaCondition: SellerIvaCondition;
  /** The web-service point of sale the store invoices from. */
  puntoVenta: number;
  /** ARCA's identification threshold for a final consumer, in cents. */
  identificationThresholdCents: number;
};

/** The order cannot be invoiced as it is (a buyer's CUIT or DNI is missing). */
export class InvoiceQueueError extends Error {
  readonly reason: "cuit_required" | "id_required" | "not_found" | "not_authorised" | "already_credited";

  constructor(reason: InvoiceQueueError["reason"], message: string) {
    super(message);
    this.name = "InvoiceQueueError";
    this.reason = reason;
  }
}

const MESSAGES = {
  cuit_required: "Falta un CUIT válido del comprador para la factura.",
  id_required: "La compra supera el monto de identificación de ARCA: falta el DNI o CUIT del comprador.",
} as const;

type FacturaRow = typeof invoices.$inferSelect;

/**
 * The order's current factura: its latest issue (a reopened order whose factura was credited in
 * full gets a new one), or none; `lock` takes it FOR UPDATE.
 */
export async function currentFactura(db: DbOrTx, orderId: string, lock = false): Promise<FacturaRow | null> {
  const query = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "factura")))
    .orderBy(desc(invoices.issue))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** An authorised factura whose credit notes (authorised or on their way) add up to all of it. */
export async function isCreditedInFull(db: DbOrTx, factura: FacturaRow): Promise<boolean> {
  return factura.status === "authorised" && (await creditedCents(db, factura.id)) >= factura.amounts.impTotalCents;
}

/**
 * Queues the order's factura (status pending) and returns its id; an order already queued
 * keeps its factura (one at a time), so calling this twice queues one. An order whose factura
 * was credited in full (cancelled) and that is sold again (reopened) gets its next issue.
 */
export async function queueFactura(
  orderId: string,
  settings: InvoicingSettings,
  db: DbOrTx = getDb(),
): Promise<{ id: string; created: boolean }> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new InvoiceQueueError("not_found", "No existe la orden.");
  const lines = await db
    .select({ subtotal: orderItems.subtotal, ivaRate: products.ivaRate })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const stored = orderAmounts(order);
  const buyer = isIvaCondition(order.ivaCondition) ? order.ivaCondition : DEFAULT_IVA_CONDITION;
  const invoiceClass = invoiceClassFor(settings.sellerIvaCondition, buyer);
  const amounts = invoiceAmounts(invoiceClass, {
    // A product deleted since the sale counts at the general rate.
    lines: lines.map((l) => ({
      subtotalCents: Math.round(Number(l.subtotal) * 100),
      ivaRate: l.ivaRate ?? DEFAULT_IVA_RATE,
    })),
    shippingCents: stored.shippingCents,
    shippingIvaRate: DEFAULT_IVA_RATE,
    couponCents: stored.couponCents,
    discountCents: stored.discountCents,
    totalCents: stored.totalCents,
  });
  const details = (order.meta.customer_details ?? {}) as Record<string, unknown>;
  const receiver = receiverDocument({
    invoiceClass,
    ivaCondition: buyer,
    cuit: order.billingCuit,
    dni: typeof details.dni === "string" ? details.dni : null,
    totalCents: amounts.impTotalCents,
    identificationThresholdCents: settings.identificationThresholdCents,
  });
  if (!receiver.ok) throw new InvoiceQueueError(receiver.reason, MESSAGES[receiver.reason]);
  const current = await currentFactura(db, orderId);
  if (current && !(await isCreditedInFull(db, current))) return { id: current.id, created: false };
  const [created] = await db
    .insert(invoices)
    .values({
      orderId,
      kind: "factura",
      issue: (current?.issue ?? 0) + 1,
      invoiceClass,
      cbteTipo: cbteTipoFor("factura", invoiceClass),
      puntoVenta: settings.puntoVenta,
      docTipo: receiver.receiver.docTipo,
      docNro: receiver.receiver.docNro,
      condicionIvaReceptorId: receiver.receiver.condicionIvaReceptorId,
      amounts,
    })
    .onConflictDoNothing()
    .returning({ id: invoices.id });
  if (created) return { id: created.id, created: true };
  // Another transaction queued this issue at the same time.
  return { id: (await currentFactura(db, orderId))!.id, created: false };
}

/**
 * Queues the credit note (Nota de crédito of the invoice's class, associated with it) for
 * `refundCents` of the authorised invoice, or all of it not yet credited. The credit notes of an
 * invoice never add up to more than it.
 */
export async function queueCreditNote(
  invoiceId: string,
  refundCents?: number,
  db: DbOrTx = getDb(),
): Promise<{ id: string }> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice || invoice.kind !== "factura") throw new InvoiceQueueError("not_found", "No existe la factura.");
  if (invoice.status !== "authorised") {
    throw new InvoiceQueueError(
      "not_authorised",
      "La factura todavía no tiene CAE: no se puede emitir la nota de crédito.",
    );
  }
  const credited = await creditedCents(db, invoice.id);
  const amounts = creditNoteAmounts(
    invoice.invoiceClass,
    invoice.amounts,
    refundCents ?? invoice.amounts.impTotalCents - credited,
  );
  if (credited + amounts.impTotalCents > invoice.amounts.impTotalCents) {
    throw new InvoiceQueueError("already_credited", "Las notas de crédito ya cubren esa parte de la factura.");
  }
  const [note] = await db
    .insert(invoices)
    .values({
      orderId: invoice.orderId,
      kind: "nota_credito",
      invoiceClass: invoice.invoiceClass,
      cbteTipo: creditNoteTipoFor(invoice.cbteTipo),
      puntoVenta: invoice.puntoVenta,
      docTipo: invoice.docTipo,
      docNro: invoice.docNro,
      condicionIvaReceptorId: invoice.condicionIvaReceptorId,
      amounts,
      associatedInvoiceId: invoice.id,
    })
    .returning({ id: invoices.id });
  return { id: note!.id };
}

/** The invoicing setting as what queueFactura takes (the threshold in cents). */
export function invoicingSettingsOf(value: InvoicingSettingsValue): InvoicingSettings {
  return {
    sellerIvaCondition: value.sellerIvaCondition,
    puntoVenta: value.puntoVenta,
    identificationThresholdCents: Math.round(value.identificationThreshold * 100),
  };
}

/**
 * When the store invoices on payment: queues the factura of an order just paid or sold (confirmed,
 * or shipped owing its payment), inside the event's transaction (app/models/order-life.server.ts,
 * `sellsOrder`). The event stands whatever happens here: an order that cannot be invoiced as it
 * is (a buyer's DNI missing above ARCA's threshold) stays "sin facturar" for staff, and a failure
 * is undone alone (a savepoint).
 */
export async function queueFacturaOnPayment(tx: Tx, orderId: string): Promise<{ queued: boolean; reason?: string }> {
  const { invoicing } = await getSettings(["invoicing"], tx);
  if (invoicing.mode !== "on_payment") return { queued: false };
  try {
    await tx.transaction((savepoint) => queueFactura(orderId, invoicingSettingsOf(invoicing), savepoint));
    return { queued: true };
  } catch (error) {
    const reason = error instanceof InvoiceQueueError ? error.reason : "error";
    console.error(`[invoicing] order ${orderId} not queued: ${error instanceof Error ? error.message : error}`);
    return { queued: false, reason };
  }
}

/**
 * The money of the sale went back (a refund) or the sale is undone (a cancellation, a
 * withdrawal under the arrepentimiento rule): the credit note of its authorised factura for what
 * is not yet credited, in a savepoint (the refund or cancellation stands whatever happens here).
 * An order whose factura is not authorised yet gets it when its CAE comes (the invoicing job
 * calls this again); one already credited in full gets none.
 */
export async function queueCreditNoteOnRefund(tx: DbOrTx, orderId: string): Promise<{ queued: boolean }> {
  const factura = await currentFactura(tx, orderId);
  if (factura?.status !== "authorised") return { queued: false };
  if (await isCreditedInFull(tx, factura)) return { queued: false };
  try {
    await tx.transaction((savepoint) => queueCreditNote(factura.id, undefined, savepoint));
    return { queued: true };
  } catch (error) {
    console.error(`[invoicing] order ${orderId}: no credit note: ${error instanceof Error ? error.message : error}`);
    return { queued: false };
  }
}

// ---------------------------------------------------------------- credit notes of cancelled orders

async function creditedCents(db: DbOrTx, facturaId: string): Promise<number> {
  const notes = await db
    .select({ amounts: invoices.amounts, status: invoices.status })
    .from(invoices)
    .where(eq(invoices.associatedInvoiceId, facturaId));
  return notes.filter((n) => n.status !== "failed").reduce((sum, n) => sum + n.amounts.impTotalCents, 0);
}

/**
 * A factura just authorised for an order cancelled meanwhile (cancelled, withdrawn or refunded
 * while its CAE was on its way): its credit note, so the books show the sale undone.
 */
export async function creditIfCancelled(db: DbOrTx, orderId: string): Promise<{ queued: boolean }> {
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (order?.status !== "cancelled") return { queued: false };
  return queueCreditNoteOnRefund(db, orderId);
}
