import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// Vitest global setup: every temporary folder a test makes (backups, S3 doubles, uploads,
// migration copies) lands in one folder for this run, removed when the run ends, so the suite
// leaves nothing behind even when a test fails before its own clean-up.
export default function setup() {
  const runDir = mkdtempSync(path.join(tmpdir(), "vitec-suite-"));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = runDir;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(runDir, { recursive: true, force: true });
  };
}
