import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outboxEmails } from "~/db/schema/content";
import { createUser } from "~/models/user.server";
import { action as forgotAction } from "~/routes/auth/forgot-password";
import { action as resetAction } from "~/routes/auth/reset-password";
import { signInWithPassword } from "~/utils/auth.server";
import { setupTestDatabase } from "../setup/db";

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
    const mails = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, "nadie@example.com"));
    expect(mails).toHaveLength(0);
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
});
