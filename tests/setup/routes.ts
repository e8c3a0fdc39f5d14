import { getAuth } from "~/utils/auth.server";
import { getToast } from "~/utils/toast.server";

// Calling route modules' loaders and actions the way React Router does, for integration tests.

export type RouteArgs = { request: Request; params: Record<string, string>; context: { remoteAddress: string } };
export type RouteFunction = (args: RouteArgs) => unknown;

/** A route module's loader and action, to call with `args(...)` as React Router calls them. */
export function routeModule(module: { loader: unknown; action: unknown }): {
  loader: RouteFunction;
  action: RouteFunction;
} {
  return { loader: module.loader as RouteFunction, action: module.action as RouteFunction };
}

export function formRequest(
  path: string,
  fields: Record<string, string> | FormData,
  options: { cookie?: string; headers?: Record<string, string> } = {},
): Request {
  const body = fields instanceof FormData ? fields : new FormData();
  if (!(fields instanceof FormData)) for (const [k, v] of Object.entries(fields)) body.append(k, v);
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("cookie", options.cookie);
  return new Request(`http://localhost${path}`, { method: "POST", body, headers });
}

export function getRequest(path: string, cookie?: string): Request {
  return new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
}

export function args(request: Request, options: { ip?: string; params?: Record<string, string> } = {}): RouteArgs {
  return { request, params: options.params ?? {}, context: { remoteAddress: options.ip ?? "192.0.2.1" } };
}

export type Outcome = { status: number; body: unknown; headers: Headers; location: string | null };

/** What a loader or action answered (returned or thrown): its status, data and headers. */
export async function outcome(call: () => unknown): Promise<Outcome> {
  let value: unknown;
  try {
    value = await call();
  } catch (thrown) {
    value = thrown;
    if (!(thrown instanceof Response) && !isDataResult(thrown)) throw thrown;
  }
  if (value instanceof Response) {
    const text = await value
      .clone()
      .text()
      .catch(() => "");
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // plain text
    }
    return { status: value.status, body, headers: value.headers, location: value.headers.get("Location") };
  }
  if (isDataResult(value)) {
    const headers = new Headers(value.init?.headers);
    return { status: value.init?.status ?? 200, body: value.data, headers, location: headers.get("Location") };
  }
  return { status: 200, body: value, headers: new Headers(), location: null };
}

function isDataResult(
  value: unknown,
): value is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/** The request cookie that the Set-Cookie headers of a response amount to. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

let n = 0;
/** A new customer account and its session cookie. */
export async function signedInCustomer(
  password = "clave-de-cliente",
): Promise<{ id: string; email: string; cookie: string }> {
  const email = `cliente.${Date.now().toString(36)}.${++n}@example.com`;
  const { user } = await getAuth().api.signUpEmail({ body: { email, password, name: "Cliente Prueba" } });
  const response = await getAuth().api.signInEmail({ body: { email, password }, asResponse: true });
  return { id: user.id, email, cookie: cookieFrom(response.headers) };
}

/** A new admin account (through the app's own createUser) and its session cookie. */
export async function signedInAdmin(password = "clave-de-admin"): Promise<{ email: string; cookie: string }> {
  const email = `admin.${Date.now().toString(36)}.${++n}@vitec.example`;
  const { createUser } = await import("~/models/user.server");
  await createUser({ email, password, fullName: "Admin Prueba", role: "admin" });
  const response = await getAuth().api.signInEmail({ body: { email, password }, asResponse: true });
  return { email, cookie: cookieFrom(response.headers) };
}

/** The toast a redirect flashes (its Set-Cookie), as the next page would read it. */
export async function flashedToast(headers: Headers) {
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return (await getToast(new Request("http://localhost:3000/", { headers: { cookie } }))).toast;
}
