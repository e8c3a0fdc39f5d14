// npm run bench [-- --sizes 1000,100000 --db pglite,pg --duration 10 --connections 50 ...]
//
// Builds the app into bench/.work/build (the shared build/ is left alone), then for each database
// and catalogue size: fills a throwaway database (a PGlite folder under bench/.work, or a schema of
// its own on DATABASE_URL's server), times and EXPLAINs the queries, measures the plain-Node
// baseline and the React floor, then the production server (server/index.ts) under autocannon
// (once more with PAGE_CACHE=off for the pages rendered on every request), with the server on one
// core and the load generator on the other (taskset), and checkout with concurrent buyers.
// Writes bench/results/latest.json (and latest.md) and prints the Markdown tables.
// With --workers 1,2 (PostgreSQL): the same server with that many cluster workers (WEB_CONCURRENCY)
// in one run instead, every process free to use every core, into bench/results/workers-latest.json.
// See bench/README.md for how to read them.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { type Configuration, type Load, markdownReport } from "./lib/report";

const { values: flags } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000,100000" },
    db: { type: "string" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    connections: { type: "string", default: "50" },
    buyers: { type: "string", default: "8" },
    "db-runs": { type: "string", default: "200" },
    "skip-build": { type: "boolean", default: false },
    "keep-data": { type: "boolean", default: false },
    "server-core": { type: "string", default: "0" },
    "load-core": { type: "string", default: "1" },
    out: { type: "string", default: "bench/results/latest.json" },
    label: { type: "string", default: "" },
    workers: { type: "string" },
    "render-only": { type: "boolean", default: false },
    "schema-prefix": { type: "string", default: "vitec_bench" },
    rounds: { type: "string", default: "1" },
    // The uncached server once more with this environment (NAME=value,NAME=value), taking turns
    // with the others in every round: an A/B of one change on the same machine at the same time.
    variant: { type: "string" },
  },
});

const ROOT = process.cwd();
const WORK = path.join(ROOT, "bench/.work");
const BUILD = path.join(WORK, "build");
const PG_URL = process.env.DATABASE_URL || "";
const sizes = flags.sizes!.split(",").map((s) => Number(s.trim()));
const dbs = (flags.db ?? (PG_URL ? "pglite,pg" : "pglite")).split(",").map((s) => s.trim()) as ("pglite" | "pg")[];
const duration = Number(flags.duration);
const warmup = Number(flags.warmup);
const connections = Number(flags.connections);
const SERVER_PORT = 4401;
const variantEnv: Record<string, string> | undefined = flags.variant
  ? Object.fromEntries(
      flags.variant.split(",").map((pair) => {
        const at = pair.indexOf("=");
        if (at < 1) throw new Error("--variant: NAME=value,NAME=value");
        return [pair.slice(0, at), pair.slice(at + 1)];
      }),
    )
  : undefined;
const BASELINE_PORT = 4410;
const FLOOR_PORT = 4411;

