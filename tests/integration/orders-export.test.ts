import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { parseCsvText } from "~/domain/csv";
import { placeOrder } from "~/models/place-order.server";
import { loader as exportLoader } from "~/routes/admin/orders-export";
import { setupTestDatabase } from "../setup/db";
import { insertProduct } from "../setup/factories";
import { args, getRequest, signedInAdmin } from "../setup/routes";

// [18/25] Admin > Órdenes > Exportar CSV: the "Productos" column lists what each order bought
// (it was empty for every order: the items subquery compared the item's own id).

setupTestDatabase();

let admin: { cookie: string };
let mouse: { id: string };
let keyboard: { id: string };

beforeAll(async () => {
  admin = await signedInAdmin();
  mouse = await insertProduct({ name: "Mouse Logitech M280", price: "15999.00", stock: 50 });
  keyboard = await insertProduct({ name: "Teclado Genius KB-110", price: "13999.00", stock: 50 });
});

async function place(lines: { productId: string; quantity: number }[], firstName: string) {
  return placeOrder({
    idempotencyKey: randomUUID(),
    lines: lines.map((l) => ({ cartId: randomUUID(), selectedOptions: [], ...l })),
    shippingMethod: "Retiro en local",
    paymentMethod: "transferencia",
    fields: {
      first_name: firstName,
      last_name: "Paz",
      email: `${firstName.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`,
      phone: "11 5555-0000",
      address: "Av. Santa Fe 1000",
      city: "CABA",
      state: "Buenos Aires",
      zip: "C1059",
    },
  });
}

describe("the orders export", () => {
  it("lists each order's products with their quantities in the 'Productos' column", async () => {
    await place(
      [
        { productId: mouse.id, quantity: 2 },
        { productId: keyboard.id, quantity: 1 },
      ],
      "Julia",
    );
    await place([{ productId: keyboard.id, quantity: 3 }], "Marcos");

    const response = (await exportLoader(
      args(getRequest("/admin/ordenes/exportar", admin.cookie)) as never,
    )) as Response;
    expect(response.status).toBe(200);
    const [header, ...rows] = parseCsvText(await response.text());
    const column = (name: string) => header!.findIndex((h) => h.replace(/^\uFEFF/, "") === name);
    const byName = Object.fromEntries(rows.map((r) => [r[column("Nombre")], r[column("Productos")]]));
    expect(byName).toEqual({
      Julia: "2 x Mouse Logitech M280; 1 x Teclado Genius KB-110",
      Marcos: "3 x Teclado Genius KB-110",
    });
  });
});
