import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/schema/auth";
import { placeOrder } from "~/models/place-order.server";
import { getProfile } from "~/models/profile.server";
import { listWishlistIds } from "~/models/wishlist.server";
import { createUser } from "~/models/user.server";
import { getAuth } from "~/utils/auth.server";
import { loader as orderLoader } from "~/routes/account/order";
import { action as profileAction, loader as accountLoader } from "~/routes/account/cuenta";
import { action as customersAction } from "~/routes/admin/customers";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { loader as successLoader } from "~/routes/checkout/success";
import { action as wishlistAction } from "~/routes/resources/wishlist";
import { setupTestDatabase } from "../setup/db";
import { insertProduct } from "../setup/factories";
import { args, cookieFrom, formRequest, getRequest, outcome, signedInCustomer } from "../setup/routes";

// Insecure direct object references: every object a customer can name in a URL or a form
// (an order, a confirmation, a profile, a wishlist) is looked up through the session's owner,
// so naming someone else's answers exactly like naming one that does not exist.

const t = setupTestDatabase();

const FIELDS = {
  first_name: "Ana",
  last_name: "Gómez",
  email: "ana@example.com",
  phone: "11 5555-1234",
  address: "Av. Corrientes 1234",
  city: "CABA",
  state: "Buenos Aires",
  zip: "C1043",
};

let ana: Awaited<ReturnType<typeof signedInCustomer>>;
let bruno: Awaited<ReturnType<typeof signedInCustomer>>;
let anasOrder: { id: string; accessToken: string };
let guestOrder: { id: string; accessToken: string };
let product: { id: string };

async function orderFor(userId: string | null) {
  return placeOrder({
    idempotencyKey: randomUUID(),
    lines: [{ cartId: randomUUID(), productId: product.id, quantity: 1, selectedOptions: [] }],
    shippingMethod: "Retiro en local",
    paymentMethod: "Mercado Pago",
    fields: FIELDS,
    userId,
  });
}

beforeAll(async () => {
  product = await insertProduct({ name: "Router WiFi", price: "45000", stock: 100, status: "published" });
  ana = await signedInCustomer();
  bruno = await signedInCustomer();
  anasOrder = await orderFor(ana.id);
  guestOrder = await orderFor(null);
});

describe("orders", () => {
  it("a customer opens their own order, and another customer's answers 404 like a missing one", async () => {
    const open = (id: string, cookie: string) =>
      outcome(() => orderLoader(args(getRequest(`/cuenta/pedidos/${id}`, cookie), { params: { id } }) as never));
    expect((await open(anasOrder.id, ana.cookie)).status).toBe(200);
    const other = await open(anasOrder.id, bruno.cookie);
    const missing = await open(randomUUID(), bruno.cookie);
    expect(other.status).toBe(404);
    expect(other.body).toEqual(missing.body);
    expect((await open(guestOrder.id, bruno.cookie)).status).toBe(404);
    // Anonymous visitors are sent to sign in.
    expect((await open(anasOrder.id, "")).location).toMatch(/^\/login\?redirectTo=/);
  });

  it("the account page lists only the customer's own orders", async () => {
    const page = async (cookie: string) =>
      (await outcome(() => accountLoader(args(getRequest("/cuenta", cookie)) as never))).body as {
        orders: { id: string }[];
      };
    expect((await page(ana.cookie)).orders.map((o) => o.id)).toEqual([anasOrder.id]);
    expect((await page(bruno.cookie)).orders).toEqual([]);
  });
});

describe("confirmations", () => {
  const open = (order: string, token: string) =>
    outcome(() => successLoader(args(getRequest(`/success?${new URLSearchParams({ order, token })}`)) as never));

  it("need the order's own access token: another order's token, a guess or none answer 404", async () => {
    expect((await open(guestOrder.id, guestOrder.accessToken)).status).toBe(200);
    expect((await open(guestOrder.id, anasOrder.accessToken)).status).toBe(404);
    expect((await open(guestOrder.id, guestOrder.accessToken.slice(0, -1))).status).toBe(404);
    expect((await open(guestOrder.id, "")).status).toBe(404);
    expect((await open(guestOrder.id, "' OR '1'='1")).status).toBe(404);
    expect((await open(guestOrder.id.slice(0, 8), guestOrder.accessToken)).status).toBe(404);
  });
});

describe("profiles", () => {
  it("the profile form changes the signed-in customer's profile only, whatever ids the form carries", async () => {
    const before = await getProfile(ana.id);
    const form = formRequest(
      "/cuenta",
      {
        fullName: "Bruno Cambiado",
        phone: "11 4444-0000",
        address: "",
        city: "",
        state: "",
        zipCode: "",
        userId: ana.id,
        id: ana.id,
        email: ana.email,
      },
      { cookie: bruno.cookie },
    );
    expect((await outcome(() => profileAction(args(form) as never))).status).toBe(200);
    expect((await getProfile(bruno.id))?.fullName).toBe("Bruno Cambiado");
    expect(await getProfile(ana.id)).toEqual(before);
  });

  it("the wishlist endpoint only ever touches the session's own list", async () => {
    const request = (cookie: string, body: unknown) =>
      new Request("http://localhost/api/wishlist", {
        method: "POST",
        headers: { cookie, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    await outcome(() => wishlistAction(args(request(ana.cookie, { intent: "add", productId: product.id })) as never));
    await outcome(() =>
      wishlistAction(args(request(bruno.cookie, { intent: "remove", productId: product.id, userId: ana.id })) as never),
    );
    expect(await listWishlistIds(ana.id)).toEqual([product.id]);
    expect(
      (await outcome(() => wishlistAction(args(request("", { intent: "add", productId: product.id })) as never)))
        .status,
    ).toBe(401);
  });
});

describe("roles", () => {
  it("a role change takes effect on the very next request, both ways, with the same session", async () => {
    await createUser({ email: "jefa@vitec.example", password: "clave-de-jefa", fullName: "Jefa", role: "admin" });
    const signIn = async (email: string, password: string) =>
      cookieFrom((await getAuth().api.signInEmail({ body: { email, password }, asResponse: true })).headers);
    const jefa = await signIn("jefa@vitec.example", "clave-de-jefa");
    const { id: staffId } = await createUser({
      email: "staff@vitec.example",
      password: "clave-de-staff",
      fullName: "Staff",
      role: "admin",
    });
    const staff = await signIn("staff@vitec.example", "clave-de-staff");
    const dashboard = () => outcome(() => dashboardLoader(args(getRequest("/admin/dashboard", staff)) as never));
    expect((await dashboard()).status).toBe(200);

    const setRole = (role: string) =>
      outcome(() =>
        customersAction(
          args(
            formRequest(
              "/admin/clientes",
              { intent: "update", userId: staffId, fullName: "Staff", email: "staff@vitec.example", role },
              { cookie: jefa },
            ),
          ) as never,
        ),
      );
    expect((await setRole("customer")).status).toBe(200);
    expect(await roleOf(staffId)).toBe("customer");
    expect((await dashboard()).status).toBe(403);

    expect((await setRole("admin")).status).toBe(200);
    expect((await dashboard()).status).toBe(200);
  });
});

async function roleOf(id: string) {
  const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, id));
  return row?.role;
}
