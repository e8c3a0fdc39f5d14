// npm run bench:feeds [-- --products 100000]
// The product feeds of a large catalogue, streamed: seeds N generated products (the same code as
// `npm run db:seed -- --products N`) into a throwaway database (PostgreSQL when DATABASE_URL is
// set, in a schema of its own; else PGlite under bench/.work/), then reads /feeds/google.xml and
// /feeds/meta.csv through their route loaders in this process, consuming each body as a fetcher
// does, and samples the process's memory every 20 ms. What bounded memory means here: the heap
// grows by a small fraction of the feed's size. Writes bench/results/feeds-latest.{json,md}.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { count, eq, sql } from "drizzle-orm";
import { openDatabase, setDatabase } from "../app/db/client.server";
import { products } from "../app/db/schema/catalog";
import { seedBigCatalog } from "../app/db/seed/seed.server";
import { ensureDefaultSettings } from "../app/models/settings.server";
import { loader as googleFeed } from "../app/routes/resources/feed-google";
import { loader as metaFeed } from "../app/routes/resources/feed-meta";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const arg = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1]! : fallback;
};
const size = Number(arg("products", "100000"));
const url = process.env.DATABASE_URL;
const schemaName = "vitec_bench_feeds";
const dataDir = path.join(ROOT, "bench/.work/feeds-data");
const log = (line: string) => process.stderr.write(`[bench:feeds] ${line}\n`);

const db = await openDatabase(
  url ? { kind: "pg", url, schema: schemaName, maxConnections: 4 } : { kind: "pglite", dataDir },
);
if (url) await db.db.execute(sql.raw(`create schema if not exists ${schemaName}`));
await db.migrate();
setDatabase(db);
await ensureDefaultSettings(db.db);
const [{ n: existing } = { n: 0 }] = await db.db.select({ n: count() }).from(products);
if (existing < size) {
  log(`seeding ${size} products...`);
  await seedBigCatalog(db.db, size - existing);
  await db.db.execute(sql`vacuum analyze`);
}
const [{ n: published } = { n: 0 }] = await db.db
  .select({ n: count() })
  .from(products)
  .where(eq(products.status, "published"));

type Figure = { feed: string; seconds: number; bytes: number; items: number; heapGrowthMb: number; peakRssMb: number };

async function measure(feed: string, load: () => Promise<Response>, countItems: (chunk: string) => number) {
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let peakHeap = heapBefore;
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  }, 20);
  const started = performance.now();
  const response = await load();
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let bytes = 0;
  let items = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    items += countItems(decoder.decode(value));
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const figure: Figure = {
    feed,
    seconds: Number(seconds.toFixed(2)),
    bytes,
    items,
    heapGrowthMb: Number(((peakHeap - heapBefore) / 1048576).toFixed(1)),
    peakRssMb: Number((peakRss / 1048576).toFixed(1)),
  };
  log(JSON.stringify(figure));
  return figure;
}

const request = (p: string) =>
  ({ request: new Request(`http://localhost:3000${p}`), params: {}, context: {} }) as never;
const figures = [
  await measure(
    "/feeds/google.xml",
    () => googleFeed(request("/feeds/google.xml")),
    (c) => c.split("<item>").length - 1,
  ),
  // Rows: lines, less the header (quoted descriptions have no line breaks).
  await measure(
    "/feeds/meta.csv",
    () => metaFeed(request("/feeds/meta.csv")),
    (c) => c.split("\r\n").length - 1,
  ),
];
figures[1]!.items -= 1;

await db.close();
if (url) {
  const cleanup = await openDatabase({ kind: "pg", url, maxConnections: 1 });
  await cleanup.db.execute(sql.raw(`drop schema if exists ${schemaName} cascade`));
  await cleanup.close();
} else {
  rmSync(dataDir, { recursive: true, force: true });
}

const result = {
  date: new Date().toISOString(),
  database: url ? "PostgreSQL" : "PGlite",
  products: size,
  published,
  figures,
};
const out = path.join(ROOT, "bench/results");
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, "feeds-latest.json"), `${JSON.stringify(result, null, 2)}\n`);
writeFileSync(
  path.join(out, "feeds-latest.md"),
  [
    `# Product feeds, ${size.toLocaleString("en")} products (${result.database})`,
    "",
    `${result.date}; ${published.toLocaleString("en")} published (products without an image are left out). Read through the route loaders in one process; memory sampled every 20 ms.`,
    "",
    "| Feed | items | MB | seconds | heap growth MB | peak RSS MB |",
    "|---|---:|---:|---:|---:|---:|",
    ...figures.map(
      (f) =>
        `| ${f.feed} | ${f.items.toLocaleString("en")} | ${(f.bytes / 1048576).toFixed(1)} | ${f.seconds} | ${f.heapGrowthMb} | ${f.peakRssMb} |`,
    ),
    "",
  ].join("\n"),
);
log("written to bench/results/feeds-latest.{json,md}");