if (sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new Error("--sizes: whole numbers, e.g. 1000,100000");
if (dbs.includes("pg") && !PG_URL) throw new Error("--db pg needs DATABASE_URL");
for (const tool of ["taskset"]) {
  try {
    execFileSync("which", [tool], { stdio: "ignore" });
  } catch {
    throw new Error(`${tool} is needed (util-linux) to pin the server and the load generator to different cores`);
  }
}

const log = (message: string) => console.error(`[bench] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
mkdirSync(WORK, { recursive: true });

// ------------------------------------------------------------------ processes

function run(command: string, args: string[], env: NodeJS.ProcessEnv, logName: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    const errLog = openSync(path.join(WORK, `${logName}.log`), "w");
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => {
      writeFileSync(errLog, chunk);
      if (logName === "db-phase") process.stderr.write(chunk);
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`${command} ${args.join(" ")} exited ${code} (see bench/.work/${logName}.log)`)),
    );
  });
}

type Server = { child: ChildProcess; pid: number; url: string; stop(): Promise<void> };

async function startServer(
  entry: string,
  port: number,
  env: NodeJS.ProcessEnv,
  logName: string,
  cores = flags["server-core"]!,
): Promise<Server> {
  const out = openSync(path.join(WORK, `${logName}.log`), "w");
  const child = spawn("taskset", ["-c", cores, process.execPath, "--import", "tsx", path.join(ROOT, entry)], {
    // The server resolves build/ against its working folder: bench/.work/build.
    cwd: WORK,
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: path.join(ROOT, "tsconfig.json"),
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${port}`,
      MIGRATIONS_DIR: path.join(ROOT, "drizzle"),
      SEED_DEMO: "false",
      TRUST_PROXY: "1",
      // One process, pinned to one core, against the one-process plain-Node baseline.
      WEB_CONCURRENCY: "1",
      BETTER_AUTH_SECRET: `bench-${randomBytes(24).toString("hex")}`,
      ...env,
    },
    stdio: ["ignore", out, out],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited at start (see bench/.work/${logName}.log)`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${entry} did not start (see bench/.work/${logName}.log)`);
    await sleep(250);
  }
  return {
    child,
    pid: child.pid!,
    url,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
      // The production server logs one JSON line per request: keep the rest (about 100 MB less).
      const logFile = path.join(WORK, `${logName}.log`);
      const kept = readFileSync(logFile, "utf8")
        .split("\n")
        .filter((line) => !line.includes('"msg":"request"'));
      writeFileSync(logFile, kept.join("\n"));
    },
  };
}

/** The process and its descendants (a cluster's workers; tsx's esbuild service too). */
function processTree(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    return [pid, ...children.flatMap((c) => processTree(Number(c)))];
  } catch {
    return [pid];
  }
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "";
  }
}

function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

/** CPU time (user + system) a process and its children have used so far, in milliseconds. */
function cpuMs(pid: number): number {
  const tick = 1000 / Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim() || 100);
  let total = 0;
  for (const p of processTree(pid)) {
    try {
      // Fields after the command's closing parenthesis: state is the 1st, utime the 12th, stime the 13th.
      const fields = readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1]!.split(" ");
      total += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      // The process ended: its time is gone with it.
    }
  }
  return total;
}

/** Samples a process's RSS every 250 ms while `work` runs; returns the peak. */
async function withRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakRssMb: number }> {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 250);
  try {
    const result = await work();
    return { result, peakRssMb: Math.max(peak, rssMb(pid)) };
  } finally {
    clearInterval(timer);
  }
}

async function load(url: string, paths: string[], seconds: number, cores = flags["load-core"]!): Promise<Load> {
  const options = { url, paths, connections, duration: seconds };
  const out = await run(
    "taskset",
    ["-c", cores, process.execPath, "bench/load.mjs", JSON.stringify(options)],
    {},
    "load",
  );
  return JSON.parse(out) as Load;
}

async function measure(server: Server, paths: string[]): Promise<Load & { peakRssMb: number }> {
  await load(server.url, paths, warmup);
  const cpuBefore = cpuMs(server.pid);
  const { result, peakRssMb } = await withRss(server.pid, () => load(server.url, paths, duration));
  // The server's own CPU per answer: a figure that holds still when other work shares the
  // machine, where requests per second do not (bench/README.md).
  const cpuMsPerRequest =
    result.requests > 0 ? Math.round(((cpuMs(server.pid) - cpuBefore) / result.requests) * 100) / 100 : 0;
  return { ...result, peakRssMb, cpuMsPerRequest };
}

// ------------------------------------------------------------------ one configuration

