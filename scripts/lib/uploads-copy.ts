import { existsSync } from "node:fs";
import { mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { BucketStorage } from "../../app/services/object-storage.server";
import { isValidKey } from "../../app/services/file-storage";
import { contentTypeOf, resolveKey } from "../../app/services/storage.server";

// Moving uploaded images between a local uploads folder and an S3-compatible bucket: the local
// disk into the bucket (npm run storage:copy, and db:restore into a store that uses a bucket), and
// the bucket into a folder (db:backup). Both go key by key, by the same key on either side, and
// skip what the other side already has, so running them again copies only what is missing.

export type CopyResult = {
  /** Keys written to the bucket. */
  copied: string[];
  /** Keys the bucket already had (left as they were). */
  present: number;
  /** Files that are not an upload's key (another name, another type): not copied. */
  skipped: string[];
};

/** The files under `dir`, as keys ("product-images/1767225600000-3f9a1c2b7d.png"). */
async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

/** Copies every upload under `dir` into the bucket, skipping the keys it already has. */
export async function copyUploadsToBucket(
  dir: string,
  bucket: BucketStorage,
  options: { dryRun?: boolean; onCopy?: (key: string) => void } = {},
): Promise<CopyResult> {
  const result: CopyResult = { copied: [], present: 0, skipped: [] };
  const files = await filesUnder(dir);
  const existing = new Set(files.length ? await bucket.listKeys() : []);
  for (const key of files) {
    const contentType = contentTypeOf(key);
    if (!isValidKey(key) || !contentType) {
      result.skipped.push(key);
    } else if (existing.has(key)) {
      result.present++;
    } else {
      if (!options.dryRun) await bucket.put(key, await readFile(path.join(dir, key)), contentType);
      result.copied.push(key);
      options.onCopy?.(key);
    }
  }
  return result;
}

/** Writes every upload of the bucket into `dir` (a backup), skipping files already there. */
export async function downloadBucket(bucket: BucketStorage, dir: string): Promise<{ written: number; total: number }> {
  const root = path.resolve(dir);
  let written = 0;
  let total = 0;
  for (const key of await bucket.listKeys()) {
    const file = resolveKey(root, key);
    if (!file || !contentTypeOf(key)) continue;
    total++;
    if (existsSync(file)) continue;
    const stored = await bucket.read(key);
    if (!stored) continue; // deleted meanwhile
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, stored.bytes);
    written++;
  }
  return { written, total };
}
