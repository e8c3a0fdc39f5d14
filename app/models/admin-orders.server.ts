import { and, count, desc, eq, exists, isNull, sql, type SQL } from "drizzle-orm";
import { type Database, type DbOrTx, getDb } from "~/db/client.server";
import { orders, withdrawalRequests } from "~/db/schema/orders";
import type { OrderStatus } from "~/domain/order-status";
import { type AuditActor, recordChange } from "./audit.server";
import { type OrderView, loadOrderViews, orderColumns, orderNumber, statusOf } from "./order.server";
import {
  INVALID_JSON,
  ORDER_FIELD_VALUE_SCHEMAS,
  OrderFieldEditSchema,
  type OrderEditableField,
  type OrderAddressValue,
  OrderStatusSchema,
  type OrderPaymentFilter,
  type OrderWithdrawalFilter,
} from "~/schemas/admin";
import { isUuid } from "~/domain/uuid";

// The admin's view of orders (spec 2 "Admin orders", 7): all orders newest first, filtered by
// status and searched by customer, each with its items; the status and single fields edited in
// place. Every input is validated here, whatever the page sent.

export const ADMIN_ORDERS_PAGE_SIZE = 20;

export type AdminOrderList = {
  orders: OrderView[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

export type AdminOrderQuery = {
  status?: OrderStatus;
  q?: string;
  withdrawal?: OrderWithdrawalFilter;
  payment?: OrderPaymentFilter;
  page?: number;
  pageSize?: number;
};

/** Orders with a withdrawal request ("any"), or with one nobody has handled yet ("pending"). */
function withdrawalCondition(filter: OrderWithdrawalFilter | undefined, db: DbOrTx): SQL | undefined {
  if (!filter) return undefined;
  const pending = filter === "pending" ? isNull(withdrawalRequests.handledAt) : undefined;
  return exists(
    db
      .select({ one: sql`1` })
      .from(withdrawalRequests)
      .where(and(eq(withdrawalRequests.orderId, orders.id), pending)),
  );
}

/** `%` and `_` typed by a person are searched for literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function searchCondition(q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const pattern = likePattern(text);
  const conditions = [
    sql`${orders.customerName} ilike ${pattern}`,
    sql`${orders.customerLastname} ilike ${pattern}`,
    sql`${orders.customerEmail} ilike ${pattern}`,
    sql`(coalesce(${orders.customerName}, '') || ' ' || coalesce(${orders.customerLastname}, '')) ilike ${pattern}`,
  ];
  // An order number (the first characters of the id, as shown: "#1a2b3c4d").
  const number = text.replace(/^#/, "").toLowerCase();
  if (/^[0-9a-f-]{4,36}$/.test(number)) conditions.push(sql`${orders.id}::text like ${`${number}%`}`);
  return sql`(${sql.join(conditions, sql` or `)})`;
}

/** One page of orders, newest first, with their items. */
export async function listAdminOrders(query: AdminOrderQuery = {}, db: DbOrTx = getDb()): Promise<AdminOrderList> {
  const pageSize = query.pageSize ?? ADMIN_ORDERS_PAGE_SIZE;
  const where = and(
    query.status ? eq(orders.status, query.status) : undefined,
    searchCondition(query.q ?? ""),
    withdrawalCondition(query.withdrawal, db),
    query.payment === "flagged"
      ? sql`jsonb_array_length(${orders.paymentFlags}) > 0`
      : query.payment
        ? eq(orders.paymentStatus, query.payment)
        : undefined,
  );
  const [{ n: total } = { n: 0 }] = await db.select({ n: count() }).from(orders).where(where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, query.page ?? 1), pageCount);
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    orders: await loadOrderViews(rows, db),
    total,
    page,
    pageCount,
    pageSize,
  };
}

export async function getAdminOrder(id: string, db: DbOrTx = getDb()): Promise<OrderView | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select(orderColumns).from(orders).where(eq(orders.id, id));
  if (!row) return null;
  const [order] = await loadOrderViews([row], db);
  return order ?? null;
}

export type OrderUpdateResult<T> = { ok: true; value: T } | { ok: false; message: string; status: number };

const NOT_FOUND = "No encontramos la orden.";

/** Sets the status (any of the five, from any other: spec 4). */
export async function updateOrderStatus(
  actor: AuditActor,
  input: { orderId: unknown; status: unknown },
  db: Database = getDb(),
): Promise<OrderUpdateResult<OrderStatus>> {
  const parsed = OrderStatusSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message, status: 400 };
  const { orderId, status } = parsed.data;
  return db.transaction(async (tx): Promise<OrderUpdateResult<OrderStatus>> => {
    const [before] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!before) return { ok: false, message: NOT_FOUND, status: 404 };
    await tx
      .update(orders)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(orders.id, orderId));
    await recordChange(
      tx,
      actor,
      { action: "order.status", entityType: "order", entityId: orderId, entityLabel: `#${orderNumber(orderId)}` },
      before,
      { status },
      ["status"],
    );
    return { ok: true, value: statusOf(status) };
  });
}

const FIELD_COLUMNS = {
  customer_name: "customerName",
  customer_lastname: "customerLastname",
  customer_email: "customerEmail",
  customer_phone: "customerPhone",
  billing_cuit: "billingCuit",
  billing_company: "billingCompany",
  address: "address",
  payment_method: "paymentMethod",
  shipping_method: "shippingMethod",
  notes: "notes",
} as const satisfies Record<OrderEditableField, keyof typeof orders.$inferInsert>;

export type SavedOrderField = { field: OrderEditableField; value: string | null | OrderAddressValue };

/**
 * Saves one whitelisted field. The address arrives as JSON text and must be an object with
 * string line1/city/state/zip; anything else answers "JSON inválido" and nothing is saved.
 */
export async function updateOrderField(
  actor: AuditActor,
  input: { orderId: unknown; field: unknown; value: unknown },
  db: Database = getDb(),
): Promise<OrderUpdateResult<SavedOrderField>> {
  const parsed = OrderFieldEditSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message, status: 400 };
  const { orderId, field, value } = parsed.data;
  const checked = ORDER_FIELD_VALUE_SCHEMAS[field].safeParse(value);
  if (!checked.success) {
    const message = field === "address" ? INVALID_JSON : checked.error.issues[0]!.message;
    return { ok: false, message, status: 400 };
  }
  const column = FIELD_COLUMNS[field];
  return db.transaction(async (tx): Promise<OrderUpdateResult<SavedOrderField>> => {
    const [before] = await tx
      .select({ value: orders[column] })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!before) return { ok: false, message: NOT_FOUND, status: 404 };
    await tx
      .update(orders)
      .set({ [column]: checked.data, updatedAt: sql`now()` })
      .where(eq(orders.id, orderId));
    await recordChange(
      tx,
      actor,
      { action: "order.update", entityType: "order", entityId: orderId, entityLabel: `#${orderNumber(orderId)}` },
      { [field]: before.value },
      { [field]: checked.data },
      [field],
    );
    return { ok: true, value: { field, value: checked.data as SavedOrderField["value"] } };
  });
}