async function configuration(db: "pglite" | "pg", size: number): Promise<Configuration> {
  const name = `${db}-${size}`;
  const dataRoot = path.join(WORK, "data", name);
  const schema = `${flags["schema-prefix"]}_${size}`;
  const dbEnv: NodeJS.ProcessEnv =
    db === "pg"
      ? { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema, DATA_DIR: dataRoot }
      : { DATABASE_URL: "", DATA_DIR: dataRoot };
  log(`== ${name}: database phase`);
  const dbFile = path.join(WORK, `${name}-db.json`);
  await run(
    process.execPath,
    ["--import", "tsx", "bench/db-phase.ts", dbFile],
    {
      NODE_ENV: "production",
      BENCH_PRODUCTS: String(size),
      BENCH_DB_RUNS: flags["db-runs"],
      ...(db === "pg"
        ? { BENCH_PG_URL: PG_URL, BENCH_PG_SCHEMA: schema }
        : { BENCH_PG_URL: "", BENCH_DATA_DIR: path.join(dataRoot, "pglite") }),
    },
    "db-phase",
  );
  const dbResult = JSON.parse(readFileSync(dbFile, "utf8")) as Configuration["database"] & {
    pageProductId: string;
    checkoutIds: string[];
    sampleIds: string[];
    deep: { category: string; minPrice: number; maxPrice: number; sort: string; page: number };
  };
  const productPath = `/product/${dbResult.pageProductId}`;
  const deep = dbResult.deep;
  const deepPath = `/store?category=${deep.category}&minPrice=${deep.minPrice}&maxPrice=${deep.maxPrice}&sort=${deep.sort}&page=${deep.page}`;

  // The render comparison: the plain-Node baseline, the React floor and the production server
  // without its page cache, each on /store page 1 and the product page. With --rounds N they take
  // turns N times (each started afresh, one at a time: PGlite allows one process per folder) and
  // each route keeps its median round, so a burst of other work on the machine does not land on
  // one server only.
  const renderServers = [
    { key: "baseline", entry: "bench/baseline-server.ts", port: BASELINE_PORT, env: {} },
    { key: "floor", entry: "bench/react-floor-server.tsx", port: FLOOR_PORT, env: {} },
    { key: "uncached", entry: "server/index.ts", port: SERVER_PORT, env: { PAGE_CACHE: "off" } },
    ...(variantEnv
      ? [{ key: "variant", entry: "server/index.ts", port: SERVER_PORT, env: { PAGE_CACHE: "off", ...variantEnv } }]
      : []),
  ];
  const rounds: Record<string, Load[]> = {};
  let uncachedIdleRssMb = 0;
  for (let round = 1; round <= Number(flags.rounds); round++) {
    for (const r of renderServers) {
      log(`== ${name}: ${r.key}, round ${round}`);
      const server = await startServer(r.entry, r.port, { ...dbEnv, ...r.env }, `${name}-${r.key}`);
      if (r.key === "uncached") uncachedIdleRssMb = rssMb(server.pid);
      for (const [page, paths] of [
        ["store", ["/store"]],
        ["product", [productPath]],
      ] as const) {
        (rounds[`${r.key}:${page}`] ??= []).push(await measure(server, [...paths]));
      }
      await server.stop();
    }
  }
  const median = (key: string) => {
    const sorted = [...rounds[key]!].sort(
      (a, b) => (b.cpuMsPerRequest ?? 0) - (a.cpuMsPerRequest ?? 0) || a.rps - b.rps,
    );
    return sorted[Math.floor((sorted.length - 1) / 2)]!;
  };
  const [baselineStore, baselineProduct, floorStore, floorProduct, uncachedStore, uncachedProduct] = [
    "baseline:store",
    "baseline:product",
    "floor:store",
    "floor:product",
    "uncached:store",
    "uncached:product",
  ].map(median) as [Load, Load, Load, Load, Load, Load];

  const http: Configuration["http"] = [];
  let checkout: { result: Omit<NonNullable<Configuration["checkout"]>, "peakRssMb">; peakRssMb: number } | undefined;
  const cached = async () => {
    log(`== ${name}: production server`);
    const server = await startServer("server/index.ts", SERVER_PORT, dbEnv, `${name}-server`);
    const idleRssMb = rssMb(server.pid);
    const productHtml = await (await fetch(`${server.url}${productPath}`)).arrayBuffer();
    mkdirSync(path.join(BUILD, "client/__bench"), { recursive: true });
    writeFileSync(path.join(BUILD, "client/__bench/product.html"), Buffer.from(productHtml));

    const routes: { route: string; paths: string[] }[] = [
      { route: "static file (product page bytes)", paths: ["/__bench/product.html"] },
      { route: "/", paths: ["/"] },
      { route: "/store (page 1)", paths: ["/store"] },
      { route: "/store (category + price + sort, deep page)", paths: [deepPath] },
      { route: "/product/{id}", paths: [productPath] },
      { route: "/product/{id} (200 different products)", paths: dbResult.sampleIds.map((id) => `/product/${id}`) },
      { route: "/search?q=notebook (common word)", paths: ["/search?q=notebook"] },
      { route: "/search?q=cámara (accented word)", paths: [`/search?q=${encodeURIComponent("cámara")}`] },
      { route: "/search?q=auriclares (typo)", paths: ["/search?q=auriclares"] },
    ];
    for (const r of routes) {
      log(`   ${r.route}`);
      http.push({ route: r.route, path: r.paths[0]!, ...(await measure(server, r.paths)) });
    }

    log(`== ${name}: checkout, ${flags.buyers} buyers`);
    checkout = await withRss(server.pid, async () =>
      JSON.parse(
        await run(
          "taskset",
          [
            "-c",
            flags["load-core"]!,
            process.execPath,
            "--import",
            "tsx",
            "bench/checkout-load.ts",
            JSON.stringify({
              url: server.url,
              buyers: Number(flags.buyers),
              duration,
              productIds: dbResult.checkoutIds,
            }),
          ],
          {},
          "checkout",
        ),
      ),
    );
    await server.stop();
    return { idleRssMb, peakRssMbUnderLoad: Math.max(...http.map((h) => h.peakRssMb ?? 0)) };
  };
  // --render-only: the baseline, the React floor and the uncached render, nothing else.
  const memory = flags["render-only"] ? { idleRssMb: uncachedIdleRssMb, peakRssMbUnderLoad: 0 } : await cached();
  http.push(
    { route: "plain-Node baseline: /store (page 1)", path: "/store", ...baselineStore },
    { route: "plain-Node baseline: /product/{id}", path: productPath, ...baselineProduct },
    { route: "React floor: /store (page 1)", path: "/store", ...floorStore },
    { route: "React floor: /product/{id}", path: productPath, ...floorProduct },
    { route: "PAGE_CACHE=off: /store (page 1)", path: "/store", ...uncachedStore },
    { route: "PAGE_CACHE=off: /product/{id}", path: productPath, ...uncachedProduct },
  );
  if (variantEnv) {
    const label = `PAGE_CACHE=off + ${flags.variant}`;
    http.push(
      { route: `${label}: /store (page 1)`, path: "/store", ...median("variant:store") },
      { route: `${label}: /product/{id}`, path: productPath, ...median("variant:product") },
    );
  }

  if (!flags["keep-data"]) {
    rmSync(dataRoot, { recursive: true, force: true });
    if (db === "pg") {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    }
  }

  const { pageProductId: _p, checkoutIds: _c, sampleIds: _s, ...database } = dbResult;
  return {
    db,
    products: size,
    http,
    database,
    checkout: checkout && { ...checkout.result, peakRssMb: checkout.peakRssMb },
    memory,
  };
}

