// Fault drills against the production server (docs/reliability.md):
//   pg-restart   PostgreSQL restarted in the middle of the 200-shopper load: the server recovers by
//                itself, no half-written order, nothing accepted is lost.
//   kill-import  the server killed (SIGKILL) during a CSV import of 20,000 rows, on PostgreSQL and
//                on the embedded database: after a restart the import is all there or not at all.
//   sigterm      SIGTERM with requests in flight: every one of them is answered, then the process
//                exits 0, and no new connection is accepted meanwhile.
//   two-servers  two processes on one PostgreSQL database, on two ports: sessions, rate limits,
//                the per-account sign-in delay, carts, wishlists and orders behave the same on both.
//   kill-worker  one of the WEB_CONCURRENCY=2 cluster workers killed (SIGKILL) under load: no
//                request fails but those in flight at that moment, the primary starts another
//                worker, and the store answers all along (PostgreSQL).
//
//   npm run build
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test flock /tmp/vitec-heavy.lock npm run faults -- all
//
// pg-restart restarts the machine's PostgreSQL (pg_ctlcluster): run it only where nobody else is
// using that server, and always under the heavy-run lock. Each drill uses its own schema or data
// folder, dropped at the end, and ports 4520-4529.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { runLoad, summarize } from "../load/shoppers";
import { type ServerProcess, newSecret, requireBuild, scratchSchema, startServer } from "../lib/server-process";

const exec = promisify(execFile);
const DEMO_ADMIN = { email: "admin@vitec.com.ar", password: "vitec-demo-2026" };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Drill = { name: string; ok: boolean; lines: string[]; data: Record<string, unknown> };

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

function cookieOf(response: Response, previous = ""): string {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((c) => [c.split("=")[0]!, c] as const),
  );
  for (const c of response.headers.getSetCookie()) {
    const pair = c.split(";")[0]!;
    jar.set(pair.split("=")[0]!, pair);
  }
  return [...jar.values()].join("; ");
}

async function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

async function adminCookie(server: ServerProcess): Promise<string> {
  const response = await postForm(`${server.url}/admin/login`, DEMO_ADMIN);
  if (response.status !== 302) throw new Error(`admin sign-in answered ${response.status}`);
  return cookieOf(response);
}

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("This drill needs PostgreSQL: set DATABASE_URL.");
  return url;
}

// ---------------------------------------------------------------- PostgreSQL restart under load

async function pgRestart(): Promise<Drill> {
  const url = databaseUrl();
  const cluster = readdirSync("/etc/postgresql")[0]!;
  const scratch = await scratchSchema(url, "fault_pg");
  const server = await startServer({
    port: 4520,
    databaseUrl: url,
    schema: scratch.schema,
    secret: newSecret(),
    env: { TRUST_PROXY: "1" },
  });
  const restartAt = Number(arg("restart-at", "20"));
  const timeline: Record<string, number> = {};
  let restarting: Promise<void> | null = null;
  const t0 = Date.now();
  try {
    const result = await runLoad({
      url: server.url,
      pool: scratch.pool,
      shoppers: Number(arg("shoppers", "200")),
      durationSeconds: Number(arg("duration", "60")),
      checkoutAttempts: 10,
      log: (line) => console.log(line),
      onSecond: (elapsed) => {
        if (elapsed < restartAt || restarting) return;
        restarting = (async () => {
          timeline.restartStart = (Date.now() - t0) / 1000;
          await exec("pg_ctlcluster", ["--skip-systemctl-redirect", cluster, "main", "restart"]);
          timeline.restartDone = (Date.now() - t0) / 1000;
          console.log(
            `  PostgreSQL restarted (${timeline.restartStart.toFixed(1)} s -> ${timeline.restartDone.toFixed(1)} s)`,
          );
          // Readiness seen from outside: /readyz answers 200 again.
          while (server.proc.exitCode === null && server.proc.signalCode === null) {
            try {
              if ((await fetch(`${server.url}/readyz`)).ok) break;
            } catch {
              // keep asking
            }
            await sleep(100);
          }
          timeline.ready = (Date.now() - t0) / 1000;
        })();
      },
    });
    await restarting;
    if (server.proc.exitCode !== null || server.proc.signalCode !== null) {
      console.log(`  THE SERVER DIED (${server.proc.exitCode ?? server.proc.signalCode}); its last lines:`);
      for (const line of server.lines.slice(-25)) console.log(`    ${line.slice(0, 400)}`);
    }
    const start = timeline.restartStart ?? Infinity;
    // The load's clock starts a moment after t0; errors are stamped with it (a few ms apart).
    const before = result.errors.filter((e) => e.at < start - 0.5);
    const recoveredAt = Math.max(timeline.ready ?? 0, ...result.errors.map((e) => e.at));
    const after = result.errors.filter((e) => e.at > (timeline.ready ?? Infinity) + 1);
    const alive = server.proc.exitCode === null;
    const v = result.verification;
    const ok =
      alive &&
      before.length === 0 &&
      after.length === 0 &&
      v.acceptedMissing.length === 0 &&
      v.acceptedWrongItems.length === 0 &&
      v.acceptedWrongTotals.length === 0 &&
      v.ordersWithoutItems === 0 &&
      v.unexpectedOrders === 0 &&
      v.finalMinStock >= 0 &&
      v.finalConservation &&
      result.invariants.conservationViolations === 0;
    return {
      name: "pg-restart",
      ok,
      lines: [
        summarize(result),
        `restart: PostgreSQL went down at ${timeline.restartStart?.toFixed(1)} s, was back at ${timeline.restartDone?.toFixed(1)} s, /readyz 200 again at ${timeline.ready?.toFixed(1)} s; last failed request at ${recoveredAt.toFixed(1)} s`,
        `errors: ${before.length} before the restart, ${result.errors.length - before.length - after.length} during it, ${after.length} after recovery; server process still the same and alive: ${alive}`,
      ],
      data: { result, timeline, errorsBefore: before.length, errorsAfter: after.length, serverAlive: alive },
    };
  } finally {
    await server.stop();
    await scratch.drop();
  }
}

