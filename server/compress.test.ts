import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync } from "node:zlib";
import { writeReadableStreamToWritable } from "@react-router/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressResponses } from "./compress";

// A streamed page read slowly by its client: React Router waits for "drain" between chunks many
// times. The server must send it whole and not warn about leaked listeners (the browser suite
// logged MaxListenersExceededWarning [BrotliCompress] 18 times per run before).
const CHUNKS = 60;
const CHUNK_BYTES = 64 * 1024;
const body = Buffer.concat(Array.from({ length: CHUNKS }, () => randomBytes(CHUNK_BYTES)));
const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);
let server: http.Server;
let port: number;

beforeAll(async () => {
  process.on("warning", onWarning);
  const app = express();
  app.use(compressResponses({ threshold: 1024 }));
  app.get("/page", async (_req, res) => {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    let offset = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= body.length) return controller.close();
        controller.enqueue(body.subarray(offset, offset + CHUNK_BYTES));
        offset += CHUNK_BYTES;
      },
    });
    await writeReadableStreamToWritable(stream, res);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  process.off("warning", onWarning);
  await new Promise((resolve) => server.close(resolve));
});

function slowGet(): Promise<{ encoding: string | undefined; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { port, host: "127.0.0.1", path: "/page", headers: { "Accept-Encoding": "br" } },
      (response) => {
        const parts: Buffer[] = [];
        response.on("data", (part: Buffer) => {
          parts.push(part);
          // Read like a slow phone: the server's buffers fill and it waits for "drain".
          response.pause();
          setTimeout(() => response.resume(), 2);
        });
        response.on("end", () =>
          resolve({ encoding: response.headers["content-encoding"], bytes: Buffer.concat(parts) }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}

describe("a streamed page read slowly through compression", () => {
  it("arrives whole, compressed, and the server logs no leaked-listener warning", async () => {
    const { encoding, bytes } = await slowGet();
    expect(encoding).toBe("br");
    expect(brotliDecompressSync(bytes).equals(body)).toBe(true);
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.map((warning) => warning.name)).not.toContain("MaxListenersExceededWarning");
  });
});
