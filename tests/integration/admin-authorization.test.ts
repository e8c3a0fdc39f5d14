import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { getAuth } from "~/utils/auth.server";
import { setupTestDatabase } from "../setup/db";

setupTestDatabase();

// Every route module under /admin (except the open login page), read from the route list so
// that a screen added later is covered without touching this test.
function adminRoutes(entries: RouteConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const name = entry.index ? `/${path} (index)` : `/${path}`;
    const own = path.startsWith("admin") && path !== "admin/login" ? [{ path: name, file: entry.file }] : [];
    return [...own, ...adminRoutes(entry.children ?? [], path)];
  });
}

type RouteModule = {
  loader?: (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;
  action?: (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;
};

async function customerCookie(): Promise<string> {
  const email = `cliente.${Math.random().toString(36).slice(2)}@example.com`;
  await getAuth().api.signUpEmail({ body: { email, password: "clave-de-cliente", name: "Cliente" } });
  const response = await getAuth().api.signInEmail({
    body: { email, password: "clave-de-cliente" },
    asResponse: true,
  });
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function outcome(call: () => unknown): Promise<Response | "returned data"> {
  try {
    const result = await call();
    return result instanceof Response && result.status >= 300 && result.status < 400 ? result : "returned data";
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const list = adminRoutes(routes);
// Only the exports a module really has are tested, so every generated test can fail.
const cases = (
  await Promise.all(
    list.map(async (route) => {
      const mod = (await import(`../../app/${route.file}`)) as RouteModule;
      return (["loader", "action"] as const).flatMap((kind) => {
        const fn = mod[kind];
        return fn ? [{ ...route, kind, fn }] : [];
      });
    }),
  )
).flat();

describe("admin authorization", () => {
  it("finds the admin routes in the route list", () => {
    expect(cases.map((c) => c.path)).toContain("/admin/dashboard");
  });

  for (const { path, kind, fn } of cases) {
    it(`${kind} of ${path} refuses anonymous visitors and customers`, async () => {
      const method = kind === "action" ? "POST" : "GET";
      const url = `http://localhost${path.replace(" (index)", "")}`;

      const anonymous = await outcome(() => fn({ request: new Request(url, { method }), params: {}, context: {} }));
      expect(anonymous).toBeInstanceOf(Response);
      expect((anonymous as Response).headers.get("Location")).toMatch(/^\/admin\/login/);

      const cookie = await customerCookie();
      const customer = await outcome(() =>
        fn({ request: new Request(url, { method, headers: { cookie } }), params: {}, context: {} }),
      );
      expect(customer).toBeInstanceOf(Response);
      expect((customer as Response).status).toBe(403);
    });
  }
});
