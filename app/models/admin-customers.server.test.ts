import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { profiles, sessions, users } from "~/db/schema/auth";
import { checkoutDrafts, stockAlerts } from "~/db/schema/win-back";
import { getDb } from "~/db/client.server";
import { getAuth, requireAdmin } from "~/utils/auth.server";
import { setupTestDatabase } from "../../tests/setup/db";
import { insertProduct } from "../../tests/setup/factories";
import {
  type Actor,
  CANNOT_DELETE_SELF,
  CANNOT_DEMOTE_SELF,
  createCustomer,
  deleteCustomer,
  listCustomers,
  updateCustomer,
} from "./admin-customers.server";
import { listAuditLog, parseAuditQuery } from "./audit.server";
import { createUser } from "./user.server";
import { isOptedOut, optOut, saveCheckoutDraft } from "./win-back.server";

const t = setupTestDatabase();

async function signIn(email: string, password: string): Promise<Headers> {
  const response = await getAuth().api.signInEmail({ body: { email, password }, asResponse: true });
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return new Headers({ cookie });
}

let admin: Actor;

beforeAll(async () => {
  const { id } = await createUser({
    email: "jefa@vitec.com.ar",
    password: "clave-de-admin",
    fullName: "Jefa Admin",
    role: "admin",
  });
  admin = { userId: id, email: "jefa@vitec.com.ar", headers: await signIn("jefa@vitec.com.ar", "clave-de-admin") };
});

async function profileName(id: string) {
  const [row] = await t.db.select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, id));
  return row?.fullName ?? null;
}

