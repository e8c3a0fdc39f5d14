import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "~/db/schema/catalog";
import { orders } from "~/db/schema/orders";
import { emptyProductForm } from "~/schemas/product-form-state";
import { getAdminOrder } from "~/models/admin-orders.server";
import { action as checkoutAction } from "~/routes/checkout/checkout";
import { action as productsAction } from "~/routes/admin/products";
import { setupTestDatabase } from "../setup/db";
import { insertProduct } from "../setup/factories";
import { args, formRequest, outcome, signedInAdmin } from "../setup/routes";

// [18/25] Control characters (U+0085) and bidirectional overrides (U+202E) typed by a shopper or
// staff are taken out where the request is read: "O'Brien\u202Eexe.txt" showed as
// "O'Brientxt.exe" to the clerk, and U+0085 made the orders page invalid HTML.

const t = setupTestDatabase();
// eslint-disable-next-line no-control-regex -- looking for control characters
const INVISIBLE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

let mouse: { id: string };

beforeAll(async () => {
  mouse = await insertProduct({ name: "Mouse", price: "15000", stock: 100 });
});

describe("text from shoppers and staff", () => {
  it("a shopper's name and address are stored without overrides or control characters; the notes keep their lines", async () => {
    const form = {
      lines: JSON.stringify([{ cartId: randomUUID(), productId: mouse.id, quantity: 1, selectedOptions: [] }]),
      shippingMethod: "Retiro en local",
      paymentMethod: "transferencia",
      terms: "on",
      idempotencyKey: randomUUID(),
      field_first_name: "O'Brien\u202Eexe.txt",
      field_last_name: "Paz\u2066\u2069",
      field_email: "obrien@example.com",
      field_phone: "11 5555-1234",
      field_address: "Av. Santa Fe\u0085 1000",
      field_city: "CABA",
      field_state: "Buenos Aires",
      field_zip: "C1043",
      field_notes: "Timbre 2B\r\nDejar en portería\u0007",
    };
    const answer = await outcome(() =>
      checkoutAction(args(formRequest("/checkout", form), { ip: "198.18.200.1" }) as never),
    );
    expect(answer.status).toBe(302);
    const id = new URL(answer.location!, "http://localhost").searchParams.get("order")!;
    const [order] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(order!.customerName).toBe("O'Brienexe.txt");
    expect(order!.customerLastname).toBe("Paz");
    expect(order!.address.line1).toBe("Av. Santa Fe 1000");
    expect(order!.notes).toBe("Timbre 2B\nDejar en portería");
    // What the admin's orders page renders holds none of them.
    const view = await getAdminOrder(id);
    expect(JSON.stringify(view)).not.toMatch(INVISIBLE);
  });

  it("a product's name and description saved by staff lose them too", async () => {
    const admin = await signedInAdmin();
    const product = {
      ...emptyProductForm(),
      name: "Mouse\u202Egpj.exe",
      price: "1000",
      stock: "1",
      description: "Inalámbrico\u0085 2,4 GHz",
    };
    const request = new Request("http://localhost/admin/productos", {
      method: "POST",
      body: JSON.stringify({ intent: "save", product }),
      headers: { cookie: admin.cookie, "Content-Type": "application/json" },
    });
    const answer = await outcome(() => productsAction(args(request) as never));
    expect(answer.status).toBe(200);
    const [saved] = await t.db.select().from(products).where(eq(products.slug, "mousegpj-exe"));
    expect(saved).toMatchObject({ name: "Mousegpj.exe", description: "Inalámbrico 2,4 GHz" });
  });
});
