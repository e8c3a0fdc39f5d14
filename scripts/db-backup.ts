// npm run db:backup [-- --out backups/my-folder] [--force]
// Backs up the store's database (embedded PGlite, or PostgreSQL with pg_dump when DATABASE_URL is
// set) with its uploaded images into a new folder. Stop the server first on the embedded database.
import path from "node:path";
import { getEnv } from "../app/utils/env.server";
import { BackupError, backup } from "./lib/backup";

const env = getEnv();
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const stamp = new Date().toISOString().replace(/[:.]/g, "-").replace("T", "_").slice(0, 19);
const out = path.resolve(arg("--out") ?? path.join("backups", `vitec-${stamp}`));

try {
  const manifest = await backup(
    { dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, schema: env.DATABASE_SCHEMA },
    out,
    { force: process.argv.includes("--force") },
  );
  console.log(
    `Backup of the ${manifest.kind === "pglite" ? "embedded database" : "PostgreSQL database"} written to ${out}`,
  );
  console.log(`  ${manifest.files.join(", ")}`);
  const shown = out.startsWith(process.cwd() + path.sep) ? path.relative(process.cwd(), out) : out;
  console.log(`Restore it with: npm run db:restore -- ${shown}`);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
