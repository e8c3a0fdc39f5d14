// npm run bench:web [-- --skip-build --runs 5 --js-only]
//
// Lighthouse (mobile: its default Moto G Power profile, simulated slow 4G and 4x CPU slowdown)
// with Debian's Chromium on the home page, /store, a product page and /checkout, served by the
// production server (server/index.ts) from the bench build on a fresh PGlite demo catalogue; and
// the first-load JavaScript of each storefront route from the build's manifest (gzip bytes),
// with a check that no admin code (TipTap editor, Papa Parse, the sales chart) is in it.
// Writes bench/results/web-latest.json (and .md) and prints the tables. `--js-only` prints the
// first-load table alone (no server, no Lighthouse, nothing written): seconds instead of minutes.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, mkdirSync, openSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { type FirstLoad, firstLoadJs } from "./lib/first-load-js";

const { values: flags } = parseArgs({
  options: {
    "skip-build": { type: "boolean", default: false },
    "js-only": { type: "boolean", default: false },
    runs: { type: "string", default: "5" },
    port: { type: "string", default: "4420" },
    out: { type: "string", default: "bench/results/web-latest.json" },
    chromium: { type: "string", default: process.env.CHROMIUM_PATH || "/usr/bin/chromium" },
  },
});
const ROOT = process.cwd();
const WORK = path.join(ROOT, "bench/.work");
const BUILD = path.join(WORK, "build");
const PORT = Number(flags.port);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const log = (message: string) => console.error(`[bench:web] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function run(command: string, args: string[], env: NodeJS.ProcessEnv, cwd = ROOT): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "ignore", "inherit"],
    });
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited ${code}`))));
  });
}

mkdirSync(WORK, { recursive: true });
if (!flags["skip-build"]) {
  log("building into bench/.work/build ...");
  await run("npx", ["react-router", "build"], { VITEC_BUILD_DIR: BUILD });
}

// First-load JavaScript, from the manifest.
const STOREFRONT_ROUTES = [
  "routes/store/home",
  "routes/store/catalog",
  "routes/store/product",
  "routes/store/search",
  "routes/checkout/checkout",
];
const firstLoad: FirstLoad[] = firstLoadJs(path.join(BUILD, "client"), STOREFRONT_ROUTES);

// The framework floor (bench/floor): a one-route React Router app built with the same
// node_modules, whose first-load JavaScript is React, React DOM and React Router alone.
const FLOOR_BUILD = path.join(WORK, "floor-build");
log("building the framework floor (bench/floor) ...");
// The store's own CLI (npx in that folder would install the packages its package.json names).
await run(
  path.join(ROOT, "node_modules/.bin/react-router"),
  ["build"],
  { VITEC_FLOOR_BUILD_DIR: FLOOR_BUILD },
  path.join(ROOT, "bench/floor"),
);
const floor: FirstLoad = firstLoadJs(path.join(FLOOR_BUILD, "client"), ["routes/home"])[0]!;
const jsTable = [
  "| Route | first-load JS (gzip KB) | as served, brotli KB | files | admin code in it |",
  "|---|---:|---:|---:|---|",
  ...firstLoad.map(
    (f) =>
      `| ${f.route} | ${(f.gzipBytes / 1024).toFixed(1)} | ${(f.brotliBytes / 1024).toFixed(1)} | ${f.files} | ${f.adminCode.join(", ") || "none"} |`,
  ),
  `| framework floor (bench/floor: React Router, one route) | ${(floor.gzipBytes / 1024).toFixed(1)} | ${(floor.brotliBytes / 1024).toFixed(1)} | ${floor.files} | - |`,
];
if (flags["js-only"]) {
  console.log(jsTable.join("\n"));
  process.exit(0);
}

