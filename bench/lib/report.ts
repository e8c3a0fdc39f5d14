// The shape of bench/results/latest.json and its Markdown rendering, with the issue's targets.
import type { Summary } from "./stats";

export type Load = {
  rps: number;
  requests: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  bytesPerRequest: number;
  peakRssMb?: number;
  /** The server process's CPU time (user + system) per answer, in ms. */
  cpuMsPerRequest?: number;
};

export type ExplainedStatement = {
  sql: string;
  seqScanOfProducts: boolean;
  indexes: string[];
  nodes: string[];
  actualMs: number | null;
};

export type Configuration = {
  db: "pglite" | "pg";
  products: number;
  http: (Load & { route: string; path: string })[];
  database: {
    products: { total: number; published: number };
    seedSeconds: number | null;
    deep: Record<string, unknown>;
    timings: Record<string, Summary>;
    explain: Record<string, ExplainedStatement[]>;
    typo: {
      found: number;
      total: number;
      ratio: number | null;
      notInCatalogue: string[];
      missed: { query: string; top5: string[] }[];
    };
  };
  /** Absent with --render-only. */
  checkout?: {
    buyers: number;
    seconds: number;
    ordersPlaced: number;
    ordersPerSecond: number;
    refused: number;
    errors: number;
    p50: number;
    p99: number;
    peakRssMb: number;
  };
  memory: { idleRssMb: number; peakRssMbUnderLoad: number };
};

export type Results = {
  label: string;
  generatedAt: string;
  minutes: number;
  commit: string;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string };
  settings: { connections: number; durationSeconds: number; warmupSeconds: number; buyers: number; dbRuns: number };
  configurations: Configuration[];
};

const pct = (x: number) => `${Math.round(x * 100)} %`;
const num = (x: number) => (x >= 100 ? Math.round(x).toLocaleString("en-US") : x.toFixed(1));
const ok = (pass: boolean) => (pass ? "yes" : "**no**");

/** Target of each DB query (PostgreSQL, 100,000 products): p95 under this many ms. */
export const DB_TARGETS: Record<string, number> = {
  catalogPage1: 10,
  catalogDeepFiltered: 10,
  product: 10,
  searchFullText: 25,
  searchTypo: 30,
};

