import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "~/db/schema/auth";
import { setupTestDatabase } from "../../tests/setup/db";
import { getAuth, getSessionUser, requireAdmin, requireUser } from "./auth.server";

const t = setupTestDatabase();

function cookieFrom(response: Response): string {
  const setCookie = response.headers.getSetCookie();
  return setCookie.map((c) => c.split(";")[0]).join("; ");
}

async function signUp(email: string, password = "clave-segura-1") {
  const response = await getAuth().api.signUpEmail({
    body: { email, password, name: "Cliente Prueba" },
    asResponse: true,
  });
  return response;
}

async function signIn(email: string, password = "clave-segura-1") {
  return getAuth().api.signInEmail({ body: { email, password }, asResponse: true });
}

describe("accounts", () => {
  it("signs up a customer who can then sign in, with the customer role", async () => {
    expect((await signUp("ana@example.com")).status).toBe(200);
    const response = await signIn("ana@example.com");
    const request = new Request("http://localhost/cuenta", { headers: { cookie: cookieFrom(response) } });
    const user = await getSessionUser(request);
    expect(user).toMatchObject({ email: "ana@example.com", role: "customer" });
  });

  it("refuses a password shorter than 8 characters", async () => {
    const response = await signUp("corta@example.com", "abc12");
    expect(response.status).toBe(400);
  });

  it("signs in with the right password and not with a wrong one", async () => {
    await signUp("beto@example.com", "una-clave-larga");
    const ok = await getAuth().api.signInEmail({
      body: { email: "beto@example.com", password: "una-clave-larga" },
      asResponse: true,
    });
    expect(ok.status).toBe(200);
    const bad = await getAuth().api.signInEmail({
      body: { email: "beto@example.com", password: "otra-clave-mala" },
      asResponse: true,
    });
    expect(bad.status).toBe(401);
  });

  it("sends anonymous visitors to /login and keeps where they were going", async () => {
    const request = new Request("http://localhost/cuenta?tab=orders");
    const thrown = await requireUser(request).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fcuenta%3Ftab%3Dorders");
  });

  it("gives a signed-in customer a 403 on admin pages, and lets an admin in as soon as the role changes", async () => {
    await signUp("carla@example.com");
    const response = await signIn("carla@example.com");
    const request = new Request("http://localhost/admin/dashboard", { headers: { cookie: cookieFrom(response) } });
    const refused = await requireAdmin(request).catch((e: unknown) => e);
    expect((refused as Response).status).toBe(403);

    await t.db.update(users).set({ role: "admin" }).where(eq(users.email, "carla@example.com"));
    // The next request (the session is looked up once per request) lets her in.
    await expect(requireAdmin(new Request(request))).resolves.toMatchObject({
      email: "carla@example.com",
      role: "admin",
    });
  });

  it("sends anonymous visitors of admin pages to /admin/login", async () => {
    const thrown = await requireAdmin(new Request("http://localhost/admin/productos")).catch((e: unknown) => e);
    expect((thrown as Response).headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fproductos");
  });
});

describe("creating accounts through our forms", () => {
  it("says plainly that an e-mail already has an account", async () => {
    const { createUser } = await import("~/models/user.server");
    const { authErrorMessage } = await import("./auth-errors");
    await createUser({ email: "repetida@example.com", password: "clave-segura-1", fullName: "Primera" });
    const error = await createUser({
      email: "Repetida@Example.com",
      password: "otra-clave-2",
      fullName: "Segunda",
    }).catch((e: unknown) => e);
    expect(authErrorMessage(error)).toBe("Ya existe una cuenta con ese email.");
  });
});
