import { describe, expect, it, vi } from "vitest";

// The store behind HTTPS (APP_URL https://...): every cookie it sets is Secure. Its own file,
// because the environment is read once per process (each test file runs in its own).
process.env.APP_URL = "https://www.vitec.example";

const { createUser } = await import("~/models/user.server");
const { action: loginAction } = await import("~/routes/auth/login");
const { setupTestDatabase } = await import("../setup/db");
const { args, formRequest, outcome } = await import("../setup/routes");

setupTestDatabase();

describe("cookies behind https", () => {
  it("the session and toast cookies are Secure, HttpOnly and SameSite=Lax, with the __Secure- prefix", async () => {
    await createUser({ email: "segura@example.com", password: "clave-correcta", fullName: "Segura" });
    const request = formRequest("/login", { intent: "login", email: "segura@example.com", password: "clave-correcta" });
    const result = await outcome(() => loginAction(args(request) as never));
    expect(result.status).toBe(302);
    const cookies = result.headers.getSetCookie();
    expect(cookies.map((c) => c.split("=")[0])).toEqual(
      expect.arrayContaining(["__Secure-better-auth.session_token", "vitec_toast"]),
    );
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      // Only the session hint is readable by the page's script, and it says nothing but "1".
      if (cookie.startsWith("vitec_signed_in=")) expect(cookie).toMatch(/^vitec_signed_in=1;/);
      else expect(cookie).toMatch(/;\s*HttpOnly/i);
    }
  });
});

describe("secrets", () => {
  it("production on PostgreSQL refuses to start without BETTER_AUTH_SECRET", async () => {
    vi.resetModules();
    const saved = { ...process.env };
    try {
      Object.assign(process.env, {
        NODE_ENV: "production",
        DATABASE_URL: "postgres://x@127.0.0.1:5432/x",
        BETTER_AUTH_SECRET: "",
      });
      const { getAuthSecret } = await import("~/utils/secret.server");
      expect(() => getAuthSecret()).toThrow("BETTER_AUTH_SECRET is required in production");
    } finally {
      process.env = saved;
      vi.resetModules();
    }
  });
});
