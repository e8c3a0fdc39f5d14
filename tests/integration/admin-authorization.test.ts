import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { getAuth } from "~/utils/auth.server";
import { useTestDatabase } from "../setup/db";

useTestDatabase();

// Every route module under /admin (except the open login page), read from the route list so
// that a screen added later is covered without touching this test.
function adminRoutes(entries: RouteConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const own = path.startsWith("admin") && path !== "admin/login" ? [{ path: `/${path}`, file: entry.file }] : [];
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

describe("admin authorization", () => {
  it("finds the admin routes in the route list", () => {
    expect(list.map((r) => r.path)).toContain("/admin/dashboard");
  });

  for (const route of list) {
    for (const kind of ["loader", "action"] as const) {
      it(`${kind} of ${route.path} refuses anonymous visitors and customers`, async () => {
        const mod = (await import(`../../app/${route.file}`)) as RouteModule;
        const fn = mod[kind];
        if (!fn) return; // the module has no such export: nothing to protect
        const method = kind === "action" ? "POST" : "GET";
        const url = `http://localhost${route.path}`;

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
  }
});
