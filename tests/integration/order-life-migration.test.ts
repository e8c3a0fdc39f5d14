import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, queryRows, setDatabase } from "~/db/client.server";
import { products } from "~/db/schema/catalog";
import { orders, stockMovements } from "~/db/schema/orders";
import { updateOrderStatus } from "~/models/admin-orders.server";
import { createTestDatabase } from "../setup/db";

// Migration 0015 on a store that already has orders: the database is migrated up to 0014,
// orders are written as the store had them (no stock state, no ledger), then 0015 runs. Live
// orders get their reservations, so cancelling one afterwards returns its units exactly once.

const BEFORE = "0015_order_life";
let handle: DatabaseHandle;
let partial: string;

beforeAll(async () => {
  partial = mkdtempSync(path.join(tmpdir(), "vitec-migrations-"));
  cpSync("drizzle", partial, { recursive: true });
  const journalFile = path.join(partial, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string; idx: number }[] };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((e) => e.tag === BEFORE),
  );
  writeFileSync(journalFile, JSON.stringify(journal));
  handle = await createTestDatabase(partial);
});

afterAll(async () => {
  setDatabase(undefined);
  await handle?.close();
  rmSync(partial, { recursive: true, force: true });
});

describe("migration 0015: the orders placed before the stock ledger", () => {
  it("gives live orders their reservations and stock state, so their units come back once; keeps the stock figures", async () => {
    const db = handle.db;
    // Written with SQL: the schema in the code already has 0015's columns.
    const [product] = await queryRows<{ id: string }>(
      sql`insert into products (name, slug, price, stock) values ('Teclado', 'teclado', 13999, 20) returning id`,
      db,
    );
    const order = async (status: string, quantity: number, paymentStatus: string | null = null, flags = "[]") => {
      const [row] = await queryRows<{ id: string }>(
        sql`insert into orders (status, subtotal, total, payment_status, payment_provider, payment_id, payment_flags)
            values (${status}, 1000, 1000, ${paymentStatus}, ${paymentStatus ? "mercadopago" : null},
                    ${paymentStatus === "approved" ? "555" : null}, ${flags}::jsonb) returning id`,
        db,
      );
      await db.execute(
        sql`insert into order_items (order_id, product_id, name, price, quantity, subtotal)
            values (${row!.id}, ${product!.id}, 'Teclado', 13999, ${quantity}, ${13999 * quantity})`,
      );
      if (paymentStatus === "approved") {
        await db.execute(
          sql`insert into payments (provider_payment_id, order_id, status, amount, currency, provider_updated_at)
              values ('555', ${row!.id}, 'approved', 1000, 'ARS', now())`,
        );
      }
      return row!.id;
    };
    const pending = await order("pending", 2);
    const processing = await order("processing", 1);
    const shipped = await order("shipped", 3);
    const cancelled = await order("cancelled", 4);
    const paidLate = await order(
      "cancelled",
      1,
      "approved",
      JSON.stringify([{ kind: "approved_after_expiry", paymentId: "555", receivedCents: 100000 }]),
    );

    await handle.migrate();
    setDatabase(handle);

    const state = async (id: string) =>
      (
        await db
          .select({ stockState: orders.stockState, flags: orders.paymentFlags })
          .from(orders)
          .where(eq(orders.id, id))
      )[0]!;
    expect((await state(pending)).stockState).toBe("reserved");
    expect((await state(processing)).stockState).toBe("reserved");
    expect((await state(shipped)).stockState).toBe("shipped");
    expect((await state(cancelled)).stockState).toBe("released");
    // The old flag reads as what staff can do now.
    expect((await state(paidLate)).flags).toEqual([
      { kind: "paid_while_cancelled", paymentId: "555", receivedCents: 100000 },
    ]);

    const reservations = await db.select().from(stockMovements);
    expect(reservations.map((r) => [r.orderId, r.quantity, r.kind]).sort()).toEqual(
      [
        [pending, 2, "reserve"],
        [processing, 1, "reserve"],
        [shipped, 3, "reserve"],
      ].sort(),
    );
    const stock = async () =>
      (await db.select({ stock: products.stock }).from(products).where(eq(products.id, product!.id)))[0]!.stock;
    expect(await stock()).toBe(20);

    // Staff cancel the pending order: its 2 units come back, once.
    const clerk = { id: null, email: "caja@vitec.com.ar" };
    expect(await updateOrderStatus(clerk, { orderId: pending, status: "cancelled" })).toMatchObject({ ok: true });
    expect(await stock()).toBe(22);
    expect(await updateOrderStatus(clerk, { orderId: pending, status: "cancelled" })).toMatchObject({ ok: true });
    expect(await stock()).toBe(22);
    // The old cancelled order has nothing to give back; reopening it takes its units.
    expect(await updateOrderStatus(clerk, { orderId: cancelled, status: "pending" })).toMatchObject({ ok: true });
    expect(await stock()).toBe(18);
  });
});
