import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders } from "~/db/schema/orders";
import { decide, staffEventFor, stockStateForStatus } from "~/domain/order-life";
import { ORDER_STATUSES } from "~/domain/order-status";
import { action } from "~/routes/admin/orders";
import { getAuth } from "~/utils/auth.server";
import { setupTestDatabase } from "../../tests/setup/db";
import { insertOrder } from "../../tests/setup/factories";
import { getAdminOrder, listAdminOrders, updateOrderField, updateOrderStatus } from "./admin-orders.server";
import { createUser } from "./user.server";

const t = setupTestDatabase();

// The admin the changes are made by (the audit log records who).
let STAFF: { id: string; email: string };
beforeAll(async () => {
  const user = await createUser({
    email: "pedidos@vitec.com.ar",
    password: "clave-de-admin-1",
    fullName: "Pedidos",
    role: "admin",
  });
  STAFF = { id: user.id, email: user.email };
});

async function readOrder(id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

describe("order status", () => {
  it("saves each move the order's life allows and refuses the others with why, leaving the order as it was", async () => {
    // A manual order, from each status to each other: exactly what the table of moves says.
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        if (from === to) continue;
        const id = await insertOrder({ status: from });
        const event = staffEventFor(from, to)!;
        const expected = decide({ status: from, payment: null, stock: stockStateForStatus(from) }, event);
        const result = await updateOrderStatus(STAFF, { orderId: id, status: to });
        if (expected.ok) {
          expect(result, `${from} -> ${to}`).toEqual({ ok: true, value: to });
          expect((await readOrder(id)).status).toBe(to);
        } else {
          expect(result, `${from} -> ${to}`).toEqual({ ok: false, message: expected.message, status: 409 });
          expect((await readOrder(id)).status).toBe(from);
        }
      }
    }
  });

  it("a clerk cannot cancel a delivered order, nor ship a cancelled one without reopening it", async () => {
    const delivered = await insertOrder({ status: "delivered" });
    expect(await updateOrderStatus(STAFF, { orderId: delivered, status: "cancelled" })).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringContaining("Este pedido ya se envió"),
    });
    const cancelled = await insertOrder({ status: "cancelled" });
    expect(await updateOrderStatus(STAFF, { orderId: cancelled, status: "shipped" })).toMatchObject({
      ok: false,
      message: "El pedido está cancelado: reactivalo primero (Pendiente o Procesando).",
    });
    expect(await updateOrderStatus(STAFF, { orderId: cancelled, status: "pending" })).toEqual({
      ok: true,
      value: "pending",
    });
    expect(await updateOrderStatus(STAFF, { orderId: cancelled, status: "shipped" })).toEqual({
      ok: true,
      value: "shipped",
    });
  });

  it("refuses an unknown status and keeps the stored one", async () => {
    const id = await insertOrder({ status: "processing" });
    const result = await updateOrderStatus(STAFF, { orderId: id, status: "completed" });
    expect(result).toEqual({ ok: false, message: "Elegí un estado válido.", status: 400 });
    expect((await readOrder(id)).status).toBe("processing");
  });

  it("answers not found for an order that does not exist, and refuses a malformed id", async () => {
    expect(
      await updateOrderStatus(STAFF, { orderId: "00000000-0000-4000-8000-000000000000", status: "shipped" }),
    ).toMatchObject({
      ok: false,
      status: 404,
      message: "No encontramos la orden.",
    });
    expect(await updateOrderStatus(STAFF, { orderId: "1; drop table orders", status: "shipped" })).toMatchObject({
      ok: false,
      status: 400,
    });
  });
});

