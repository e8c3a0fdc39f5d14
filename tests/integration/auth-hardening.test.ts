import { and, eq, like, sql } from "drizzle-orm";
import { hashPassword as scryptHash } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { accounts, users } from "~/db/schema/auth";
import { rateLimits } from "~/db/schema/content";
import { FREE_SIGN_IN_FAILURES } from "~/domain/sign-in-throttle";
import { createUser } from "~/models/user.server";
import { action as adminLoginAction } from "~/routes/admin/login";
import { action as forgotAction } from "~/routes/auth/forgot-password";
import { action as loginAction } from "~/routes/auth/login";
import { action as authAction, loader as authLoader } from "~/routes/resources/auth";
import { signInWithPassword } from "~/utils/auth.server";
import { AUTH_RATE_LIMITS } from "~/utils/sign-in-throttle.server";
import { setupTestDatabase } from "../setup/db";
import { args, formRequest, outcome } from "../setup/routes";

const t = setupTestDatabase();
const request = () => new Request("http://localhost/login");

async function storedHash(userId: string): Promise<string> {
  const [row] = await t.db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  return row!.password!;
}

/** Moves the last sign-in attempt of every account this many seconds into the past. */
async function timePasses(seconds: number) {
  await t.db
    .update(rateLimits)
    .set({ resetAt: sql`${rateLimits.resetAt} - make_interval(secs => ${seconds})` })
    .where(like(rateLimits.key, "sign-in-account:%"));
}

/** The last attempt counts as made this very instant, however slow the machine is (no timing in tests). */
const asIfJustNow = () => timePasses(-10);

describe("password hashing", () => {
  it("stores new passwords as Argon2id with OWASP's parameters (m=19 MiB, t=2, p=1)", async () => {
    const { id } = await createUser({ email: "argon@example.com", password: "clave-segura-1", fullName: "Argon" });
    expect(await storedHash(id)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await signInWithPassword(request(), "argon@example.com", "clave-segura-1")).ok).toBe(true);
  });

  it("an account with a hash from before (better-auth's scrypt) still signs in, and gets an Argon2id hash", async () => {
    const { id } = await createUser({ email: "legacy@example.com", password: "clave-anterior-1", fullName: "Legacy" });
    // As the demo admin and every account created before the change were stored.
    await t.db
      .update(accounts)
      .set({ password: await scryptHash("clave-anterior-1") })
      .where(eq(accounts.userId, id));
    expect(await storedHash(id)).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);

    expect((await signInWithPassword(request(), "legacy@example.com", "otra-clave")).ok).toBe(false);
    expect(await storedHash(id)).toMatch(/^[0-9a-f]{32}:/); // a wrong password changes nothing
    expect((await signInWithPassword(request(), "legacy@example.com", "clave-anterior-1")).ok).toBe(true);
    expect(await storedHash(id)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await signInWithPassword(request(), "legacy@example.com", "clave-anterior-1")).ok).toBe(true);
  });
});