// ------------------------------------------------------------------ workers (WEB_CONCURRENCY)

type WorkersRun = {
  workers: number;
  pageCache: "on" | "off";
  http: (Load & { route: string; path: string })[];
  checkout?: { ordersPlaced: number; ordersPerSecond: number; p50: number; p99: number; errors: number };
  idleRssMb: number;
};

/**
 * The same routes with 1 and 2 (--workers) cluster workers on PostgreSQL, in one run: the server
 * (primary and workers) and the load generator may each use every core (`taskset -c 0-N`), as a
 * real deployment would; on a 2-core machine they compete for them (bench/README.md).
 */
async function workersComparison(counts: number[]): Promise<void> {
  if (!PG_URL) throw new Error("--workers needs PostgreSQL: set DATABASE_URL");
  const size = sizes[0]!;
  const all = `0-${os.cpus().length - 1}`;
  const schema = `${flags["schema-prefix"]}_workers_${size}`;
  const dataRoot = path.join(WORK, "data", `workers-${size}`);
  const dbEnv = { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema, DATA_DIR: dataRoot };
  log(`== workers: PostgreSQL, ${size} products, database phase`);
  const dbFile = path.join(WORK, "workers-db.json");
  await run(
    process.execPath,
    ["--import", "tsx", "bench/db-phase.ts", dbFile],
    {
      NODE_ENV: "production",
      BENCH_PRODUCTS: String(size),
      BENCH_DB_RUNS: "20",
      BENCH_PG_URL: PG_URL,
      BENCH_PG_SCHEMA: schema,
    },
    "db-phase",
  );
  const db = JSON.parse(readFileSync(dbFile, "utf8")) as {
    pageProductId: string;
    checkoutIds: string[];
    sampleIds: string[];
  };
  const product = `/product/${db.pageProductId}`;
  const routes: Record<"on" | "off", { route: string; paths: string[] }[]> = {
    on: [
      { route: "/ (cached)", paths: ["/"] },
      { route: "/product/{id} (200 different products, cached)", paths: db.sampleIds.map((id) => `/product/${id}`) },
      {
        route: "/api/products/{id}/stock (database, never cached)",
        paths: db.sampleIds.map((id) => `/api/products/${id}/stock`),
      },
    ],
    off: [
      { route: "/store (page 1, PAGE_CACHE=off)", paths: ["/store"] },
      { route: "/product/{id} (PAGE_CACHE=off)", paths: [product] },
    ],
  };
  const runs: WorkersRun[] = [];
  for (const cache of ["on", "off"] as const) {
    for (const workers of counts) {
      const name = `workers-${workers}-cache-${cache}`;
      log(`== ${name}`);
      const server = await startServer(
        "server/index.ts",
        SERVER_PORT,
        { ...dbEnv, WEB_CONCURRENCY: String(workers), PAGE_CACHE: cache },
        name,
        all,
      );
      // /healthz answers once one worker listens: wait until all of them run.
      const serving = () => processTree(server.pid).filter((pid) => cmdline(pid).includes("server/")).length;
      while (serving() < (workers > 1 ? workers + 1 : 1)) await sleep(100);
      await sleep(1000);
      const idleRssMb = processTree(server.pid).reduce((sum, pid) => sum + rssMb(pid), 0);
      const http: WorkersRun["http"] = [];
      for (const r of routes[cache]) {
        log(`   ${r.route}`);
        await load(server.url, r.paths, warmup, all);
        http.push({ route: r.route, path: r.paths[0]!, ...(await load(server.url, r.paths, duration, all)) });
      }
      let checkout: WorkersRun["checkout"];
      if (cache === "on") {
        log(`   checkout, ${flags.buyers} buyers`);
        const result = JSON.parse(
          await run(
            "taskset",
            [
              "-c",
              all,
              process.execPath,
              "--import",
              "tsx",
              "bench/checkout-load.ts",
              JSON.stringify({ url: server.url, buyers: Number(flags.buyers), duration, productIds: db.checkoutIds }),
            ],
            {},
            "checkout",
          ),
        ) as NonNullable<WorkersRun["checkout"]>;
        checkout = result;
      }
      await server.stop();
      runs.push({ workers, pageCache: cache, http, checkout, idleRssMb });
    }
  }
  if (!flags["keep-data"]) {
    rmSync(dataRoot, { recursive: true, force: true });
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  }

  const results = {
    label: flags.label,
    generatedAt: new Date().toISOString(),
    commit: gitCommit(),
    machine: machine(),
    settings: {
      products: size,
      connections,
      durationSeconds: duration,
      warmupSeconds: warmup,
      buyers: Number(flags.buyers),
    },
    runs,
  };
  const lines = [
    `# Vitec benchmark: cluster workers${flags.label ? ` (${flags.label})` : ""}`,
    "",
    `${results.generatedAt}, commit ${results.commit || "?"}, ${results.machine.cpus} cores (${results.machine.cpuModel}), Node ${results.machine.node}. ` +
      `PostgreSQL on the same machine, ${size.toLocaleString("en-US")} products. ${connections} connections, ${duration} s per route after ${warmup} s of warm-up. ` +
      `The server (primary and workers), the load generator and PostgreSQL share all ${results.machine.cpus} cores.`,
    "",
    `| Route | ${counts.map((w) => `${w} worker${w > 1 ? "s" : ""}: req/s (p50 / p99 ms)`).join(" | ")} | ${counts.at(-1)} vs ${counts[0]} |`,
    `|---|${counts.map(() => "---:").join("|")}|---:|`,
  ];
  const fmt = (l: Load) =>
    `${Math.round(l.rps).toLocaleString("en-US")} (${l.p50} / ${l.p99})${l.errors + l.timeouts + l.non2xx ? `, ${l.errors + l.timeouts + l.non2xx} errors` : ""}`;
  for (const cache of ["on", "off"] as const) {
    for (const r of routes[cache]) {
      const cells = counts.map((w) =>
        runs.find((x) => x.workers === w && x.pageCache === cache)!.http.find((h) => h.route === r.route)!,
      );
      lines.push(`| ${r.route} | ${cells.map(fmt).join(" | ")} | ${(cells.at(-1)!.rps / cells[0]!.rps).toFixed(2)}× |`);
    }
  }
  const checkouts = counts.map((w) => runs.find((x) => x.workers === w && x.pageCache === "on")!.checkout!);
  lines.push(
    `| checkout, ${flags.buyers} buyers: orders/s (p50 / p99 ms) | ${checkouts.map((c) => `${c.ordersPerSecond} (${c.p50} / ${c.p99})${c.errors ? `, ${c.errors} errors` : ""}`).join(" | ")} | ${(checkouts.at(-1)!.ordersPerSecond / checkouts[0]!.ordersPerSecond).toFixed(2)}× |`,
    `| memory when idle, all processes (MB RSS, page cache on) | ${counts.map((w) => runs.find((x) => x.workers === w && x.pageCache === "on")!.idleRssMb).join(" | ")} | |`,
    "",
  );
  const out = path.resolve(
    ROOT,
    flags.out === "bench/results/latest.json" ? "bench/results/workers-latest.json" : flags.out!,
  );
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(out.replace(/\.json$/, ".md"), lines.join("\n"));
  console.log(lines.join("\n"));
}