describe("order field edit", () => {
  it("saves each whitelisted text field, trimmed, with empty saved as null", async () => {
    const id = await insertOrder();
    const cases: [string, string, unknown][] = [
      ["customer_name", "  Ana ", "Ana"],
      ["customer_lastname", "Gómez", "Gómez"],
      ["customer_email", " ANA@Example.com ", "ana@example.com"],
      ["customer_phone", "11 4444-5555", "11 4444-5555"],
      ["billing_cuit", "20-12345678-9", "20-12345678-9"],
      ["billing_company", "Acme S.A.", "Acme S.A."],
      ["payment_method", "Mercado Pago", "Mercado Pago"],
      ["shipping_method", "Retiro en local", "Retiro en local"],
      ["notes", "Tocar timbre\nPiso 3", "Tocar timbre\nPiso 3"],
      ["billing_company", "   ", null],
    ];
    for (const [field, value, stored] of cases) {
      const result = await updateOrderField(STAFF, { orderId: id, field, value });
      expect(result, field).toEqual({ ok: true, value: { field, value: stored } });
    }
    const row = await readOrder(id);
    expect(row).toMatchObject({
      customerName: "Ana",
      customerLastname: "Gómez",
      customerEmail: "ana@example.com",
      customerPhone: "11 4444-5555",
      billingCuit: "20-12345678-9",
      billingCompany: null,
      paymentMethod: "Mercado Pago",
      shippingMethod: "Retiro en local",
      notes: "Tocar timbre\nPiso 3",
    });
  });

  it("refuses a field outside the whitelist and changes nothing", async () => {
    const id = await insertOrder();
    for (const field of ["total", "status", "user_id", "access_token", "customerName"]) {
      const result = await updateOrderField(STAFF, { orderId: id, field, value: "0" });
      expect(result, field).toEqual({ ok: false, message: "Ese campo no se puede editar.", status: 400 });
    }
    expect((await readOrder(id)).total).toBe("1000.00");
  });

  it("validates values with Spanish messages and saves nothing on error", async () => {
    const id = await insertOrder();
    expect(await updateOrderField(STAFF, { orderId: id, field: "customer_email", value: "no-es-email" })).toMatchObject(
      {
        ok: false,
        message: "Ingresá un email válido.",
      },
    );
    expect(await updateOrderField(STAFF, { orderId: id, field: "billing_cuit", value: "123" })).toMatchObject({
      ok: false,
      message: "El CUIT debe tener 11 dígitos.",
    });
    expect(await updateOrderField(STAFF, { orderId: id, field: "customer_name", value: "Ana\nMaría" })).toMatchObject({
      ok: false,
    });
    expect((await readOrder(id)).customerEmail).toBe("lucia@example.com");
  });

  it("saves the address as an object with line1, city, state and zip", async () => {
    const id = await insertOrder();
    const value = JSON.stringify({ line1: " Mitre 500 ", city: "Rosario", state: "Santa Fe", zip: "S2000" });
    const result = await updateOrderField(STAFF, { orderId: id, field: "address", value });
    expect(result).toEqual({
      ok: true,
      value: { field: "address", value: { line1: "Mitre 500", city: "Rosario", state: "Santa Fe", zip: "S2000" } },
    });
    expect((await readOrder(id)).address).toEqual({
      line1: "Mitre 500",
      city: "Rosario",
      state: "Santa Fe",
      zip: "S2000",
    });
  });

  it("answers 'JSON inválido' for an address that is not a JSON object, and saves nothing", async () => {
    const id = await insertOrder();
    const before = (await readOrder(id)).address;
    for (const value of ["{line1: 'Mitre'}", "", "[]", '"Mitre 500"', "null", '{"line1": 5}', '{"street": "Mitre"}']) {
      const result = await updateOrderField(STAFF, { orderId: id, field: "address", value });
      expect(result, value).toEqual({ ok: false, message: "JSON inválido", status: 400 });
    }
    expect((await readOrder(id)).address).toEqual(before);
  });
});

