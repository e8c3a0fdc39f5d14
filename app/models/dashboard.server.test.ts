import { describe, expect, it } from "vitest";
import { orders } from "~/db/schema/orders";
import { setupTestDatabase } from "../../tests/setup/db";
import { insertProduct } from "../../tests/setup/factories";
import { getDashboardStats, getSalesByDay, listLatestOrders, listLowStockProducts } from "./dashboard.server";

const t = setupTestDatabase();

const DAY = 24 * 60 * 60 * 1000;

/** The calendar day of a date in the store's time zone, as the chart names it. */
function storeDay(date: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Argentina/Buenos_Aires" }).format(date);
}

async function insertOrder(
  total: string,
  status: (typeof orders.$inferInsert)["status"],
  createdAt: Date,
  name = "Lucía",
) {
  const [row] = await t.db
    .insert(orders)
    .values({ subtotal: total, total, status, createdAt, customerName: name, customerLastname: "Fernández" })
    .returning({ id: orders.id });
  return row!.id;
}

describe("dashboard", () => {
  it("counts sales only from delivered orders, and every day of the last 30 with zeros", async () => {
    const now = new Date();
    const twoDaysAgo = new Date(now.getTime() - 2 * DAY);
    await insertOrder("1000.50", "delivered", now);
    await insertOrder("2000.00", "delivered", now);
    await insertOrder("9999.00", "pending", now);
    await insertOrder("5000.00", "cancelled", twoDaysAgo);
    await insertOrder("300.25", "delivered", twoDaysAgo);
    // Older than 30 days: counted in the totals, not in the chart.
    await insertOrder("7000.00", "delivered", new Date(now.getTime() - 45 * DAY));

    const stats = await getDashboardStats();
    expect(stats.orders).toBe(6);
    expect(stats.sales).toBe("10300.75");

    const days = await getSalesByDay();
    expect(days).toHaveLength(30);
    expect(days.at(-1)!.day).toBe(storeDay(now));
    // Consecutive days, oldest first.
    for (let i = 1; i < days.length; i++) {
      const gap = Date.parse(days[i]!.day) - Date.parse(days[i - 1]!.day);
      expect(gap).toBe(DAY);
    }
    const byDay = new Map(days.map((d) => [d.day, d]));
    expect(byDay.get(storeDay(now))).toMatchObject({ orders: 3, sales: "3000.50" });
    expect(byDay.get(storeDay(twoDaysAgo))).toMatchObject({ orders: 2, sales: "300.25" });
    const quiet = days.filter((d) => d.day !== storeDay(now) && d.day !== storeDay(twoDaysAgo));
    expect(quiet).toHaveLength(28);
    for (const d of quiet) expect(d).toMatchObject({ orders: 0, sales: "0.00" });

    expect(await getSalesByDay(7)).toHaveLength(7);
  });

  it("lists the latest orders, newest first", async () => {
    const latest = await listLatestOrders(2);
    expect(latest).toHaveLength(2);
    expect(Date.parse(latest[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(latest[1]!.createdAt));
    expect(latest[0]).toMatchObject({ customer: "Lucía Fernández", number: latest[0]!.id.slice(0, 8) });
  });

  it("lists products below 10 units, fewest first", async () => {
    await insertProduct({ name: "Cable", stock: 50 });
    await insertProduct({ name: "Mouse", stock: 9 });
    await insertProduct({ name: "Teclado", stock: 0 });
    await insertProduct({ name: "Monitor", stock: 10 });
    expect((await listLowStockProducts(5)).map((p) => [p.name, p.stock])).toEqual([
      ["Teclado", 0],
      ["Mouse", 9],
    ]);
    expect((await getDashboardStats()).lowStock).toBe(2);
  });
});