describe("customers in the admin", () => {
  it("creates a customer with a password that works, and its profile name", async () => {
    const result = await createCustomer(admin, {
      fullName: "Carla Ruiz",
      email: "carla@example.com",
      password: "una-clave-segura",
      role: "customer",
    });
    expect(result.ok).toBe(true);
    const id = result.ok ? result.value.id : "";
    expect(await profileName(id)).toBe("Carla Ruiz");
    const [row] = await t.db.select({ role: users.role, name: users.name }).from(users).where(eq(users.id, id));
    expect(row).toEqual({ role: "customer", name: "Carla Ruiz" });
    await signIn("carla@example.com", "una-clave-segura");
  });

  it("refuses an e-mail that is already taken, in Spanish, on the e-mail field", async () => {
    const result = await createCustomer(admin, {
      fullName: "Otra",
      email: "carla@example.com",
      password: "una-clave-segura",
      role: "customer",
    });
    expect(result).toEqual({ ok: false, message: "Ya existe una cuenta con ese email.", field: "email" });
  });

  it("lists accounts newest first with name (or none), e-mail and last sign-in (or never)", async () => {
    await createCustomer(admin, {
      fullName: "Nunca Entró",
      email: "nunca@example.com",
      password: "una-clave-segura",
      role: "customer",
    });
    await t.db
      .update(profiles)
      .set({ fullName: null })
      .where(eq(profiles.id, (await findId("nunca@example.com"))!));
    await t.db.update(users).set({ name: "" }).where(eq(users.email, "nunca@example.com"));

    const list = await listCustomers(admin);
    expect(list.customers.map((c) => c.email)).toEqual(["nunca@example.com", "carla@example.com", "jefa@vitec.com.ar"]);
    const never = list.customers[0]!;
    expect(never).toMatchObject({ fullName: null, lastSignInAt: null, lastSignInLabel: null, role: "customer" });
    const carla = list.customers[1]!;
    expect(carla.fullName).toBe("Carla Ruiz");
    expect(carla.lastSignInAt).not.toBeNull();
    expect(list.customers[2]!.role).toBe("admin");

    // Signing out ends the session, not the record of the last sign-in.
    const carlaSession = await signIn("carla@example.com", "una-clave-segura");
    await getAuth().api.signOut({ headers: carlaSession });
    // ... and from the earlier session too: no session of hers is left.
    await t.db.delete(sessions).where(eq(sessions.userId, carla.id));
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, carla.id))).toEqual([]);
    const afterSignOut = (await listCustomers(admin)).customers.find((c) => c.email === "carla@example.com")!;
    expect(afterSignOut.lastSignInAt).not.toBeNull();
    expect(afterSignOut.lastSignInLabel).not.toBeNull();

    const searched = await listCustomers(admin, { q: "CARLA" });
    expect(searched.customers.map((c) => c.email)).toEqual(["carla@example.com"]);
    const paged = await listCustomers(admin, { pageSize: 2, page: 2 });
    expect(paged).toMatchObject({ page: 2, pageCount: 2, total: 3 });
    expect(paged.customers.map((c) => c.email)).toEqual(["jefa@vitec.com.ar"]);
  });

  it("edits name and e-mail, keeping the profile's full_name in step", async () => {
    const id = (await findId("carla@example.com"))!;
    const result = await updateCustomer(admin, {
      userId: id,
      fullName: "Carla Ruiz Díaz",
      email: "carla.ruiz@example.com",
      role: "customer",
    });
    expect(result.ok).toBe(true);
    const [row] = await t.db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, id));
    expect(row).toEqual({ email: "carla.ruiz@example.com", name: "Carla Ruiz Díaz" });
    expect(await profileName(id)).toBe("Carla Ruiz Díaz");
  });

  it("changes the role, and the change takes effect on the user's very next request", async () => {
    const id = (await findId("carla.ruiz@example.com"))!;
    const carla = await signIn("carla.ruiz@example.com", "una-clave-segura");
    const asCarla = () => requireAdmin(new Request("http://localhost/admin/dashboard", { headers: carla }));
    await expect(asCarla()).rejects.toMatchObject({ status: 403 });

    expect(
      (
        await updateCustomer(admin, {
          userId: id,
          fullName: "Carla Ruiz Díaz",
          email: "carla.ruiz@example.com",
          role: "admin",
        })
      ).ok,
    ).toBe(true);
    await expect(asCarla()).resolves.toMatchObject({ email: "carla.ruiz@example.com", role: "admin" });

    expect(
      (
        await updateCustomer(admin, {
          userId: id,
          fullName: "Carla Ruiz Díaz",
          email: "carla.ruiz@example.com",
          role: "customer",
        })
      ).ok,
    ).toBe(true);
    await expect(asCarla()).rejects.toMatchObject({ status: 403 });

    // Both role changes are in the audit log, newest first, with who made them.
    const { rows } = await listAuditLog(parseAuditQuery(new URLSearchParams("tipo=user&q=carla.ruiz")));
    const roleChanges = rows.filter((r) => r.action === "user.role");
    expect(roleChanges.map((r) => [r.actorEmail, r.before?.role, r.after?.role])).toEqual([
      ["jefa@vitec.com.ar", "admin", "customer"],
      ["jefa@vitec.com.ar", "customer", "admin"],
    ]);
  });

  it("does not let an admin demote or delete themself", async () => {
    const demote = await updateCustomer(admin, {
      userId: admin.userId,
      fullName: "Jefa Admin",
      email: "jefa@vitec.com.ar",
      role: "customer",
    });
    expect(demote).toEqual({ ok: false, message: CANNOT_DEMOTE_SELF, field: "role" });
    expect(await deleteCustomer(admin, admin.userId)).toEqual({ ok: false, message: CANNOT_DELETE_SELF });
    const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, admin.userId));
    expect(row?.role).toBe("admin");
    // Editing their own name keeps the admin role.
    expect(
      (
        await updateCustomer(admin, {
          userId: admin.userId,
          fullName: "Jefa",
          email: "jefa@vitec.com.ar",
          role: "admin",
        })
      ).ok,
    ).toBe(true);
  });

  it("deletes a customer, with their sessions, cart drafts and stock alerts, and says so when it is already gone", async () => {
    const id = (await findId("carla.ruiz@example.com"))!;
    const product = await insertProduct({ name: "Monitor agotado", stock: 0 });
    await saveCheckoutDraft("Carla.Ruiz@example.com", [{ productId: product.id, selectedOptions: [], quantity: 1 }]);
    await getDb().insert(stockAlerts).values({ email: "carla.ruiz@example.com", productId: product.id });
    await optOut("carla.ruiz@example.com", "link");
    expect(await deleteCustomer(admin, id)).toEqual({ ok: true, value: undefined });
    expect(await findId("carla.ruiz@example.com")).toBeNull();
    const left = (table: typeof checkoutDrafts | typeof stockAlerts) =>
      getDb().select({ email: table.email }).from(table).where(eq(table.email, "carla.ruiz@example.com"));
    expect(await left(checkoutDrafts)).toEqual([]);
    expect(await left(stockAlerts)).toEqual([]);
    // The opt-out outlives the account: the address is never sent a reminder again.
    expect(await isOptedOut("carla.ruiz@example.com")).toBe(true);
    expect(await deleteCustomer(admin, id)).toEqual({ ok: false, message: "No encontramos el cliente." });
  });

  it("refuses everything to a customer's session (better-auth checks the role too)", async () => {
    await createCustomer(admin, {
      fullName: "Cliente",
      email: "cliente@example.com",
      password: "una-clave-segura",
      role: "customer",
    });
    const customer: Actor = {
      userId: (await findId("cliente@example.com"))!,
      email: "cliente@example.com",
      headers: await signIn("cliente@example.com", "una-clave-segura"),
    };
    const created = await createCustomer(customer, {
      fullName: "X",
      email: "x@example.com",
      password: "una-clave-segura",
      role: "admin",
    });
    expect(created.ok).toBe(false);
    expect(await findId("x@example.com")).toBeNull();
    expect((await deleteCustomer(customer, admin.userId)).ok).toBe(false);
  });
});

async function findId(email: string): Promise<string | null> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}
