// One configuration's database phase, run by bench/run.ts in its own process (PGlite allows one
// process per data folder, so this runs while no server is up):
//   1. migrates and fills the database with the generated catalogue (skipped when already there);
//   2. VACUUM ANALYZE, so plans and index-only scans are those of a settled database;
//   3. picks the products the HTTP phase uses;
//   4. times the catalogue, product and search queries (p50/p95 over many runs) and EXPLAINs each
//      statement they run (index use, no sequential scan of products);
//   5. checks the typo-tolerant search against a fixed list of one-typo queries.
// Writes its JSON to the file named by the first argument.
import { writeFileSync } from "node:fs";
import { count, eq, sql } from "drizzle-orm";
import { openDatabase, queryRows, setDatabase } from "../app/db/client.server";
import { products } from "../app/db/schema/catalog";
import { seedBigCatalog } from "../app/db/seed/seed.server";
import { pageCount } from "../app/domain/catalog-query";
import { hasVariants } from "../app/domain/variants";
import { listCatalogProducts } from "../app/models/catalog.server";
import { antesFlags } from "../app/models/price-history.server";
import { getPublishedProduct, listRelatedProducts } from "../app/models/product.server";
import { listApprovedReviews } from "../app/models/review.server";
import { listVariants } from "../app/models/variants.server";
import { searchProducts } from "../app/models/search.server";
import { ensureDefaultSettings } from "../app/models/settings.server";
import { type BenchDbConfig, type PlanNode, openBenchDatabase, planNodes } from "./lib/db";
import { summarize } from "./lib/stats";
import { TYPO_QUERIES, nameMatches } from "./typo-queries";

const outFile = process.argv[2];
if (!outFile) throw new Error("usage: tsx bench/db-phase.ts OUT.json");
const size = Number(process.env.BENCH_PRODUCTS);
const runs = Number(process.env.BENCH_DB_RUNS ?? 200);
const config: BenchDbConfig = process.env.BENCH_PG_URL
  ? { kind: "pg", url: process.env.BENCH_PG_URL, schema: process.env.BENCH_PG_SCHEMA! }
  : { kind: "pglite", dataDir: process.env.BENCH_DATA_DIR! };
const log = (message: string) => process.stderr.write(`  [db] ${message}\n`);

// 1. Migrate and seed with the app's own code (the same as `npm run db:seed -- --products N`).
const app = await openDatabase(config.kind === "pg" ? { ...config, maxConnections: 4 } : config);
await app.migrate();
setDatabase(app);
await ensureDefaultSettings(app.db);
const [{ n: existing } = { n: 0 }] = await app.db.select({ n: count() }).from(products);
let seedSeconds: number | null = null;
if (existing < size) {
  log(`seeding ${size} products (${existing} there)...`);
  const started = performance.now();
  await seedBigCatalog(app.db, size, (done) => {
    if (done % 20000 === 0) log(`  ${done}/${size}`);
  });
  seedSeconds = (performance.now() - started) / 1000;
  log(`seeded in ${seedSeconds.toFixed(1)} s`);
}
await app.db.execute(sql`vacuum analyze`);
await app.close();

// 2. The benchmark's connection, which records statements for EXPLAIN.
const bench = await openBenchDatabase(config);
setDatabase(bench.handle);
const db = bench.handle.db;

const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(products);
const [{ published } = { published: 0 }] = await db
  .select({ published: count() })
  .from(products)
  .where(eq(products.status, "published"));

// 3. The products the HTTP phase and the timings use (fixed seed for the same picks each run).
await bench.run("select setseed(0.42)");
const sample = await queryRows<{ id: string }>(sql`
  select id from products where status = 'published' and stock > 0 order by random() limit 300`);
const sampleIds = sample.map((r) => r.id);
const checkoutIds = (
  await queryRows<{ id: string }>(sql`
    select id from products
    where status = 'published' and stock >= 20 and coalesce(meta->'option_groups', '[]'::jsonb) = '[]'::jsonb
    order by random() limit 400`)
).map((r) => r.id);
const pageProductId = sampleIds[0]!;

const deepBase = { category: "pcol_PC", minPrice: 20000, maxPrice: 400000, sort: "price_asc" as const };
const firstDeep = await listCatalogProducts({ ...deepBase, page: 1 });
const deepPage = Math.max(1, Math.floor(pageCount(firstDeep.total) * 0.8));
const deepQuery = { ...deepBase, page: deepPage };
const page1Query = { sort: "created_at_desc" as const, category: null, minPrice: null, maxPrice: null, page: 1 };

