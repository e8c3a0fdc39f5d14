import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressedAssets } from "./precompressed";

// The build's brotli copies of scripts and styles, served as the production server mounts them:
// compression() first, then the copies, then express.static.

const script = `export const answer = ${JSON.stringify("x".repeat(4000))};\n`;
const style = `body { color: red; }\n${".a { margin: 0 }\n".repeat(200)}`;
const plain = `export const plain = ${JSON.stringify("y".repeat(4000))};\n`;
let dir: string;
let url: string;
let close: () => Promise<void>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "vitec-precompressed-"));
  writeFileSync(path.join(dir, "app.js"), script);
  writeFileSync(path.join(dir, "app.js.br"), brotliCompressSync(script));
  writeFileSync(path.join(dir, "app.css"), style);
  writeFileSync(path.join(dir, "app.css.br"), brotliCompressSync(style));
  writeFileSync(path.join(dir, "plain.js"), plain);
  const app = express();
  app.use(compression());
  app.use("/assets", precompressedAssets(dir));
  app.use("/assets", express.static(dir, { immutable: true, maxAge: "1y", index: false }));
  app.use((_req, res) => res.status(404).send("not found"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

/** The raw answer, without decoding its body. */
function get(pathname: string, acceptEncoding: string, method = "GET") {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(`${url}${pathname}`, { method, headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on("error", reject);
      req.end();
    },
  );
}

describe("precompressed assets", () => {
  it("sends the brotli copy, as is, to a browser that accepts brotli", async () => {
    const res = await get("/assets/app.js", "gzip, deflate, br, zstd");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers.vary).toContain("Accept-Encoding");
    expect(brotliDecompressSync(res.body).toString()).toBe(script);

    const css = await get("/assets/app.css", "br");
    expect(css.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(brotliDecompressSync(css.body).toString()).toBe(style);
  });

  it("leaves other browsers, files without a copy and other paths to express.static", async () => {
    const gzip = await get("/assets/app.js", "gzip");
    expect(gzip.status).toBe(200);
    expect(gzip.headers["content-encoding"]).toBe("gzip");

    const none = await get("/assets/app.js", "identity");
    expect(none.headers["content-encoding"]).toBeUndefined();
    expect(none.body.toString()).toBe(script);

    const noCopy = await get("/assets/plain.js", "br");
    expect(noCopy.status).toBe(200);
    expect(noCopy.headers["content-type"]).toMatch(/javascript/);
    // compression() makes its own (quality 4) copy of a file without one.
    expect(brotliDecompressSync(noCopy.body).toString()).toBe(plain);

    expect((await get("/assets/missing.js", "br")).status).toBe(404);
    expect((await get("/assets/..%2fapp.js", "br")).status).not.toBe(200);
  });

  it("answers HEAD and conditional requests for the copy", async () => {
    const head = await get("/assets/app.js", "br", "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.body.length).toBe(0);

    const first = await get("/assets/app.js", "br");
    const etag = first.headers.etag as string;
    const again = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${url}/assets/app.js`,
        { headers: { "Accept-Encoding": "br", "If-None-Match": etag } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(again).toBe(304);
  });
});
