// npx tsx bench/cpu-profile.ts PROFILE.cpuprofile [--top 25] [--last SECONDS]
//
// Summarises a V8 CPU profile (`node --cpu-prof`): self time by package (the node_modules folder a
// function's file is in; "app" for the store's own code and its build, "node" for Node's internals,
// "gc", "(idle)" and "(program)" as V8 names them) and the functions with the most self time.
// Shares are of busy time (idle left out). `--last 20` keeps the profile's last 20 seconds only
// (the load, not the server's start). Prints Markdown.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: "string", default: "25" }, last: { type: "string" } },
});
const file = positionals[0];
if (!file) throw new Error("usage: tsx bench/cpu-profile.ts PROFILE.cpuprofile [--top 25] [--last SECONDS]");
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const at: number[] = [];
profile.timeDeltas.reduce((t, delta, i) => (at[i] = t + delta), 0);
const from = values.last ? (at.at(-1) ?? 0) - Number(values.last) * 1e6 : -Infinity;
const selfMs = new Map<number, number>();
profile.samples.forEach((id, i) => {
  if (at[i]! >= from) selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
});

function packageOf(url: string, name: string): string {
  if (!url) return name.startsWith("(") ? name : "node (native)";
  if (url.startsWith("node:")) return "node";
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const rest = url.slice(modules + "node_modules/".length).split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.includes("/build/server/")) return "app (build)";
  if (url.includes("/server/")) return "server (entry)";
  return "app";
}

const byPackage = new Map<string, number>();
const byFunction = new Map<string, { ms: number; pkg: string }>();
let busy = 0;
for (const [id, ms] of selfMs) {
  const node = byId.get(id)!;
  const { functionName, url, lineNumber } = node.callFrame;
  const pkg = packageOf(url, functionName);
  if (pkg === "(idle)") continue;
  busy += ms;
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
  const file = url.split("/").slice(-1)[0] ?? "";
  const key = `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}`;
  const entry = byFunction.get(key) ?? { ms: 0, pkg };
  entry.ms += ms;
  byFunction.set(key, entry);
}

const pct = (ms: number) => `${((ms / busy) * 100).toFixed(1)} %`;
const lines = [
  `Busy time: ${(busy / 1000).toFixed(1)} s of CPU.`,
  "",
  "| Package | self time | share |",
  "|---|---:|---:|",
  ...[...byPackage].sort((a, b) => b[1] - a[1]).map(([pkg, ms]) => `| ${pkg} | ${Math.round(ms)} ms | ${pct(ms)} |`),
  "",
  "| Function | package | self time | share |",
  "|---|---|---:|---:|",
  ...[...byFunction]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, Number(values.top))
    .map(([fn, { ms, pkg }]) => `| \`${fn}\` | ${pkg} | ${Math.round(ms)} ms | ${pct(ms)} |`),
];
console.log(lines.join("\n"));