export function markdownReport(results: Results): string {
  const lines: string[] = [];
  const s = results.settings;
  lines.push(
    `# Vitec benchmark${results.label ? ` (${results.label})` : ""}`,
    "",
    `${results.generatedAt}, commit ${results.commit || "?"}, ${results.machine.cpus} cores (${results.machine.cpuModel}), Node ${results.machine.node}. ` +
      `${s.connections} connections, ${s.durationSeconds} s per route after ${s.warmupSeconds} s of warm-up; server and load generator on different cores.`,
  );
  for (const c of results.configurations) {
    const staticRps = c.http.find((h) => h.route.startsWith("static"))?.rps ?? 0;
    const baselineStore = c.http.find((h) => h.route === "plain-Node baseline: /store (page 1)")?.rps ?? 0;
    const baselineProduct = c.http.find((h) => h.route === "plain-Node baseline: /product/{id}")?.rps ?? 0;
    const floorStore = c.http.find((h) => h.route === "React floor: /store (page 1)")?.rps ?? 0;
    const floorProduct = c.http.find((h) => h.route === "React floor: /product/{id}")?.rps ?? 0;
    const floorStoreCpu = c.http.find((h) => h.route === "React floor: /store (page 1)")?.cpuMsPerRequest ?? 0;
    const floorProductCpu = c.http.find((h) => h.route === "React floor: /product/{id}")?.cpuMsPerRequest ?? 0;
    lines.push(
      "",
      `## ${c.db === "pg" ? "PostgreSQL" : "PGlite"}, ${c.products.toLocaleString("en-US")} products`,
      "",
      "| Route | req/s | p50 ms | p99 ms | errors | KB/resp | CPU ms/resp | vs static | vs plain Node | vs React floor | vs React floor (CPU) |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    );
    for (const h of c.http) {
      // The production server's /store page 1 and product page (cached or not) against the same routes.
      const uncached = h.route.startsWith("PAGE_CACHE=off");
      const isStore = h.route === "/store (page 1)" || (uncached && h.route.endsWith(": /store (page 1)"));
      const isProduct = h.route === "/product/{id}" || (uncached && h.route.endsWith(": /product/{id}"));
      const baseline = isStore ? baselineStore : isProduct ? baselineProduct : 0;
      const floor = isStore ? floorStore : isProduct ? floorProduct : 0;
      const floorCpu = isStore ? floorStoreCpu : isProduct ? floorProductCpu : 0;
      const errors = h.errors + h.timeouts + h.non2xx;
      const cpu = h.cpuMsPerRequest;
      lines.push(
        `| ${h.route} | ${num(h.rps)} | ${h.p50} | ${h.p99} | ${errors} | ${(h.bytesPerRequest / 1024).toFixed(1)} | ${cpu ?? "-"} | ${staticRps ? pct(h.rps / staticRps) : "-"} | ${baseline ? pct(h.rps / baseline) : "-"} | ${floor ? pct(h.rps / floor) : "-"} | ${floorCpu && cpu ? pct(floorCpu / cpu) : "-"} |`,
      );
    }
    lines.push(
      "",
      "| Query (DB time) | p50 ms | p95 ms | target p95 | seq scan of products | indexes used |",
      "|---|---:|---:|---:|---|---|",
    );
    for (const [name, t] of Object.entries(c.database.timings)) {
      const statements = c.database.explain[name] ?? [];
      const seq = statements.some((x) => x.seqScanOfProducts);
      const indexes = [...new Set(statements.flatMap((x) => x.indexes))].join(", ");
      lines.push(
        `| ${name} | ${t.p50} | ${t.p95} | ${DB_TARGETS[name] ?? "-"} | ${seq ? "**yes**" : "no"} | ${indexes || "-"} |`,
      );
    }
    const typo = c.database.typo;
    lines.push(
      "",
      `Typo tolerance: ${typo.found}/${typo.total} one-typo queries find the intended product in the top 5 (${typo.ratio === null ? "-" : pct(typo.ratio)}; target 90 %)` +
        (typo.notInCatalogue.length
          ? `; ${typo.notInCatalogue.length} skipped, their product is not in this catalogue`
          : "") +
        ".",
    );
    if (c.checkout) {
      lines.push(
        `Checkout: ${c.checkout.buyers} concurrent buyers, ${c.checkout.ordersPlaced} orders in ${c.checkout.seconds} s = **${c.checkout.ordersPerSecond} orders/s** ` +
          `(p50 ${c.checkout.p50} ms, p99 ${c.checkout.p99} ms; ${c.checkout.refused} refused for stock, ${c.checkout.errors} errors).`,
        `Memory (RSS of the server process): ${c.memory.idleRssMb} MB idle, ${c.memory.peakRssMbUnderLoad} MB peak under page load, ${c.checkout.peakRssMb} MB peak during checkout.`,
      );
    }

    // The issue's targets for this configuration.
    const product = c.http.find((h) => h.route === "/product/{id}");
    const store = c.http.find((h) => h.route === "/store (page 1)");
    const storefront = c.http.filter(
      (h) => !h.route.startsWith("static") && !h.route.startsWith("plain-Node") && !h.route.startsWith("React floor"),
    );
    const uncachedStore = c.http.find((h) => h.route === "PAGE_CACHE=off: /store (page 1)");
    const uncachedProduct = c.http.find((h) => h.route === "PAGE_CACHE=off: /product/{id}");
    const checks: [string, boolean][] = [];
    if (product && store && staticRps) {
      checks.push([
        "product page and /store page 1 at or above 50 % of static",
        product.rps >= staticRps / 2 && store.rps >= staticRps / 2,
      ]);
      checks.push([
        "product page and /store page 1 at or above 100 % of plain Node",
        product.rps >= baselineProduct && store.rps >= baselineStore,
      ]);
      checks.push([
        "no storefront route below 25 % of static",
        storefront.filter((h) => !h.route.startsWith("PAGE_CACHE=off")).every((h) => h.rps >= staticRps / 4),
      ]);
    }
    if (uncachedStore && uncachedProduct && floorStore && floorProduct) {
      checks.push([
        "uncached product page and /store page 1 (PAGE_CACHE=off) at or above 70 % of the React floor",
        uncachedProduct.rps >= 0.7 * floorProduct && uncachedStore.rps >= 0.7 * floorStore,
      ]);
    }
    checks.push(["0 errors", c.http.every((h) => h.errors + h.timeouts + h.non2xx === 0)]);
    checks.push([
      "p99 under 500 ms at 50 connections",
      storefront.filter((h) => !h.route.startsWith("PAGE_CACHE=off")).every((h) => h.p99 < 500),
    ]);
    if (c.db === "pg" && c.products >= 100_000) {
      for (const [name, target] of Object.entries(DB_TARGETS)) {
        const t = c.database.timings[name];
        if (t) checks.push([`${name} p95 under ${target} ms`, t.p95 < target]);
      }
      checks.push([
        "no sequential scan of products",
        !Object.values(c.database.explain)
          .flat()
          .some((x) => x.seqScanOfProducts),
      ]);
    }
    checks.push(["typo queries: 90 % or more in the top 5", (typo.ratio ?? 0) >= 0.9]);
    lines.push("", "| Target | met |", "|---|---|", ...checks.map(([name, pass]) => `| ${name} | ${ok(pass)} |`));
  }
  return `${lines.join("\n")}\n`;
}
