import { describe, expect, it } from "vitest";
import { createUser } from "~/models/user.server";
import { action } from "~/routes/resources/wishlist";
import { getAuth } from "~/utils/auth.server";
import { setupTestDatabase } from "../../tests/setup/db";
import { insertProduct } from "../../tests/setup/factories";
import { listWishlistIds, listWishlistProducts } from "./wishlist.server";

setupTestDatabase();

async function cookieFor(email: string) {
  await createUser({ email, password: "clave-segura-1", fullName: "Cliente" });
  const response = await getAuth().api.signInEmail({ body: { email, password: "clave-segura-1" }, asResponse: true });
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

function call(body: unknown, cookie?: string) {
  const request = new Request("http://localhost/api/wishlist", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return action({ request, params: {}, context: { remoteAddress: "127.0.0.1" } } as never) as Promise<unknown>;
}

const payload = (result: unknown) =>
  ((result as { data?: unknown }).data ?? result) as { ids?: string[]; error?: string };

describe("wishlist", () => {
  it("merges what a visitor kept in the browser into the account at sign-in, without repeats", async () => {
    const a = await insertProduct({ name: "Monitor" });
    const b = await insertProduct({ name: "Teclado" });
    const cookie = await cookieFor("deseos@example.com");
    await call({ intent: "add", productId: a.id }, cookie);
    const merged = payload(
      await call(
        { intent: "merge", productIds: [a.id, b.id, "not-an-id", "00000000-0000-4000-8000-000000000000"] },
        cookie,
      ),
    );
    expect(merged.ids?.sort()).toEqual([a.id, b.id].sort());
  });

  it("removes a product, and lists only published ones", async () => {
    const c = await insertProduct({ name: "Mouse" });
    const hidden = await insertProduct({ name: "Oculto", status: "draft" });
    const cookie = await cookieFor("deseos2@example.com");
    await call({ intent: "merge", productIds: [c.id, hidden.id] }, cookie);
    const user = await getAuth().api.getSession({ headers: new Headers({ cookie }) });
    expect((await listWishlistProducts(user!.user.id)).map((p) => p.name)).toEqual(["Mouse"]);
    await call({ intent: "remove", productId: c.id }, cookie);
    expect(await listWishlistIds(user!.user.id)).toEqual([hidden.id]);
  });

  it("refuses visitors and bad bodies with a clear message", async () => {
    const anonymous = (await call({ intent: "add", productId: "x" })) as { init?: { status?: number } };
    expect(anonymous.init?.status).toBe(401);
    expect(payload(anonymous).error).toBe("Iniciá sesión para guardar tu lista de deseos.");
    const cookie = await cookieFor("deseos3@example.com");
    const bad = (await call({ intent: "explode" }, cookie)) as { init?: { status?: number } };
    expect(bad.init?.status).toBe(400);
  });
});
