// Checkout throughput of `npm run bench`: several buyers at once, each placing orders one after
// another through the real checkout form (POST /checkout, as a browser without JavaScript sends
// it) until the time is up. Each order buys one unit of one or two products from a pool, as a
// guest, picked up at the store. Every order gets its own X-Forwarded-For address (the bench
// server runs with TRUST_PROXY=1: this script stands as the one proxy) so the checkout's per-address rate limit (30 per 10 minutes)
// sees separate shoppers. Argument: JSON { url, buyers, duration, productIds }.
import { randomUUID } from "node:crypto";
import { summarize } from "./lib/stats";

type Options = { url: string; buyers: number; duration: number; productIds: string[] };
const options = JSON.parse(process.argv[2] ?? "{}") as Options;

let sequence = 0;
function orderForm(): URLSearchParams {
  const n = sequence++;
  const pick = () => options.productIds[Math.floor(Math.random() * options.productIds.length)]!;
  const ids = [...new Set([pick(), ...(Math.random() < 0.5 ? [pick()] : [])])];
  const lines = ids.map((productId, i) => ({ cartId: `line-${i}`, productId, quantity: 1, selectedOptions: [] }));
  return new URLSearchParams({
    lines: JSON.stringify(lines),
    shippingMethod: "Retiro en local",
    paymentMethod: "Efectivo al retirar",
    terms: "on",
    idempotencyKey: randomUUID(),
    field_first_name: "Carga",
    field_last_name: `Comprador ${n}`,
    field_email: `comprador${n}@bench.vitec.test`,
    field_phone: "+54 11 4000-0000",
    field_address: "Av. Corrientes 1234",
    field_city: "CABA",
    field_state: "CABA",
    field_zip: "C1043",
  });
}

const latencies: number[] = [];
const outcome = { placed: 0, refused: 0, errors: 0, statuses: {} as Record<string, number> };
const deadline = Date.now() + options.duration * 1000;

async function buyer(id: number) {
  let order = 0;
  while (Date.now() < deadline) {
    const address = `10.${id}.${Math.floor(order / 250) % 250}.${(order % 250) + 1}`;
    order++;
    const started = performance.now();
    try {
      const response = await fetch(new URL("/checkout", options.url), {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Forwarded-For": address,
          Origin: options.url,
        },
        body: orderForm(),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      outcome.statuses[response.status] = (outcome.statuses[response.status] ?? 0) + 1;
      const location = response.headers.get("location") ?? "";
      if (response.status === 302 && location.startsWith("/success")) outcome.placed++;
      else if (response.status === 409)
        outcome.refused++; // out of stock: a correct answer
      else outcome.errors++;
    } catch {
      outcome.errors++;
    }
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: options.buyers }, (_, i) => buyer(i + 1)));
const seconds = (performance.now() - started) / 1000;
const latency = summarize(latencies);
process.stdout.write(
  JSON.stringify({
    buyers: options.buyers,
    seconds: Math.round(seconds * 10) / 10,
    ordersPlaced: outcome.placed,
    ordersPerSecond: Math.round((outcome.placed / seconds) * 10) / 10,
    refused: outcome.refused,
    errors: outcome.errors,
    statuses: outcome.statuses,
    p50: latency.p50,
    p99: latency.p99,
  }),
);
