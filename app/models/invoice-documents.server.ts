import { and, asc, eq, inArray } from "drizzle-orm";
import { type DbOrTx, getDb } from "~/db/client.server";
import { invoices } from "~/db/schema/invoices";
import { orderItems, orders } from "~/db/schema/orders";
import { SELLER_IVA_CONDITIONS, cbteTipoLabel, invoiceKindOf } from "~/domain/arca-invoice";
import { type QrInvoice, qrUrl } from "~/domain/arca-qr";
import { formatCuit } from "~/domain/cuit";
import { ivaConditionLabel } from "~/domain/invoice";
import type { InvoiceAmounts } from "~/domain/invoice-amounts";
import {
  type DocumentLine,
  type InvoiceSeller,
  comprobanteCode,
  comprobanteNumber,
  documentLines,
  invoiceSeller,
  receiverDocumentLabel,
} from "~/domain/invoice-document";
import { toCents } from "~/domain/money";
import { orderAmounts } from "~/domain/order-totals";
import { isUuid } from "~/domain/uuid";
import { getSessionUser } from "~/utils/auth.server";
import { getEnv } from "~/utils/env.server";
import { orderNumber, tokensMatch, ORDER_LINE_COLUMNS } from "./order.server";
import { getSettings } from "./settings.server";

// The authorised comprobantes of an order as people see them: the links of the order's pages,
// and one comprobante as a document (its printable page and its PDF). Who may see one: staff,
// the signed-in customer the order belongs to, or whoever holds the order's access token (the
// guest's confirmation link); anyone else gets nothing, as for a missing one.

/** Who asks: the signed-in user (and whether staff), and an order access token from the link. */
export type InvoiceViewer = { userId: string | null; staff: boolean; token: string | null };

export type InvoiceLink = { id: string; label: string; number: string; issuedOn: string | null };

/** The order's authorised factura and credit notes, oldest first (the order's pages list them). */
export async function listOrderInvoices(orderId: string, db: DbOrTx = getDb()): Promise<InvoiceLink[]> {
  const rows = await db
    .select({
      id: invoices.id,
      cbteTipo: invoices.cbteTipo,
      puntoVenta: invoices.puntoVenta,
      number: invoices.number,
      issuedOn: invoices.issuedOn,
    })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.status, "authorised")))
    .orderBy(asc(invoices.createdAt), asc(invoices.id));
  return rows.map((r) => ({
    id: r.id,
    label: cbteTipoLabel(r.cbteTipo),
    number: comprobanteNumber(r.puntoVenta, r.number!),
    issuedOn: r.issuedOn,
  }));
}

export type InvoiceDocument = {
  id: string;
  orderId: string;
  orderNumber: string;
  /** "Factura A", "Nota de crédito B". */
  title: string;
  letter: "A" | "B" | "C";
  code: string;
  number: string;
  issuedOn: string;
  cae: string;
  caeExpiresOn: string;
  seller: {
    name: string;
    cuit: string;
    ivaCondition: string;
    address: string;
    puntoVenta: string;
    /** Empty when staff did not set them in Configuración > Facturación. */
    grossIncome: string;
    activityStart: string;
  };
  buyer: { name: string; document: string; ivaCondition: string; address: string };
  lines: DocumentLine[];
  amounts: InvoiceAmounts;
  /** A Factura A shows its net and IVA per rate. */
  showsIva: boolean;
  /** The address ARCA's QR code encodes (https://www.afip.gob.ar/fe/qr/?p=...). */
  qrUrl: string;
};

async function sellerFromSettings(db: DbOrTx): Promise<InvoiceSeller> {
  const { store, invoicing } = await getSettings(["store", "invoicing"], db);
  return invoiceSeller(store, invoicing, invoicing.cuit || getEnv().ARCA_CUIT || "");
}

/** "2026-11-26" -> "26/11/2026" (a date column; no time zone involved). */
function dayLabel(isoDay: string): string {
  const [y, m, d] = isoDay.split("-");
  return `${d}/${m}/${y}`;
}

/**
 * One authorised comprobante for `viewer`, or null when it does not exist, has no CAE yet, or
 * is not theirs (the routes answer 404 to all three alike).
 */
