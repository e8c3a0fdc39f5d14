import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

// A local S3-compatible server for the tests (s3rver: PutObject, GetObject, HeadObject,
// ListObjectsV2 on loopback, files in a temporary folder), with the buckets it is given. It
// accepts the access key S3RVER / S3RVER, signatures checked like S3's.

export type S3Double = {
  /** http://127.0.0.1:<port>: the S3_ENDPOINT (path-style addresses). */
  endpoint: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** The S3_* variables of a store that uses `bucket` here; `publicUrl`: reads straight from the double. */
  env(bucket: string, options?: { publicUrl?: boolean }): Record<string, string>;
  close(): Promise<void>;
};

export async function startS3Double(buckets: string[]): Promise<S3Double> {
  const directory = mkdtempSync(path.join(tmpdir(), "vitec-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  return {
    endpoint,
    credentials,
    env: (bucket, options = {}) => ({
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      ...(options.publicUrl ? { S3_PUBLIC_URL: `${endpoint}/${bucket}` } : {}),
    }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
