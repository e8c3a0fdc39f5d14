import type * as S3Sdk from "@aws-sdk/client-s3";
import type { Env } from "~/utils/env.server";
import {
  type FileStorage,
  type StoredFile,
  UPLOADS_URL_PREFIX,
  UPLOAD_CACHE_CONTROL,
  isValidKey,
} from "./file-storage";

// Uploads in an S3-compatible bucket, through the official AWS SDK: AWS S3, Cloudflare R2, MinIO,
// DigitalOcean Spaces (docs/deploy.md). The configuration comes from the environment, read once
// (S3_* in app/utils/env.server.ts); the SDK is loaded on first use, so a store on the local disk
// never pays for it. Every object is written with its image type and a year-long immutable cache
// (keys are unique and never rewritten). With S3_PUBLIC_URL, pages link to the bucket (or its CDN)
// directly; without it the bucket may stay private and /uploads/<key> reads it through the store.

export type BucketConfig = {
  bucket: string;
  region: string;
  /** Unset: AWS S3. R2: https://<account>.r2.cloudflarestorage.com; MinIO: http://host:9000. */
  endpoint?: string;
  /** Where browsers fetch `<publicUrl>/<key>`; unset: the store serves /uploads/<key> itself. */
  publicUrl?: string;
  /** Path-style addresses (endpoint/bucket/key): MinIO and most self-hosted servers need it. */
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (AWS_ACCESS_KEY_ID..., an instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/** The bucket named by the environment, or null when uploads stay on the local disk. */
export function bucketConfigFromEnv(env: Env): BucketConfig | null {
  if (!env.S3_BUCKET) return null;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? "us-east-1",
    endpoint: env.S3_ENDPOINT,
    publicUrl: env.S3_PUBLIC_URL?.replace(/\/+$/, ""),
    forcePathStyle: env.S3_FORCE_PATH_STYLE === "true",
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/** A failure of the bucket (unreachable, refused, misconfigured), with the bucket's own message. */
export class ObjectStorageError extends Error {
  constructor(operation: string, key: string, cause: unknown) {
    super(`S3 ${operation} of ${key} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "ObjectStorageError";
  }
}

export type BucketStorage = FileStorage & {
  readonly config: BucketConfig;
  /** Every key under `prefix` (ListObjectsV2, page after page). */
  listKeys(prefix?: string): Promise<string[]>;
};

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
};

export function s3Storage(config: BucketConfig): BucketStorage {
  let client: Promise<{ s3: S3Sdk.S3Client; sdk: typeof S3Sdk }> | undefined;
  const connect = () =>
    (client ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials: config.credentials,
        // Checksums only where S3 requires them: the SDK's newer default (CRC32 on every upload)
        // is refused by some S3-compatible services.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    })));
  const checkKey = (key: string) => {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
  };

  return {
    config,
    async put(key, bytes, contentType) {
      checkKey(key);
      const { s3, sdk } = await connect();
      try {
        await s3.send(
          new sdk.PutObjectCommand({
            Bucket: config.bucket,
            Key: key,
            Body: bytes,
            ContentType: contentType,
            ContentLength: bytes.byteLength,
            CacheControl: UPLOAD_CACHE_CONTROL,
          }),
        );
      } catch (error) {
        throw new ObjectStorageError("PutObject", key, error);
      }
      return this.publicUrl(key) ?? `${UPLOADS_URL_PREFIX}${key}`;
    },
    async read(key): Promise<StoredFile | null> {
      if (!isValidKey(key)) return null;
      const { s3, sdk } = await connect();
      try {
        const object = await s3.send(new sdk.GetObjectCommand({ Bucket: config.bucket, Key: key }));
        const bytes = await object.Body!.transformToByteArray();
        return { bytes, contentType: object.ContentType ?? "application/octet-stream" };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw new ObjectStorageError("GetObject", key, error);
      }
    },
    publicUrl(key) {
      return config.publicUrl ? `${config.publicUrl}/${key}` : null;
    },
    async listKeys(prefix = "") {
      const { s3, sdk } = await connect();
      const keys: string[] = [];
      let token: string | undefined;
      do {
        let page;
        try {
          page = await s3.send(
            new sdk.ListObjectsV2Command({ Bucket: config.bucket, Prefix: prefix, ContinuationToken: token }),
          );
        } catch (error) {
          throw new ObjectStorageError("ListObjectsV2", prefix || "/", error);
        }
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
  };
}
