import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "~/db/client.server";
import { DEFAULT_SETTINGS } from "~/db/seed/default-settings";
import { productCounts, productRelations, products } from "~/db/schema/catalog";
import { listCatalogProducts, listCategories } from "~/models/catalog.server";
import { placeOrder } from "~/models/place-order.server";
import { getSettings, updateSetting } from "~/models/settings.server";
import { createUser } from "~/models/user.server";
import { parseCatalogQuery } from "~/domain/catalog-query";
import { setupTestDatabase } from "../../tests/setup/db";
import { insertCategory, insertProduct } from "../../tests/setup/factories";
import {
  coalescedReader,
  readContentVersion,
  requestContentVersion,
  runWithContentScope,
} from "./content-version.server";

setupTestDatabase();

let actor: { id: string; email: string };
beforeAll(async () => {
  const user = await createUser({
    email: "version@vitec.com.ar",
    password: "clave-de-admin-1",
    fullName: "Versión",
    role: "admin",
  });
  actor = { id: user.id, email: "version@vitec.com.ar" };
  await insertCategory({ id: "pcol_VERSION", name: "Versiones" });
});

/** The version after `change`, minus the version before it. */
async function bumps(change: () => Promise<unknown>): Promise<number> {
  const before = await readContentVersion();
  await change().catch(() => undefined);
  return (await readContentVersion()) - before;
}

describe("coalescedReader", () => {
  it("gives every caller a read that started after it called, one read for all who wait", async () => {
    let reads = 0;
    const releases: (() => void)[] = [];
    const reader = coalescedReader(
      () =>
        new Promise<number>((resolve) => {
          const n = ++reads;
          releases.push(() => resolve(n));
        }),
    );
    const first = reader(); // read 1 starts
    const second = reader(); // arrives during read 1: waits for read 2
    const third = reader(); // shares read 2
    expect(reads).toBe(1);
    releases[0]!();
    expect(await first).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads).toBe(2);
    releases[1]!();
    expect(await second).toBe(2);
    expect(await third).toBe(2);
  });
});

