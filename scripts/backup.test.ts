import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase, setDatabase } from "~/db/client.server";
import { orderItems, orders } from "~/db/schema/orders";
import { ensureDefaultSettings } from "~/models/settings.server";
import { placeOrder } from "~/models/place-order.server";
import { insertProduct } from "../tests/setup/factories";
import { BackupError, backup, pgliteDir, restore } from "./lib/backup";

// npm run db:backup / db:restore: a backup restored elsewhere has the orders, with their items.

const tmp = mkdtempSync(path.join(tmpdir(), "vitec-backup-"));
const FIELDS = {
  first_name: "Lucía",
  last_name: "Fernández",
  email: "lucia@example.com",
  phone: "11 5555-1234",
  address: "Av. Siempre Viva 742",
  city: "CABA",
  state: "Buenos Aires",
  zip: "C1043",
};

/** Opens the database, writes two orders and returns their ids; the handle stays open. */
async function storeWithOrders(handle: DatabaseHandle): Promise<string[]> {
  await handle.migrate();
  setDatabase(handle);
  await ensureDefaultSettings(handle.db);
  const product = await insertProduct({ name: "Monitor 24", price: "150000", stock: 10, status: "published" });
  const ids: string[] = [];
  for (const quantity of [1, 2]) {
    const order = await placeOrder({
      idempotencyKey: randomUUID(),
      lines: [{ cartId: "a", productId: product.id, quantity, selectedOptions: [] }],
      shippingMethod: "Retiro en local",
      paymentMethod: "Mercado Pago",
      fields: FIELDS,
    });
    ids.push(order.id);
  }
  return ids;
}

async function ordersIn(handle: DatabaseHandle, ids: string[]) {
  const rows = [];
  for (const id of ids) {
    const [order] = await handle.db
      .select({ id: orders.id, total: orders.total })
      .from(orders)
      .where(eq(orders.id, id));
    const items = await handle.db
      .select({ quantity: orderItems.quantity, name: orderItems.name })
      .from(orderItems)
      .where(eq(orderItems.orderId, id));
    rows.push({ ...order, items });
  }
  return rows;
}

afterAll(() => setDatabase(undefined));

describe("embedded database (PGlite)", () => {
  it("backs up a stopped store and restores it into an empty folder, orders, images and secret included", async () => {
    const source = path.join(tmp, "source");
    mkdirSync(path.join(source, "uploads", "product-images"), { recursive: true });
    writeFileSync(path.join(source, "uploads", "product-images", "foto.png"), "png bytes");
    writeFileSync(path.join(source, "auth-secret"), "s".repeat(64));
    const handle = await openDatabase({ kind: "pglite", dataDir: pgliteDir(source) });
    const ids = await storeWithOrders(handle);
    const expected = await ordersIn(handle, ids);
    expect(expected.map((o) => o.items[0]?.quantity)).toEqual([1, 2]);

    // While the store has it open, the backup refuses.
    await expect(backup({ dataDir: source }, path.join(tmp, "refused"))).rejects.toThrow(BackupError);
    expect(existsSync(path.join(tmp, "refused"))).toBe(false);
    await handle.close();

    const folder = path.join(tmp, "backup-1");
    const manifest = await backup({ dataDir: source }, folder);
    expect(manifest).toMatchObject({ kind: "pglite", files: ["database.tar.gz", "auth-secret", "uploads/"] });

    const target = path.join(tmp, "target");
    await restore(folder, { dataDir: target });
    expect(readFileSync(path.join(target, "uploads", "product-images", "foto.png"), "utf8")).toBe("png bytes");
    expect(readFileSync(path.join(target, "auth-secret"), "utf8")).toBe("s".repeat(64));
    const restored = await openDatabase({ kind: "pglite", dataDir: pgliteDir(target) });
    try {
      expect(await ordersIn(restored, ids)).toEqual(expected);
    } finally {
      await restored.close();
    }

    // Restoring over an existing database needs --force, and keeps the old one aside.
    await expect(restore(folder, { dataDir: target })).rejects.toThrow("already exists");
    await restore(folder, { dataDir: target }, { force: true });
    expect(existsSync(pgliteDir(target))).toBe(true);
  }, 90_000); // Two embedded databases opened and migrated, a backup and a restore: slow on a busy machine.
});

describe.runIf(process.env.DATABASE_URL)("PostgreSQL (pg_dump)", () => {
  it("backs up the store's schema and restores it after the tables were lost", async () => {
    const url = process.env.DATABASE_URL!;
    const schema = `backup_${randomBytes(5).toString("hex")}`;
    const handle = await openDatabase({ kind: "pg", url, schema });
    try {
      const ids = await storeWithOrders(handle);
      const expected = await ordersIn(handle, ids);
      const folder = path.join(tmp, "pg-backup");
      expect((await backup({ dataDir: path.join(tmp, "pg-data"), databaseUrl: url, schema }, folder)).kind).toBe(
        "postgres",
      );

      await handle.db.execute(`delete from "${schema}".order_items`);
      await handle.db.execute(`delete from "${schema}".orders`);
      expect(await ordersIn(handle, ids)).toEqual(ids.map(() => ({ items: [] })));

      await restore(folder, { dataDir: path.join(tmp, "pg-data"), databaseUrl: url, schema });
      expect(await ordersIn(handle, ids)).toEqual(expected);
    } finally {
      await handle.db.execute(`drop schema if exists "${schema}" cascade`);
      await handle.close();
    }
  });
});
