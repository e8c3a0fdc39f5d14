import { spawnSync } from "node:child_process";
import { DEFAULT_CHROMIUM_PATH, isExecutable, planBrowser } from "./lib/browser";

// Runs before the browser tests (npm run test:e2e): Chromium there -> nothing to do; missing and
// this is root on a Debian-like system -> apt-get installs it; otherwise one line says what to
// install, and the browser tests do not start.

const custom = Boolean(process.env.CHROMIUM_PATH);
const path = process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;
const plan = planBrowser({
  path,
  custom,
  exists: isExecutable(path),
  isRoot: process.getuid?.() === 0,
  hasApt: spawnSync("apt-get", ["--version"], { stdio: "ignore" }).status === 0,
});

if (plan.action === "stop") {
  console.error(plan.message);
  process.exit(1);
}

if (plan.action === "install") {
  console.log(`Chromium is not at ${path}: installing Debian's chromium package for the browser tests (apt-get)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const apt = (...args: string[]) => spawnSync("apt-get", args, { stdio: "inherit", env }).status === 0;
  // The package lists may be missing or stale on a fresh machine: refresh them and try again.
  const installed =
    apt("install", "-y", "-qq", "chromium") || (apt("update", "-qq") && apt("install", "-y", "-qq", "chromium"));
  if (!installed || !isExecutable(path)) {
    console.error(
      `Installing Chromium failed (see apt-get's output above): install it with "apt-get install -y chromium", then run npm test again.`,
    );
    process.exit(1);
  }
  console.log(`Chromium installed at ${path}.`);
}
