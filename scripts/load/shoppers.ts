// Load test: N concurrent shoppers (home, catalogue, search, product, cart check, checkout page,
// checkout, confirmation) for D seconds against the production server on PostgreSQL, then checks
// that nothing was lost: every accepted order is in the database with the items asked for,
// stock never went below zero, and stock + units sold stayed constant the whole time.
// A third of the shoppers are signed in (--signed-in 0.33): their accounts are created and
// signed in through the store's own form before the clock starts, and they carry their session
// cookies. Each shopper also makes the calls a browser makes on those pages: the units left on a
// product page, and, signed in, /api/viewer on every page (the pages themselves are public).
//
//   npm run build
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test flock /tmp/vitec-heavy.lock npm run load -- --shoppers 200 --duration 60
//   ... npm run load -- --rates 10,20,40 --duration 60   # open loop: visits arrive at each rate in turn
//
// It starts its own server (port 4510 by default) on a new schema seeded with the demo
// catalogue, and drops the schema at the end (--keep keeps it). The server runs with
// TRUST_PROXY=1 (the load script stands as the one proxy) and each shopper's visit comes from its own X-Forwarded-For address, as
// real customers behind a proxy do, so the per-address rate limits apply to each one.
// Figures: docs/reliability.md.
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type pg from "pg";
import { defaultSelection, unitPrice } from "../../app/domain/pricing";
import type { OptionGroup } from "../../app/domain/product-meta";
import { type ServerProcess, newSecret, requireBuild, scratchSchema, startServer } from "../lib/server-process";

export type LoadOptions = {
  url: string;
  pool: pg.Pool;
  shoppers: number;
  durationSeconds: number;
  /** Called every second with the seconds elapsed (the fault script restarts PostgreSQL from here). */
  onSecond?: (elapsed: number) => void | Promise<void>;
  /** Checkout retries with the same idempotency key after a network error or a 5xx (a browser's retry). */
  checkoutAttempts?: number;
  /** The share of shoppers who are signed in (0 to 1). */
  signedInShare?: number;
  /**
   * Open loop: visits arrive at this mean rate per second (Poisson arrivals), whatever the
   * server's answers, each one as one of the `shoppers` in turn (so the signed-in share holds);
   * a visit that arrives before the end runs to its end. Without it, `shoppers` each visit again
   * and again, waiting for every answer (closed loop).
   */
  arrivalsPerSecond?: number;
  log?: (line: string) => void;
};

type Product = {
  id: string;
  name: string;
  priced: { price: string; sale_price: string | null; option_groups: OptionGroup[] };
  options: { group: string; option: string }[];
};
type Line = {
  cartId: string;
  productId: string;
  quantity: number;
  selectedOptions: { group: string; option: string }[];
};
type Placed = { key: string; orderId: string; lines: Line[] };

export type LoadResult = {
  shoppers: number;
  /** Open loop: the mean arrival rate asked for (visits per second); null for the closed loop. */
  arrivalsPerSecond: number | null;
  visits: number;
  signedIn: number;
  durationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  byStep: Record<string, { count: number; errors: number; p50: number; p95: number; p99: number; max: number }>;
  errors: { step: string; at: number; reason: string }[];
  checkouts: { accepted: number; refusedOutOfStock: number; refusedOther: number; gaveUp: number; retried: number };
  invariants: {
    samples: number;
    sampleErrors: number;
    minStockSeen: number | null;
    conservationViolations: number;
    initialTotal: number;
  };
  verification: {
    acceptedMissing: string[];
    acceptedWrongItems: string[];
    acceptedWrongTotals: string[];
    ordersWithoutItems: number;
    unansweredButPresent: number;
    unansweredAndAbsent: number;
    unexpectedOrders: number;
    finalMinStock: number;
    finalConservation: boolean;
    ordersInDatabase: number;
    unitsSold: number;
  };
  ok: boolean;
};

