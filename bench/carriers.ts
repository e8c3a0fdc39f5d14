// npm run bench:carriers [-- --runs 40 --slow-runs 8]
// The checkout's added latency with carriers on ([21/25], ADR 0018), in-process through the route
// quote endpoint and the order model (no HTTP, no browser): /api/shipping-quotes with both carriers answering (a new cart
// each time: cold, the carriers are asked; the same cart again: warm, answered from the stored
// quotes), with OCA slow (the double's `slow` knob: it never answers, the budget ends the wait),
// and placing an order with a store method (carriers off the path) against one priced from a
// carrier's quote with a branch checked with the carrier. The carriers are the local doubles
// (tests/doubles/oca.ts, micorreo.ts), so these figures are the store's own cost plus loopback
// HTTP, not OCA's or Correo's real latency. PostgreSQL when DATABASE_URL is set (a schema of its
// own), else PGlite in memory. Writes bench/results/carriers-latest.{json,md}.
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { openDatabase, setDatabase } from "../app/db/client.server";
import { products } from "../app/db/schema/catalog";
import type { CheckoutShipping } from "../app/models/checkout-shipping.server";
import { ensureDefaultSettings } from "../app/models/settings.server";
import { placeOrder as placeOrderModel } from "../app/models/place-order.server";
import { action as quotesAction } from "../app/routes/resources/shipping-quotes";
import { resetCarriers } from "../app/services/carriers/index.server";
import { resetEnv } from "../app/utils/env.server";
import { MICORREO_TEST, startMiCorreoDouble } from "../tests/doubles/micorreo";
import { OCA_TEST, startOcaDouble } from "../tests/doubles/oca";
import { type Summary, summarize } from "./lib/stats";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const arg = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1]! : fallback;
};
const runs = Number(arg("runs", "40"));
const slowRuns = Number(arg("slow-runs", "8"));
const url = process.env.DATABASE_URL;
const schemaName = "vitec_bench_carriers";
const log = (line: string) => process.stderr.write(`[bench:carriers] ${line}\n`);

const oca = await startOcaDouble();
const correo = await startMiCorreoDouble();
Object.assign(process.env, {
  CARRIER_ORIGIN_POSTAL_CODE: "1043",
  OCA_API_URL: oca.apiUrl,
  OCA_CUIT: OCA_TEST.cuit,
  OCA_OPERATIVA_DOMICILIO: OCA_TEST.operativaDomicilio,
  OCA_OPERATIVA_SUCURSAL: OCA_TEST.operativaSucursal,
  MICORREO_API_URL: correo.apiUrl,
  MICORREO_USER: MICORREO_TEST.user,
  MICORREO_PASSWORD: MICORREO_TEST.password,
  MICORREO_CUSTOMER_ID: MICORREO_TEST.customerId,
});
resetEnv();
resetCarriers();
const budgetMs = Number(process.env.CARRIER_QUOTE_BUDGET_MS ?? 3000);

const handle = await openDatabase(
  url ? { kind: "pg", url, schema: schemaName, maxConnections: 4 } : { kind: "pglite" },
);
if (url) {
  await handle.db.execute(sql.raw(`drop schema if exists ${schemaName} cascade`));
  await handle.db.execute(sql.raw(`create schema ${schemaName}`));
}
await handle.migrate();
setDatabase(handle);
await ensureDefaultSettings(handle.db);
const [product] = await handle.db
  .insert(products)
  .values({
    slug: "router-bench",
    sku: "BENCH-1",
    name: "Router",
    price: "50000",
    stock: 1_000_000,
    status: "published",
  })
  .returning({ id: products.id });

let ip = 0;
const nextIp = () => `198.18.${(++ip >> 8) & 255}.${ip & 255}`;
const cart = (quantity: number) => [{ cartId: "l1", productId: product!.id, quantity, selectedOptions: [] }];

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await work();
  return [value, performance.now() - start];
}

async function askQuotes(quantity: number): Promise<Extract<CheckoutShipping, { ok: true }>> {
  const request = new Request("http://localhost/api/shipping-quotes", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ lines: cart(quantity), postalCode: "B1900AAA" }),
  });
  const answer = (await quotesAction({ request, params: {}, context: { remoteAddress: nextIp() } } as never)) as {
    data: CheckoutShipping;
  };
  if (!answer.data.ok) throw new Error(answer.data.error);
  return answer.data;
}

