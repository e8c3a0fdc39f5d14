import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import routes from "~/routes";
import { createUser } from "~/models/user.server";
import { getAuth } from "~/utils/auth.server";
import { setupTestDatabase } from "../setup/db";
import { insertProduct } from "../setup/factories";
import { cookieFrom, outcome } from "../setup/routes";

// Injection and bad input: every loader and every action of every route (read from
// app/routes.ts), with every query parameter and form field name the app reads (read from its
// source), filled with SQL-ish, oversized, malformed and odd values, as a visitor, a customer
// and an admin. Each answer must be a clear one (2xx, 3xx or 4xx), never a 500 nor an
// unexpected error. docs/reliability.md has the counts.

setupTestDatabase();

export const BAD_VALUES: [string, string][] = [
  ["sql quote", "' OR '1'='1"],
  ["sql drop", "1; DROP TABLE products;--"],
  ["sql union", "0 UNION SELECT password FROM accounts--"],
  ["sql comment", "admin'--"],
  ["pg sleep", "1' || pg_sleep(5) || '"],
  ["nul byte", "a\u0000b"],
  ["lone surrogate", "\uD800x"],
  ["negative", "-1"],
  ["zero", "0"],
  ["huge number", "99999999999999999999999999"],
  ["exponent", "1e309"],
  ["nan", "NaN"],
  ["fraction", "1.5"],
  ["json operator", '{"$gt":""}'],
  ["proto", "__proto__"],
  ["path traversal", "../../../../etc/passwd"],
  ["format string", "%s%s%s%n"],
  ["unicode", "ñandú 🛒 ‮"],
  ["empty", ""],
  ["long 10k", "x".repeat(10_000)],
];
const HUGE = "y".repeat(300_000);
/** Actions get the values that reach different code paths (each action runs once per intent). */
const ACTION_VALUES = BAD_VALUES.filter(([name]) =>
  [
    "sql quote",
    "nul byte",
    "lone surrogate",
    "negative",
    "huge number",
    "json operator",
    "proto",
    "empty",
    "long 10k",
  ].includes(name),
);

// ---------------------------------------------------------------- what the app reads

const APP = path.resolve("app");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

const sources = sourceFiles(APP).map((file) => readFileSync(file, "utf8"));
const collect = (pattern: RegExp) => new Set(sources.flatMap((s) => [...s.matchAll(pattern)].map((m) => m[1]!)));

/** Every name the app reads from a query string or a form, or gives an input. */
const FIELD_NAMES = [
  ...new Set([
    ...collect(/\.get\("([A-Za-z_][\w-]*)"\)/g),
    ...collect(/\bname="([A-Za-z_][\w-]*)"/g),
    ...collect(/^\s{2,6}([a-z_][A-Za-z0-9_]*): z\./gm),
    "lines",
    "idempotencyKey",
    "expectedTotal",
  ]),
].sort();

const INTENT_PATTERNS = [
  /case "([a-z][a-z-]+)":/g,
  /intent"?\)? === "([a-z][a-z-]+)"/g,
  /intent: z\.literal\("([a-z][a-z-]+)"\)/g,
];

/** The intents an action switches on, from its route file. */
function intentsOf(source: string): string[] {
  return [...new Set(INTENT_PATTERNS.flatMap((p) => [...source.matchAll(p)].map((m) => m[1]!)))];
}

type Entry = { path: string; file: string };
function flatten(entries: RouteConfigEntry[], parent = ""): Entry[] {
  return entries.flatMap((e) => {
    const p = [parent, e.path ?? ""].filter(Boolean).join("/");
    return [{ path: `/${p}`, file: e.file }, ...flatten(e.children ?? [], p)];
  });
}

type RouteFn = (args: {
  request: Request;
  params: Record<string, string>;
  context: { remoteAddress: string };
}) => unknown;
type RouteModule = { loader?: RouteFn; action?: RouteFn };

const modules = await Promise.all(
  [...new Map(flatten(routes).map((e) => [e.file, e])).values()].map(async (e) => ({
    ...e,
    mod: (await import(`../../app/${e.file}`)) as RouteModule,
    intents: intentsOf(readFileSync(path.join(APP, e.file), "utf8")),
  })),
);

// ---------------------------------------------------------------- who asks

let productId = "";
const who: Record<string, string> = { visitor: "" };