// ---------------------------------------------------------------- kill during a CSV import

function csvRows(prefix: string, n: number) {
  return Array.from({ length: n }, (_, i) => ({
    row: i + 1,
    values: {
      name: `${prefix} producto ${i + 1}`,
      price: "1000",
      stock: "5",
      sku: `${prefix}-${i + 1}`,
      status: "published",
      category_name: `${prefix} categoría`,
    },
  }));
}

async function killImport(): Promise<Drill> {
  const rows = Number(arg("rows", "20000"));
  const lines: string[] = [];
  const trials: Record<string, unknown>[] = [];
  let ok = true;
  const targets: ("postgres" | "pglite")[] = process.env.DATABASE_URL ? ["postgres", "pglite"] : ["pglite"];
  for (const kind of targets) {
    const scratch = kind === "postgres" ? await scratchSchema(databaseUrl(), "fault_import") : null;
    const dataDir = mkdtempSync(path.join(tmpdir(), "vitec-fault-import-"));
    const options = {
      port: 4521,
      databaseUrl: scratch ? databaseUrl() : undefined,
      schema: scratch?.schema,
      dataDir,
      secret: newSecret(),
    };
    let server = await startServer(options);
    try {
      const importOf = (cookie: string, prefix: string) =>
        fetch(`${server.url}/admin/productos`, {
          method: "POST",
          headers: { cookie, "Content-Type": "application/json" },
          body: JSON.stringify({ intent: "import", rows: csvRows(prefix, rows) }),
        });
      const count = async (cookie: string, prefix: string) => {
        // Counted through the store itself (the embedded database has one owner: the server).
        const response = await fetch(`${server.url}/admin/productos?q=${encodeURIComponent(`${prefix}-`)}`, {
          headers: { cookie },
        });
        if (response.status !== 200) throw new Error(`the products screen answered ${response.status}`);
        const match = /de (\d+) · Página/.exec((await response.text()).replace(/<!-- -->/g, ""));
        return match ? Number(match[1]) : 0;
      };
      let cookie = await adminCookie(server);
      // Calibration: how long a whole import takes here.
      const t = performance.now();
      const calibration = await importOf(cookie, "CAL");
      const importMs = performance.now() - t;
      await calibration.text();
      const calibrated = await count(cookie, "CAL");
      ok &&= calibration.status === 200 && calibrated === rows;
      lines.push(
        `${kind}: an import of ${rows} rows takes ${Math.round(importMs)} ms here (answered ${calibration.status}, ${calibrated} rows imported)`,
      );
      for (const fraction of [0.2, 0.4, 0.6]) {
        const prefix = `K${Math.round(fraction * 100)}`;
        const pending = importOf(cookie, prefix).then(
          (r) => `answered ${r.status}`,
          (e: unknown) => `no answer (${(e as { cause?: { code?: string } }).cause?.code ?? "error"})`,
        );
        let midTransaction: boolean | null = null;
        await sleep(importMs * fraction);
        if (scratch) {
          // On PostgreSQL, kill only once the import's transaction holds the products table
          // (rows inserted, not committed): a lock on this schema's table, from another session.
          const deadline = Date.now() + importMs;
          midTransaction = false;
          while (!midTransaction && Date.now() < deadline) {
            const { rows: locks } = await scratch.pool.query(
              `select 1 from pg_locks l join pg_class c on c.oid = l.relation join pg_namespace n on n.oid = c.relnamespace
               where n.nspname = $1 and c.relname = 'products' and l.mode = 'RowExclusiveLock' and l.pid <> pg_backend_pid()`,
              [scratch.schema],
            );
            midTransaction = locks.length > 0;
            if (!midTransaction) await sleep(10);
          }
        }
        server.proc.kill("SIGKILL");
        const answer = await pending;
        await server.exited;
        server = await startServer(options);
        cookie = await adminCookie(server);
        const found = await count(cookie, prefix);
        const whole = found === 0 || found === rows;
        ok &&= whole;
        trials.push({ kind, fraction, midTransaction, answer, found });
        lines.push(
          `  killed at ${Math.round(fraction * 100)} % of the import time${midTransaction === null ? "" : midTransaction ? ", its transaction writing the products table" : ", no transaction seen"}: client got ${answer}; after restart ${found} of ${rows} rows -> ${whole ? (found ? "all" : "none") : "PARTIAL"}`,
        );
      }
      // The store is whole afterwards: the calibration import is intact.
      const intact = await count(cookie, "CAL");
      ok &&= intact === rows;
      lines.push(
        `  the earlier complete import still has ${intact} of ${rows} rows; the server restarted ${3} times on the same data`,
      );
    } finally {
      await server.stop();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return { name: "kill-import", ok, lines, data: { trials } };
}

// ---------------------------------------------------------------- graceful shutdown

/** One GET on a new connection (no keep-alive reuse): its status, or why it failed. */
function probe(url: string): Promise<string> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve(String(response.statusCode)));
    });
    request.on("error", (e: NodeJS.ErrnoException) => resolve(`refused (${e.code ?? e.message})`));
  });
}