// The production server on a fresh demo catalogue.
const dataDir = mkdtempSync(path.join(tmpdir(), "vitec-bench-web-"));
const out = openSync(path.join(WORK, "web-server.log"), "w");
const server = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "server/index.ts")], {
  cwd: WORK,
  env: {
    ...process.env,
    TSX_TSCONFIG_PATH: path.join(ROOT, "tsconfig.json"),
    NODE_ENV: "production",
    PORT: String(PORT),
    HOST: "127.0.0.1",
    APP_URL: ORIGIN,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SEED_DEMO: "true",
    MIGRATIONS_DIR: path.join(ROOT, "drizzle"),
    BETTER_AUTH_SECRET: `bench-${randomBytes(24).toString("hex")}`,
  },
  stdio: ["ignore", out, out],
});
// The framework floor served the same way (bench/floor/serve.ts): its Lighthouse score is what
// this machine gives React, React DOM and React Router alone, so the store's scores can be read
// against it (the simulated throttling scales this machine's own CPU time: a slower or busier
// machine scores every page lower).
const FLOOR_PORT = PORT + 1;
const FLOOR_ORIGIN = `http://127.0.0.1:${FLOOR_PORT}`;
const floorServer = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "bench/floor/serve.ts")], {
  cwd: ROOT,
  env: { ...process.env, NODE_ENV: "production", PORT: String(FLOOR_PORT), FLOOR_BUILD },
  stdio: ["ignore", out, out],
});
const stopServer = async () => {
  for (const child of [server, floorServer]) {
    if (child.exitCode !== null) continue;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
};

type PageResult = {
  page: string;
  path: string;
  runs: number;
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  /** The performance score of every run, in order (the row shows the median run). */
  performanceRuns: number[];
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failedAudits: Record<string, string[]>;
};
const pages: PageResult[] = [];
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error("the server exited (see bench/.work/web-server.log)");
    const ok = await fetch(`${ORIGIN}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    const floorOk = await fetch(`${FLOOR_ORIGIN}/`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok && floorOk) break;
    if (floorServer.exitCode !== null) throw new Error("the floor server exited (see bench/.work/web-server.log)");
    if (i > 480) throw new Error("the server did not start");
    await sleep(250);
  }
  const storeHtml = await (await fetch(`${ORIGIN}/store`)).text();
  const productPath = /href="(\/product\/[0-9a-f-]{36})"/.exec(storeHtml)?.[1];
  if (!productPath) throw new Error("no product link on /store");
  const targets = [
    { page: "home", path: "/" },
    { page: "/store", path: "/store" },
    { page: "product", path: productPath },
    { page: "/checkout", path: "/checkout" },
    { page: "framework floor", path: "/", origin: FLOOR_ORIGIN },
  ];

  chrome = await chromeLauncher.launch({
    chromePath: flags.chromium,
    chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  // Warm-up, not counted: each page rendered a few times (the server's first renders compile
  // its code and fill the page cache), then one Lighthouse pass of the home page (Chromium's own
  // first start). Without it the first page measured scored up to 6 points lower than the rest.
  for (const target of targets) {
    for (let i = 0; i < 10; i++) await (await fetch(`${target.origin ?? ORIGIN}${target.path}`)).arrayBuffer();
  }
  await lighthouse(`${ORIGIN}/`, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
  });
  const runs = Number(flags.runs);
  for (const target of targets) {
    const results: PageResult[] = [];
    for (let run = 0; run < runs; run++) {
      // Lighthouse now and then fails to record the trace (NO_NAVSTART, a score of 0): run again.
      let lhr;
      for (let attempt = 1; ; attempt++) {
        const result = await lighthouse(`${target.origin ?? ORIGIN}${target.path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${target.path}`);
        lhr = result.lhr;
        if (!lhr.runtimeError || attempt === 3) break;
        log(`${target.page}: Lighthouse runtime error ${lhr.runtimeError.code}, running again`);
      }
      // The whole report, for looking into a failed audit (not kept in bench/results).
      writeFileSync(
        path.join(WORK, `lighthouse-${target.page.replace(/\W+/g, "") || "home"}.json`),
        JSON.stringify(lhr),
      );
      if (lhr.runtimeError)
        log(`${target.page}: Lighthouse runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const failedAudits: Record<string, string[]> = {};
      for (const [id, category] of Object.entries(lhr.categories)) {
        const failed = (category.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
          .map((ref) => ref.id);
        if (failed.length) failedAudits[id] = failed;
      }
      results.push({
        page: target.page,
        path: target.path,
        runs,
        scores: {
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          seo: score("seo"),
        },
        performanceRuns: [],
        fcpMs: Math.round(lhr.audits["first-contentful-paint"]?.numericValue ?? 0),
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
        tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
        cls: Math.round((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0) * 1000) / 1000,
        failedAudits,
      });
      log(`${target.page} run ${run + 1}: performance ${results.at(-1)!.scores.performance}`);
    }
    // The median run by performance score (Lighthouse's own advice for noisy runs).
    const performanceRuns = results.map((r) => r.scores.performance);
    results.sort((a, b) => a.scores.performance - b.scores.performance);
    pages.push({ ...results[Math.floor(results.length / 2)]!, performanceRuns });
  }
} finally {
  await chrome?.kill();
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
}

const lines = [
  "# Vitec web benchmark (Lighthouse mobile, Debian Chromium)",
  "",
  `${new Date().toISOString()}; median of ${flags.runs} runs per page. Targets on storefront pages: performance >= 95, accessibility 100, best practices 100, SEO 100, TBT < 200 ms, CLS < 0.05.`,
  "",
  "| Page | Performance | runs | Accessibility | Best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | audits below 0.9 |",
  "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---|",
  ...pages.map(
    (p) =>
      `| ${p.page} | ${p.scores.performance} | ${p.performanceRuns.join(", ")} | ${p.scores.accessibility} | ${p.scores.bestPractices} | ${p.scores.seo} | ${p.fcpMs} | ${p.lcpMs} | ${p.tbtMs} | ${p.cls} | ${Object.values(p.failedAudits).flat().join(", ") || "-"} |`,
  ),
  "",
  ...jsTable,
  "",
];
const markdown = lines.join("\n");
const results = {
  generatedAt: new Date().toISOString(),
  runsPerPage: Number(flags.runs),
  pages,
  firstLoadJs: firstLoad,
  frameworkFloor: floor,
};
writeFileSync(path.resolve(ROOT, flags.out!), `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(path.resolve(ROOT, flags.out!).replace(/\.json$/, ".md"), markdown);
console.log(markdown);
