// npm run bench:import [-- --rows 10000]
// A large product import, as the wizard runs it: a Shopify export of N rows (N/4 products with 4
// variants each: Option1 Size; half of them with a compare-at price; Body (HTML); one image per
// product) is planned (profile, price columns, HTML to short text), previewed against the
// database, queued and written by the import job into a throwaway database (PostgreSQL when
// DATABASE_URL is set, in a schema of its own; else PGlite in memory). Also a plain file of N
// products mapped by header. Writes bench/results/import-latest.{json,md}.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { count, sql } from "drizzle-orm";
import { openDatabase, setDatabase } from "../app/db/client.server";
import { productVariants, products } from "../app/db/schema/catalog";
import { parseCsvText, splitHeader } from "../app/domain/csv";
import { autoMatchColumns } from "../app/domain/product-import";
import { runQueuedImports } from "../app/jobs/product-import.server";
import { getImportStatus, planImport, previewImport, queueImport } from "../app/models/product-imports.server";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const arg = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1]! : fallback;
};
const rows = Number(arg("rows", "10000"));
const url = process.env.DATABASE_URL;
const schemaName = "vitec_bench_import";
const log = (line: string) => process.stderr.write(`[bench:import] ${line}\n`);
const ACTOR = { id: null, email: "bench@vitec.com.ar" };

function shopifyCsv(n: number): string {
  const lines = [
    "Handle,Title,Body (HTML),Vendor,Type,Published,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price,Variant Compare At Price,Image Src,Image Position,Status",
  ];
  const sizes = ["S", "M", "L", "XL"];
  for (let i = 0; i < n; i++) {
    const p = Math.floor(i / 4);
    const first = i % 4 === 0;
    const price = (1000 + (p % 500) * 13.37).toFixed(2);
    const compare = p % 2 ? (Number(price) * 1.2).toFixed(2) : "";
    lines.push(
      [
        `producto-${p}`,
        first ? `Producto ${p}` : "",
        first
          ? `"<p>Descripción del <strong>producto ${p}</strong>, con detalles.</p><ul><li>Uno</li><li>Dos</li></ul>"`
          : "",
        first ? "Marca" : "",
        first ? `Ropa > Línea ${p % 20}` : "",
        first ? "TRUE" : "",
        first ? "Size" : "",
        sizes[i % 4],
        `SKU-${p}-${sizes[i % 4]}`,
        String(i % 17),
        price,
        compare,
        first ? `https://cdn.example.com/p/${p}.jpg` : "",
        first ? "1" : "",
        first ? "active" : "",
      ].join(","),
    );
  }
  return lines.join("\n");
}

function plainCsv(n: number): string {
  const lines = ["Nombre;Precio de venta;Stock;Categoría;SKU"];
  for (let i = 0; i < n; i++)
    lines.push(
      `Artículo ${i};${(i % 900) + 1}.${String(i % 1000).padStart(3, "0")},50;${i % 40};Rubro ${i % 30};ART-${i}`,
    );
  return lines.join("\n");
}

async function timed<T>(work: () => Promise<T> | T): Promise<[T, number]> {
  const start = performance.now();
  const value = await work();
  return [value, Math.round(performance.now() - start)];
}

const handle = await openDatabase(
  url ? { kind: "pg", url, schema: schemaName, maxConnections: 4 } : { kind: "pglite" },
);
if (url) {
  await handle.db.execute(sql.raw(`drop schema if exists ${schemaName} cascade`));
  await handle.db.execute(sql.raw(`create schema ${schemaName}`));
}
await handle.migrate();
setDatabase(handle);

const results: Record<string, unknown>[] = [];
for (const [name, text] of [
  ["Shopify export (4 variants per product)", shopifyCsv(rows)],
  ["Plain file mapped by header", plainCsv(rows)],
] as const) {
  log(`${name}: ${rows} rows`);
  const [{ headers, data }, parseMs] = await timed(() => splitHeader(parseCsvText(text)));
  const file = { fileName: "bench.csv", headers, data, mapping: null };
  const [plan, planMs] = await timed(() => planImport(file, autoMatchColumns(headers)));
  const [, previewMs] = await timed(() => previewImport(plan, data.length));
  const [id, queueMs] = await timed(() => queueImport(ACTOR, "bench.csv", plan));
  const [, importMs] = await timed(() => runQueuedImports());
  const status = await getImportStatus(id);
  results.push({
    file: name,
    rows,
    products: plan.products.length,
    errors: plan.errors.length,
    status: status?.status,
    parseMs,
    planMs,
    previewMs,
    queueMs,
    importMs,
    totalMs: parseMs + planMs + previewMs + queueMs + importMs,
  });
}
const [{ n: productCount } = { n: 0 }] = await handle.db.select({ n: count() }).from(products);
const [{ n: variantCount } = { n: 0 }] = await handle.db.select({ n: count() }).from(productVariants);
if (url) await handle.db.execute(sql.raw(`drop schema if exists ${schemaName} cascade`));
await handle.close();

const database = url ? "PostgreSQL" : "PGlite (in memory)";
const when = new Date().toISOString();
const md = [
  `# bench:import — ${rows} rows, ${database}, ${when}`,
  "",
  "| File | Products | Parse ms | Plan ms | Preview ms | Queue ms | Import ms | Total ms | Status |",
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  ...results.map(
    (r) =>
      `| ${r.file} | ${r.products} | ${r.parseMs} | ${r.planMs} | ${r.previewMs} | ${r.queueMs} | ${r.importMs} | ${r.totalMs} | ${r.status} |`,
  ),
  "",
  `Database afterwards: ${productCount} products, ${variantCount} variants.`,
  "",
].join("\n");
mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
writeFileSync(
  path.join(ROOT, "bench/results/import-latest.json"),
  JSON.stringify({ when, database, rows, results }, null, 2),
);
writeFileSync(path.join(ROOT, "bench/results/import-latest.md"), md);
process.stdout.write(md);