async function sigtermDrain(): Promise<Drill> {
  const scratch = process.env.DATABASE_URL ? await scratchSchema(databaseUrl(), "fault_term") : null;
  const dataDir = mkdtempSync(path.join(tmpdir(), "vitec-fault-term-"));
  const server = await startServer({
    port: 4522,
    databaseUrl: scratch ? databaseUrl() : undefined,
    schema: scratch?.schema,
    dataDir,
    secret: newSecret(),
  });
  try {
    const paths = [
      "/",
      "/store",
      "/store?page=2",
      "/search?q=notebook",
      "/search?q=monitor",
      "/search?q=mouse",
      "/mapa-del-sitio",
      "/sitemap.xml",
    ];
    const count = Number(arg("in-flight", "120"));
    const sent = performance.now();
    const requests = Array.from({ length: count }, async (_, i) => {
      try {
        const r = await fetch(`${server.url}${paths[i % paths.length]}`);
        return { status: r.status, bytes: (await r.arrayBuffer()).byteLength, at: performance.now() - sent };
      } catch (e) {
        return {
          status: 0,
          bytes: 0,
          at: performance.now() - sent,
          error: String((e as { cause?: { code?: string } }).cause?.code ?? e),
        };
      }
    });
    await sleep(Number(arg("term-after", "150")));
    const termAt = performance.now() - sent;
    server.proc.kill("SIGTERM");
    // /readyz on new connections while draining: 503 (a load balancer stops sending), then refused.
    const probes: string[] = [];
    const probing = (async () => {
      while (server.proc.exitCode === null) {
        probes.push(await probe(`${server.url}/readyz`));
        await sleep(100);
      }
    })();
    const results = await Promise.all(requests);
    const exit = await server.exited;
    await probing;
    const exitAt = performance.now() - sent;
    const after = await probe(`${server.url}/`);
    const inFlight = results.filter((r) => r.at > termAt);
    const failed = results.filter((r) => r.status !== 200);
    for (const f of failed.slice(0, 5)) console.log(`  failed: ${JSON.stringify(f)}`);
    const drained = probes.some((p) => p === "503");
    const ok = inFlight.length > 0 && failed.length === 0 && exit.code === 0 && drained && after.startsWith("refused");
    return {
      name: "sigterm",
      ok,
      lines: [
        `${count} page requests sent at once; SIGTERM after ${Math.round(termAt)} ms with ${inFlight.length} of them still unanswered`,
        `all answered: ${failed.length === 0} (${results.filter((r) => r.status === 200).length} x 200, ${failed.length} failed); last answer at ${Math.round(Math.max(...results.map((r) => r.at)))} ms; process exited with code ${exit.code} at ${Math.round(exitAt)} ms`,
        `/readyz on new connections after SIGTERM: ${[...new Set(probes)].join(", ")}; after the exit: ${after}`,
      ],
      data: { termAt, inFlight: inFlight.length, failed, exit, probes, after },
    };
  } finally {
    await server.stop();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- two processes, one database

async function twoServers(): Promise<Drill> {
  const url = databaseUrl();
  const scratch = await scratchSchema(url, "fault_two");
  const secret = newSecret();
  const a = await startServer({ port: 4523, databaseUrl: url, schema: scratch.schema, secret });
  const b = await startServer({ port: 4524, databaseUrl: url, schema: scratch.schema, secret });
  const checks: [string, boolean][] = [];
  const check = (name: string, value: boolean) => checks.push([name, value]);
  try {
    // Sessions: signed up and in on A, recognised on B; signed out on B, gone on A.
    const email = `dos.${Date.now()}@example.com`;
    const signup = await postForm(`${a.url}/login`, {
      intent: "signup",
      fullName: "Cliente Dos",
      email,
      password: "clave-segura-1",
    });
    check("sign-up on A", signup.status === 302);
    const signin = await postForm(`${a.url}/login`, { intent: "login", email, password: "clave-segura-1" });
    const cookie = cookieOf(signin);
    check("sign-in on A", signin.status === 302 && cookie.includes("session_token"));
    const accountOnB = await fetch(`${b.url}/cuenta`, { headers: { cookie }, redirect: "manual" });
    check(
      "the session from A opens Mi Cuenta on B",
      accountOnB.status === 200 && (await accountOnB.text()).includes(email),
    );

    // Carts: the same lines get the same answer from both.
    const { rows: products } = await scratch.pool.query<{
      id: string;
      groups: { title: string; options: { name: string }[] }[] | null;
    }>(
      "select id, meta->'option_groups' as groups from products where status = 'published' and price > 0 order by name limit 3",
    );
    const lines = products.map((p) => ({
      cartId: randomUUID(),
      productId: p.id,
      quantity: 1,
      selectedOptions: (p.groups ?? [])
        .filter((g) => g.options?.length)
        .map((g) => ({ group: g.title, option: g.options[0]!.name })),
    }));
    const cartCheck = async (server: ServerProcess) =>
      (
        await fetch(`${server.url}/api/cart/check`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ lines }),
        })
      ).text();
    check("the cart check answers the same on A and B", (await cartCheck(a)) === (await cartCheck(b)));

    // Wishlist: added through A, listed by B.
    const added = await fetch(`${a.url}/api/wishlist`, {
      method: "POST",
      headers: { cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ intent: "add", productId: products[0]!.id }),
    });
    const ids = ((await added.json()) as { ids: string[] }).ids;
    const merged = await fetch(`${b.url}/api/wishlist`, {
      method: "POST",
      headers: { cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ intent: "merge", productIds: [] }),
    });
    check(
      "the wishlist saved on A is the one B has",
      ids.includes(products[0]!.id) &&
        JSON.stringify(((await merged.json()) as { ids: string[] }).ids) === JSON.stringify(ids),
    );

    // An order placed on A is confirmed on B and listed in the account there.
    const order = await postForm(
      `${a.url}/checkout`,
      {
        lines: JSON.stringify(lines.slice(0, 1)),
        shippingMethod: "Retiro en local",
        paymentMethod: "Mercado Pago",
        terms: "on",
        idempotencyKey: randomUUID(),
        field_first_name: "Cliente",
        field_last_name: "Dos",
        field_email: email,
        field_phone: "11 5555 1234",
        field_address: "Calle 1",
        field_city: "CABA",
        field_state: "Buenos Aires",
        field_zip: "C1043",
      },
      { cookie },
    );
    const success = order.headers.get("location") ?? "";
    check("checkout on A", order.status === 302 && success.startsWith("/success?"));
    check("its confirmation opens on B", (await fetch(`${b.url}${success}`)).status === 200);
    const orderId = new URL(success, a.url).searchParams.get("order") ?? "";
    check(
      "and it is in Mi Cuenta on B",
      (await fetch(`${b.url}/cuenta/pedidos/${orderId}`, { headers: { cookie }, redirect: "manual" })).status === 200,
    );

    // Rate limits are shared: 5 reset requests on A, the 6th on B is refused.
    for (let i = 0; i < 5; i++) await postForm(`${a.url}/olvide-mi-contrasena`, { email });
    check(
      "the 6th password-reset request, sent to B after 5 on A, is refused",
      (await postForm(`${b.url}/olvide-mi-contrasena`, { email })).status === 429,
    );
    // The per-account delay too: 5 wrong passwords on A, the next attempt on B waits.
    for (let i = 0; i < 5; i++) await postForm(`${a.url}/login`, { intent: "login", email, password: `mal-${i}` });
    check(
      "after 5 failures on A, the right password on B must wait",
      (await postForm(`${b.url}/login`, { intent: "login", email, password: "clave-segura-1" })).status === 429,
    );

    // Signed out on B: the session is gone on A as well.
    const signout = await fetch(`${b.url}/logout`, { method: "POST", headers: { cookie }, redirect: "manual" });
    check("sign-out on B", signout.status === 302);
    const accountOnA = await fetch(`${a.url}/cuenta`, { headers: { cookie }, redirect: "manual" });
    check(
      "the session signed out on B is gone on A",
      accountOnA.status === 302 && (accountOnA.headers.get("location") ?? "").startsWith("/login"),
    );
    const ok = checks.every(([, v]) => v);
    return {
      name: "two-servers",
      ok,
      lines: checks.map(([name, v]) => `  ${v ? "ok  " : "FAIL"} ${name}`),
      data: { checks },
    };
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    await scratch.drop();
  }
}