describe("content version", () => {
  it("goes up once per transaction that changes what the storefront shows", async () => {
    expect(await bumps(() => insertProduct({ name: "Nuevo" }))).toBe(1);
    expect(
      await bumps(() =>
        getDb().transaction(async (tx) => {
          await tx.insert(products).values({ name: "A", slug: "version-a", price: "10" });
          await tx.insert(products).values({ name: "B", slug: "version-b", price: "20" });
          await tx.update(products).set({ stock: 9 }).where(eq(products.slug, "version-a"));
        }),
      ),
    ).toBe(1);
    expect(await bumps(() => insertCategory({ id: "pcat_VERSION", name: "Sub", parentId: "pcol_VERSION" }))).toBe(1);
    expect(
      await bumps(() => updateSetting(actor, "store", { ...DEFAULT_SETTINGS.store, phone: "+54 11 5555-0000" })),
    ).toBe(1);
    const [a, b] = await getDb()
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.slug} in ('version-a', 'version-b')`);
    expect(
      await bumps(() => getDb().insert(productRelations).values({ productId: a!.id, relatedProductId: b!.id })),
    ).toBe(1);
  });

  it("does not move for a transaction that is rolled back, nor for unrelated writes", async () => {
    expect(
      await bumps(() =>
        getDb().transaction(async (tx) => {
          await tx.insert(products).values({ name: "Nunca", slug: "version-never", price: "10" });
          throw new Error("rollback");
        }),
      ),
    ).toBe(0);
    expect(await bumps(() => queryRows(sql`select count(*) from products`))).toBe(0);
  });

  it("does not move for an order that leaves stock above zero; moves when the last unit sells", async () => {
    const product = await insertProduct({ name: "Con stock", stock: 3 });
    const order = (key: string, quantity: number) =>
      placeOrder({
        idempotencyKey: key,
        lines: [{ cartId: "l1", productId: product.id, quantity, selectedOptions: [] }],
        shippingMethod: "Retiro en local",
        paymentMethod: "Efectivo al retirar",
        fields: {
          first_name: "Ana",
          last_name: "Pérez",
          email: "ana@example.com",
          phone: "1140000000",
          address: "Calle 1",
          city: "CABA",
          state: "CABA",
          zip: "C1043",
        },
      });
    // Listings show "Sin stock" or not, never the count: a sale that keeps it in stock changes no listing.
    expect(await bumps(() => order("7d1c1f0e-0000-4000-8000-000000000001", 2))).toBe(0);
    expect(await bumps(() => order("7d1c1f0e-0000-4000-8000-000000000002", 1))).toBe(1);
    // Back in stock, a new price, a new name: listings change.
    expect(await bumps(() => getDb().update(products).set({ stock: 5 }).where(eq(products.id, product.id)))).toBe(1);
    expect(await bumps(() => getDb().update(products).set({ stock: 4 }).where(eq(products.id, product.id)))).toBe(0);
    expect(await bumps(() => getDb().update(products).set({ price: "99.00" }).where(eq(products.id, product.id)))).toBe(
      1,
    );
    expect(
      await bumps(() => getDb().update(products).set({ name: "Con stock (nuevo)" }).where(eq(products.id, product.id))),
    ).toBe(1);
  });
});

describe("caches per content version", () => {
  it("serve settings and categories from memory within a version and renew them at once after a change", async () => {
    const phone = () => runWithContentScope(async () => (await getSettings(["store"])).store.phone);
    await updateSetting(actor, "store", { ...DEFAULT_SETTINGS.store, phone: "+54 11 1111-1111" });
    expect(await phone()).toBe("+54 11 1111-1111");
    expect(await phone()).toBe("+54 11 1111-1111");
    // An admin saves a new phone (in "another process": nothing here is told): the next request sees it.
    await updateSetting(actor, "store", { ...DEFAULT_SETTINGS.store, phone: "+54 11 2222-2222" });
    expect(await phone()).toBe("+54 11 2222-2222");

    const names = () => runWithContentScope(async () => (await listCategories()).map((c) => c.name));
    expect(await names()).not.toContain("Nueva categoría");
    await insertCategory({ id: "pcol_NUEVA", name: "Nueva categoría" });
    expect(await names()).toContain("Nueva categoría");
  });

  it("hands each caller its own copy", async () => {
    await runWithContentScope(async () => {
      const first = await getSettings(["store"]);
      first.store.phone = "cambiado en memoria";
      expect((await getSettings(["store"])).store.phone).not.toBe("cambiado en memoria");
    });
  });

  it("reads the version once per request, and not at all outside of one", async () => {
    expect(requestContentVersion()).toBeNull();
    await runWithContentScope(async () => {
      const first = requestContentVersion();
      expect(first).not.toBeNull();
      expect(requestContentVersion()).toBe(first);
    });
  });
});

describe("product_counts", () => {
  const total = async (q = "") =>
    (await listCatalogProducts(parseCatalogQuery(new URLSearchParams(q), () => true))).total;
  const actual = async (categoryId?: string) => {
    const [row] = await queryRows<{ n: number }>(
      sql`select count(*)::int as n from products where status = 'published' ${categoryId ? sql`and category_id = ${categoryId}` : sql``}`,
    );
    return row!.n;
  };

  it("keeps the catalogue's totals exact through inserts, status and category changes and deletes", async () => {
    await insertCategory({ id: "pcol_CUENTA", name: "Cuenta" });
    const one = await insertProduct({ name: "Contado 1", categoryId: "pcol_CUENTA" });
    await insertProduct({ name: "Contado 2", categoryId: "pcol_CUENTA" });
    await insertProduct({ name: "Borrador", categoryId: "pcol_CUENTA", status: "draft" });
    expect(await total("category=pcol_CUENTA")).toBe(2);
    expect(await total()).toBe(await actual());

    await getDb().update(products).set({ status: "draft" }).where(eq(products.id, one.id));
    expect(await total("category=pcol_CUENTA")).toBe(1);
    await getDb()
      .update(products)
      .set({ status: "published", categoryId: "pcol_VERSION" })
      .where(eq(products.id, one.id));
    expect(await total("category=pcol_CUENTA")).toBe(1);
    expect(await total("category=pcol_VERSION")).toBe(await actual("pcol_VERSION"));
    await getDb().update(products).set({ stock: 0 }).where(eq(products.id, one.id));
    await getDb().delete(products).where(eq(products.id, one.id));
    expect(await total()).toBe(await actual());
    // With a price filter the total is counted directly, and agrees.
    expect(await total("minPrice=0")).toBe(await actual());
    const rows = await getDb().select().from(productCounts);
    expect(rows.every((r) => r.published >= 0)).toBe(true);
  });
});
