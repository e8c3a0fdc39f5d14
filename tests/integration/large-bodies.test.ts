import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMITS, bodyLimit } from "../../server/security";
import { isStaffRequest } from "../../server/staff-session";
import { setupTestDatabase } from "../setup/db";
import { signedInAdmin, signedInCustomer } from "../setup/routes";

// The body limits as server/serve.ts sets them, with the real staff check on this file's
// database: 32 MB only for the admin's product route (images, CSV imports) and only with an
// admin's session; /admin/login and every anonymous form answer 413 from the headers alone.

setupTestDatabase();

let server: Server;
let origin = "";
const read: number[] = [];

beforeAll(async () => {
  const app = express();
  app.use(bodyLimit({ ...BODY_LIMITS, isStaff: isStaffRequest }));
  // Stands in for the app: reads the whole body, as React Router would, and says how much it got.
  app.post("/{*path}", (req, res) => {
    let bytes = 0;
    req.on("data", (chunk: Buffer) => (bytes += chunk.length));
    req.on("end", () => {
      read.push(bytes);
      res.json({ bytes });
    });
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/**
 * Announces a 31 MB body and sends only its first kilobyte, then waits for the answer: an answer
 * that comes back means the server decided without reading the body (it never got the rest).
 */
function announceHugeBody(path: string, cookie?: string): Promise<string> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
      if (answer.includes("\r\n\r\n")) {
        socket.destroy();
        resolve(answer.split("\r\n")[0]!);
      }
    });
    socket.on("error", reject);
    socket.write(
      [
        `POST ${path} HTTP/1.1`,
        "Host: 127.0.0.1",
        "Content-Type: application/x-www-form-urlencoded",
        `Content-Length: ${31 * 1024 * 1024}`,
        ...(cookie ? [`Cookie: ${cookie}`] : []),
        "",
        "",
      ].join("\r\n"),
    );
    socket.write("email=a%40b.c&password=".padEnd(1024, "x"));
  });
}

describe("an anonymous 31 MB post", () => {
  it("to /admin/login gets 413 without the body being read", async () => {
    expect(await announceHugeBody("/admin/login")).toBe("HTTP/1.1 413 Payload Too Large");
  });

  it("to the admin's product route, or a customer's, gets 413 too", async () => {
    expect(await announceHugeBody("/admin/productos")).toBe("HTTP/1.1 413 Payload Too Large");
    expect(await announceHugeBody("/admin/productos.data")).toBe("HTTP/1.1 413 Payload Too Large");
    const customer = await signedInCustomer();
    expect(await announceHugeBody("/admin/productos", customer.cookie)).toBe("HTTP/1.1 413 Payload Too Large");
    expect(read).toEqual([]);
  });
});

describe("an admin's import", () => {
  it("sends 6 MB to the product route, and still not to /admin/login", async () => {
    const admin = await signedInAdmin();
    const post = (path: string) =>
      fetch(`${origin}${path}`, {
        method: "POST",
        headers: { cookie: admin.cookie, "Content-Type": "application/json" },
        body: new Uint8Array(6 * 1024 * 1024),
      });
    const imported = await post("/admin/productos.data");
    expect(imported.status).toBe(200);
    expect(await imported.json()).toEqual({ bytes: 6 * 1024 * 1024 });
    expect((await post("/admin/login")).status).toBe(413);
  });
});