// ---------------------------------------------------------------- a cluster worker killed under load

/** The worker processes of a cluster primary: its children that run server/serve.ts (from /proc). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number)
      .filter((child) => {
        try {
          return readFileSync(`/proc/${child}/cmdline`, "utf8").includes("serve.ts");
        } catch {
          return false; // gone
        }
      });
  } catch {
    return [];
  }
}

type Timed = { path: string; start: number; end: number; status: number; error?: string };

/**
 * One GET on a new connection (the cluster hands each new connection to one worker), given up
 * after 15 s: a connection the primary had handed to the worker as it died is never answered.
 */
function timedGet(base: string, path: string, t0: number): Promise<Timed> {
  const start = performance.now() - t0;
  return new Promise((resolve) => {
    const request = http.get(`${base}${path}`, { agent: false, timeout: 15_000 }, (response) => {
      response.resume();
      response.on("end", () => resolve({ path, start, end: performance.now() - t0, status: response.statusCode ?? 0 }));
      response.on("error", (e: NodeJS.ErrnoException) =>
        resolve({ path, start, end: performance.now() - t0, status: 0, error: e.code ?? e.message }),
      );
    });
    request.on("error", (e: NodeJS.ErrnoException) =>
      resolve({ path, start, end: performance.now() - t0, status: 0, error: e.code ?? e.message }),
    );
    request.on("timeout", () => request.destroy(Object.assign(new Error("timeout"), { code: "no answer in 15 s" })));
  });
}

