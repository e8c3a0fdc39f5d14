import { randomBytes } from "node:crypto";
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { and, eq, lt, or, sql } from "drizzle-orm";
import sharp from "sharp";
import { type Database, getDb } from "~/db/client.server";
import { productVariants, products } from "~/db/schema/catalog";
import { productImportImages } from "~/db/schema/imports";
import type { FileStorage } from "~/services/file-storage";
import { IMPORTED_IMAGES_FOLDER, getStorage } from "~/services/storage.server";
import { getEnv } from "~/utils/env.server";
import { every } from "./every.server";

// Images come home ([18/25]): the remote images of imported products (the old platform's CDN,
// which deletes them when the merchant closes that store) are downloaded into the store's
// storage (disk or S3, app/services/storage.server.ts) and the product's addresses replaced. Each
// image is stored twice at the storefront's largest size (800 CSS pixels on the product page,
// 1600 for sharp screens): WebP for the pages, and a JPEG beside it (same name, .jpg) for the
// feeds, since Merchant Center and Meta's catalogue refuse SVG and some of them WebP.
// An http:// address is tried as https:// first (the store's CSP blocks mixed content anyway),
// then over http. Rows are claimed with FOR UPDATE SKIP LOCKED and a lease, so several processes
// never download the same image twice; a failure is kept with its reason for the import report.

export const IMAGE_WIDTH = 1600;
export const MAX_DOWNLOAD_BYTES = 20 * 1024 * 1024;
const ATTEMPTS = 3;
const LEASE_MS = 2 * 60_000;
const TIMEOUT_MS = 20_000;

export class ImageDownloadError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

// Addresses an imported file may not make the store fetch: loopback, private and link-local networks
// (a cloud's metadata service at 169.254.169.254), carrier-grade NAT, multicast and reserved ranges.
// A host on one of them is fetched only when IMPORT_IMAGE_HOSTS names it (an image server on the
// merchant's own network).
const INTERNAL = new BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const) {
  INTERNAL.addSubnet(address, prefix, "ipv4");
}
for (const [address, prefix] of [
  ["::", 127],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  INTERNAL.addSubnet(address, prefix, "ipv6");
}
const MAX_REDIRECTS = 5;

/** True when the address is on a network an import may not reach (IPv4-mapped IPv6 read as IPv4). */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return INTERNAL.check(mapped, "ipv4");
  return INTERNAL.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

async function refuseInternalHost(url: URL): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const allowed = (getEnv().IMPORT_IMAGE_HOSTS ?? "").split(",").map((h) => h.trim().toLowerCase());
  if (allowed.includes(host.toLowerCase())) return;
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    throw new ImageDownloadError("no se encontró el servidor de la imagen", false);
  }
  if (addresses.some(isInternalAddress)) {
    throw new ImageDownloadError("la dirección apunta a una red interna: no se descarga", true);
  }
}

async function fetchBytes(address: string): Promise<Uint8Array> {
  let url = new URL(address);
  let response: Response;
  // Redirects are followed by hand, so that each hop's host is checked too.
  for (let hop = 0; ; hop++) {
    if (url.protocol !== "https:" && url.protocol !== "http:") {
      throw new ImageDownloadError("la dirección no es http ni https", true);
    }
    await refuseInternalHost(url);
    try {
      response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new ImageDownloadError(
        `no se pudo conectar (${error instanceof Error ? (error.cause as Error | undefined)?.message || error.message : "error"})`,
        false,
      );
    }
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !location) break;
    if (hop >= MAX_REDIRECTS) throw new ImageDownloadError("demasiadas redirecciones", true);
    url = new URL(location, url);
  }
  if (!response.ok) throw new ImageDownloadError(`el servidor respondió ${response.status}`, response.status < 500);
  const length = Number(response.headers.get("content-length") ?? 0);
  if (length > MAX_DOWNLOAD_BYTES) throw new ImageDownloadError("la imagen supera los 20 MB", true);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.byteLength > MAX_DOWNLOAD_BYTES) throw new ImageDownloadError("la imagen supera los 20 MB", true);
  return bytes;
}

/** The image's bytes: over https first (an http:// address upgraded), else as given. */
export async function downloadImage(url: string): Promise<{ bytes: Uint8Array; via: string }> {
  if (/^http:\/\//i.test(url)) {
    const secure = url.replace(/^http:/i, "https:");
    try {
      return { bytes: await fetchBytes(secure), via: secure };
    } catch {
      // The host does not serve it over https: downloaded over http, served from our storage.
    }
  }
  return { bytes: await fetchBytes(url), via: url };
}