async function placeOrder(quantity: number, shipping: { method: string; quoteId?: string; branchId?: string }) {
  await placeOrderModel({
    idempotencyKey: randomUUID(),
    lines: cart(quantity),
    shippingMethod: shipping.method,
    shippingQuoteId: shipping.quoteId,
    shippingBranchId: shipping.branchId,
    paymentMethod: "Efectivo al retirar",
    fields: {
      first_name: "Lucía",
      last_name: "Fernández",
      email: "bench@example.com",
      phone: "11 5555-1234",
      address: "Calle 7 1234",
      city: "La Plata",
      state: "Buenos Aires",
      zip: "B1900AAA",
    },
  });
}

const samples: Record<string, number[]> = {
  quoteCold: [],
  quoteWarm: [],
  quoteColdOcaSlow: [],
  orderStoreMethod: [],
  orderCarrierSucursal: [],
};
// A quantity per run makes a cart no earlier run quoted (cold); asking it again is warm.
let quantity = 0;
log(`warm-up, then ${runs} runs (budget ${budgetMs} ms)`);
await askQuotes(++quantity);
for (let i = 0; i < runs; i++) {
  const q = ++quantity;
  const [cold, coldMs] = await timed(() => askQuotes(q));
  samples.quoteCold!.push(coldMs);
  const [, warmMs] = await timed(() => askQuotes(q));
  samples.quoteWarm!.push(warmMs);
  const [, storeMs] = await timed(() => placeOrder(q, { method: "Retiro en local" }));
  samples.orderStoreMethod!.push(storeMs);
  const sucursal = cold.carrierOptions.find((o) => o.serviceName === "OCA retiro en sucursal")!;
  const [, carrierMs] = await timed(() =>
    placeOrder(q, { method: sucursal.serviceName, quoteId: sucursal.quoteId, branchId: sucursal.branches[0]!.id }),
  );
  samples.orderCarrierSucursal!.push(carrierMs);
}
log(`OCA slow: ${slowRuns} cold quotes`);
oca.faults.slow = true;
for (let i = 0; i < slowRuns; i++) {
  const q = ++quantity;
  const [answer, ms] = await timed(() => askQuotes(q));
  if (answer.carrierOptions.some((o) => o.carrier === "oca")) throw new Error("OCA answered while slow");
  samples.quoteColdOcaSlow!.push(ms);
}
oca.faults.slow = false;

if (url) await handle.db.execute(sql.raw(`drop schema if exists ${schemaName} cascade`));
await handle.close();
await oca.close();
await correo.close();

const LABELS: Record<string, string> = {
  quoteCold: "Quotes, both carriers answer, new cart (cold)",
  quoteWarm: "Quotes, same cart again (warm: stored quotes, branches asked)",
  quoteColdOcaSlow: `Quotes, OCA never answers (budget ${budgetMs} ms)`,
  orderStoreMethod: "Place order, store method (Retiro en local)",
  orderCarrierSucursal: "Place order, OCA retiro en sucursal (quote re-priced, branch checked)",
};
const summaries: Record<string, Summary> = Object.fromEntries(
  Object.entries(samples).map(([name, values]) => [name, summarize(values)]),
);
const database = url ? "PostgreSQL" : "PGlite (in memory)";
const when = new Date().toISOString();
const md = [
  `# bench:carriers — ${database}, ${when}`,
  "",
  "In-process: the quote endpoint's route module and the order model; carriers are the local doubles (loopback HTTP).",
  "",
  "| Step | Runs | p50 ms | p95 ms | max ms |",
  "| --- | ---: | ---: | ---: | ---: |",
  ...Object.entries(summaries).map(([name, s]) => `| ${LABELS[name]} | ${s.runs} | ${s.p50} | ${s.p95} | ${s.max} |`),
  "",
].join("\n");
mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
writeFileSync(
  path.join(ROOT, "bench/results/carriers-latest.json"),
  JSON.stringify({ when, database, budgetMs, runs, slowRuns, summaries }, null, 2),
);
writeFileSync(path.join(ROOT, "bench/results/carriers-latest.md"), md);
process.stdout.write(md);
