import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { outboxEmails } from "~/db/schema/content";
import { action as customersAction } from "~/routes/admin/customers";
import { action as loginAction } from "~/routes/auth/login";
import { action as checkoutAction } from "~/routes/checkout/checkout";
import { setupTestDatabase } from "../setup/db";
import { insertProduct } from "../setup/factories";
import { args, formRequest, outcome, signedInAdmin } from "../setup/routes";

// Finding 12 of the spec walk: only accounts made at checkout got the welcome e-mail. Every way an
// account is made now queues exactly one, with the shop's template and never the password.

const t = setupTestDatabase();

const welcomesTo = (to: string) =>
  t.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, to), eq(outboxEmails.kind, "welcome")));

let adminCookie: string;
let product: { id: string };

beforeAll(async () => {
  adminCookie = (await signedInAdmin()).cookie;
  product = await insertProduct({ name: "Mouse", price: "20000", stock: 10, status: "published" });
});

async function expectOneWelcome(to: string, password: string) {
  const mails = await welcomesTo(to);
  expect(mails).toHaveLength(1);
  expect(mails[0]).toMatchObject({ subject: "¡Bienvenido a Vitec!", status: "pending" });
  expect(mails[0]!.html).toContain(`<strong>${to}</strong>`);
  expect(mails[0]!.html).not.toContain(password);
}

describe("the welcome e-mail of a new account", () => {
  it("a shopper who signs up at /login gets one", async () => {
    const result = await outcome(() =>
      loginAction(
        args(
          formRequest("/login", {
            intent: "signup",
            email: "registro@example.com",
            password: "clave-de-registro",
            fullName: "Rita Registro",
          }),
        ) as never,
      ),
    );
    expect(result.status).toBe(302);
    await expectOneWelcome("registro@example.com", "clave-de-registro");
  });

  it("a customer staff create in Admin > Clientes gets one", async () => {
    const result = await outcome(() =>
      customersAction(
        args(
          formRequest(
            "/admin/clientes",
            {
              intent: "create",
              fullName: "Carla Cliente",
              email: "carla@example.com",
              password: "clave-de-carla",
              role: "customer",
            },
            { cookie: adminCookie, headers: { origin: "http://localhost" } },
          ),
        ) as never,
      ),
    );
    expect(result.status).toBe(200);
    await expectOneWelcome("carla@example.com", "clave-de-carla");
  });

  it("a shopper who creates an account at checkout gets one, however many times the order is retried", async () => {
    const form = {
      lines: JSON.stringify([{ cartId: randomUUID(), productId: product.id, quantity: 1, selectedOptions: [] }]),
      shippingMethod: "Retiro en local",
      paymentMethod: "transferencia",
      terms: "on",
      idempotencyKey: randomUUID(),
      createAccount: "on",
      password: "clave-de-compra",
      field_first_name: "Lucía",
      field_last_name: "Fernández",
      field_email: "compra@example.com",
      field_phone: "11 5555-1234",
      field_address: "Av. Siempre Viva 742",
      field_city: "CABA",
      field_state: "Buenos Aires",
      field_zip: "C1043",
    };
    const first = await outcome(() => checkoutAction(args(formRequest("/checkout", form)) as never));
    expect(first.status).toBe(302);
    const retried = await outcome(() => checkoutAction(args(formRequest("/checkout", form)) as never));
    expect(retried.status).toBe(302);
    await expectOneWelcome("compra@example.com", "clave-de-compra");
  });
});
