// npm run db:restore -- <backup folder> [--force]
// Restores a folder written by `npm run db:backup`: the embedded database into DATA_DIR (an
// existing one is kept aside with --force), or the PostgreSQL tables with pg_restore --clean. Its
// images go back to DATA_DIR/uploads, or, with S3_BUCKET, into that bucket (only those missing).
import path from "node:path";
import { getEnv } from "../app/utils/env.server";
import { bucketConfigFromEnv, s3Storage } from "../app/services/object-storage.server";
import { BackupError, restore } from "./lib/backup";

const env = getEnv();
const from = process.argv.slice(2).find((a) => !a.startsWith("--"));
if (!from) {
  console.error("Usage: npm run db:restore -- <backup folder> [--force]");
  process.exit(1);
}

const bucket = bucketConfigFromEnv(env);
try {
  const manifest = await restore(
    path.resolve(from),
    {
      dataDir: env.DATA_DIR,
      databaseUrl: env.DATABASE_URL,
      schema: env.DATABASE_SCHEMA,
      bucket: bucket ? s3Storage(bucket) : undefined,
    },
    { force: process.argv.includes("--force") },
  );
  console.log(
    `Restored the backup of ${manifest.createdAt} (${manifest.files.join(", ")}). Start the server with npm start.`,
  );
  if (manifest.files.includes("uploads/")) {
    console.log(
      bucket
        ? `  images: put back into the bucket ${bucket.bucket} (those it did not have; none deleted)`
        : `  images: copied into ${path.resolve(env.DATA_DIR, "uploads")}`,
    );
  }
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
