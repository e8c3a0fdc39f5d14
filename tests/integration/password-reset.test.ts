import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { outboxEmails } from "~/db/schema/content";
import { createUser } from "~/models/user.server";
import { action as forgotAction } from "~/routes/auth/forgot-password";
import { action as resetAction } from "~/routes/auth/reset-password";
import { loader as authLoader } from "~/routes/resources/auth";
import { loader as viewerLoader } from "~/routes/resources/viewer";
import { afterResponseSettled } from "~/utils/after-response.server";
import { getAuth, signInWithPassword } from "~/utils/auth.server";
import { setupTestDatabase } from "../setup/db";
import { args, cookieFrom, getRequest, outcome } from "../setup/routes";

const t = setupTestDatabase();

function post(path: string, fields: Record<string, string>, remoteAddress = "10.1.1.1") {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  const request = new Request(`http://localhost${path}`, { method: "POST", body });
  return { request, context: { remoteAddress }, params: {} } as never;
}

async function resultOf(promise: Promise<unknown>) {
  const value = await promise;
  return (value as { data?: unknown }).data ?? value;
}

describe("password reset", () => {
  it("sends a link by e-mail that sets a new password once", async () => {
    await createUser({ email: "marta@example.com", password: "clave-vieja-123", fullName: "Marta Gómez" });

    const answer = await resultOf(forgotAction(post("/olvide-mi-contrasena", { email: "Marta@Example.com" })));
    expect(answer).toMatchObject({ sent: true });
    await afterResponseSettled();

    const [mail] = await t.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, "marta@example.com"))
      .orderBy(desc(outboxEmails.createdAt));
    expect(mail?.kind).toBe("password_reset");
    const token = /restablecer-contrasena\?token=([^"&]+)/.exec(mail!.html)?.[1];
    expect(token).toBeTruthy();

    const reset = (await resetAction(
      post("/restablecer-contrasena", {
        token: decodeURIComponent(token!),
        password: "clave-nueva-456",
        confirm: "clave-nueva-456",
      }),
    )) as Response;
    expect(reset.status).toBe(302);
    expect(reset.headers.get("Location")).toBe("/login");

    const request = new Request("http://localhost/login");
    expect((await signInWithPassword(request, "marta@example.com", "clave-nueva-456")).ok).toBe(true);
    expect((await signInWithPassword(request, "marta@example.com", "clave-vieja-123")).ok).toBe(false);

    // The link works once.
    const again = await resultOf(
      resetAction(
        post("/restablecer-contrasena", {
          token: decodeURIComponent(token!),
          password: "otra-clave-789",
          confirm: "otra-clave-789",
        }),
      ),
    );
    expect(again).toMatchObject({ error: "El enlace no es válido o venció. Pedí uno nuevo." });
  });

  it("answers the same for an unknown e-mail and sends nothing", async () => {
    const answer = await resultOf(
      forgotAction(post("/olvide-mi-contrasena", { email: "nadie@example.com" }, "10.2.2.2")),
    );
    expect(answer).toMatchObject({ sent: true });
    await afterResponseSettled();
    const mails = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, "nadie@example.com"));
    expect(mails).toHaveLength(0);
  });

  it("answers before a reset link is made, for an account or not, so the answer's time tells nothing", async () => {
    await createUser({ email: "tiempo@example.com", password: "clave-vieja-123", fullName: "Tiempo Igual" });
    const request = vi.spyOn(getAuth().api, "requestPasswordReset");
    try {
      for (const email of ["tiempo@example.com", "nadie-mas@example.com"]) {
        const answer = await resultOf(forgotAction(post("/olvide-mi-contrasena", { email }, "10.4.4.4")));
        expect(answer).toEqual({ email, error: null, sent: true });
        expect(request).not.toHaveBeenCalled();
        await afterResponseSettled();
        expect(request).toHaveBeenCalledTimes(1);
        request.mockClear();
      }
    } finally {
      request.mockRestore();
    }
    expect(await resetLinks("tiempo@example.com")).toHaveLength(1);
    expect(await resetLinks("nadie-mas@example.com")).toHaveLength(0);
  });

  it("refuses a short new password and a mismatch", async () => {
    expect(
      await resultOf(resetAction(post("/restablecer-contrasena", { token: "x", password: "corta", confirm: "corta" }))),
    ).toMatchObject({
      error: "La contraseña debe tener al menos 8 caracteres.",
    });
    expect(
      await resultOf(
        resetAction(post("/restablecer-contrasena", { token: "x", password: "larga-1234", confirm: "larga-9999" })),
      ),
    ).toMatchObject({ error: "Las contraseñas no coinciden." });
  });

  it("limits reset requests per address", async () => {
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(
        await resultOf(forgotAction(post("/olvide-mi-contrasena", { email: `x${i}@example.com` }, "10.3.3.3"))),
      );
    expect(answers[5]).toMatchObject({ error: "Demasiados intentos. Esperá unos minutos y volvé a intentar." });
  });

  it("once a link reset the password, the account's older links open nothing", async () => {
    await createUser({ email: "once@example.com", password: "clave-vieja-123", fullName: "Once Enlaces" });
    for (let i = 0; i < 11; i++)
      await getAuth().api.requestPasswordReset({ body: { email: "once@example.com", redirectTo: "/x" } });
    const links = await resetLinks("once@example.com");
    expect(links).toHaveLength(11);

    expect(await reset(links.at(-1)!, "clave-nueva-111")).toBeInstanceOf(Response);
    for (const older of links.slice(0, -1))
      expect(await resultOf(reset(older, "clave-robada-999"))).toMatchObject({
        error: "El enlace no es válido o venció. Pedí uno nuevo.",
      });
    const request = new Request("http://localhost/login");
    expect((await signInWithPassword(request, "once@example.com", "clave-robada-999")).ok).toBe(false);
    expect((await signInWithPassword(request, "once@example.com", "clave-nueva-111")).ok).toBe(true);
  });

  it("a copied cookie jar reads no account data once the password is reset", async () => {
    await createUser({ email: "copiada@example.com", password: "clave-vieja-123", fullName: "Cookie Copiada" });
    const signedIn = await signInWithPassword(
      new Request("http://localhost/login"),
      "copiada@example.com",
      "clave-vieja-123",
    );
    if (!signedIn.ok) throw new Error("sign-in failed");
    const jar = cookieFrom(signedIn.headers);
    expect(await viewerOf(jar)).toMatchObject({ user: { email: "copiada@example.com" } });
    expect(await sessionOf(jar)).toMatchObject({ user: { email: "copiada@example.com" } });

    await getAuth().api.requestPasswordReset({ body: { email: "copiada@example.com", redirectTo: "/x" } });
    const [link] = await resetLinks("copiada@example.com");
    expect(await reset(link!, "clave-nueva-222")).toBeInstanceOf(Response);

    expect(await viewerOf(jar)).toMatchObject({ user: null, wishlist: null });
    expect(await sessionOf(jar)).toBeNull();
  });
});

/** The tokens of every reset e-mail queued to this address, oldest first. */
async function resetLinks(email: string): Promise<string[]> {
  const mails = await t.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, email), eq(outboxEmails.kind, "password_reset")))
    .orderBy(outboxEmails.createdAt);
  return mails.map((m) => decodeURIComponent(/restablecer-contrasena\?token=([^"&]+)/.exec(m.html)![1]!));
}

function reset(token: string, password: string) {
  return resetAction(post("/restablecer-contrasena", { token, password, confirm: password }));
}

/** What /api/viewer tells the holder of these cookies. */
async function viewerOf(cookie: string) {
  return (await outcome(() => viewerLoader(args(getRequest("/api/viewer", cookie)) as never))).body;
}

/** What better-auth's /api/auth/get-session tells the holder of these cookies. */
async function sessionOf(cookie: string) {
  const response = (await authLoader(args(getRequest("/api/auth/get-session", cookie)) as never)) as Response;
  return response.json();
}
