import { and, asc, count, desc, eq, exists, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { type Database, type DbOrTx, getDb } from "~/db/client.server";
import { orderItems, orders, withdrawalRequests } from "~/db/schema/orders";
import { toAmount } from "~/domain/money";
import { type AuditActor, recordChange } from "./audit.server";
import { ORDER_STATUSES, type OrderStatus } from "~/domain/order-status";
import {
  INVALID_JSON,
  ORDER_FIELD_VALUE_SCHEMAS,
  OrderFieldEditSchema,
  type OrderAddressValue,
  type OrderEditableField,
  OrderStatusSchema,
  type OrderWithdrawalFilter,
} from "~/schemas/admin";

// The admin's view of orders (spec 2 "Admin orders", 7): all orders newest first, filtered by
// status and searched by customer, each with its items; the status and single fields edited in
// place. Every input is validated here, whatever the page sent.

export const ADMIN_ORDERS_PAGE_SIZE = 20;

const DATE_TIME = new Intl.DateTimeFormat("es-AR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: "America/Argentina/Buenos_Aires",
});

/** Admin dates are written on the server in the store's time zone: "21/11/26, 14:05". */
export function formatAdminDateTime(date: Date): string {
  return DATE_TIME.format(date);
}

export type AdminOrderItem = {
  id: string;
  name: string;
  sku: string | null;
  quantity: number;
  price: number;
  subtotal: number;
};

export type AdminOrder = {
  id: string;
  number: string;
  status: OrderStatus;
  createdAt: string;
  createdAtLabel: string;
  subtotal: number;
  shippingCost: number;
  discount: number;
  total: number;
  /** The buyer's IVA condition and the invoice it calls for (Factura A or B). */
  ivaCondition: string | null;
  invoiceType: string | null;
  customerName: string | null;
  customerLastname: string | null;
  customerEmail: string | null;
  customerPhone: string | null;
  billingCuit: string | null;
  billingCompany: string | null;
  address: OrderAddressValue;
  paymentMethod: string | null;
  shippingMethod: string | null;
  notes: string | null;
  items: AdminOrderItem[];
  /** The shopper's withdrawal request (Botón de arrepentimiento), when there is one. */
  withdrawal: AdminWithdrawal | null;
};

export type AdminWithdrawal = {
  code: string;
  email: string;
  reason: string | null;
  createdAt: string;
  createdAtLabel: string;
  handledAtLabel: string | null;
};

