import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions } from "~/db/schema/auth";
import { createUser } from "~/models/user.server";
import { action as adminLoginAction } from "~/routes/admin/login";
import { action as loginAction } from "~/routes/auth/login";
import { setupTestDatabase } from "../setup/db";
import { args, formRequest, outcome } from "../setup/routes";

// redirectTo after signing in (/login, /admin/login) goes through app/domain/safe-redirect.ts:
// an attacker's link that smuggles another site past a prefix check lands on the store's own page.

const t = setupTestDatabase();

let n = 0;
async function signIn(path: "/login" | "/admin/login", redirectTo: string) {
  const email = `redir-${++n}@example.com`;
  const { id } = await createUser({
    email,
    password: "clave-correcta",
    fullName: "Redirigido",
    role: path === "/admin/login" ? "admin" : "customer",
  });
  const fields = { intent: "login", email, password: "clave-correcta", redirectTo };
  const action = path === "/login" ? loginAction : adminLoginAction;
  const result = await outcome(() => action(args(formRequest(path, fields)) as never));
  const rows = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, id));
  return { ...result, sessions: rows.length };
}

describe("a link to /login with a redirectTo pointing elsewhere", () => {
  it.each(["/\t/evil.example/", "/%09/evil.example/", "//evil.example/", "/.//evil.example/", "https://evil.example/"])(
    "%j signs in and lands on the store, not on another site",
    async (target) => {
      const result = await signIn("/login", target);
      expect(result.status).toBe(302);
      expect(result.location).toBe("/store");
    },
  );

  it("a CR LF in redirectTo signs in to the store instead of answering 500, with one session", async () => {
    const result = await signIn("/login", "/cuenta\r\nSet-Cookie: robado=1");
    expect(result.status).toBe(302);
    expect(result.location).toBe("/store");
    expect(result.sessions).toBe(1);
  });

  it("the admin's sign-in with a tab-smuggled target lands on the dashboard; a CR LF answers no 500", async () => {
    const tab = await signIn("/admin/login", "/\t/evil.example/");
    expect(tab.location).toBe("/admin/dashboard");
    const crlf = await signIn("/admin/login", "/admin/productos\n");
    expect(crlf.status).toBe(302);
    expect(crlf.location).toBe("/admin/dashboard");
    expect(crlf.sessions).toBe(1);
  });

  it("a path of the store is still followed", async () => {
    expect((await signIn("/login", "/cuenta?tab=pedidos")).location).toBe("/cuenta?tab=pedidos");
    expect((await signIn("/admin/login", "/admin/productos")).location).toBe("/admin/productos");
  });
});