function gitCommit(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT }).toString().trim();
  } catch {
    return ""; // not a git checkout
  }
}

function machine() {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "",
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  };
}

// ------------------------------------------------------------------ main

if (!flags["skip-build"]) {
  log("building into bench/.work/build ...");
  await run("npx", ["react-router", "build"], { VITEC_BUILD_DIR: BUILD }, "build");
}

if (flags.workers) {
  await workersComparison(flags.workers.split(",").map((w) => Number(w.trim())));
  process.exit(0);
}

const started = Date.now();
const configurations: Configuration[] = [];
for (const db of dbs) for (const size of sizes) configurations.push(await configuration(db, size));

const results = {
  label: flags.label,
  generatedAt: new Date().toISOString(),
  minutes: Math.round((Date.now() - started) / 6000) / 10,
  commit: gitCommit(),
  machine: machine(),
  settings: {
    connections,
    durationSeconds: duration,
    warmupSeconds: warmup,
    buyers: Number(flags.buyers),
    dbRuns: Number(flags["db-runs"]),
  },
  configurations,
};
const markdown = markdownReport(results);
mkdirSync(path.dirname(path.resolve(ROOT, flags.out!)), { recursive: true });
writeFileSync(path.resolve(ROOT, flags.out!), `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(path.resolve(ROOT, flags.out!).replace(/\.json$/, ".md"), markdown);
console.log(markdown);
