import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { connect } from "node:net";
import { CROSS_ORIGIN_MESSAGE, bodyLimit, originCheck, requestTarget, securityHeaders, urlGuard } from "./security";

// The production server's HTTP protections, on a real Express server with a stand-in for the app.

type Server = { url: string; close: () => Promise<void> };

async function serve(setup: (app: express.Express) => void): Promise<Server> {
  const app = express();
  setup(app);
  app.all("/{*path}", (_req, res) => res.json({ ok: true, nonce: res.locals.cspNonce ?? null }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

let plain: Server;
let https: Server;
let proxied: Server;

beforeAll(async () => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  const stack = (appUrl: string) => (app: express.Express) => {
    app.use(securityHeaders({ appUrl, csp: true }), requestTarget());
    app.use(originCheck({ appUrl }), bodyLimit(), urlGuard());
  };
  plain = await serve(stack("http://localhost:3000"));
  https = await serve(stack("https://www.vitec.example"));
  proxied = await serve((app) => {
    app.set("trust proxy", 1);
    stack("http://localhost:3000")(app);
  });
});
afterAll(async () => {
  await Promise.all([plain.close(), https.close(), proxied.close()]);
  vi.restoreAllMocks();
});

describe("security headers", () => {
  it("send a CSP with a new nonce per response that the page's own scripts carry, and forbid framing", async () => {
    const a = await fetch(`${plain.url}/`);
    const b = await fetch(`${plain.url}/`);
    const nonceA = ((await a.json()) as { nonce: string }).nonce;
    const nonceB = ((await b.json()) as { nonce: string }).nonce;
    expect(nonceA).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceA).not.toBe(nonceB);
    const csp = a.headers.get("content-security-policy")!;
    expect(csp).toContain(`script-src 'self' 'nonce-${nonceA}'`);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("form-action 'self'");
    expect(a.headers.get("x-frame-options")).toBe("DENY");
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
    expect(a.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("send HSTS only when the store is on https, or the request came over https through a trusted proxy", async () => {
    expect((await fetch(`${plain.url}/`)).headers.get("strict-transport-security")).toBeNull();
    expect(
      (await fetch(`${plain.url}/`, { headers: { "X-Forwarded-Proto": "https" } })).headers.get(
        "strict-transport-security",
      ),
    ).toBeNull();
    expect((await fetch(`${https.url}/`)).headers.get("strict-transport-security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect((await fetch(`${https.url}/`)).headers.get("content-security-policy")).toContain(
      "upgrade-insecure-requests",
    );
    expect(
      (await fetch(`${proxied.url}/`, { headers: { "X-Forwarded-Proto": "https" } })).headers.get(
        "strict-transport-security",
      ),
    ).toMatch(/^max-age=/);
  });
});

describe("cross-origin requests (CSRF)", () => {
  const post = (headers: Record<string, string>, method = "POST") =>
    fetch(`${plain.url}/contacto`, {
      method,
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: "a=b",
    });

  it("let the store's own pages post: Origin of APP_URL, or of the host the request was sent to", async () => {
    expect((await post({ Origin: "http://localhost:3000" })).status).toBe(200);
    expect((await post({ Origin: plain.url, "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    expect((await post({ Referer: `${plain.url}/contacto` })).status).toBe(200);
  });

  it("refuse a post from another site, however it says so, for every mutating method", async () => {
    const attacks: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { Origin: "http://localhost:3000.evil.example" },
      { Origin: "null" },
      { Origin: "not a url" },
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "cross-site", Origin: "http://localhost:3000" },
      { Referer: "https://evil.example/page" },
    ];
    for (const headers of attacks) {
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        const response = await post(headers, method);
        expect(response.status, `${method} ${JSON.stringify(headers)}`).toBe(403);
        expect(await response.text()).toBe(CROSS_ORIGIN_MESSAGE);
      }
    }
  });

  it("never stop reads, and let clients that are not browsers (no Origin, no Referer) through", async () => {
    expect((await fetch(`${plain.url}/`, { headers: { Origin: "https://evil.example" } })).status).toBe(200);
    expect((await post({})).status).toBe(200);
  });
});

describe("request limits", () => {
  const send = (path: string, bytes: number) =>
    fetch(`${plain.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/octet-stream" },
      body: new Uint8Array(bytes),
    });

  it("refuse a body over 1 MB with 413; without a staff session, in the admin too", async () => {
    expect((await send("/contacto", 1024 * 1024)).status).toBe(200);
    expect((await send("/contacto", 1024 * 1024 + 1)).status).toBe(413);
    expect((await send("/checkout", 5 * 1024 * 1024)).status).toBe(413);
    expect((await send("/admin/login", 2 * 1024 * 1024)).status).toBe(413);
    expect((await send("/admin/productos", 5 * 1024 * 1024)).status).toBe(413);
    expect((await send("/administrador", 2 * 1024 * 1024)).status).toBe(413);
  });

  it("refuse a body without a length (chunked) with 411", async () => {
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("a=b"));
        controller.close();
      },
    });
    const response = await fetch(`${plain.url}/contacto`, {
      method: "POST",
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(411);
  });

  it("refuse a URL with a NUL character", async () => {
    expect((await fetch(`${plain.url}/search?q=a%00b`)).status).toBe(400);
    expect((await fetch(`${plain.url}/search?q=a%2500b`)).status).toBe(200);
  });
});

describe("request target", () => {
  /** The status line answered to a request written by hand (fetch would not send these). */
  const statusLine = (server: Server, head: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(server.url).port), "127.0.0.1");
      let answer = "";
      socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
      socket.on("end", () => resolve(answer.split("\r\n")[0]!));
      socket.on("error", reject);
      socket.write(`${head}\r\nConnection: close\r\n\r\n`);
    });

  it("refuses a request line in absolute form and a Host that is no host name with 400", async () => {
    for (const head of [
      "GET http://x/ HTTP/1.1\r\nHost: localhost",
      "GET * HTTP/1.1\r\nHost: localhost",
      "GET / HTTP/1.1\r\nHost: a b",
      "GET / HTTP/1.1\r\nHost: a:b:c",
      "GET / HTTP/1.1\r\nHost: [zz]",
      "GET / HTTP/1.1\r\nHost: localhost:99999",
      "GET / HTTP/1.1\r\nHost: evil.example/x?",
    ])
      expect(await statusLine(plain, head), head).toBe("HTTP/1.1 400 Bad Request");
    // Behind a trusted proxy, its X-Forwarded-Host is read too.
    expect(await statusLine(proxied, "GET / HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-Host: a:b:c")).toBe(
      "HTTP/1.1 400 Bad Request",
    );
    for (const host of ["localhost:3000", "www.vitec.example", "127.0.0.1", "[::1]:3000", "vitec_web:3000"])
      expect(await statusLine(plain, `GET /store HTTP/1.1\r\nHost: ${host}`), host).toBe("HTTP/1.1 200 OK");
  });
});