async function killWorker(): Promise<Drill> {
  const url = databaseUrl();
  const workers = Number(arg("workers", "2"));
  const concurrency = Number(arg("concurrency", "32"));
  const seconds = Number(arg("duration", "20"));
  const killAfter = Number(arg("kill-at", "8"));
  const scratch = await scratchSchema(url, "fault_worker");
  const server = await startServer({
    port: 4525,
    databaseUrl: url,
    schema: scratch.schema,
    secret: newSecret(),
    env: { WEB_CONCURRENCY: String(workers) },
  });
  try {
    // Every worker listening (the primary says so once they all are).
    while (childrenOf(server.proc.pid!).length < workers) await sleep(100);
    const before = childrenOf(server.proc.pid!);
    const { rows } = await scratch.pool.query<{ id: string }>(
      "select id from products where status = 'published' order by name limit 20",
    );
    const paths = [
      "/",
      "/store",
      "/search?q=notebook",
      ...rows.slice(0, 10).map((r) => `/product/${r.id}`),
      ...rows.slice(10).map((r) => `/api/products/${r.id}/stock`),
    ];
    const t0 = performance.now();
    const results: Timed[] = [];
    let killAt = Infinity;
    let victim = 0;
    let replacedAt = Infinity;
    let replacement = 0;
    const deadline = seconds * 1000;
    const loops = Array.from({ length: concurrency }, async (_, i) => {
      for (let n = i; performance.now() - t0 < deadline; n += concurrency) {
        results.push(await timedGet(server.url, paths[n % paths.length]!, t0));
      }
    });
    const killing = (async () => {
      await sleep(killAfter * 1000);
      victim = before[0]!;
      process.kill(victim, "SIGKILL");
      killAt = performance.now() - t0;
      // Replaced: the primary has `workers` children again, one of them new.
      while (performance.now() - t0 < deadline + 30_000) {
        const now = childrenOf(server.proc.pid!);
        const fresh = now.filter((pid) => !before.includes(pid));
        if (now.length === workers && fresh.length === 1) {
          replacedAt = performance.now() - t0;
          replacement = fresh[0]!;
          break;
        }
        await sleep(20);
      }
    })();
    await Promise.all([...loops, killing]);
    // The replacement serves: new connections until one lands on it would need its pid; instead
    // every worker must answer /readyz, which a fresh batch of connections spreads over them.
    const after = await Promise.all(Array.from({ length: 20 }, () => timedGet(server.url, "/readyz", t0)));
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    const counted = metrics
      .split("\n")
      .filter((l) => l.startsWith("http_requests_total{"))
      .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(" ") + 1)), 0);

    const failed = results.filter((r) => r.status === 0 || r.status >= 500);
    const inFlight = results.filter((r) => r.start < killAt && r.end > killAt);
    const failedLater = failed.filter((r) => r.start > killAt);
    const alive = server.proc.exitCode === null && server.proc.signalCode === null;
    const died = server.lines.some((l) => l.includes(`worker ${victim} died`));
    const ok =
      alive &&
      Number.isFinite(replacedAt) &&
      died &&
      failedLater.length === 0 &&
      failed.length <= inFlight.length &&
      after.every((r) => r.status === 200);
    const errors = [...new Set(failed.map((f) => f.error ?? String(f.status)))].join(", ") || "none";
    return {
      name: "kill-worker",
      ok,
      lines: [
        `${workers} workers (pids ${before.join(", ")}), ${concurrency} clients for ${seconds} s, each request on a new connection: ${results.length} requests (${Math.round(results.length / seconds)}/s)`,
        `SIGKILL to worker ${victim} at ${(killAt / 1000).toFixed(2)} s with ${inFlight.length} requests in flight (on all workers); the primary logged its death: ${died}`,
        `failed: ${failed.length} (${errors}), all of them sent before the kill: ${failedLater.length === 0}; failed after the kill: ${failedLater.length}`,
        `replaced by worker ${replacement} ${((replacedAt - killAt) / 1000).toFixed(2)} s after the kill; ${after.filter((r) => r.status === 200).length} of 20 /readyz 200 afterwards; primary alive: ${alive}`,
        `/metrics (all live workers added up) counts ${counted} requests: the killed worker's own count went with it`,
      ],
      data: {
        workers,
        concurrency,
        seconds,
        requests: results.length,
        killAt,
        replacedAt,
        inFlight: inFlight.length,
        failed: failed.map(({ path, start, end, status, error }) => ({ path, start, end, status, error })),
        failedLater: failedLater.length,
        counted,
      },
    };
  } finally {
    await server.stop();
    await scratch.drop();
  }
}

// ---------------------------------------------------------------- main

const DRILLS: Record<string, () => Promise<Drill>> = {
  "two-servers": twoServers,
  sigterm: sigtermDrain,
  "kill-import": killImport,
  "pg-restart": pgRestart,
  "kill-worker": killWorker,
};

requireBuild();
const which = process.argv.slice(2).find((a) => !a.startsWith("--") && !/^\d+$/.test(a)) ?? "all";
const names = which === "all" ? Object.keys(DRILLS) : [which];
const results: Drill[] = [];
for (const name of names) {
  const drill = DRILLS[name];
  if (!drill) {
    console.error(`Unknown drill ${name}; one of: ${Object.keys(DRILLS).join(", ")}, all`);
    process.exit(1);
  }
  console.log(`\n== ${name} ==`);
  const result = await drill();
  results.push(result);
  for (const line of result.lines) console.log(line);
  console.log(result.ok ? `${name}: OK` : `${name}: FAILED`);
}
const out = arg("out", "");
if (out) writeFileSync(path.resolve(out), `${JSON.stringify(results, null, 2)}\n`);
console.log(`\n${results.map((r) => `${r.name}: ${r.ok ? "OK" : "FAILED"}`).join("   ")}`);
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
