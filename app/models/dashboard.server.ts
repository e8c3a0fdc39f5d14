import { and, count, desc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { type DbOrTx, getDb, queryRows } from "~/db/client.server";
import { productVariants, products } from "~/db/schema/catalog";
import type { SelectedOption } from "~/domain/pricing";
import { variantLabel } from "~/domain/variants";
import { orders, payments } from "~/db/schema/orders";
import { companies, customerGroups } from "~/db/schema/business";
import type { OrderStatus } from "~/domain/order-status";
import { LOW_STOCK_THRESHOLD } from "~/domain/stock";

export type DashboardStats = {
  products: number;
  orders: number;
  sales: string;
  lowStock: number;
  /** Money Mercado Pago holds for the store: approved payments (a refunded one no longer counts). */
  collectedOnline: string;
  /** Online orders not cancelled that Mercado Pago has not confirmed as paid yet. */
  awaitingPayment: number;
  /** Orders placed with a coupon (not cancelled), and what the coupons took off them. */
  couponOrders: number;
  couponDiscount: string;
};

/** The dashboard's figures; sales count only delivered orders (spec), plus what was collected online. */
export async function getDashboardStats(): Promise<DashboardStats> {
  const db = getDb();
  const [productCount, orderCount, sales, lowStock, collected, awaiting, couponUse] = await Promise.all([
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(orders),
    db
      .select({ total: sql<string>`coalesce(sum(${orders.total}), 0)::numeric(14,2)::text` })
      .from(orders)
      .where(eq(orders.status, "delivered")),
    // Counted per variant ([14/15]): a product with variants counts each variant below the threshold.
    queryRows<{ n: number }>(sql`
      select (
        (select count(*) from ${products} p
          where p.stock < ${LOW_STOCK_THRESHOLD}
            and not exists (select 1 from ${productVariants} v where v.product_id = p.id))
        + (select count(*) from ${productVariants} where stock < ${LOW_STOCK_THRESHOLD})
      )::int as n`),
    db
      .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)::numeric(14,2)::text` })
      .from(payments)
      .where(and(eq(payments.status, "approved"), eq(payments.currency, "ARS"))),
    db
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.status, "pending"),
          inArray(orders.paymentStatus, ["awaiting_payment", "pending", "rejected", "cancelled"]),
        ),
      ),
    db
      .select({
        n: count(),
        total: sql<string>`coalesce(sum(${orders.couponDiscount}), 0)::numeric(14,2)::text`,
      })
      .from(orders)
      .where(and(isNotNull(orders.couponCode), ne(orders.status, "cancelled"))),
  ]);
  return {
    products: productCount[0]?.n ?? 0,
    orders: orderCount[0]?.n ?? 0,
    sales: sales[0]?.total ?? "0",
    lowStock: lowStock[0]?.n ?? 0,
    collectedOnline: collected[0]?.total ?? "0",
    awaitingPayment: awaiting[0]?.n ?? 0,
    couponOrders: couponUse[0]?.n ?? 0,
    couponDiscount: couponUse[0]?.total ?? "0",
  };
}

const STORE_TIME_ZONE = "America/Argentina/Buenos_Aires";

export type SalesDay = {
  /** The calendar day in the store's time zone, "2026-11-21". */
  day: string;
  orders: number;
  /** Sum of the totals of that day's delivered orders, "12345.67". */
  sales: string;
};

/**
 * Orders placed and delivered sales per day for the last `days` days (today included, in the
 * store's time zone). Every day is present, with zeros when nothing happened.
 */
export async function getSalesByDay(days = 30, db: DbOrTx = getDb()): Promise<SalesDay[]> {
  const span = Math.max(1, Math.min(366, Math.trunc(days)));
  const rows = await queryRows<{ day: string; orders: number | string; sales: string }>(
    sql`
      with days as (
        select generate_series(
          (now() at time zone ${STORE_TIME_ZONE})::date - ${span - 1}::int,
          (now() at time zone ${STORE_TIME_ZONE})::date,
          interval '1 day'
        )::date as day
      ),
      placed as (
        select (${orders.createdAt} at time zone ${STORE_TIME_ZONE})::date as day, ${orders.status} as status, ${orders.total} as total
        from ${orders}
        where ${orders.createdAt} >= ((now() at time zone ${STORE_TIME_ZONE})::date - ${span}::int)::timestamp at time zone ${STORE_TIME_ZONE}
      )
      select to_char(days.day, 'YYYY-MM-DD') as day,
        count(placed.day)::int as orders,
        (coalesce(sum(placed.total) filter (where placed.status = 'delivered'), 0))::numeric(14,2)::text as sales
      from days left join placed on placed.day = days.day
      group by days.day
      order by days.day
    `,
    db,
  );
  return rows.map((row) => ({ day: row.day, orders: Number(row.orders), sales: row.sales }));
}

export type SalesByGroup = {
  /** The customer group's name, or "Consumidor final" for orders placed for no company. */
  group: string;
  orders: number;
  /** Sum of the totals of the delivered orders, "12345.67". */
  sales: string;
};

export const CONSUMER_GROUP = "Consumidor final";

/**
 * [25/25] The same period as getSalesByDay (the last `days` days, store time zone): orders
 * placed and delivered sales by the customer group of the company each order was placed for
 * (orders.company_id -> companies.group_id, ADR 0022); orders of no company are the consumers'.
 * Largest sales first, consumers included even with nothing sold.
 */
export async function getSalesByGroup(days = 30, db: DbOrTx = getDb()): Promise<SalesByGroup[]> {
  const span = Math.max(1, Math.min(366, Math.trunc(days)));
  const rows = await queryRows<{ group: string | null; orders: number | string; sales: string }>(
    sql`
      select g.name as "group",
        count(*)::int as orders,
        (coalesce(sum(o.total) filter (where o.status = 'delivered'), 0))::numeric(14,2)::text as sales
      from ${orders} o
      left join ${companies} c on c.id = o.company_id
      left join ${customerGroups} g on g.id = c.group_id
      where o.created_at >= ((now() at time zone ${STORE_TIME_ZONE})::date - ${span - 1}::int)::timestamp at time zone ${STORE_TIME_ZONE}
      group by g.name
    `,
    db,
  );
  const named = rows.map((row) => ({
    group: row.group ?? CONSUMER_GROUP,
    orders: Number(row.orders),
    sales: row.sales,
  }));
  if (!named.some((row) => row.group === CONSUMER_GROUP))
    named.push({ group: CONSUMER_GROUP, orders: 0, sales: "0.00" });
  return named.sort((a, b) => Number(b.sales) - Number(a.sales) || a.group.localeCompare(b.group, "es"));
}

export type LatestOrder = {
  id: string;
  number: string;
  customer: string;
  total: string;
  status: OrderStatus;
  createdAt: string;
};

/** The newest orders, for the dashboard's list. */
export async function listLatestOrders(limit = 5, db: DbOrTx = getDb()): Promise<LatestOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      customerName: orders.customerName,
      customerLastname: orders.customerLastname,
      customerEmail: orders.customerEmail,
      total: orders.total,
      status: orders.status,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    number: row.id.slice(0, 8),
    customer:
      [row.customerName, row.customerLastname].filter(Boolean).join(" ").trim() || row.customerEmail || "Sin nombre",
    total: row.total,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  }));
}

export type LowStockProduct = {
  id: string;
  name: string;
  sku: string | null;
  stock: number;
  status: "published" | "draft";
};

/**
 * Products and variants below the low-stock threshold, fewest units first: a product without
 * variants as itself, a product with variants by each variant ("Notebook (Memoria RAM: 16GB)").
 */
export async function listLowStockProducts(limit = 5, db: DbOrTx = getDb()): Promise<LowStockProduct[]> {
  const rows = await queryRows<LowStockProduct & { options: SelectedOption[] | null }>(
    sql`
      select * from (
        select p.id, p.name, p.sku, p.stock, p.status, null::jsonb as options
        from ${products} p
        where p.stock < ${LOW_STOCK_THRESHOLD}
          and not exists (select 1 from ${productVariants} v where v.product_id = p.id)
        union all
        select p.id, p.name, v.sku, v.stock, p.status, v.options
        from ${productVariants} v join ${products} p on p.id = v.product_id
        where v.stock < ${LOW_STOCK_THRESHOLD}
      ) low
      order by stock asc, name asc, sku asc
      limit ${limit}`,
    db,
  );
  return rows.map(({ options, ...row }) => ({
    ...row,
    name: options?.length ? `${row.name} (${variantLabel(options)})` : row.name,
  }));
}