beforeAll(async () => {
  productId = (await insertProduct({ name: "Producto de prueba", price: "1000", stock: 5, status: "published" })).id;
  await createUser({ email: "fuzz-admin@vitec.example", password: "clave-de-admin", fullName: "Admin", role: "admin" });
  await createUser({ email: "fuzz-cliente@example.com", password: "clave-cliente", fullName: "Cliente" });
  const signIn = async (email: string, password: string) =>
    cookieFrom((await getAuth().api.signInEmail({ body: { email, password }, asResponse: true })).headers);
  who.customer = await signIn("fuzz-cliente@example.com", "clave-cliente");
  who.admin = await signIn("fuzz-admin@vitec.example", "clave-de-admin");
});

const errors: string[] = [];
beforeAll(() => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(
      args
        .map((a) => (a instanceof Error ? a.message : String(a)))
        .join(" ")
        .slice(0, 300),
    );
  });
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterAll(() => vi.restoreAllMocks());

// ---------------------------------------------------------------- the calls

let ip = 0;
const nextIp = () => `10.${(++ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;

function paramsFor(pattern: string, value: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [, name] of pattern.matchAll(/:(\w+)/g)) params[name!] = value;
  if (pattern.endsWith("*")) params["*"] = value;
  return params;
}

function urlFor(pattern: string, value: string): string {
  // A URL cannot carry a lone surrogate: it becomes U+FFFD there (forms still send it as is).
  const segment = encodeURIComponent(
    value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"),
  );
  return pattern.replace(/:(\w+)/g, segment).replace(/\*$/, segment);
}

const tally = { calls: 0, byStatus: new Map<number, number>() };

async function attempt(label: string, fn: RouteFn, request: Request, params: Record<string, string>) {
  tally.calls++;
  let status: number;
  try {
    status = (await outcome(() => fn({ request, params, context: { remoteAddress: nextIp() } }))).status;
  } catch (error) {
    return `${label}: threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`.slice(
      0,
      400,
    );
  }
  tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1);
  return status >= 500 ? `${label}: HTTP ${status}` : null;
}

function queryWith(value: string): string {
  const params = new URLSearchParams();
  for (const name of FIELD_NAMES) params.append(name, value);
  return params.toString();
}

/** The fields that take long text: the 300 KB value goes in these only (a 300 KB x 90 fields form is a DoS of its own). */
const LONG_FIELDS = new Set([
  "name",
  "fullName",
  "message",
  "email",
  "q",
  "lines",
  "description",
  "reason",
  "text",
  "value",
]);

function formWith(value: string, intent: string | null): FormData {
  const form = new FormData();
  const huge = value.length > 100_000;
  for (const name of FIELD_NAMES) if (name !== "intent" && (!huge || LONG_FIELDS.has(name))) form.append(name, value);
  if (intent) form.set("intent", intent);
  return form;
}

describe("bad input never gets a 500", () => {
  it("reads the app's route list, field names and intents", () => {
    expect(modules.length).toBeGreaterThan(30);
    expect(FIELD_NAMES).toEqual(
      expect.arrayContaining(["q", "page", "email", "password", "lines", "token", "order", "fullName", "message"]),
    );
    const intents = modules.flatMap((m) => m.intents);
    expect(intents).toEqual(expect.arrayContaining(["save", "import", "update-status", "create", "delete", "signup"]));
  });

  for (const role of ["visitor", "customer", "admin"] as const) {
    it(`every loader, with every query parameter bad, as ${role === "admin" ? "an" : "a"} ${role}`, async () => {
      const failures: string[] = [];
      for (const { path: pattern, mod } of modules) {
        if (!mod.loader) continue;
        for (const [name, value] of BAD_VALUES) {
          const url = `http://localhost${urlFor(pattern, value)}?${queryWith(value)}`;
          const request = new Request(url, { headers: who[role] ? { cookie: who[role]! } : {} });
          const failure = await attempt(`GET ${pattern} [${name}]`, mod.loader, request, paramsFor(pattern, value));
          if (failure) failures.push(failure);
        }
      }
      expect(failures).toEqual([]);
    });

    it(`every action, with every form field bad and every intent, as ${role === "admin" ? "an" : "a"} ${role}`, async () => {
      const failures: string[] = [];
      for (const { path: pattern, mod, intents: own } of modules) {
        if (!mod.action) continue;
        // Visitors and customers are turned away from the admin before any field is read.
        if (pattern.startsWith("/admin") && pattern !== "/admin/login" && role === "customer") continue;
        const intents = pattern.startsWith("/admin") && role !== "admin" ? [null] : [null, ...own];
        for (const [name, value] of [...ACTION_VALUES, ["300 KB", HUGE] as [string, string]]) {
          for (const intent of name === "300 KB" ? [null] : intents) {
            const headers = new Headers(who[role] ? { cookie: who[role]! } : {});
            const form = new Request(`http://localhost${urlFor(pattern, value)}`, {
              method: "POST",
              body: formWith(value, intent),
              headers,
            });
            const failure = await attempt(
              `POST ${pattern} form intent=${intent} [${name}]`,
              mod.action,
              form,
              paramsFor(pattern, value),
            );
            if (failure) failures.push(failure);
          }
          // The same as JSON (the admin's product screen and the wishlist post JSON), and broken JSON.
          const body = Object.fromEntries(
            FIELD_NAMES.filter((f) => value.length < 100_000 || LONG_FIELDS.has(f)).map((f) => [f, value]),
          );
          for (const json of [
            JSON.stringify({ ...body, intent: "save", product: body, rows: [{ row: 1, values: body }] }),
            `{"intent":"import","rows":[${value}`,
          ]) {
            const headers = new Headers({
              "Content-Type": "application/json",
              ...(who[role] ? { cookie: who[role]! } : {}),
            });
            const request = new Request(`http://localhost${urlFor(pattern, value)}`, {
              method: "POST",
              body: json,
              headers,
            });
            const failure = await attempt(
              `POST ${pattern} json [${name}]`,
              mod.action,
              request,
              paramsFor(pattern, value),
            );
            if (failure) failures.push(failure);
          }
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it("the product page and the cart check with a real product and bad everything else", async () => {
    const { loader } = await import("~/routes/store/product");
    for (const [, value] of BAD_VALUES) {
      const request = new Request(`http://localhost/product/${productId}?${queryWith(value)}`);
      expect(
        (
          await outcome(() =>
            loader({ request, params: { id: productId }, context: { remoteAddress: nextIp() } } as never),
          )
        ).status,
      ).toBe(200);
    }
  });

  it("the public forms, filled in correctly but for one field, answer each bad value in each field clearly", async () => {
    const forms: [string, string, Record<string, string>][] = [
      [
        "/contacto",
        "routes/content/contacto.tsx",
        { name: "Ana", email: "ana@example.com", phone: "11 5555 1234", subject: "Hola", message: "Consulta" },
      ],
      [
        "/empresas",
        "routes/content/empresas.tsx",
        { companyName: "ACME", name: "Ana", email: "ana@example.com", phone: "11 5555 1234", message: "Consulta" },
      ],
      [
        "/login",
        "routes/auth/login.tsx",
        { intent: "signup", fullName: "Ana", email: "ana.nueva@example.com", password: "clave-segura-1" },
      ],
      [
        "/arrepentimiento",
        "routes/content/arrepentimiento.tsx",
        { orderNumber: "1a2b3c4d", email: "ana@example.com", reason: "No lo quiero" },
      ],
      [
        "/checkout",
        "routes/checkout/checkout.tsx",
        {
          lines: JSON.stringify([{ cartId: "a", productId, quantity: 1, selectedOptions: [] }]),
          shippingMethod: "Retiro en local",
          paymentMethod: "Mercado Pago",
          terms: "on",
          idempotencyKey: "6f1c1a52-8f5e-4a43-9d3b-0c6f4f2a9e11",
          field_first_name: "Ana",
          field_last_name: "Gómez",
          field_email: "ana@example.com",
          field_phone: "11 5555 1234",
          field_address: "Calle 1",
          field_city: "CABA",
          field_state: "Buenos Aires",
          field_zip: "C1043",
          field_notes: "",
        },
      ],
    ];
    const values = [
      ...BAD_VALUES.filter(([n]) =>
        ["sql quote", "nul byte", "lone surrogate", "long 10k", "unicode", "empty", "huge number"].includes(n),
      ),
      ["300 KB", HUGE],
    ];
    const failures: string[] = [];
    for (const [url, file, valid] of forms) {
      const { action } = (await import(`../../app/${file}`)) as Required<RouteModule>;
      for (const field of Object.keys(valid)) {
        for (const [name, value] of values) {
          const form = new FormData();
          for (const [k, v] of Object.entries(valid)) form.append(k, k === field ? value! : v);
          const request = new Request(`http://localhost${url}`, { method: "POST", body: form });
          const failure = await attempt(`POST ${url} ${field}=[${name}]`, action, request, {});
          if (failure) failures.push(failure);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("logged no unexpected error on the way", () => {
    // A route that catches a database error logs it; none may have happened.
    expect(errors).toEqual([]);
    console.info(
      `bad-input: ${tally.calls} calls, ${modules.length} route modules, ${FIELD_NAMES.length} field names, ${modules.flatMap((m) => m.intents).length} intents, ${BAD_VALUES.length + 1} values; statuses ${JSON.stringify(Object.fromEntries([...tally.byStatus].sort()))}`,
    );
  });
});
