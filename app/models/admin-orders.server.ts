import { and, count, desc, eq, exists, getTableName, gte, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import { type Database, type DbOrTx, getDb } from "~/db/client.server";
import { orderItems, orders, withdrawalRequests } from "~/db/schema/orders";
import type { ExportOrder } from "~/domain/orders-csv";
import { storeDayRange } from "~/domain/dates";
import type { OrderStatus } from "~/domain/order-status";
import { staffEventFor } from "~/domain/order-life";
import { type AuditActor, recordAudit, recordChange } from "./audit.server";
import { uninvoicedCondition } from "./invoice-admin.server";
import { applyOrderEvent } from "./order-life.server";
import { refreshWaitingStatusEmails } from "./order-notifications.server";
import { getSettings } from "./settings.server";
import { type OrderView, loadOrderViews, orderColumns, orderNumber, statusOf } from "./order.server";
import {
  INVALID_JSON,
  ORDER_FIELD_VALUE_SCHEMAS,
  OrderFieldEditSchema,
  OrderNoteSchema,
  type OrderListQuery,
  type OrderEditableField,
  type OrderAddressValue,
  OrderStatusSchema,
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

export type AdminOrderQuery = Partial<Omit<OrderListQuery, "size">> & { pageSize?: number };

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
    sql`${orders.billingCompany} ilike ${pattern}`,
  ];
  // A CUIT, typed with or without its dashes.
  const digits = text.replace(/[\s.-]/g, "");
  if (/^\d{4,11}$/.test(digits)) {
    conditions.push(sql`regexp_replace(coalesce(${orders.billingCuit}, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}`);
  }
  // An order number (the first characters of the id, as shown: "#1a2b3c4d").
  const number = text.replace(/^#/, "").toLowerCase();
  if (/^[0-9a-f-]{4,36}$/.test(number)) conditions.push(sql`${orders.id}::text like ${`${number}%`}`);
  return sql`(${sql.join(conditions, sql` or `)})`;
}

/** The list's filters as one condition (the screen and the CSV export share it). */
export function orderListCondition(query: AdminOrderQuery, db: DbOrTx = getDb()): SQL | undefined {
  const { start, end } = storeDayRange(query.desde ?? null, query.hasta ?? null);
  return and(
    start ? gte(orders.createdAt, start) : undefined,
    end ? lt(orders.createdAt, end) : undefined,
    query.status ? eq(orders.status, query.status) : undefined,
    searchCondition(query.q ?? ""),
    withdrawalCondition(query.withdrawal, db),
    query.payment === "flagged"
      ? sql`jsonb_array_length(${orders.paymentFlags}) > 0`
      : query.payment
        ? eq(orders.paymentStatus, query.payment)
        : undefined,
    query.factura === "sin" ? uninvoicedCondition(db) : undefined,
  );
}

/** One page of orders, newest first, with their items. */
export async function listAdminOrders(query: AdminOrderQuery = {}, db: DbOrTx = getDb()): Promise<AdminOrderList> {
  const pageSize = query.pageSize ?? ADMIN_ORDERS_PAGE_SIZE;
  const where = orderListCondition(query, db);
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

/**
 * Sets the status as staff choose it in "Estado del pedido": the event of the order's life that
 * choice means (cancel, reopen, ship...), applied only if the table of moves allows it from
 * the order's state (not any status from any other, as spec 4 had it: ADR 0012). A refusal
 * says why in Spanish (409); choosing the status it has changes nothing.
 */
export async function updateOrderStatus(
  actor: AuditActor,
  input: { orderId: unknown; status: unknown },
  db: Database = getDb(),
): Promise<OrderUpdateResult<OrderStatus>> {
  const parsed = OrderStatusSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message, status: 400 };
  const { orderId, status } = parsed.data;
  return db.transaction(async (tx): Promise<OrderUpdateResult<OrderStatus>> => {
    const [current] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    if (!current) return { ok: false, message: NOT_FOUND, status: 404 };
    const event = staffEventFor(statusOf(current.status), status);
    if (!event) return { ok: true, value: status };
    const result = await applyOrderEvent(tx, actor, orderId, event);
    if (!result.ok) return { ok: false, message: result.message, status: result.status };
    return { ok: true, value: result.after.status };
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
  carrier: "carrier",
  tracking_number: "trackingNumber",
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
  if (field === "carrier" && checked.data !== null) {
    const { carriers } = await getSettings(["carriers"], db);
    if (!carriers.some((c) => c.name === checked.data)) {
      return {
        ok: false,
        message: "Elegí un transportista de la lista (se configuran en Configuración).",
        status: 400,
      };
    }
  }
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
    if (field === "carrier" || field === "tracking_number") await refreshWaitingStatusEmails(tx, orderId);
    return { ok: true, value: { field, value: checked.data as SavedOrderField["value"] } };
  });
}

/** A staff note on the order's timeline: internal, with who wrote it (an audit entry, like every staff change). */
export async function addOrderNote(
  actor: AuditActor,
  input: { orderId: unknown; note: unknown },
  db: Database = getDb(),
): Promise<OrderUpdateResult<string>> {
  const parsed = OrderNoteSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message, status: 400 };
  const { orderId, note } = parsed.data;
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) return { ok: false, message: NOT_FOUND, status: 404 };
  await recordAudit(db, actor, {
    action: "order.note",
    entityType: "order",
    entityId: orderId,
    entityLabel: `#${orderNumber(orderId)}`,
    before: null,
    after: { note },
  });
  return { ok: true, value: note };
}

/** The most orders one export holds (a year of a busy store); narrow the dates for more. */
export const ORDERS_EXPORT_LIMIT = 50_000;

/** The filtered orders for the CSV export, newest first, with their lines as one text. */
export async function listOrdersForExport(query: AdminOrderQuery, db: DbOrTx = getDb()): Promise<ExportOrder[]> {
  const rows = await db
    .select({
      ...orderColumns,
      // Both sides qualified by hand: inside a select list Drizzle writes a column without its
      // table, and a bare "id" in this subquery would be the item's own id (no order matched).
      items: sql<string>`coalesce((
        select string_agg(oi.quantity || ' x ' || oi.name, '; ' order by oi.name)
        from ${orderItems} oi where oi.order_id = ${sql.identifier(getTableName(orders))}.${sql.identifier("id")}
      ), '')`,
    })
    .from(orders)
    .where(orderListCondition(query, db))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDERS_EXPORT_LIMIT);
  return rows.map(({ id, ...row }) => ({
    ...row,
    number: orderNumber(id),
    status: statusOf(row.status),
    address: row.address ?? {},
  }));
}

/** The most orders one "Imprimir remitos" prints. */
export const PACKING_SLIPS_LIMIT = 100;

/** These orders (ids as given, unknown ones skipped), for their packing slips. */
export async function getOrdersByIds(ids: readonly string[], db: DbOrTx = getDb()): Promise<OrderView[]> {
  const wanted = [...new Set(ids.filter((id) => isUuid(id)))].slice(0, PACKING_SLIPS_LIMIT);
  if (wanted.length === 0) return [];
  const rows = await db.select(orderColumns).from(orders).where(inArray(orders.id, wanted));
  const views = await loadOrderViews(rows, db);
  return wanted.flatMap((id) => views.filter((v) => v.id === id));
}