export async function getInvoiceDocument(
  id: unknown,
  viewer: InvoiceViewer,
  db: DbOrTx = getDb(),
): Promise<InvoiceDocument | null> {
  if (!isUuid(id)) return null;
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.status, "authorised")));
  if (!invoice) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, invoice.orderId));
  if (!order) return null;
  const mine = viewer.userId !== null && order.userId === viewer.userId;
  const linked = viewer.token !== null && viewer.token.length <= 200 && tokensMatch(order.accessToken, viewer.token);
  if (!viewer.staff && !mine && !linked) return null;

  const kind = invoiceKindOf(invoice.cbteTipo)!;
  const [associated] = invoice.associatedInvoiceId
    ? await db
        .select({ cbteTipo: invoices.cbteTipo, puntoVenta: invoices.puntoVenta, number: invoices.number })
        .from(invoices)
        .where(inArray(invoices.id, [invoice.associatedInvoiceId]))
    : [];
  const items = await db
    .select(ORDER_LINE_COLUMNS)
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const stored = orderAmounts(order);
  // The seller kept when ARCA authorised it; one authorised before that was kept: the settings now,
  // with the CUIT the invoicing job signs in with (Configuración's, else ARCA_CUIT).
  const seller = invoice.seller ?? (await sellerFromSettings(db));
  const sellerCuit = seller.cuit;
  const number = comprobanteNumber(invoice.puntoVenta, invoice.number!);
  const qr: QrInvoice = {
    date: invoice.issuedOn!,
    sellerCuit,
    puntoVenta: invoice.puntoVenta,
    cbteTipo: invoice.cbteTipo,
    number: invoice.number!,
    totalCents: invoice.amounts.impTotalCents,
    docTipo: invoice.docTipo,
    docNro: invoice.docNro,
    cae: invoice.cae!,
  };
  const address = order.address;
  const buyerName =
    order.billingCompany || [order.customerName, order.customerLastname].filter(Boolean).join(" ") || "—";
  return {
    id: invoice.id,
    orderId: order.id,
    orderNumber: orderNumber(order.id),
    title: cbteTipoLabel(invoice.cbteTipo),
    letter: invoice.invoiceClass,
    code: comprobanteCode(invoice.cbteTipo),
    number,
    issuedOn: dayLabel(invoice.issuedOn!),
    cae: invoice.cae!,
    caeExpiresOn: invoice.caeExpiresAt ? dayLabel(invoice.caeExpiresAt) : "",
    seller: {
      name: seller.name,
      cuit: sellerCuit ? formatCuit(sellerCuit) : "",
      grossIncome: seller.grossIncome,
      activityStart: seller.activityStart ? dayLabel(seller.activityStart) : "",
      ivaCondition: SELLER_IVA_CONDITIONS.find((c) => c.value === seller.ivaCondition)?.label ?? "",
      address: seller.address,
      puntoVenta: String(invoice.puntoVenta).padStart(5, "0"),
    },
    buyer: {
      name: buyerName,
      document: receiverDocumentLabel(invoice.docTipo, invoice.docNro),
      ivaCondition: ivaConditionLabel(order.ivaCondition),
      address: [address.line1, address.city, address.state, address.zip].filter(Boolean).join(", "),
    },
    lines: documentLines(
      kind.kind,
      invoice.amounts,
      {
        items: items.map((i) => ({
          name: i.name,
          quantity: i.quantity,
          unitCents: toCents(i.price),
          subtotalCents: toCents(i.subtotal),
        })),
        shippingCents: stored.shippingCents,
        shippingLabel: order.shippingMethod ?? "Envío",
        discountCents: stored.discountCents,
        couponCents: stored.couponCents,
        couponCode: order.couponCode,
      },
      associated
        ? { cbteTipo: associated.cbteTipo, label: comprobanteNumber(associated.puntoVenta, associated.number!) }
        : null,
    ),
    amounts: invoice.amounts,
    showsIva: invoice.invoiceClass === "A",
    qrUrl: qrUrl(qr),
  };
}

/** The comprobante `id` for the request's viewer (session, and the order's token in ?token=). */
export async function getInvoiceDocumentForRequest(request: Request, id: unknown): Promise<InvoiceDocument | null> {
  const user = await getSessionUser(request);
  const token = new URL(request.url).searchParams.get("token");
  return getInvoiceDocument(id, { userId: user?.id ?? null, staff: user?.role === "admin", token });
}
