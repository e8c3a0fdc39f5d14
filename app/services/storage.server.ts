import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "~/utils/env.server";
import { type FileStorage, type StoredFile, UPLOADS_URL_PREFIX, isValidKey } from "./file-storage";
import { bucketConfigFromEnv, s3Storage } from "./object-storage.server";

// Uploaded files (product images) behind one small interface, so the callers never know where
// they go: the local disk by default (${DATA_DIR}/uploads, one machine), or an S3-compatible
// bucket when S3_BUCKET is set (app/services/object-storage.server.ts, shared by every replica).
// /uploads/* (app/routes/resources/uploads.ts) serves a key from whichever is in use, or sends the
// browser to the bucket's public address.

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const UPLOAD_ERROR_TITLE = "Error al subir imagen";

export function uploadsDir(): string {
  return path.resolve(getEnv().DATA_DIR, "uploads");
}

/** The file of a key inside `root`, or null when the key could leave it. */
export function resolveKey(root: string, key: string): string | null {
  if (!isValidKey(key)) return null;
  const file = path.resolve(root, key);
  return file.startsWith(root + path.sep) ? file : null;
}

export function localDiskStorage(root: string = uploadsDir()): FileStorage {
  return {
    async put(key, bytes) {
      const file = resolveKey(root, key);
      if (!file) throw new Error(`Invalid storage key: ${key}`);
      await mkdir(path.dirname(file), { recursive: true });
      // "wx": never overwrite (keys are unique; an existing file would be someone else's).
      await writeFile(file, bytes, { flag: "wx" });
      return `${UPLOADS_URL_PREFIX}${key}`;
    },
    read: (key) => readLocalUpload(key, root),
    publicUrl: () => null,
  };
}

let storage: FileStorage | undefined;

/** The storage the environment names: the bucket of S3_BUCKET, else the local disk. */
export function getStorage(): FileStorage {
  if (!storage) {
    const bucket = bucketConfigFromEnv(getEnv());
    storage = bucket ? s3Storage(bucket) : localDiskStorage();
  }
  return storage;
}

/** For tests, or to plug in another backend at start-up; undefined: read the environment again. */
export function setStorage(next: FileStorage | undefined): void {
  storage = next;
}

/** A stored local file and its content type (for /uploads/*), or null. */
export async function readLocalUpload(key: string, root: string = uploadsDir()): Promise<StoredFile | null> {
  const file = resolveKey(root, key);
  const contentType = contentTypeOf(key);
  if (!file || !contentType) return null;
  try {
    return { bytes: await readFile(file), contentType };
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- images

export type ImageKind = { extension: "png" | "jpg" | "webp" | "gif"; contentType: string };

const CONTENT_TYPES: Record<ImageKind["extension"], string> = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
};

export function contentTypeOf(key: string): string | null {
  const extension = key.slice(key.lastIndexOf(".") + 1) as ImageKind["extension"];
  return CONTENT_TYPES[extension] ?? null;
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image type told by the file's first bytes (never by its name or declared type): PNG,
 * JPEG, WebP or GIF. Anything else, SVG included (it can carry script), is null.
 */
export function detectImageType(bytes: Uint8Array): ImageKind | null {
  const kind = (extension: ImageKind["extension"]): ImageKind => ({ extension, contentType: CONTENT_TYPES[extension] });
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return kind("png");
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return kind("jpg");
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return kind("gif");
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return kind("webp");
  return null;
}

/** "product-images/1767225600000-3f9a1c2b7d.png" */
export function newImageKey(extension: string, now: number = Date.now()): string {
  return `product-images/${now}-${randomBytes(5).toString("hex")}.${extension}`;
}

export type UploadResult = { ok: true; url: string } | { ok: false; message: string };

/** Checks an uploaded file (an image, at most 5 MB) and stores it; the reason when it cannot. */
export async function storeProductImage(
  file: FormDataEntryValue | null,
  store: FileStorage = getStorage(),
): Promise<UploadResult> {
  if (!file || typeof file === "string" || file.size === 0) return { ok: false, message: "Elegí una imagen." };
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, message: "La imagen supera los 5 MB." };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = detectImageType(bytes);
  if (!kind) return { ok: false, message: "El archivo no es una imagen PNG, JPEG, WebP o GIF." };
  try {
    return { ok: true, url: await store.put(newImageKey(kind.extension), bytes, kind.contentType) };
  } catch (error) {
    console.error("[storage] upload failed:", error);
    return { ok: false, message: "No se pudo guardar la imagen. Intentá de nuevo." };
  }
}

/** Where the import's images are stored: a WebP and, beside it with the same name, a JPEG. */
export const IMPORTED_IMAGES_FOLDER = "product-images/imported";

/**
 * The address the feeds send for an image: the JPEG beside an imported WebP (Merchant Center and
 * Meta's catalogue do not all take WebP), any other address as it is.
 */
export function feedImageUrl(url: string | null): string | null {
  if (!url) return url;
  return /\/product-images\/imported\/[a-z0-9-]+\.webp$/.test(url) ? url.replace(/\.webp$/, ".jpg") : url;
}