describe("sign-in failures per account", () => {
  it("answers a wrong password and an unknown e-mail with the same message and status", async () => {
    await createUser({ email: "existe@example.com", password: "clave-correcta", fullName: "Existe" });
    const known = await outcome(() =>
      loginAction(
        args(formRequest("/login", { intent: "login", email: "existe@example.com", password: "mal" }), {
          ip: "198.51.100.1",
        }) as never,
      ),
    );
    const unknown = await outcome(() =>
      loginAction(
        args(formRequest("/login", { intent: "login", email: "no-existe@example.com", password: "mal" }), {
          ip: "198.51.100.1",
        }) as never,
      ),
    );
    expect(known.status).toBe(401);
    expect(unknown.status).toBe(known.status);
    const message = (o: typeof known) => (o.body as { errors: { form: string } }).errors.form;
    expect(message(known)).toBe("Email o contraseña incorrectos.");
    expect(message(unknown)).toBe(message(known));
  });

  it(`lets ${FREE_SIGN_IN_FAILURES} failures through, then makes each next attempt wait longer, for existing and unknown e-mails alike`, async () => {
    await createUser({ email: "victima@example.com", password: "clave-correcta", fullName: "Víctima" });
    for (const email of ["victima@example.com", "fantasma@example.com"]) {
      for (let i = 0; i < FREE_SIGN_IN_FAILURES; i++) {
        expect(await signInWithPassword(request(), email, `intento-${i}`)).toMatchObject({ ok: false, status: 401 });
      }
      // Locked for 1 s: even the right password waits, and the answer does not tell whether the account exists.
      await asIfJustNow();
      const locked = await signInWithPassword(request(), email, "clave-correcta");
      expect(locked).toEqual({
        ok: false,
        status: 429,
        message: "Demasiados intentos fallidos. Esperá 1 segundo y volvé a intentar.",
      });
    }

    // Each further failure doubles the wait: 1 s, 2 s, 4 s, 8 s...
    const waits: string[] = [];
    for (let i = 0; i < 4; i++) {
      await timePasses(3600);
      expect(await signInWithPassword(request(), "victima@example.com", "sigue-mal")).toMatchObject({ status: 401 });
      await asIfJustNow();
      const next = await signInWithPassword(request(), "victima@example.com", "clave-correcta");
      waits.push(next.ok ? "ok" : (next.message ?? ""));
    }
    expect(waits).toEqual([
      "Demasiados intentos fallidos. Esperá 2 segundos y volvé a intentar.",
      "Demasiados intentos fallidos. Esperá 4 segundos y volvé a intentar.",
      "Demasiados intentos fallidos. Esperá 8 segundos y volvé a intentar.",
      "Demasiados intentos fallidos. Esperá 16 segundos y volvé a intentar.",
    ]);

    // Once the wait is over the right password works and clears the count.
    await timePasses(3600);
    expect((await signInWithPassword(request(), "victima@example.com", "clave-correcta")).ok).toBe(true);
    expect((await signInWithPassword(request(), "victima@example.com", "un-error")).ok).toBe(false);
    expect((await signInWithPassword(request(), "victima@example.com", "clave-correcta")).ok).toBe(true);
  });

  it("counts attempts sent all at once one by one: at most the free ones reach the password check", async () => {
    await createUser({ email: "rafaga@example.com", password: "clave-correcta", fullName: "Ráfaga" });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signInWithPassword(request(), "rafaga@example.com", `adivinanza-${i}`)),
    );
    expect(results.filter((r) => !r.ok && r.status === 401)).toHaveLength(FREE_SIGN_IN_FAILURES);
    expect(results.filter((r) => !r.ok && r.status === 429)).toHaveLength(20 - FREE_SIGN_IN_FAILURES);
  });

  it("keeps no e-mail address in the counters", async () => {
    const keys = await t.db.select({ key: rateLimits.key }).from(rateLimits);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((k) => k.key.includes("@"))).toEqual([]);
  });
});

