// What a new CSP nonce per response would cost over the page cache (ADR 0013). The cache keeps a
// page's body and its gzip copy per content version; the nonce the page was rendered with goes
// out with every hit. Rotating it per response means, on every hit, rewriting the nonce in the
// body and compressing it again. This measures, on the pages of a running production server
// (`--url`, default http://127.0.0.1:3510): the server's answer time for a hit and for a render
// (a miss), and the CPU time per response of the rewrite alone and of the rewrite plus gzip
// (levels 6, the cache's, and 1). Writes bench/results/nonce-rotation.{json,md}.
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { summarize, type Summary } from "./lib/stats";

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const base = arg("url", "http://127.0.0.1:3510");
const runs = Number(arg("runs", "300"));

async function timed(url: string): Promise<{ ms: number; cache: string | null; body: string; csp: string }> {
  const start = performance.now();
  const response = await fetch(url, { headers: { "Accept-Encoding": "gzip" } });
  const body = await response.text();
  return {
    ms: performance.now() - start,
    cache: response.headers.get("x-page-cache"),
    body,
    csp: response.headers.get("content-security-policy") ?? "",
  };
}

function cpu(work: () => void): Summary {
  for (let i = 0; i < 20; i++) work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    samples.push(performance.now() - start);
  }
  return summarize(samples);
}

const store = (await (await fetch(`${base}/store`)).text()).match(/href="\/product\/([^"?#]+)"/)?.[1];
const pages = ["/", "/store", ...(store ? [`/product/${store}`] : [])];
const results = [];
for (const page of pages) {
  const first = await timed(`${base}${page}`);
  const nonce = /'nonce-([^']+)'/.exec(first.csp)?.[1];
  if (!nonce) throw new Error(`no nonce on ${page}: is the server in production mode?`);
  const hits: number[] = [];
  const misses: number[] = [];
  for (let i = 0; i < Math.min(runs, 100); i++) {
    const hit = await timed(`${base}${page}`);
    if (hit.cache === "hit") hits.push(hit.ms);
    // Another query string is another cache entry: a render, as a new nonce would need without the cache.
    const miss = await timed(`${base}${page}${page.includes("?") ? "&" : "?"}bench=${Date.now()}-${i}`);
    if (miss.cache === "miss") misses.push(miss.ms);
  }
  const body = Buffer.from(first.body);
  const occurrences = first.body.split(nonce).length - 1;
  const rewrite = () => Buffer.from(first.body.replaceAll(nonce, randomBytes(16).toString("base64")));
  results.push({
    page,
    bytes: body.length,
    gzipBytes: gzipSync(body).length,
    nonceOccurrences: occurrences,
    answerMs: { hit: summarize(hits), render: summarize(misses) },
    cpuMsPerResponse: {
      rewrite: cpu(rewrite),
      rewriteGzip6: cpu(() => gzipSync(rewrite(), { level: 6 })),
      rewriteGzip1: cpu(() => gzipSync(rewrite(), { level: 1 })),
    },
  });
}

const result = { date: new Date().toISOString(), url: base, runs, node: process.version, pages: results };
const out = path.resolve("bench/results");
writeFileSync(path.join(out, "nonce-rotation.json"), `${JSON.stringify(result, null, 2)}\n`);
const rows = results.map(
  (r) =>
    `| ${r.page} | ${Math.round(r.bytes / 1024)} KB (${Math.round(r.gzipBytes / 1024)} KB gzip) | ${r.nonceOccurrences} | ${r.answerMs.hit.p50} / ${r.answerMs.hit.p95} | ${r.answerMs.render.p50} / ${r.answerMs.render.p95} | ${r.cpuMsPerResponse.rewrite.p50} | ${r.cpuMsPerResponse.rewriteGzip6.p50} / ${r.cpuMsPerResponse.rewriteGzip6.p95} | ${r.cpuMsPerResponse.rewriteGzip1.p50} |`,
);
writeFileSync(
  path.join(out, "nonce-rotation.md"),
  [
    `# A new CSP nonce per cached response: what it would cost`,
    "",
    `${result.date}, ${base}, Node ${process.version}, ${runs} runs per CPU figure (ms, p50 / p95).`,
    "",
    "| Page | Size | Nonces in the page | Answer, cache hit | Answer, render | Rewrite nonce | Rewrite + gzip 6 | Rewrite + gzip 1 |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
  ].join("\n"),
);
console.log(rows.join("\n"));