/** WebP and JPEG renditions at most IMAGE_WIDTH wide; refuses what is not a raster image. */
export async function convertImage(bytes: Uint8Array): Promise<{ webp: Buffer; jpeg: Buffer }> {
  let image: ReturnType<typeof sharp>;
  try {
    image = sharp(bytes, { limitInputPixels: 60_000_000 });
    const meta = await image.metadata();
    if (!meta.format || meta.format === "svg") throw new Error("not a raster image");
  } catch {
    throw new ImageDownloadError("el archivo no es una imagen que se pueda convertir", true);
  }
  const resized = image.rotate().resize({ width: IMAGE_WIDTH, withoutEnlargement: true });
  const [webp, jpeg] = await Promise.all([
    resized.clone().webp({ quality: 82 }).toBuffer(),
    resized.clone().flatten({ background: "#ffffff" }).jpeg({ quality: 85, mozjpeg: true }).toBuffer(),
  ]);
  return { webp, jpeg };
}

/** Downloads, converts and stores one image; returns the WebP's address. */
export async function bringImageHome(url: string, store: FileStorage = getStorage()): Promise<string> {
  const { bytes } = await downloadImage(url);
  const { webp, jpeg } = await convertImage(bytes);
  const base = `${IMPORTED_IMAGES_FOLDER}/${Date.now()}-${randomBytes(6).toString("hex")}`;
  await store.put(`${base}.jpg`, jpeg, "image/jpeg");
  return store.put(`${base}.webp`, webp, "image/webp");
}

/** The product's addresses of `from` replaced by `to` (main image, gallery, variants), in one transaction. */
async function replaceImage(db: Database, productId: string, from: string, to: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${products} where id = ${productId} for update`);
    await tx
      .update(products)
      .set({ imageUrl: to })
      .where(and(eq(products.id, productId), eq(products.imageUrl, from)));
    await tx.execute(
      sql`update ${products} set meta = jsonb_set(meta, '{gallery_images}',
            (select coalesce(jsonb_agg(case when g = ${from} then ${to} else g end), '[]'::jsonb)
               from jsonb_array_elements_text(meta->'gallery_images') g))
          where id = ${productId} and meta->'gallery_images' ? ${from}`,
    );
    await tx
      .update(productVariants)
      .set({ imageUrl: to })
      .where(and(eq(productVariants.productId, productId), eq(productVariants.imageUrl, from)));
  });
}

/** Pending, and not claimed by a live runner. */
const due = () =>
  and(
    eq(productImportImages.status, "pending"),
    or(sql`${productImportImages.leaseUntil} is null`, lt(productImportImages.leaseUntil, sql`now()`)),
  );

/** Brings home up to `limit` pending images (one at a time); returns how many were tried. */
export async function downloadPendingImages(db: Database = getDb(), limit = 20, store?: FileStorage): Promise<number> {
  let tried = 0;
  for (; tried < limit; tried++) {
    const claimed = await db.transaction(async (tx) => {
      const [next] = await tx
        .select()
        .from(productImportImages)
        .where(due())
        .orderBy(productImportImages.updatedAt)
        .limit(1)
        .for("update", { skipLocked: true });
      if (!next) return null;
      await tx
        .update(productImportImages)
        .set({ leaseUntil: new Date(Date.now() + LEASE_MS), attempts: next.attempts + 1 })
        .where(eq(productImportImages.id, next.id));
      return { ...next, attempts: next.attempts + 1 };
    });
    if (!claimed) break;
    // The same address already brought home for this import: reused, not downloaded again.
    const [same] = await db
      .select({ storedUrl: productImportImages.storedUrl })
      .from(productImportImages)
      .where(
        and(
          eq(productImportImages.importId, claimed.importId),
          eq(productImportImages.sourceUrl, claimed.sourceUrl),
          eq(productImportImages.status, "done"),
        ),
      )
      .limit(1);
    try {
      const stored = same?.storedUrl ?? (await bringImageHome(claimed.sourceUrl, store));
      await replaceImage(db, claimed.productId, claimed.sourceUrl, stored);
      await db
        .update(productImportImages)
        .set({ status: "done", storedUrl: stored, error: null, leaseUntil: null, updatedAt: new Date() })
        .where(eq(productImportImages.id, claimed.id));
    } catch (error) {
      const permanent = error instanceof ImageDownloadError ? error.permanent : false;
      const message = error instanceof Error ? error.message : String(error);
      const last = permanent || claimed.attempts >= ATTEMPTS;
      await db
        .update(productImportImages)
        .set({ status: last ? "failed" : "pending", error: message, leaseUntil: null, updatedAt: new Date() })
        .where(eq(productImportImages.id, claimed.id));
    }
  }
  return tried;
}

/** Every pending image, in rounds (tests and the worker). */
export async function downloadAllPendingImages(db: Database = getDb(), store?: FileStorage): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await downloadPendingImages(db, 20, store);
    total += n;
    if (n === 0) return total;
  }
}

/** Looks for images to bring home every `intervalMs` (server/serve.ts); returns a stop function. */
export function startImportImagesWorker(intervalMs = 5_000): () => void {
  return every("import-images", intervalMs, () => downloadPendingImages());
}
