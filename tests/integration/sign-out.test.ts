import { afterEach, describe, expect, it, vi } from "vitest";
import { createUser } from "~/models/user.server";
import { action as logout } from "~/routes/auth/logout";
import { loader as authLoader } from "~/routes/resources/auth";
import { loader as viewerLoader } from "~/routes/resources/viewer";
import { getAuth, getSessionUser, signInWithPassword } from "~/utils/auth.server";
import { flashedToast } from "../setup/routes";
import { setupTestDatabase } from "../setup/db";

setupTestDatabase();

afterEach(() => {
  vi.restoreAllMocks();
});

/** A failed sign-out is logged for the server's log; the tests keep their output quiet. */
function quietLog() {
  vi.spyOn(console, "error").mockImplementation(() => {});
}

let n = 0;

/** A signed-in customer's session cookie. */
async function signedIn(): Promise<string> {
  const email = `salida-${++n}@example.com`;
  await createUser({ email, password: "clave-segura-123", fullName: "Cliente Prueba" });
  const result = await signInWithPassword(new Request("http://localhost:3000/login"), email, "clave-segura-123");
  if (!result.ok) throw new Error("sign-in failed");
  return result.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

function postLogout(cookie: string, from = "http://localhost:3000/cuenta") {
  const request = new Request("http://localhost:3000/logout", { method: "POST", headers: { cookie, Referer: from } });
  return logout({ request, params: {}, context: {} } as never);
}

function withCookie(cookie: string) {
  return new Request("http://localhost:3000/", { headers: { cookie } });
}

describe("signing out", () => {
  it("ends the session and goes to the home page", async () => {
    const cookie = await signedIn();
    const response = await postLogout(cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.getSetCookie().some((c) => /session_token=;/.test(c))).toBe(true);
    expect(await getSessionUser(withCookie(cookie))).toBeNull();
  });

  it("says so when the server fails, and the user stays signed in on the same page", async () => {
    const cookie = await signedIn();
    quietLog();
    vi.spyOn(getAuth().api, "signOut").mockRejectedValueOnce(new Error("connection lost"));
    const response = await postLogout(cookie, "http://localhost:3000/cuenta?tab=pedidos");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/cuenta?tab=pedidos");
    expect(await flashedToast(response.headers)).toMatchObject({
      type: "error",
      title: "Error al cerrar sesión",
      description: "Ocurrió un error inesperado.",
    });
    expect(await getSessionUser(withCookie(cookie))).not.toBeNull();
  });

  it("shows the server's message when there is one", async () => {
    const cookie = await signedIn();
    quietLog();
    const tooMany = Object.assign(new Error("Too many requests"), {
      statusCode: 429,
      body: { code: "TOO_MANY_REQUESTS" },
    });
    vi.spyOn(getAuth().api, "signOut").mockRejectedValueOnce(tooMany);
    const response = await postLogout(cookie, "https://elsewhere.example/");
    expect(response.headers.get("Location")).toBe("/");
    expect(await flashedToast(response.headers)).toMatchObject({
      title: "Error al cerrar sesión",
      description: "Demasiados intentos. Esperá un momento y volvé a intentar.",
    });
  });

  it("does not report success when the session could not be deleted", async () => {
    const cookie = await signedIn();
    // better-auth logs a failed delete and answers success anyway.
    vi.spyOn(getAuth().api, "signOut").mockResolvedValueOnce({
      headers: new Headers(),
      response: { success: true },
    } as never);
    const response = await postLogout(cookie);
    expect(response.headers.get("Location")).toBe("/cuenta");
    expect(await flashedToast(response.headers)).toMatchObject({ title: "Error al cerrar sesión" });
  });

  it("a cookie jar copied before signing out reads nothing from /api/viewer or the session endpoint", async () => {
    const jar = await signedIn();
    const viewer = async () =>
      (await viewerLoader({ request: withCookie(jar), params: {}, context: {} } as never)).data;
    const session = async () => {
      const request = new Request("http://localhost:3000/api/auth/get-session", { headers: { cookie: jar } });
      return ((await authLoader({ request, params: {}, context: {} } as never)) as Response).json();
    };
    expect(await viewer()).toMatchObject({ user: { name: "Cliente Prueba" }, wishlist: [] });
    expect(await session()).toMatchObject({ user: { name: "Cliente Prueba" } });

    expect((await postLogout(jar)).headers.get("Location")).toBe("/");
    expect(await viewer()).toMatchObject({ user: null, wishlist: null });
    expect(await session()).toBeNull();
  });
});
