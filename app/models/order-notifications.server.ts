import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { outboxEmails } from "~/db/schema/content";
import { orderItems, orders } from "~/db/schema/orders";
import { auditLog } from "~/db/schema/staff";
import { toCents } from "~/domain/money";
import type { OrderStatus } from "~/domain/order-status";
import { STATUS_EMAIL_KEYS, type StatusEmailStatus } from "~/domain/settings";
import { UNDO_WINDOW_SECONDS, statusToAnnounce, trackingUrl } from "~/domain/shipment";
import { baseUrl } from "~/utils/env.server";
import { type StatusEmailData, orderStatusEmail } from "~/domain/emails";
import { currentFactura } from "./invoices.server";
import { queueEmails } from "./outbox.server";
import { customerFullName } from "~/domain/checkout-fields";
import { confirmationUrl, orderNumber, statusOf, ORDER_LINE_COLUMNS } from "./order.server";
import { getSettings } from "./settings.server";

// What the customer hears after the order: an e-mail when it reaches processing (staff, or its
// payment approved), shipped, delivered or cancelled. Each waits UNDO_WINDOW_SECONDS in the
// outbox; a change undone within that minute withdraws it and sends nothing. Called inside the
// transaction that changed the order, after its audit entry, which is where "the status a minute
// ago" is read from (one source of truth: the audit log).

/** Where the customer sees the order: Mi Cuenta for an account's order, else its confirmation page. */
function orderUrl(order: { id: string; userId: string | null; accessToken: string }): string {
  return order.userId ? `${baseUrl()}/cuenta/pedidos/${order.id}` : confirmationUrl(order.id, order.accessToken);
}

/** The status the order had before the first status change of the last minute (`current` if none). */
async function statusAMinuteAgo(tx: DbOrTx, orderId: string, current: OrderStatus): Promise<OrderStatus> {
  const [first] = await tx
    .select({ status: sql<string | null>`${auditLog.before} ->> 'status'` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, "order"),
        eq(auditLog.entityId, orderId),
        sql`${auditLog.before} ->> 'status' is not null`,
        gt(auditLog.createdAt, sql`now() - make_interval(secs => ${UNDO_WINDOW_SECONDS})`),
      ),
    )
    .orderBy(asc(auditLog.createdAt))
    .limit(1);
  return first?.status ? statusOf(first.status) : current;
}

/** Status e-mails of this order still waiting for their minute (pending, not yet due). */
function waitingStatusEmails(orderId: string) {
  return and(
    eq(outboxEmails.orderId, orderId),
    eq(outboxEmails.status, "pending"),
    sql`${outboxEmails.meta} ->> 'status' is not null`,
    gt(outboxEmails.sendAfter, sql`now()`),
  );
}

/** The data a status e-mail is written from, read inside the transaction. */
async function statusEmailData(
  tx: DbOrTx,
  orderId: string,
  status: StatusEmailStatus,
): Promise<StatusEmailData | null> {
  const [order] = await tx
    .select({
      id: orders.id,
      userId: orders.userId,
      accessToken: orders.accessToken,
      customerName: orders.customerName,
      customerLastname: orders.customerLastname,
      customerEmail: orders.customerEmail,
      total: orders.total,
      shippingCost: orders.shippingCost,
      discount: orders.discount,
      couponCode: orders.couponCode,
      couponDiscount: orders.couponDiscount,
      shippingMethod: orders.shippingMethod,
      paymentMethod: orders.paymentMethod,
      carrier: orders.carrier,
      trackingNumber: orders.trackingNumber,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const items = await tx
    .select(ORDER_LINE_COLUMNS)
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.name), asc(orderItems.id));
  const { carriers } = await getSettings(["carriers"], tx);
  return {
    orderId: order.id,
    number: orderNumber(order.id),
    customerName: customerFullName(order),
    customerEmail: order.customerEmail,
    items,
    totalCents: toCents(order.total),
    shippingMethod: order.shippingMethod ?? "",
    shippingCents: toCents(order.shippingCost),
    discountCents: toCents(order.discount),
    coupon: order.couponCode ? { code: order.couponCode, cents: toCents(order.couponDiscount) } : null,
    paymentMethod: order.paymentMethod ?? "",
    onlinePayment: null,
    status,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    trackingUrl: trackingUrl(carriers, order.carrier, order.trackingNumber),
    orderUrl: orderUrl(order),
    invoice: await facturaLink(tx, order),
  };
}

/** The order's factura for its e-mails: the PDF once authorised (with the guest's token), null before. */
async function facturaLink(
  tx: DbOrTx,
  order: { id: string; userId: string | null; accessToken: string },
): Promise<StatusEmailData["invoice"]> {
  const factura = await currentFactura(tx, order.id);
  if (!factura || factura.status === "failed") return null;
  if (factura.status !== "authorised") return { url: null };
  const query = order.userId ? "" : `?${new URLSearchParams({ token: order.accessToken })}`;
  return { url: `${baseUrl()}/comprobantes/${factura.id}/pdf${query}` };
}

/**
 * After an order's status changed from `previous` to `next` (its audit entry already written in
 * this transaction): withdraws the status e-mails still waiting, and queues the one for `next`
 * unless the order is back where it was a minute ago or that e-mail is turned off.
 * Returns the queued e-mail's id, or null.
 */
export async function announceStatusChange(
  tx: DbOrTx,
  orderId: string,
  previous: OrderStatus,
  next: OrderStatus,
): Promise<string | null> {
  if (previous === next) return null;
  const before = await statusAMinuteAgo(tx, orderId, previous);
  await tx.update(outboxEmails).set({ status: "cancelled" }).where(waitingStatusEmails(orderId));
  const status = statusToAnnounce(before, next);
  if (!status) return null;
  const template = (await getSettings([STATUS_EMAIL_KEYS[status]], tx))[STATUS_EMAIL_KEYS[status]];
  if (!template.enabled) return null;
  const data = await statusEmailData(tx, orderId, status);
  const email = data ? orderStatusEmail(data, template) : null;
  if (!email) return null;
  const [id] = await queueEmails([{ ...email, delaySeconds: UNDO_WINDOW_SECONDS }], tx);
  return id ?? null;
}

/**
 * After the shipment data changed: a status e-mail still waiting is written again, so the
 * shipped e-mail carries the tracking number typed right after marking the order shipped.
 */
export async function refreshWaitingStatusEmails(tx: DbOrTx, orderId: string): Promise<void> {
  const waiting = await tx
    .select({ id: outboxEmails.id, status: sql<string>`${outboxEmails.meta} ->> 'status'` })
    .from(outboxEmails)
    .where(waitingStatusEmails(orderId));
  for (const row of waiting) {
    const status = statusOf(row.status);
    if (status === "pending") continue;
    const template = (await getSettings([STATUS_EMAIL_KEYS[status]], tx))[STATUS_EMAIL_KEYS[status]];
    const data = await statusEmailData(tx, orderId, status);
    const email = data ? orderStatusEmail(data, template) : null;
    if (email) {
      await tx
        .update(outboxEmails)
        .set({ subject: email.subject, html: email.html })
        .where(eq(outboxEmails.id, row.id));
    }
  }
}
