import { randomBytes } from "node:crypto";
import { and, between, count, desc, eq, isNull, sql } from "drizzle-orm";
import { type Database, type DbOrTx, type Tx, getDb } from "~/db/client.server";
import { orders, withdrawalRequests } from "~/db/schema/orders";
import {
  WITHDRAWAL_WINDOW_DAYS,
  isWithinWithdrawalWindow,
  lastWithdrawalDay,
  withdrawalCodeFromBytes,
} from "~/domain/withdrawal";
import type { WithdrawalInput, WithdrawalReceipt } from "~/schemas/withdrawal";
import { formatDate, formatDateTime } from "~/domain/dates";
import { withdrawalEmails } from "~/domain/emails";
import { queueEmails } from "./outbox.server";
import { baseUrl } from "~/utils/env.server";
import { isUuid } from "~/domain/uuid";
import { type AuditActor, recordAudit } from "./audit.server";
import { applyOrderEvent } from "./order-life.server";
import { orderNumber } from "./order.server";
import { getSettings } from "./settings.server";

// Botón de arrepentimiento: a shopper withdraws from an order with its number and e-mail, no
// account needed. The request is stored once per order (a second one gets the same code back),
// the shopper and the store are e-mailed, and staff see it on the order in admin.

/** One message for "no such order" and "wrong e-mail": nobody can probe which orders exist. */
export const WITHDRAWAL_NOT_FOUND =
  "No encontramos un pedido con ese número y ese email. Revisá que sean los que figuran en el email de confirmación de tu compra.";

export function withdrawalExpiredMessage(lastDayLabel: string): string {
  return `El plazo para arrepentirte de este pedido ya venció: se podía pedir hasta el ${lastDayLabel} (${WITHDRAWAL_WINDOW_DAYS} días corridos desde la compra). Si necesitás ayuda, escribinos desde la página de Contacto.`;
}

export type WithdrawalOutcome =
  | { kind: "created" | "existing"; receipt: WithdrawalReceipt }
  | { kind: "not_found" }
  | { kind: "expired"; lastDayLabel: string };

type FoundOrder = {
  id: string;
  createdAt: Date;
  customerEmail: string | null;
  customerName: string | null;
  customerLastname: string | null;
};

/**
 * The order with this number (or id) whose e-mail is this one, compared without case. An
 * 8-character number is the start of the id: a range on the primary key finds it.
 */
async function findOrder(
  reference: WithdrawalInput["orderNumber"],
  email: string,
  db: DbOrTx,
): Promise<FoundOrder | null> {
  const idCondition =
    reference.kind === "id"
      ? eq(orders.id, reference.value)
      : between(
          orders.id,
          `${reference.value}-0000-0000-0000-000000000000`,
          `${reference.value}-ffff-ffff-ffff-ffffffffffff`,
        );
  const [row] = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      customerEmail: orders.customerEmail,
      customerName: orders.customerName,
      customerLastname: orders.customerLastname,
    })
    .from(orders)
    .where(and(idCondition, sql`lower(${orders.customerEmail}) = ${email.toLowerCase()}`))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row ?? null;
}

async function findRequest(orderId: string, db: DbOrTx) {
  const [row] = await db
    .select({ code: withdrawalRequests.code, email: withdrawalRequests.email, createdAt: withdrawalRequests.createdAt })
    .from(withdrawalRequests)
    .where(eq(withdrawalRequests.orderId, orderId));
  return row ?? null;
}

function receiptOf(
  orderId: string,
  request: { code: string; email: string; createdAt: Date },
  created: boolean,
): WithdrawalReceipt {
  return {
    code: request.code,
    orderNumber: orderNumber(orderId),
    requestedAtLabel: formatDateTime(request.createdAt),
    email: request.email,
    created,
  };
}

function newCode(): string {
  return withdrawalCodeFromBytes(randomBytes(8));
}

/**
 * Registers the withdrawal of an order. Checks, in order: the number and e-mail belong to one
 * order (else not_found); an earlier request of that order is answered again (existing, even
 * after the window: it was made in time); the order is within the window (else expired). Then
 * the request is inserted with a fresh code and both e-mails are queued in one transaction.
 */
