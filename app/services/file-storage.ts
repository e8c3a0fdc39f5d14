// What every file store offers (the local disk, an S3 bucket: app/services/storage.server.ts and
// object-storage.server.ts) and the rules their keys follow.

export type StoredFile = { bytes: Uint8Array; contentType: string };

export interface FileStorage {
  /** Stores the bytes under `key` (with its type and a year-long cache) and returns the file's URL. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<string>;
  /** The stored file, or null when there is none under that key. */
  read(key: string): Promise<StoredFile | null>;
  /** Where browsers fetch the key when another server serves it (a public bucket, a CDN); null: /uploads/. */
  publicUrl(key: string): string | null;
}

export const UPLOADS_URL_PREFIX = "/uploads/";
/** Keys are never rewritten (unique names): a file may be cached for a year wherever it is served from. */
export const UPLOAD_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** Keys are folder/name.ext in lowercase letters, digits and hyphens: no "..", no absolute paths. */
const KEY_PATTERN = /^(?:[a-z0-9-]+\/)*[a-z0-9-]+\.[a-z0-9]+$/;

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key) && key.length <= 200;
}
