import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { BucketStorage } from "../../app/services/object-storage.server";
import { copyUploadsToBucket, downloadBucket } from "./uploads-copy";

// Backups of the store (docs/reliability.md): a folder holding the database, the uploaded images
// and, for the embedded demo, the session secret, so a restore brings back a working store.
//   embedded (PGlite): database.tar.gz, PGlite's own dump of its data folder (dumpDataDir);
//   PostgreSQL:        database.pgdump, pg_dump's custom format (restored with pg_restore).
// The embedded database is one process's: the server must be stopped first (PGlite leaves a
// postmaster.pid in its folder while open, and these functions refuse to touch a folder in use).
// With an S3-compatible bucket (S3_BUCKET), its images are downloaded into the backup's uploads/
// folder, and a restore puts back into the bucket those it is missing (it never deletes any).

const run = promisify(execFile);

export type BackupTarget = {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema of the store's tables (DATABASE_SCHEMA); unset: public. */
  schema?: string;
  /** The bucket that holds the uploads (S3_BUCKET); unset: DATA_DIR/uploads. */
  bucket?: BucketStorage;
};

export type BackupManifest = {
  kind: "pglite" | "postgres";
  createdAt: string;
  schema: string | null;
  files: string[];
  /** Where the images in uploads/ came from (older backups: the local disk). */
  uploads?: { from: "disk" } | { from: "bucket"; bucket: string; objects: number };
};

const MANIFEST = "backup.json";

export function pgliteDir(dataDir: string): string {
  return path.resolve(dataDir, "pglite");
}

function inUse(dir: string): boolean {
  return existsSync(path.join(dir, "postmaster.pid"));
}

export class BackupError extends Error {}

/** Writes a backup of the target into a new folder `out`; returns its manifest. */
export async function backup(
  target: BackupTarget,
  out: string,
  options: { force?: boolean } = {},
): Promise<BackupManifest> {
  if (existsSync(out)) throw new BackupError(`${out} already exists.`);
  if (!target.databaseUrl) {
    const dir = pgliteDir(target.dataDir);
    if (!existsSync(dir)) throw new BackupError(`No embedded database in ${dir}.`);
    if (inUse(dir) && !options.force) {
      throw new BackupError(
        `The embedded database in ${dir} is open (postmaster.pid). Stop the server first; if it is already stopped (it did not close cleanly), run again with --force.`,
      );
    }
  }
  mkdirSync(out, { recursive: true });
  const files: string[] = [];
  let kind: BackupManifest["kind"];

  if (target.databaseUrl) {
    kind = "postgres";
    const args = ["--format=custom", "--no-owner", "--no-privileges", `--file=${path.join(out, "database.pgdump")}`];
    if (target.schema) args.push(`--schema=${target.schema}`);
    else args.push("--schema=public", "--schema=drizzle");
    await run("pg_dump", [...args, target.databaseUrl]);
    files.push("database.pgdump");
  } else {
    kind = "pglite";
    const dir = pgliteDir(target.dataDir);
    const db = await PGlite.create(dir, { extensions: { pg_trgm, unaccent } });
    try {
      await db.query("checkpoint");
      const dump = await db.dumpDataDir("gzip");
      writeFileSync(path.join(out, "database.tar.gz"), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await db.close();
    }
    files.push("database.tar.gz");
    const secret = path.resolve(target.dataDir, "auth-secret");
    if (existsSync(secret)) {
      cpSync(secret, path.join(out, "auth-secret"));
      files.push("auth-secret");
    }
  }

  const uploads = path.resolve(target.dataDir, "uploads");
  let source: BackupManifest["uploads"] = { from: "disk" };
  if (existsSync(uploads)) cpSync(uploads, path.join(out, "uploads"), { recursive: true });
  if (target.bucket) {
    const { total } = await downloadBucket(target.bucket, path.join(out, "uploads"));
    source = { from: "bucket", bucket: target.bucket.config.bucket, objects: total };
  }
  if (existsSync(path.join(out, "uploads"))) files.push("uploads/");
  const manifest: BackupManifest = {
    kind,
    createdAt: new Date().toISOString(),
    schema: target.schema ?? null,
    files,
    uploads: source,
  };
  writeFileSync(path.join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Restores a backup folder into the target. The embedded database goes into an empty data
 * folder; an existing one is kept aside (pglite.before-restore-<time>) only with `force`.
 * On PostgreSQL, pg_restore --clean replaces the backed-up tables (in the backup's schema).
 */
export async function restore(
  from: string,
  target: BackupTarget,
  options: { force?: boolean } = {},
): Promise<BackupManifest> {
  const manifestFile = path.join(from, MANIFEST);
  if (!existsSync(manifestFile)) throw new BackupError(`${from} is not a backup folder (no ${MANIFEST}).`);
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as BackupManifest;
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");

  if (manifest.kind === "postgres") {
    if (!target.databaseUrl) throw new BackupError("This is a PostgreSQL backup: set DATABASE_URL to restore it.");
    if (manifest.schema && target.schema && manifest.schema !== target.schema) {
      throw new BackupError(`The backup holds schema ${manifest.schema}, not ${target.schema}.`);
    }
    await run("pg_restore", [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--no-privileges",
      "--single-transaction",
      `--dbname=${target.databaseUrl}`,
      path.join(from, "database.pgdump"),
    ]);
  } else {
    if (target.databaseUrl)
      throw new BackupError("This is a backup of the embedded database: unset DATABASE_URL to restore it.");
    const dir = pgliteDir(target.dataDir);
    if (existsSync(dir)) {
      if (inUse(dir)) throw new BackupError(`The embedded database in ${dir} is open: stop the server first.`);
      if (!options.force)
        throw new BackupError(`${dir} already exists: run again with --force to keep it aside and restore.`);
      renameSync(dir, `${dir}.before-restore-${stamp}`);
    }
    mkdirSync(path.dirname(dir), { recursive: true });
    const dump = new Blob([readFileSync(path.join(from, "database.tar.gz"))]);
    const db = await PGlite.create(dir, { loadDataDir: dump, extensions: { pg_trgm, unaccent } });
    await db.query("select 1");
    await db.close();
    const secret = path.join(from, "auth-secret");
    if (existsSync(secret)) cpSync(secret, path.resolve(target.dataDir, "auth-secret"));
  }

  const uploads = path.join(from, "uploads");
  if (existsSync(uploads)) {
    if (target.bucket) await copyUploadsToBucket(uploads, target.bucket);
    else cpSync(uploads, path.resolve(target.dataDir, "uploads"), { recursive: true });
  }
  return manifest;
}