describe("order list", () => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    await t.db.delete(orders);
    const base = Date.now() - 60 * 60 * 1000;
    const at = (minutes: number) => new Date(base + minutes * 60 * 1000);
    ids.oldest = await insertOrder(
      {
        customerName: "Martina",
        customerLastname: "López",
        customerEmail: "martina@example.com",
        status: "delivered",
        createdAt: at(1),
      },
      [
        { name: "Mouse", quantity: 2, price: "1500.00" },
        { name: "Teclado", quantity: 1, price: "9000.00" },
      ],
    );
    ids.middle = await insertOrder({
      customerName: "Juan",
      customerLastname: "Pérez",
      customerEmail: "juan@empresa.com",
      status: "pending",
      createdAt: at(2),
    });
    ids.newest = await insertOrder({
      customerName: "Ana",
      customerLastname: "López",
      customerEmail: "ana_50%@example.com",
      status: "shipped",
      createdAt: at(3),
    });
  });

  it("lists newest first with the items of each order", async () => {
    const list = await listAdminOrders();
    expect(list.orders.map((o) => o.id)).toEqual([ids.newest, ids.middle, ids.oldest]);
    expect(list.total).toBe(3);
    const oldest = list.orders[2]!;
    expect(oldest.items.map((i) => [i.name, i.quantity, i.subtotal])).toEqual([
      ["Mouse", 2, 3000],
      ["Teclado", 1, 9000],
    ]);
    expect(oldest.number).toBe(ids.oldest!.slice(0, 8));
    expect(list.orders[0]!.items).toEqual([]);
  });

  it("filters by status", async () => {
    expect((await listAdminOrders({ status: "delivered" })).orders.map((o) => o.id)).toEqual([ids.oldest]);
    expect((await listAdminOrders({ status: "cancelled" })).orders).toEqual([]);
  });

  it("searches by name, lastname, full name and e-mail, case-insensitively", async () => {
    const search = async (q: string) => (await listAdminOrders({ q })).orders.map((o) => o.id);
    expect(await search("lópez")).toEqual([ids.newest, ids.oldest]);
    expect(await search("JUAN")).toEqual([ids.middle]);
    expect(await search("Ana López")).toEqual([ids.newest]);
    expect(await search("@empresa.com")).toEqual([ids.middle]);
    // Wildcards typed by a person are literal.
    expect(await search("50%")).toEqual([ids.newest]);
    expect(await search("%")).toEqual([ids.newest]);
    expect(await search(`#${ids.middle!.slice(0, 8)}`)).toEqual([ids.middle]);
    expect(await listAdminOrders({ q: "lópez", status: "shipped" }).then((l) => l.orders.map((o) => o.id))).toEqual([
      ids.newest,
    ]);
  });

  it("paginates, and a page past the end shows the last page", async () => {
    const first = await listAdminOrders({ pageSize: 2 });
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 3 });
    expect(first.orders.map((o) => o.id)).toEqual([ids.newest, ids.middle]);
    const second = await listAdminOrders({ pageSize: 2, page: 2 });
    expect(second.orders.map((o) => o.id)).toEqual([ids.oldest]);
    expect((await listAdminOrders({ pageSize: 2, page: 99 })).page).toBe(2);
  });

  it("reads one order by id", async () => {
    expect((await getAdminOrder(ids.oldest!))?.customerName).toBe("Martina");
    expect(await getAdminOrder("no-es-un-id")).toBeNull();
  });
});

describe("the orders page's action", () => {
  let cookie = "";

  beforeAll(async () => {
    await createUser({
      email: "admin.ordenes@vitec.com.ar",
      password: "clave-de-admin",
      fullName: "Admin",
      role: "admin",
    });
    const response = await getAuth().api.signInEmail({
      body: { email: "admin.ordenes@vitec.com.ar", password: "clave-de-admin" },
      asResponse: true,
    });
    cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  });

  async function post(fields: Record<string, string>) {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    const request = new Request("http://localhost/admin/ordenes", { method: "POST", body, headers: { cookie } });
    const result = (await action({ request, params: {}, context: {} } as Parameters<typeof action>[0])) as unknown as {
      data: { ok: boolean; toast: { title: string; description?: string } };
      init: { status?: number } | null;
    };
    return { ...result.data, status: result.init?.status ?? 200 };
  }

  it("updates the status with the spec's toast, and refuses an unknown one", async () => {
    const id = await insertOrder();
    expect(await post({ intent: "update-status", orderId: id, status: "delivered" })).toMatchObject({
      ok: true,
      status: 200,
      toast: { title: "Estado actualizado" },
    });
    expect((await readOrder(id)).status).toBe("delivered");
    expect(await post({ intent: "update-status", orderId: id, status: "lost" })).toMatchObject({
      ok: false,
      status: 400,
      toast: { title: "Error al guardar", description: "Elegí un estado válido." },
    });
    expect((await readOrder(id)).status).toBe("delivered");
  });

  it("answers 'Actualizado' for a field and 'JSON inválido' for a bad address", async () => {
    const id = await insertOrder();
    expect(
      await post({ intent: "update-field", orderId: id, field: "notes", value: "Entregar de tarde" }),
    ).toMatchObject({
      ok: true,
      toast: { title: "Actualizado" },
    });
    expect(await post({ intent: "update-field", orderId: id, field: "address", value: "{nope" })).toMatchObject({
      ok: false,
      status: 400,
      toast: { title: "JSON inválido" },
    });
    expect(await post({ intent: "borrar-todo", orderId: id })).toMatchObject({ ok: false, status: 400 });
  });
});
