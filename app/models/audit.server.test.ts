import { describe, expect, it } from "vitest";
import { ProductFormSchema } from "~/schemas/product-form";
import { emptyProductForm } from "~/schemas/product-form-state";
import { setupTestDatabase } from "../../tests/setup/db";
import { getDb } from "~/db/client.server";
import { orders } from "~/db/schema/orders";
import { updateOrderStatus } from "./admin-orders.server";
import { saveProduct } from "./admin-product-save.server";
import { listAuditLog, parseAuditQuery } from "./audit.server";
import { updateSetting } from "./settings.server";
import { createUser } from "./user.server";

setupTestDatabase();

const query = (search: string) => parseAuditQuery(new URLSearchParams(search));

async function admin(email: string) {
  const user = await createUser({ email, password: "clave-de-admin-1", fullName: "Admin", role: "admin" });
  return { id: user.id, email: user.email };
}

describe("the audit log", () => {
  it("records who changed a product's price, when, and what it was before and after", async () => {
    const ana = await admin("ana@vitec.com.ar");
    const form = (overrides: Record<string, unknown>) =>
      ProductFormSchema.parse({
        ...emptyProductForm(),
        name: "Monitor LG 24",
        price: "250000",
        stock: "5",
        ...overrides,
      });
    const created = await saveProduct(ana, form({}));
    if (!created.ok) throw new Error("not saved");

    const before = Date.now();
    const saved = await saveProduct(ana, form({ id: created.id, slug: "monitor-lg-24", price: "239999,50" }));
    expect(saved.ok).toBe(true);

    const { rows, total } = await listAuditLog(query("tipo=product"));
    expect(total).toBe(2);
    const [change, creation] = rows;
    expect(change).toMatchObject({
      actorEmail: "ana@vitec.com.ar",
      action: "product.update",
      entityId: created.id,
      entityLabel: "Monitor LG 24",
      before: { price: "250000.00" },
      after: { price: "239999.50" },
    });
    expect(change!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(creation).toMatchObject({
      action: "product.create",
      before: null,
      after: { price: "250000.00", stock: 5, status: "published" },
    });

    // Saving again without changing price, stock or status adds nothing.
    await saveProduct(
      ana,
      form({ id: created.id, slug: "monitor-lg-24", price: "239999,50", description: "Otra descripción" }),
    );
    expect((await listAuditLog(query("tipo=product"))).total).toBe(2);
  });

  it("records an order's status change, and only a real change", async () => {
    const caro = await admin("caro@vitec.com.ar");
    const [order] = await getDb()
      .insert(orders)
      .values({ subtotal: "1000.00", total: "1000.00" })
      .returning({ id: orders.id });
    expect(await updateOrderStatus(caro, { orderId: order!.id, status: "shipped" })).toEqual({
      ok: true,
      value: "shipped",
    });
    expect(await updateOrderStatus(caro, { orderId: order!.id, status: "shipped" })).toEqual({
      ok: true,
      value: "shipped",
    });
    const { rows } = await listAuditLog(query("tipo=order"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorEmail: "caro@vitec.com.ar",
      action: "order.status",
      entityId: order!.id,
      entityLabel: `#${order!.id.slice(0, 8)}`,
      before: { status: "pending" },
      after: { status: "shipped" },
    });
  });

  it("records a settings change, and filters by who made it", async () => {
    const beto = await admin("beto@vitec.com.ar");
    await updateSetting(beto, "shipping_methods", [{ name: "Retiro en local", cost: 0 }]);
    const { rows } = await listAuditLog(query("q=beto"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "setting.update",
      entityId: "shipping_methods",
      after: { value: [{ name: "Retiro en local", cost: 0 }] },
    });
    expect((rows[0]!.before as { value: unknown[] }).value.length).toBeGreaterThan(1);
    expect((await listAuditLog(query("q=nadie"))).total).toBe(0);
  });
});
