// npm run storage:copy [-- --from data/uploads] [--dry-run]
// Copies the images uploaded to the local disk (DATA_DIR/uploads) into the S3-compatible bucket
// named by S3_BUCKET (docs/deploy.md), under the same keys, with their image type and a year-long
// cache. Keys the bucket already has are skipped, so it can run again (after an interruption, or
// once more right before the switch). Old /uploads/ addresses keep working after the move: the
// store serves them from the bucket, or sends the browser to S3_PUBLIC_URL.
import path from "node:path";
import { getEnv } from "../app/utils/env.server";
import { ObjectStorageError, bucketConfigFromEnv, s3Storage } from "../app/services/object-storage.server";
import { copyUploadsToBucket } from "./lib/uploads-copy";

const env = getEnv();
const i = process.argv.indexOf("--from");
const from = path.resolve(i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : path.join(env.DATA_DIR, "uploads"));
const dryRun = process.argv.includes("--dry-run");
const config = bucketConfigFromEnv(env);
if (!config) {
  console.error(
    "Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, credentials...: docs/deploy.md) to copy the uploads to it.",
  );
  process.exit(1);
}

try {
  console.log(
    `${dryRun ? "Would copy" : "Copying"} ${from} -> bucket ${config.bucket}${config.endpoint ? ` at ${config.endpoint}` : ""}`,
  );
  const result = await copyUploadsToBucket(from, s3Storage(config), {
    dryRun,
    onCopy: (key) => console.log(`  ${dryRun ? "would copy" : "copied"} ${key}`),
  });
  console.log(
    `${result.copied.length} ${dryRun ? "to copy" : "copied"}, ${result.present} already in the bucket (skipped), ${result.skipped.length} not an upload (left out${result.skipped.length ? `: ${result.skipped.slice(0, 5).join(", ")}${result.skipped.length > 5 ? "..." : ""}` : ""}).`,
  );
} catch (error) {
  console.error(error instanceof ObjectStorageError ? error.message : error);
  process.exit(1);
}
