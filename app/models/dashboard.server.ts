import { count, eq, lt, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { products } from "~/db/schema/catalog";
import { orders } from "~/db/schema/orders";
import { LOW_STOCK_THRESHOLD } from "~/domain/stock";

export type DashboardStats = { products: number; orders: number; sales: string; lowStock: number };

/** The dashboard's four figures; sales count only delivered orders (spec). */
export async function getDashboardStats(): Promise<DashboardStats> {
  const db = getDb();
  const [productCount, orderCount, sales, lowStock] = await Promise.all([
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(orders),
    db
      .select({ total: sql<string>`coalesce(sum(${orders.total}), 0)::numeric(14,2)::text` })
      .from(orders)
      .where(eq(orders.status, "delivered")),
    db.select({ n: count() }).from(products).where(lt(products.stock, LOW_STOCK_THRESHOLD)),
  ]);
  return {
    products: productCount[0]?.n ?? 0,
    orders: orderCount[0]?.n ?? 0,
    sales: sales[0]?.total ?? "0",
    lowStock: lowStock[0]?.n ?? 0,
  };
}