describe("rate limits per client address, in the database", () => {
  it(`refuses the sign-in forms after ${AUTH_RATE_LIMITS.signInFailures.limit} failures from one address, the admin's included`, async () => {
    const ip = "203.0.113.10";
    await createUser({ email: "acierta@example.com", password: "clave-correcta", fullName: "Acierta" });
    const right = () =>
      outcome(() =>
        loginAction(
          args(formRequest("/login", { intent: "login", email: "acierta@example.com", password: "clave-correcta" }), {
            ip,
          }) as never,
        ),
      );
    // Correct sign-ins are not counted.
    for (let i = 0; i < 40; i++) expect((await right()).status).toBe(302);
    for (let i = 0; i < AUTH_RATE_LIMITS.signInFailures.limit; i++) {
      const email = `persona${i}@example.com`; // a different account each time: the per-account delay never starts
      const form = formRequest("/login", { intent: "login", email, password: "lo-que-sea" });
      expect((await outcome(() => loginAction(args(form, { ip }) as never))).status).toBe(401);
    }
    const blocked = await outcome(() =>
      loginAction(
        args(formRequest("/login", { intent: "login", email: "otra@example.com", password: "x" }), { ip }) as never,
      ),
    );
    expect(blocked.status).toBe(429);
    expect((blocked.body as { errors: { form: string } }).errors.form).toBe(
      "Demasiados intentos. Esperá unos minutos y volvé a intentar.",
    );
    expect((await right()).status).toBe(429); // from that address, even the right password waits
    const admin = await outcome(() =>
      adminLoginAction(
        args(formRequest("/admin/login", { email: "admin@example.com", password: "x" }), { ip }) as never,
      ),
    );
    expect(admin.status).toBe(429);
    // Another address is not affected.
    const other = await outcome(() =>
      loginAction(
        args(formRequest("/login", { intent: "login", email: "otra@example.com", password: "x" }), {
          ip: "203.0.113.11",
        }) as never,
      ),
    );
    expect(other.status).toBe(401);
  });

  it(`refuses sign-ups after ${AUTH_RATE_LIMITS.signUp.limit} accounts from one address`, async () => {
    const ip = "203.0.113.20";
    const signUp = (i: number) =>
      outcome(() =>
        loginAction(
          args(
            formRequest("/login", {
              intent: "signup",
              email: `nuevo${i}@example.com`,
              password: "clave-segura-1",
              fullName: `Nuevo ${i}`,
            }),
            {
              ip,
            },
          ) as never,
        ),
      );
    for (let i = 0; i < AUTH_RATE_LIMITS.signUp.limit; i++) expect((await signUp(i)).status).toBe(302);
    const blocked = await signUp(99);
    expect(blocked.status).toBe(429);
    expect(await t.db.$count(users, eq(users.email, "nuevo99@example.com"))).toBe(0);
  });

  it("refuses password reset requests after 5 from one address", async () => {
    const ip = "203.0.113.30";
    const ask = () =>
      outcome(() =>
        forgotAction(args(formRequest("/olvide-mi-contrasena", { email: "alguien@example.com" }), { ip }) as never),
      );
    for (let i = 0; i < 5; i++) expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(429);
  });

  it.runIf(process.env.DATABASE_URL)("a second process on the same database sees the same counts", async () => {
    const { openDatabase, setDatabase } = await import("~/db/client.server");
    const ip = "203.0.113.40";
    const ask = () =>
      outcome(() =>
        forgotAction(args(formRequest("/olvide-mi-contrasena", { email: "x@example.com" }), { ip }) as never),
      );
    for (let i = 0; i < 5; i++) await ask();
    // Another connection pool, as another server process would have.
    const schema = (await t.db.execute(sql`select current_schema() as s`)) as unknown as { rows: { s: string }[] };
    const other = await openDatabase({ kind: "pg", url: process.env.DATABASE_URL!, schema: schema.rows[0]!.s });
    const mine = t.handle;
    setDatabase(other);
    try {
      expect((await ask()).status).toBe(429);
    } finally {
      setDatabase(mine);
      await other.close();
    }
  });
});

describe("better-auth's own endpoints", () => {
  it("answer 404 for signing in, signing up and resets, which would skip the store's limits", async () => {
    const post = (path: string, body: unknown) =>
      new Request(`http://localhost/api/auth/${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const credentials = { email: "existe@example.com", password: "clave-correcta", name: "X" };
    for (const path of [
      "sign-in/email",
      "sign-up/email",
      "request-password-reset",
      "reset-password",
      "admin/set-role",
      "update-user",
    ]) {
      const response = (await authAction({
        request: post(path, credentials),
        params: {},
        context: {},
      } as never)) as Response;
      expect(response.status, path).toBe(404);
    }
    const session = (await authLoader({
      request: new Request("http://localhost/api/auth/get-session"),
      params: {},
      context: {},
    } as never)) as Response;
    expect(session.status).toBe(200);
  });
});

describe("cookies", () => {
  it("the session and toast cookies are HttpOnly and SameSite=Lax (Secure: see https-cookies.test.ts)", async () => {
    await createUser({ email: "galleta@example.com", password: "clave-correcta", fullName: "Galleta" });
    const result = await outcome(() =>
      loginAction(
        args(formRequest("/login", { intent: "login", email: "galleta@example.com", password: "clave-correcta" }), {
          ip: "198.51.100.9",
        }) as never,
      ),
    );
    expect(result.status).toBe(302);
    const cookies = result.headers.getSetCookie();
    expect(cookies.map((c) => c.split("=")[0])).toEqual(
      expect.arrayContaining(["better-auth.session_token", "vitec_toast"]),
    );
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).toMatch(/;\s*Path=\//i);
      // Only the session hint is readable by the page's script, and it says nothing but "1".
      if (cookie.startsWith("vitec_signed_in=")) expect(cookie).toMatch(/^vitec_signed_in=1;/);
      else expect(cookie).toMatch(/;\s*HttpOnly/i);
    }
  });
});
