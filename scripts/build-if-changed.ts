import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

// `npm start` and the browser tests build the app only when its sources changed since the last
// build: a second `npm start` with the same sources starts at once. The fingerprint covers every
// file the build reads (the app, public/, the build configuration and the locked dependencies).
const INPUTS = ["app", "public", "vite.config.ts", "react-router.config.ts", "tsconfig.json", "package-lock.json"];
const buildDir = process.env.VITEC_BUILD_DIR || "build";
const stampFile = path.join(buildDir, ".sources-sha256");

function files(entry: string): string[] {
  if (!existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry)
    .sort()
    .flatMap((name) => files(path.join(entry, name)));
}

function fingerprint(): string {
  const hash = createHash("sha256");
  for (const file of INPUTS.flatMap(files)) {
    hash.update(file).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

const sources = fingerprint();
const built = existsSync(path.join(buildDir, "server", "index.js")) && existsSync(stampFile);
if (built && readFileSync(stampFile, "utf8") === sources) {
  console.log(`Build is up to date with the sources (${buildDir}/): not rebuilding.`);
} else {
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, sources);
}
