import { and, asc, eq, inArray, or } from "drizzle-orm";
import { type DbOrTx, getDb } from "~/db/client.server";
import { outboxEmails } from "~/db/schema/content";
import { withdrawalRequests } from "~/db/schema/orders";
import { auditLog } from "~/db/schema/staff";
import {
  type TimelineAudience,
  type TimelineEntry,
  type TimelineSource,
  timelineEntries,
} from "~/domain/order-timeline";

// Reads an order's timeline from where its events already live (see ~/domain/order-timeline):
// the audit log (status, payment, shipment, notes), the outbox (e-mails) and the withdrawal
// request. Three queries for any number of orders (the admin list loads a page at once).

export type TimelineOrder = { id: string; createdAt: Date | string; customerEmail: string | null };

export async function loadOrderTimelines(
  list: readonly TimelineOrder[],
  audience: TimelineAudience,
  db: DbOrTx = getDb(),
): Promise<Map<string, TimelineEntry[]>> {
  const result = new Map<string, TimelineEntry[]>();
  if (list.length === 0) return result;
  const ids = list.map((o) => o.id);
  const [audits, emails, withdrawals] = await Promise.all([
    db
      .select({
        orderId: auditLog.entityId,
        action: auditLog.action,
        actor: auditLog.actorEmail,
        before: auditLog.before,
        after: auditLog.after,
        at: auditLog.createdAt,
      })
      .from(auditLog)
      .where(
        or(
          and(eq(auditLog.entityType, "order"), inArray(auditLog.entityId, ids)),
          and(eq(auditLog.entityType, "withdrawal"), inArray(auditLog.entityId, ids)),
        ),
      )
      .orderBy(asc(auditLog.createdAt)),
    db
      .select({
        orderId: outboxEmails.orderId,
        to: outboxEmails.to,
        subject: outboxEmails.subject,
        status: outboxEmails.status,
        at: outboxEmails.createdAt,
        sentAt: outboxEmails.sentAt,
        sendAfter: outboxEmails.sendAfter,
      })
      .from(outboxEmails)
      .where(inArray(outboxEmails.orderId, ids)),
    db
      .select({ orderId: withdrawalRequests.orderId, code: withdrawalRequests.code, at: withdrawalRequests.createdAt })
      .from(withdrawalRequests)
      .where(inArray(withdrawalRequests.orderId, ids)),
  ]);
  for (const order of list) {
    const email = order.customerEmail?.toLowerCase() ?? null;
    const sources: TimelineSource[] = [
      { kind: "placed", at: new Date(order.createdAt) },
      ...audits.filter((a) => a.orderId === order.id).map((a): TimelineSource => ({ kind: "audit", ...a })),
      ...emails
        .filter((e) => e.orderId === order.id)
        .map((e): TimelineSource => ({
          kind: "email",
          at: e.at,
          sentAt: e.sentAt,
          sendAfter: e.sendAfter,
          status: e.status,
          subject: e.subject,
          to: e.to,
          toCustomer: email !== null && e.to.toLowerCase() === email,
        })),
      ...withdrawals
        .filter((w) => w.orderId === order.id)
        .map((w): TimelineSource => ({ kind: "withdrawal", at: w.at, code: w.code })),
    ];
    result.set(order.id, timelineEntries(sources, audience));
  }
  return result;
}

/** One order's timeline. */
export async function getOrderTimeline(
  order: TimelineOrder,
  audience: TimelineAudience,
  db: DbOrTx = getDb(),
): Promise<TimelineEntry[]> {
  return (await loadOrderTimelines([order], audience, db)).get(order.id) ?? [];
}