const FULL_TEXT = ["notebook", "monitor", "cámara", "auriculares", "teclado", "mouse", "cafetera", "silla gamer"];

/**
 * The database work of one anonymous product page, as its loader (app/routes/store/product.tsx)
 * does it: the product, then its related products, reviews and variants at once, then the price
 * history for the "antes" price (settings and the session cost nothing here: cached / no cookie).
 */
async function productPage(id: string) {
  const product = await getPublishedProduct(id);
  if (!product) throw new Error(`product ${id} is not published`);
  await Promise.all([
    listRelatedProducts(product.id),
    listApprovedReviews(product.id),
    listVariants(hasVariants(product.meta.option_groups) ? [product.id] : []),
  ]);
  await antesFlags([product.id]);
}

type Case = { name: string; call: (i: number) => Promise<unknown> };
const cases: Case[] = [
  { name: "catalogPage1", call: () => listCatalogProducts(page1Query) },
  { name: "catalogDeepFiltered", call: () => listCatalogProducts(deepQuery) },
  { name: "product", call: (i) => getPublishedProduct(sampleIds[i % sampleIds.length]) },
  { name: "productPage", call: (i) => productPage(sampleIds[i % sampleIds.length]!) },
  { name: "searchFullText", call: (i) => searchProducts(FULL_TEXT[i % FULL_TEXT.length]!) },
  { name: "searchTypo", call: (i) => searchProducts(TYPO_QUERIES[i % TYPO_QUERIES.length]!.query) },
];

// 4. Timings, then one EXPLAIN ANALYZE of every statement each case runs.
const timings: Record<string, ReturnType<typeof summarize>> = {};
for (const c of cases) {
  for (let i = 0; i < 20; i++) await c.call(i); // warm-up: plans cached, pages in memory
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await c.call(i);
    samples.push(performance.now() - started);
  }
  timings[c.name] = summarize(samples);
  log(`${c.name}: p50 ${timings[c.name]!.p50.toFixed(2)} ms, p95 ${timings[c.name]!.p95.toFixed(2)} ms`);
}

type ExplainedStatement = {
  sql: string;
  seqScanOfProducts: boolean;
  indexes: string[];
  nodes: string[];
  actualMs: number | null;
};
const explain: Record<string, ExplainedStatement[]> = {};
for (const c of cases) {
  const { statements } = await bench.record(() => c.call(1));
  explain[c.name] = [];
  for (const statement of statements) {
    const plan = await bench.explain(statement);
    const nodes = planNodes(plan);
    explain[c.name]!.push({
      sql: statement.sql.replace(/\s+/g, " ").slice(0, 400),
      seqScanOfProducts: nodes.some(
        (n: PlanNode) => n["Node Type"] === "Seq Scan" && n["Relation Name"] === "products",
      ),
      indexes: [...new Set(nodes.map((n) => n["Index Name"]).filter((x): x is string => typeof x === "string"))],
      nodes: nodes.map((n) => `${n["Node Type"]}${n["Relation Name"] ? ` on ${n["Relation Name"]}` : ""}`),
      actualMs: typeof plan["Actual Total Time"] === "number" ? plan["Actual Total Time"] : null,
    });
  }
}

// 5. Typo tolerance: the intended product among the first five results.
const typo = { found: 0, total: 0, notInCatalogue: [] as string[], missed: [] as { query: string; top5: string[] }[] };
for (const t of TYPO_QUERIES) {
  const pattern = t.expect.map((w) => sql`lower(public.unaccent(name)) ~ ${`\\m${w}\\M`}`);
  const exists = await queryRows<{ one: number }>(
    sql`select 1 as one from products where status = 'published' and ${sql.join(pattern, sql` and `)} limit 1`,
  );
  if (exists.length === 0) {
    typo.notInCatalogue.push(t.query);
    continue;
  }
  typo.total++;
  const { items } = await searchProducts(t.query);
  const top5 = items.slice(0, 5).map((p) => p.name);
  if (top5.some((name) => nameMatches(name, t.expect))) typo.found++;
  else typo.missed.push({ query: t.query, top5 });
}
log(`typo queries: ${typo.found}/${typo.total} found in the top 5`);

await bench.handle.close();

writeFileSync(
  outFile,
  JSON.stringify(
    {
      products: { total, published },
      seedSeconds,
      pageProductId,
      sampleIds: sampleIds.slice(0, 200),
      checkoutIds,
      deep: { ...deepQuery, total: firstDeep.total },
      timings,
      explain,
      typo: { ...typo, ratio: typo.total ? typo.found / typo.total : null },
    },
    null,
    2,
  ),
);