export type AdminOrderList = {
  orders: AdminOrder[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

export type AdminOrderQuery = {
  status?: OrderStatus;
  q?: string;
  withdrawal?: OrderWithdrawalFilter;
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

async function withdrawalsByOrder(ids: string[], db: DbOrTx): Promise<Map<string, AdminWithdrawal>> {
  const map = new Map<string, AdminWithdrawal>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({
      orderId: withdrawalRequests.orderId,
      code: withdrawalRequests.code,
      email: withdrawalRequests.email,
      reason: withdrawalRequests.reason,
      createdAt: withdrawalRequests.createdAt,
      handledAt: withdrawalRequests.handledAt,
    })
    .from(withdrawalRequests)
    .where(inArray(withdrawalRequests.orderId, ids));
  for (const row of rows) {
    map.set(row.orderId, {
      code: row.code,
      email: row.email,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
      createdAtLabel: formatAdminDateTime(row.createdAt),
      handledAtLabel: row.handledAt ? formatAdminDateTime(row.handledAt) : null,
    });
  }
  return map;
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

const columns = {
  id: orders.id,
  status: orders.status,
  createdAt: orders.createdAt,
  subtotal: orders.subtotal,
  shippingCost: orders.shippingCost,
  discount: orders.discount,
  total: orders.total,
  ivaCondition: orders.ivaCondition,
  invoiceType: orders.invoiceType,
  customerName: orders.customerName,
  customerLastname: orders.customerLastname,
  customerEmail: orders.customerEmail,
  customerPhone: orders.customerPhone,
  billingCuit: orders.billingCuit,
  billingCompany: orders.billingCompany,
  address: orders.address,
  paymentMethod: orders.paymentMethod,
  shippingMethod: orders.shippingMethod,
  notes: orders.notes,
};

type Row = { [K in keyof typeof columns]: (typeof orders.$inferSelect)[K] };

function statusOf(value: string): OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value) ? (value as OrderStatus) : "pending";
}

function addressOf(value: unknown): OrderAddressValue {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const source = value as Record<string, unknown>;
  const address: OrderAddressValue = {};
  for (const key of ["line1", "city", "state", "zip"] as const) {
    if (typeof source[key] === "string") address[key] = source[key];
  }
  return address;
}

async function itemsByOrder(ids: string[], db: DbOrTx): Promise<Map<string, AdminOrderItem[]>> {
  const map = new Map<string, AdminOrderItem[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      name: orderItems.name,
      sku: orderItems.sku,
      quantity: orderItems.quantity,
      price: orderItems.price,
      subtotal: orderItems.subtotal,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .orderBy(asc(orderItems.name), asc(orderItems.id));
  for (const row of rows) {
    const list = map.get(row.orderId) ?? [];
    list.push({
      id: row.id,
      name: row.name,
      sku: row.sku,
      quantity: row.quantity,
      price: toAmount(row.price),
      subtotal: toAmount(row.subtotal),
    });
    map.set(row.orderId, list);
  }
  return map;
}

function toAdminOrder(row: Row, items: AdminOrderItem[], withdrawal: AdminWithdrawal | null = null): AdminOrder {
  return {
    id: row.id,
    number: row.id.slice(0, 8),
    status: statusOf(row.status),
    createdAt: row.createdAt.toISOString(),
    createdAtLabel: formatAdminDateTime(row.createdAt),
    subtotal: toAmount(row.subtotal),
    shippingCost: toAmount(row.shippingCost),
    discount: toAmount(row.discount),
    total: toAmount(row.total),
    ivaCondition: row.ivaCondition,
    invoiceType: row.invoiceType,
    customerName: row.customerName,
    customerLastname: row.customerLastname,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    billingCuit: row.billingCuit,
    billingCompany: row.billingCompany,
    address: addressOf(row.address),
    paymentMethod: row.paymentMethod,
    shippingMethod: row.shippingMethod,
    notes: row.notes,
    items,
    withdrawal,
  };
}

/** One page of orders, newest first, with their items. */
export async function listAdminOrders(query: AdminOrderQuery = {}, db: DbOrTx = getDb()): Promise<AdminOrderList> {
  const pageSize = query.pageSize ?? ADMIN_ORDERS_PAGE_SIZE;
  const where = and(
    query.status ? eq(orders.status, query.status) : undefined,
    searchCondition(query.q ?? ""),
    withdrawalCondition(query.withdrawal, db),
  );
  const [{ n: total } = { n: 0 }] = await db.select({ n: count() }).from(orders).where(where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, query.page ?? 1), pageCount);
  const rows = await db
    .select(columns)
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const ids = rows.map((r) => r.id);
  const [items, withdrawals] = await Promise.all([itemsByOrder(ids, db), withdrawalsByOrder(ids, db)]);
  return {
    orders: rows.map((row) => toAdminOrder(row, items.get(row.id) ?? [], withdrawals.get(row.id) ?? null)),
    total,
    page,
    pageCount,
    pageSize,
  };
}

export async function getAdminOrder(id: string, db: DbOrTx = getDb()): Promise<AdminOrder | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db.select(columns).from(orders).where(eq(orders.id, id));
  if (!row) return null;
  const [items, withdrawals] = await Promise.all([itemsByOrder([row.id], db), withdrawalsByOrder([row.id], db)]);
  return toAdminOrder(row, items.get(row.id) ?? [], withdrawals.get(row.id) ?? null);
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
      { action: "order.status", entityType: "order", entityId: orderId, entityLabel: `#${orderId.slice(0, 8)}` },
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
      { action: "order.update", entityType: "order", entityId: orderId, entityLabel: `#${orderId.slice(0, 8)}` },
      { [field]: before.value },
      { [field]: checked.data },
      [field],
    );
    return { ok: true, value: { field, value: checked.data as SavedOrderField["value"] } };
  });
}
