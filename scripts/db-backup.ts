// npm run db:backup [-- --out backups/my-folder] [--force]
// Backs up the store's database (embedded PGlite, or PostgreSQL with pg_dump when DATABASE_URL is
// set) with its uploaded images (from DATA_DIR/uploads, or from the bucket of S3_BUCKET) into a new
// folder. Stop the server first on the embedded database.
import path from "node:path";
import { getEnv } from "../app/utils/env.server";
import { bucketConfigFromEnv, s3Storage } from "../app/services/object-storage.server";
import { BackupError, backup } from "./lib/backup";

const env = getEnv();
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const stamp = new Date().toISOString().replace(/[:.]/g, "-").replace("T", "_").slice(0, 19);
const out = path.resolve(arg("--out") ?? path.join("backups", `vitec-${stamp}`));
const bucket = bucketConfigFromEnv(env);

try {
  if (bucket) console.log(`Downloading the uploaded images from the bucket ${bucket.bucket} (S3_BUCKET)...`);
  const manifest = await backup(
    {
      dataDir: env.DATA_DIR,
      databaseUrl: env.DATABASE_URL,
      schema: env.DATABASE_SCHEMA,
      bucket: bucket ? s3Storage(bucket) : undefined,
    },
    out,
    { force: process.argv.includes("--force") },
  );
  console.log(
    `Backup of the ${manifest.kind === "pglite" ? "embedded database" : "PostgreSQL database"} written to ${out}`,
  );
  console.log(`  ${manifest.files.join(", ")}`);
  if (manifest.uploads?.from === "bucket") {
    console.log(
      `  uploads/: the ${manifest.uploads.objects} images of the bucket ${manifest.uploads.bucket} (a copy; turn on the bucket's own versioning or replication as well: docs/deploy.md)`,
    );
  } else {
    console.log(`  uploads/: the images of ${path.resolve(env.DATA_DIR, "uploads")}`);
  }
  const shown = out.startsWith(process.cwd() + path.sep) ? path.relative(process.cwd(), out) : out;
  console.log(`Restore it with: npm run db:restore -- ${shown}`);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
