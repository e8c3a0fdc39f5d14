import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { products } from "~/db/schema/catalog";
import { users } from "~/db/schema/auth";
import { setDatabase } from "~/db/client.server";
import { getSettings } from "~/models/settings.server";
import type { Env } from "~/utils/env.server";
import { initDatabase } from "./boot";

// The embedded database's first and second start (always PGlite in a temporary folder).
const dataDir = mkdtempSync(path.join(tmpdir(), "vitec-init-"));
const env: Env = {
  NODE_ENV: "test",
  PORT: 3000,
  HOST: "localhost",
  DATA_DIR: dataDir,
  DEMO_ADMIN_EMAIL: "admin@vitec.com.ar",
  DEMO_ADMIN_PASSWORD: "vitec-demo-2026",
  MAIL_FROM: "Vitec <ventas@vitec.com.ar>",
};

afterAll(() => {
  setDatabase(undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

describe("first and second start of the embedded store", () => {
  it("creates, migrates and seeds on the first start; the second start keeps everything", async () => {
    const first = await initDatabase(env);
    expect(first.seeded).toBe(true);
    expect(first.demoAdmin).toEqual({ email: "admin@vitec.com.ar", password: "vitec-demo-2026" });
    const db = first.handle.db;
    const [seededCount] = await db.select({ n: count() }).from(products);
    expect(seededCount!.n).toBeGreaterThanOrEqual(60);
    const [admin] = await db.select().from(users).where(eq(users.email, "admin@vitec.com.ar"));
    expect(admin?.role).toBe("admin");
    const { shipping_methods } = await getSettings(["shipping_methods"]);
    expect(shipping_methods.length).toBeGreaterThan(0);

    // The store owner changes something, then restarts.
    const [someProduct] = await db.select().from(products).limit(1);
    await db.update(products).set({ stock: 777 }).where(eq(products.id, someProduct!.id));
    await db.delete(products).where(eq(products.status, "draft"));
    const [before] = await db.select({ n: count() }).from(products);
    await first.handle.close();

    const second = await initDatabase(env);
    expect(second.seeded).toBe(false);
    const [after] = await second.handle.db.select({ n: count() }).from(products);
    expect(after!.n).toBe(before!.n);
    const [same] = await second.handle.db.select().from(products).where(eq(products.id, someProduct!.id));
    expect(same?.stock).toBe(777);
    await second.handle.close();
  });
});