export async function requestWithdrawal(
  input: WithdrawalInput,
  options: { now?: Date; db?: Database } = {},
): Promise<WithdrawalOutcome> {
  const db = options.db ?? getDb();
  const now = options.now ?? new Date();
  const order = await findOrder(input.orderNumber, input.email, db);
  if (!order) return { kind: "not_found" };

  const earlier = await findRequest(order.id, db);
  if (earlier) return { kind: "existing", receipt: receiptOf(order.id, earlier, false) };
  if (!isWithinWithdrawalWindow(order.createdAt, now)) {
    return { kind: "expired", lastDayLabel: formatDate(lastWithdrawalDay(order.createdAt)) };
  }

  // A code already taken (32^8 codes: rare) is drawn again; a request of the same order inserted
  // meanwhile (a double click) wins, and its code is the answer.
  for (let attempt = 0; attempt < 5; attempt++) {
    const inserted = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(withdrawalRequests)
        .values({ code: newCode(), orderId: order.id, email: input.email, reason: input.reason })
        .onConflictDoNothing()
        .returning({
          code: withdrawalRequests.code,
          email: withdrawalRequests.email,
          createdAt: withdrawalRequests.createdAt,
        });
      if (!row) return null;
      await queueWithdrawalEmails(tx, order, { ...row, reason: input.reason });
      return row;
    });
    if (inserted) return { kind: "created", receipt: receiptOf(order.id, inserted, true) };
    const raced = await findRequest(order.id, db);
    if (raced) return { kind: "existing", receipt: receiptOf(order.id, raced, false) };
  }
  throw new Error("[withdrawal] could not draw a free code");
}

async function queueWithdrawalEmails(
  tx: Tx,
  order: FoundOrder,
  request: { code: string; email: string; createdAt: Date; reason: string | null },
): Promise<void> {
  const { store } = await getSettings(["store"], tx);
  const emails = withdrawalEmails({
    orderId: order.id,
    number: orderNumber(order.id),
    orderCreatedAt: order.createdAt,
    customerName: [order.customerName, order.customerLastname].filter(Boolean).join(" "),
    customerEmail: order.customerEmail ?? request.email,
    code: request.code,
    requestEmail: request.email,
    requestedAt: request.createdAt,
    reason: request.reason,
    salesEmail: store.salesEmail,
    siteUrl: baseUrl(),
  });
  await queueEmails(emails, tx);
}

// ---------------------------------------------------------------- staff

/** Marks the request of an order as handled (once; later calls keep the first date). */
export async function markWithdrawalHandled(
  actor: AuditActor,
  orderId: unknown,
  db: Database = getDb(),
): Promise<boolean> {
  if (typeof orderId !== "string" || !/^[0-9a-f-]{36}$/i.test(orderId)) return false;
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: withdrawalRequests.id, code: withdrawalRequests.code, handledAt: withdrawalRequests.handledAt })
      .from(withdrawalRequests)
      .where(eq(withdrawalRequests.orderId, orderId))
      .for("update");
    if (!existing) return false;
    if (existing.handledAt) return true;
    await tx
      .update(withdrawalRequests)
      .set({ handledAt: sql`now()` })
      .where(eq(withdrawalRequests.id, existing.id));
    await recordAudit(tx, actor, {
      action: "withdrawal.handle",
      entityType: "withdrawal",
      entityId: orderId,
      entityLabel: `${existing.code} (pedido #${orderId.slice(0, 8)})`,
      before: { handled: false },
      after: { handled: true },
    });
    return true;
  });
}

/**
 * Staff accept the withdrawal: the order's "withdraw" event (cancelled; its units back in the
 * stock unless they were shipped, then they come back with the parcel) and the request handled,
 * in one transaction. A paid order then offers its refund in admin.
 */
export async function acceptWithdrawal(
  actor: AuditActor,
  orderId: unknown,
  db: Database = getDb(),
): Promise<{ ok: true } | { ok: false; message: string; status: number }> {
  if (!isUuid(orderId)) return { ok: false, message: "No encontramos la solicitud de arrepentimiento.", status: 404 };
  return db.transaction(async (tx) => {
    const result = await applyOrderEvent(tx, actor, orderId, { kind: "withdraw" });
    if (!result.ok) return result;
    await tx
      .update(withdrawalRequests)
      .set({ handledAt: sql`coalesce(${withdrawalRequests.handledAt}, now())` })
      .where(eq(withdrawalRequests.orderId, orderId));
    return { ok: true as const };
  });
}

/**
 * Staff received the parcel of an order withdrawn after it was shipped: the order's
 * "return_received" event puts its units back in the stock (the ledger's release), once.
 */
export async function receiveReturn(
  actor: AuditActor,
  orderId: unknown,
  db: Database = getDb(),
): Promise<{ ok: true } | { ok: false; message: string; status: number }> {
  if (!isUuid(orderId)) return { ok: false, message: "No encontramos el pedido.", status: 404 };
  return db.transaction(async (tx) => {
    const result = await applyOrderEvent(tx, actor, orderId, { kind: "return_received" });
    return result.ok ? { ok: true as const } : result;
  });
}

/** How many withdrawal requests nobody has handled yet (the orders screen points to them). */
export async function countPendingWithdrawals(db: DbOrTx = getDb()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(withdrawalRequests).where(isNull(withdrawalRequests.handledAt));
  return row?.n ?? 0;
}