const FIELDS = (n: number) => ({
  field_first_name: "Comprador",
  field_last_name: `Carga ${n}`,
  field_email: `carga${n}@example.com`,
  field_phone: "11 5555 1234",
  field_address: "Av. Corrientes 1234",
  field_city: "CABA",
  field_state: "Buenos Aires",
  field_zip: "C1043",
});

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const { pool, url } = options;

  // Ten "hot" products get 5 units each, so shoppers race for the last units all the time; the
  // others get 1000, so orders keep going through for the whole run.
  const { rows: candidates } = await pool.query<{
    id: string;
    name: string;
    price: string;
    sale_price: string | null;
    groups: OptionGroup[] | null;
  }>(
    `select id, name, stock, price, sale_price, meta->'option_groups' as groups from products where status = 'published' and price > 0 order by name`,
  );
  const hotIds = candidates
    .slice(0, 60)
    .filter((_, i) => i % 6 === 0)
    .map((p) => p.id);
  // A product with variants keeps its stock in its variants (products.stock is their sum, kept by
  // a trigger): each variant gets the units; setting products.stock itself would be undone by the
  // first variant sold and break "stock + sold stays constant".
  await pool.query(
    `update product_variants v set stock = case when v.product_id = any($1) then 5 else 1000 end
       from products p where p.id = v.product_id and p.status = 'published'`,
    [hotIds],
  );
  await pool.query(
    `update products set stock = case when id = any($1) then 5 else 1000 end
       where status = 'published' and not exists (select 1 from product_variants v where v.product_id = products.id)`,
    [hotIds],
  );
  const products: Product[] = (
    await pool.query<(typeof candidates)[number]>(
      `select id, name, stock, price, sale_price, meta->'option_groups' as groups from products where status = 'published' and price > 0 order by name`,
    )
  ).rows.map((p) => ({
    id: p.id,
    name: p.name,
    priced: { price: p.price, sale_price: p.sale_price, option_groups: p.groups ?? [] },
    options: defaultSelection(p.groups ?? []),
  }));
  const hot = products.filter((p) => hotIds.includes(p.id));
  const words = [
    ...new Set(products.flatMap((p) => p.name.split(/\s+/).filter((w) => /^[A-Za-zÁÉÍÓÚáéíóúñÑ]{4,}$/.test(w)))),
  ];
  const conservation = `select (select coalesce(sum(stock), 0) from products)::bigint + (select coalesce(sum(quantity), 0) from order_items)::bigint as total, (select min(stock) from products) as min`;
  const initial = (await pool.query<{ total: string }>(conservation)).rows[0]!;
  const initialTotal = Number(initial.total);
  const ordersBefore = Number((await pool.query<{ n: string }>("select count(*) as n from orders")).rows[0]!.n);
  log(
    `load: ${products.length} products (${hot.length} hot with 5 units), stock + sold = ${initialTotal}, ${options.shoppers} shoppers for ${options.durationSeconds} s against ${url}`,
  );

  const latencies = new Map<string, number[]>();
  const stepErrors = new Map<string, number>();
  const errors: LoadResult["errors"] = [];
  const placed: Placed[] = [];
  const unanswered: string[] = [];
  const checkouts = { accepted: 0, refusedOutOfStock: 0, refusedOther: 0, gaveUp: 0, retried: 0 };
  const started = Date.now();
  const deadline = started + options.durationSeconds * 1000;
  let requests = 0;

  async function step(
    name: string,
    path: string,
    init: RequestInit,
    ok: (status: number) => boolean,
  ): Promise<{ status: number; location: string | null; body: string } | null> {
    const t0 = performance.now();
    requests++;
    try {
      const response = await fetch(`${url}${path}`, { ...init, redirect: "manual" });
      const body = await response.text();
      const ms = performance.now() - t0;
      (latencies.get(name) ?? latencies.set(name, []).get(name)!).push(ms);
      if (!ok(response.status)) {
        stepErrors.set(name, (stepErrors.get(name) ?? 0) + 1);
        errors.push({
          step: name,
          at: Math.round((Date.now() - started) / 100) / 10,
          reason: `HTTP ${response.status} ${body.slice(0, 120).replace(/\s+/g, " ")}`,
        });
      }
      return { status: response.status, location: response.headers.get("location"), body };
    } catch (error) {
      stepErrors.set(name, (stepErrors.get(name) ?? 0) + 1);
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      errors.push({
        step: name,
        at: Math.round((Date.now() - started) / 100) / 10,
        reason: cause?.code ?? cause?.message ?? String(error),
      });
      return null;
    }
  }

  const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;

  // The signed-in shoppers' accounts, created and signed in through /login before the clock starts.
  const signedInCount = Math.round(options.shoppers * (options.signedInShare ?? 0));
  const sessions = new Map<number, string>();
  const run = Date.now().toString(36);
  const signInShopper = async (i: number) => {
    const email = `carga.${run}.${i}@example.com`;
    const post = (fields: Record<string, string>) =>
      fetch(`${url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Forwarded-For": `10.200.${i >> 8}.${i & 255}`,
        },
        body: new URLSearchParams(fields).toString(),
      });
    await (await post({ intent: "signup", fullName: `Comprador ${i}`, email, password: "clave-de-carga" })).text();
    const response = await post({ intent: "login", email, password: "clave-de-carga" });
    await response.text();
    // The session and its hint; the welcome toast is shown (and its cookie cleared) by the first page a browser opens.
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0] ?? "")
      .filter((c) => !c.endsWith("=") && !c.startsWith("vitec_toast="))
      .join("; ");
    if (!cookie.includes("session_token")) throw new Error(`shopper ${i} could not sign in (HTTP ${response.status})`);
    sessions.set(i, cookie);
  };
  for (let i = 0; i < signedInCount; i += 4) {
    await Promise.all(Array.from({ length: Math.min(4, signedInCount - i) }, (_, k) => signInShopper((i + k) * 3)));
  }
  if (signedInCount) log(`load: ${signedInCount} shoppers signed in`);
  const is200 = (s: number) => s === 200;

  async function checkout(lines: Line[], headers: Record<string, string>, n: number) {
    const key = randomUUID();
    const form = new URLSearchParams({
      lines: JSON.stringify(lines),
      shippingMethod: "Retiro en local",
      paymentMethod: "Mercado Pago",
      terms: "on",
      idempotencyKey: key,
      ...FIELDS(n),
    });
    const attempts = options.checkoutAttempts ?? 1;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) {
        checkouts.retried++;
        await new Promise((resolve) => setTimeout(resolve, Math.min(4000, 500 * 2 ** (attempt - 2))));
      }
      const result = await step(
        "checkout",
        "/checkout",
        {
          method: "POST",
          headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
          body: form.toString(),
        },
        (s) => s === 302 || s === 409,
      );
      if (!result || result.status >= 500) continue;
      if (result.status === 302 && result.location?.startsWith("/success?")) {
        const orderId = new URL(result.location, url).searchParams.get("order")!;
        placed.push({ key, orderId, lines });
        checkouts.accepted++;
        return result.location;
      }
      if (result.status === 409 && /Stock insuficiente/.test(result.body)) checkouts.refusedOutOfStock++;
      else checkouts.refusedOther++;
      return null;
    }
    checkouts.gaveUp++;
    unanswered.push(key);
    return null;
  }

  const visitsOf = new Map<number, number>();
  async function visit(i: number) {
    const n = (visitsOf.get(i) ?? 0) + 1;
    visitsOf.set(i, n);
    const visitor = i * 100_000 + n;
    // One visit, one address (a new customer each time, behind the proxy).
    const cookie = sessions.get(i);
    const headers: Record<string, string> = {
      "X-Forwarded-For": `10.${i % 250}.${(n >> 8) & 255}.${n & 255}`,
      ...(cookie ? { Cookie: cookie } : {}),
    };
    // A page, and what its script asks for: who is browsing (signed in only).
    const page = async (name: string, path: string) => {
      await step(name, path, { headers }, is200);
      if (cookie) await step("viewer", "/api/viewer", { headers }, is200);
    };
    await page("home", "/");
    await page("catalog", `/store?page=${1 + Math.floor(Math.random() * 3)}`);
    await page("search", `/search?q=${encodeURIComponent(pick(words))}`);
    const product = Math.random() < 0.4 && hot.length ? pick(hot) : pick(products);
    await page("product", `/product/${product.id}`);
    await step("stock", `/api/products/${product.id}/stock`, { headers }, is200);
    const lines: Line[] = [
      {
        cartId: randomUUID(),
        productId: product.id,
        quantity: 1 + Math.floor(Math.random() * 2),
        selectedOptions: product.options,
      },
    ];
    if (Math.random() < 0.3) {
      const other = pick(products);
      if (other.id !== product.id)
        lines.push({ cartId: randomUUID(), productId: other.id, quantity: 1, selectedOptions: other.options });
    }
    await step(
      "cart-check",
      "/api/cart/check",
      {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json" },
        body: JSON.stringify({ lines }),
      },
      is200,
    );
    if (!options.arrivalsPerSecond && Date.now() >= deadline) return;
    await page("checkout-page", "/checkout");
    const success = await checkout(lines, headers, visitor);
    if (success && Math.random() < 0.5) await page("confirmation", success);
  }

  async function shopper(i: number) {
    while (Date.now() < deadline) await visit(i);
  }

  /** Poisson arrivals: exponential gaps of mean 1/rate seconds until the deadline. */
  async function arrivals(rate: number) {
    const visits: Promise<void>[] = [];
    let next = Date.now();
    for (let v = 0; next < deadline; v++) {
      const wait = next - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      visits.push(visit(v % options.shoppers));
      next += (-Math.log(1 - Math.random()) / rate) * 1000;
    }
    await Promise.all(visits);
  }

  // Invariants sampled while the shoppers run: one statement, so one snapshot.
  const invariants = {
    samples: 0,
    sampleErrors: 0,
    minStockSeen: null as number | null,
    conservationViolations: 0,
    initialTotal,
  };
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      try {
        const row = (await pool.query<{ total: string; min: number }>(conservation)).rows[0]!;
        invariants.samples++;
        invariants.minStockSeen =
          invariants.minStockSeen === null ? row.min : Math.min(invariants.minStockSeen, row.min);
        if (Number(row.total) !== initialTotal) invariants.conservationViolations++;
      } catch {
        invariants.sampleErrors++;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  const ticker = setInterval(() => {
    const elapsed = Math.round((Date.now() - started) / 1000);
    void options.onSecond?.(elapsed);
    if (elapsed % 10 === 0)
      log(`  ${elapsed} s: ${requests} requests, ${checkouts.accepted} orders, ${errors.length} errors`);
  }, 1000);

  if (options.arrivalsPerSecond) await arrivals(options.arrivalsPerSecond);
  else await Promise.all(Array.from({ length: options.shoppers }, (_, i) => shopper(i)));
  clearInterval(ticker);
  const elapsedSeconds = (Date.now() - started) / 1000;
  sampling = false;
  await sampler;

  // ---------------------------------------------------------------- nothing lost?
  const byId = new Map(products.map((p) => [p.id, p]));
  const acceptedMissing: string[] = [];
  const acceptedWrongItems: string[] = [];
  const acceptedWrongTotals: string[] = [];
  for (const order of placed) {
    const { rows } = await pool.query<{
      subtotal: string;
      shipping_cost: string;
      discount: string;
      total: string;
      idempotency_key: string;
    }>("select subtotal, shipping_cost, discount, total, idempotency_key from orders where id = $1", [order.orderId]);
    const row = rows[0];
    if (!row || row.idempotency_key !== order.key) {
      acceptedMissing.push(order.orderId);
      continue;
    }
    const items = (
      await pool.query<{ product_id: string; quantity: number; price: string; subtotal: string }>(
        "select product_id, quantity, price, subtotal from order_items where order_id = $1",
        [order.orderId],
      )
    ).rows;
    const asked = new Map<string, number>();
    for (const l of order.lines) asked.set(l.productId, (asked.get(l.productId) ?? 0) + l.quantity);
    const got = new Map<string, number>();
    for (const item of items) got.set(item.product_id, (got.get(item.product_id) ?? 0) + item.quantity);
    if (asked.size !== got.size || [...asked].some(([id, q]) => got.get(id) !== q))
      acceptedWrongItems.push(order.orderId);
    const cents = (v: string) => Math.round(Number(v) * 100);
    const itemsTotal = items.reduce((sum, i) => sum + cents(i.subtotal), 0);
    // Each unit at the store's price for the options asked (~/domain/pricing), whatever the client thought.
    const pricesRight = items.every((i) => {
      const p = byId.get(i.product_id);
      const line = order.lines.find((l) => l.productId === i.product_id);
      return (
        p !== undefined &&
        line !== undefined &&
        cents(i.price) === Math.round(unitPrice(p.priced, line.selectedOptions) * 100)
      );
    });
    if (
      !pricesRight ||
      itemsTotal !== cents(row.subtotal) ||
      cents(row.subtotal) + cents(row.shipping_cost) - cents(row.discount) !== cents(row.total)
    ) {
      acceptedWrongTotals.push(order.orderId);
    }
  }
  let unansweredButPresent = 0;
  for (const key of unanswered) {
    const { rows } = await pool.query("select 1 from orders where idempotency_key = $1", [key]);
    if (rows.length) unansweredButPresent++;
  }
  const ordersInDatabase =
    Number((await pool.query<{ n: string }>("select count(*) as n from orders")).rows[0]!.n) - ordersBefore;
  const ordersWithoutItems = Number(
    (
      await pool.query<{ n: string }>(
        "select count(*) as n from orders o where not exists (select 1 from order_items i where i.order_id = o.id)",
      )
    ).rows[0]!.n,
  );
  const final = (await pool.query<{ total: string; min: number }>(conservation)).rows[0]!;
  const unitsSold = Number(
    (await pool.query<{ n: string }>("select coalesce(sum(quantity), 0) as n from order_items")).rows[0]!.n,
  );

  const byStep: LoadResult["byStep"] = {};
  for (const [name, list] of latencies) {
    const sorted = [...list].sort((a, b) => a - b);
    byStep[name] = {
      count: list.length,
      errors: stepErrors.get(name) ?? 0,
      p50: quantile(sorted, 0.5),
      p95: quantile(sorted, 0.95),
      p99: quantile(sorted, 0.99),
      max: quantile(sorted, 1),
    };
  }
  for (const [name, count] of stepErrors) byStep[name] ??= { count: 0, errors: count, p50: 0, p95: 0, p99: 0, max: 0 };

  const verification = {
    acceptedMissing,
    acceptedWrongItems,
    acceptedWrongTotals,
    ordersWithoutItems,
    unansweredButPresent,
    unansweredAndAbsent: unanswered.length - unansweredButPresent,
    unexpectedOrders: ordersInDatabase - placed.length - unansweredButPresent,
    finalMinStock: final.min,
    finalConservation: Number(final.total) === initialTotal,
    ordersInDatabase,
    unitsSold,
  };
  const ok =
    errors.length === 0 &&
    acceptedMissing.length === 0 &&
    acceptedWrongItems.length === 0 &&
    acceptedWrongTotals.length === 0 &&
    ordersWithoutItems === 0 &&
    verification.unexpectedOrders === 0 &&
    final.min >= 0 &&
    (invariants.minStockSeen ?? 0) >= 0 &&
    invariants.conservationViolations === 0 &&
    verification.finalConservation;
  return {
    shoppers: options.shoppers,
    arrivalsPerSecond: options.arrivalsPerSecond ?? null,
    visits: [...visitsOf.values()].reduce((sum, n) => sum + n, 0),
    signedIn: signedInCount,
    durationSeconds: Math.round(elapsedSeconds),
    requests,
    requestsPerSecond: Math.round(requests / elapsedSeconds),
    byStep,
    errors,
    checkouts,
    invariants,
    verification,
    ok,
  };
}

export function summarize(result: LoadResult): string {
  const v = result.verification;
  const lines = [
    `${result.shoppers} shoppers (${result.signedIn} signed in), ${result.durationSeconds} s: ${result.requests} requests (${result.requestsPerSecond}/s), ${result.errors.length} errors`,
    `orders: ${result.checkouts.accepted} accepted, ${result.checkouts.refusedOutOfStock} refused for stock, ${result.checkouts.refusedOther} refused otherwise, ${result.checkouts.gaveUp} unanswered after retries (${result.checkouts.retried} retries)`,
    `latency (ms)        count  errors   p50    p95    p99    max`,
    ...Object.entries(result.byStep).map(
      ([name, s]) =>
        `  ${name.padEnd(16)} ${String(s.count).padStart(6)} ${String(s.errors).padStart(6)} ${String(s.p50).padStart(6)} ${String(s.p95).padStart(6)} ${String(s.p99).padStart(6)} ${String(s.max).padStart(6)}`,
    ),
    `invariants while running: ${result.invariants.samples} samples, min stock ${result.invariants.minStockSeen}, stock + sold != ${result.invariants.initialTotal} in ${result.invariants.conservationViolations} samples (${result.invariants.sampleErrors} samples failed)`,
    `after: ${v.ordersInDatabase} new orders in the database (${v.unitsSold} units); accepted but missing ${v.acceptedMissing.length}, wrong items ${v.acceptedWrongItems.length}, wrong totals ${v.acceptedWrongTotals.length}; orders without items ${v.ordersWithoutItems}; unanswered but written ${v.unansweredButPresent}, unanswered and not written ${v.unansweredAndAbsent}; unexplained orders ${v.unexpectedOrders}; min stock ${v.finalMinStock}; stock + sold constant: ${v.finalConservation}`,
    result.ok ? "RESULT: OK, nothing lost" : "RESULT: FAILED",
  ];
  if (result.errors.length) {
    const reasons = new Map<string, number>();
    for (const e of result.errors)
      reasons.set(`${e.step}: ${e.reason}`, (reasons.get(`${e.step}: ${e.reason}`) ?? 0) + 1);
    lines.push(
      "errors by reason:",
      ...[...reasons]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 15)
        .map(([r, n]) => `  ${n} x ${r}`),
    );
  }
  return lines.join("\n");
}

/** The open-loop runs side by side: worst step's p95 and p99, and the highest rate that held. */
export function openLoopTable(runs: LoadResult[]): string {
  const held = (r: LoadResult) =>
    r.ok && Object.values(r.byStep).every((s) => s.p95 < 500 && s.p99 < 1000 && s.errors === 0);
  const lines = [
    "| visits/s asked | visits | orders | requests/s | worst step p95 ms | worst step p99 ms | p95 < 500, p99 < 1 s, nothing lost |",
    "|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const r of runs) {
    const steps = Object.entries(r.byStep);
    const worst = (key: "p95" | "p99") =>
      steps.reduce((top, [name, s]) => (s[key] > top.ms ? { name, ms: s[key] } : top), { name: "-", ms: 0 });
    const p95 = worst("p95");
    const p99 = worst("p99");
    lines.push(
      `| ${r.arrivalsPerSecond} | ${r.visits} | ${r.checkouts.accepted} | ${r.requestsPerSecond} | ${p95.ms} (${p95.name}) | ${p99.ms} (${p99.name}) | ${held(r) ? "yes" : "**no**"} |`,
    );
  }
  const best = runs.filter(held).sort((a, b) => (b.arrivalsPerSecond ?? 0) - (a.arrivalsPerSecond ?? 0))[0];
  lines.push("", `Highest rate that held: ${best ? `${best.arrivalsPerSecond} visits/s` : "none of those tried"}.`);
  return lines.join("\n");
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error("The load test runs on PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).");
    process.exit(1);
  }
  requireBuild();
  const scratch = await scratchSchema(databaseUrl, "load");
  let server: ServerProcess | undefined;
  try {
    server = await startServer({
      port: Number(arg("port", "4510")),
      databaseUrl,
      schema: scratch.schema,
      secret: newSecret(),
      env: { TRUST_PROXY: "1" },
    });
    // --rates 10,20,40: open loop at each rate in turn (Poisson arrivals), then the highest rate
    // at which every step kept p95 < 500 ms and p99 < 1 s with nothing lost.
    const rates = arg("rates", "").split(",").filter(Boolean).map(Number);
    const runs: LoadResult[] = [];
    for (const rate of rates.length ? rates : [0]) {
      const run = await runLoad({
        url: server.url,
        pool: scratch.pool,
        shoppers: Number(arg("shoppers", "200")),
        durationSeconds: Number(arg("duration", "60")),
        signedInShare: Number(arg("signed-in", "0.33")),
        arrivalsPerSecond: rate || undefined,
      });
      console.log(summarize(run));
      runs.push(run);
    }
    if (rates.length) console.log(openLoopTable(runs));
    const result = runs.at(-1)!;
    const serverErrors = server.lines.filter((l) => l.includes('"level":"error"'));
    // How the page cache answered, by route (the server's request log says it on each line).
    const cache = new Map<string, Record<string, number>>();
    for (const line of server.lines) {
      if (!line.includes('"msg":"request"')) continue;
      const { route, cache: state } = JSON.parse(line) as { route: string; cache?: string };
      const counts = cache.get(route) ?? {};
      counts[state ?? "rendered"] = (counts[state ?? "rendered"] ?? 0) + 1;
      cache.set(route, counts);
    }
    console.log("page cache by route:");
    for (const [route, counts] of cache) console.log(`  ${route.padEnd(28)} ${JSON.stringify(counts)}`);
    console.log(`server: ${serverErrors.length} error lines in its log`);
    for (const line of serverErrors.slice(0, 5)) console.log(`  ${line.slice(0, 300)}`);
    const out = arg("out", "");
    if (out)
      writeFileSync(
        path.resolve(out),
        `${JSON.stringify({ ...result, serverErrorLines: serverErrors.length }, null, 2)}\n`,
      );
    process.exitCode = result.ok && serverErrors.length === 0 ? 0 : 1;
  } finally {
    await server?.stop();
    if (!process.argv.includes("--keep")) await scratch.drop();
    else await scratch.pool.end();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
