import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { action as productsAction } from "~/routes/admin/products";
import { loader as uploadsLoader } from "~/routes/resources/uploads";
import { resetEnv } from "~/utils/env.server";
import { s3Storage } from "~/services/object-storage.server";
import { setStorage } from "~/services/storage.server";
import { backup, pgliteDir, restore } from "../../scripts/lib/backup";
import { type S3Double, startS3Double } from "../doubles/s3";
import { setupTestDatabase } from "../setup/db";
import { args, formRequest, outcome, signedInAdmin } from "../setup/routes";

// Uploads in an S3-compatible bucket (S3_BUCKET...), against a local S3 server started here
// (s3rver, tests/doubles/s3.ts): the admin's upload lands in the bucket with its image type and a
// year-long immutable cache and is served from there; `npm run storage:copy` moves the images of
// the local disk into the bucket once; a backup holds the bucket's images and a restore puts back
// the ones a bucket lost.

setupTestDatabase();
const run = promisify(execFile);
const tmp = mkdtempSync(path.join(tmpdir(), "vitec-s3-test-"));
// The local disk the store would use without a bucket: nothing must land there.
process.env.DATA_DIR = path.join(tmp, "data");

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const png = (n: number) => Buffer.concat([Buffer.from(PNG), Buffer.from(`imagen ${n}`)]);
const S3_NAMES = ["S3_BUCKET", "S3_REGION", "S3_ENDPOINT", "S3_PUBLIC_URL", "S3_FORCE_PATH_STYLE"];
const S3_KEYS = ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"];

let s3: S3Double;
let admin: string;

/** Points the store at a bucket of the double (as S3_* in the environment would). */
function useBucket(bucket: string, options: { publicUrl?: boolean } = {}) {
  for (const name of [...S3_NAMES, ...S3_KEYS]) delete process.env[name];
  Object.assign(process.env, s3.env(bucket, options));
  resetEnv();
  setStorage(undefined);
}

beforeAll(async () => {
  s3 = await startS3Double(["vitec-publico", "vitec-privado", "vitec-copia", "vitec-restaurado"]);
  admin = (await signedInAdmin()).cookie;
});
afterAll(async () => {
  for (const name of [...S3_NAMES, ...S3_KEYS]) delete process.env[name];
  resetEnv();
  setStorage(undefined);
  await s3?.close();
});

async function upload(bytes: Uint8Array) {
  const form = new FormData();
  form.set("intent", "upload-image");
  form.set("file", new File([Buffer.from(bytes)], "foto.png", { type: "image/png" }));
  const result = await outcome(() =>
    productsAction(args(formRequest("/admin/productos", form, { cookie: admin })) as never),
  );
  expect(result.status).toBe(200);
  return (result.body as { url: string }).url;
}

const serve = (key: string) =>
  uploadsLoader({
    params: { "*": key },
    request: new Request(`http://localhost/uploads/${key}`),
    context: {},
  } as never) as Promise<Response>;

describe("uploads in an S3-compatible bucket", () => {
  it("an image uploaded in the admin is stored in the bucket with its type and a year's cache, and served from its public address", async () => {
    useBucket("vitec-publico", { publicUrl: true });
    const url = await upload(PNG);
    expect(url).toMatch(new RegExp(`^${s3.endpoint}/vitec-publico/product-images/\\d+-[0-9a-f]{10}\\.png$`));

    const fromBucket = await fetch(url);
    expect(fromBucket.status).toBe(200);
    expect(fromBucket.headers.get("content-type")).toBe("image/png");
    expect(fromBucket.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(new Uint8Array(await fromBucket.arrayBuffer())).toEqual(PNG);
    // Nothing on this machine's disk: another replica finds it in the bucket.
    expect(existsSync(path.join(tmp, "data", "uploads"))).toBe(false);

    // Its /uploads/ address (as images uploaded before the move have) sends the browser there.
    const key = url.slice(`${s3.endpoint}/vitec-publico/`.length);
    const redirect = await serve(key);
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get("location")).toBe(url);
  });

  it("without a public address, the store serves the bucket's images itself under /uploads/", async () => {
    useBucket("vitec-privado");
    const image = png(1);
    const url = await upload(image);
    expect(url).toMatch(/^\/uploads\/product-images\/\d+-[0-9a-f]{10}\.png$/);
    const served = await serve(url.slice("/uploads/".length));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(image);

    expect((await serve("product-images/1-0000000000.png")).status).toBe(404);
    expect((await serve("../vitec-publico/x.png")).status).toBe(404);
  });

  it("npm run storage:copy copies the local uploads into the bucket, and a second run copies nothing", async () => {
    const uploads = path.join(tmp, "old-uploads");
    mkdirSync(path.join(uploads, "product-images"), { recursive: true });
    for (const n of [1, 2, 3])
      writeFileSync(path.join(uploads, "product-images", `17000000000${n}-abcdef012${n}.png`), png(n));
    writeFileSync(path.join(uploads, "product-images", "notas.txt"), "no es una imagen");
    const env = { ...process.env, NODE_ENV: "production", ...s3.env("vitec-copia", { publicUrl: true }) };
    const copy = () =>
      run(process.execPath, ["--import", "tsx", "scripts/storage-copy.ts", "--from", uploads], { env }).then(
        (r) => r.stdout,
      );

    const first = await copy();
    expect(first).toContain("3 copied, 0 already in the bucket (skipped), 1 not an upload");
    const second = await copy();
    expect(second).toContain("0 copied, 3 already in the bucket (skipped), 1 not an upload");

    const copied = await fetch(`${s3.endpoint}/vitec-copia/product-images/170000000002-abcdef0122.png`);
    expect(copied.status).toBe(200);
    expect(copied.headers.get("content-type")).toBe("image/png");
    expect(copied.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await copied.arrayBuffer())).toEqual(png(2));
  });

  it("a backup holds the bucket's images, and a restore puts them into a bucket that lost them", async () => {
    const bucketOf = (bucket: string) =>
      s3Storage({
        bucket,
        region: "us-east-1",
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: s3.credentials,
      });
    const source = bucketOf("vitec-copia");
    const dataDir = path.join(tmp, "store");
    const db = await openDatabase({ kind: "pglite", dataDir: pgliteDir(dataDir) });
    await db.close();

    const out = path.join(tmp, "backup");
    const manifest = await backup({ dataDir, bucket: source }, out);
    expect(manifest.uploads).toEqual({ from: "bucket", bucket: "vitec-copia", objects: 3 });
    expect(readFileSync(path.join(out, "uploads", "product-images", "170000000003-abcdef0123.png"))).toEqual(png(3));

    const target = bucketOf("vitec-restaurado");
    await target.put("product-images/170000000001-abcdef0121.png", png(1), "image/png");
    await restore(out, { dataDir: path.join(tmp, "restored"), bucket: target });
    expect((await target.listKeys()).sort()).toEqual([
      "product-images/170000000001-abcdef0121.png",
      "product-images/170000000002-abcdef0122.png",
      "product-images/170000000003-abcdef0123.png",
    ]);
    expect(Buffer.from((await target.read("product-images/170000000002-abcdef0122.png"))!.bytes)).toEqual(png(2));
  }, 90_000); // Two embedded databases opened and migrated, a backup and a restore: slow on a busy machine.
});
