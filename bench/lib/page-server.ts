// The node:http server of the bench's comparison servers (bench/baseline-server.ts,
// bench/react-floor-server.tsx): /healthz, /store and /product/:id, whatever renders them.
import { createServer } from "node:http";
import type { DatabaseHandle } from "../../app/db/client.server";

type Pages = {
  store(url: URL): Promise<string>;
  /** The page, or null when the product is not published (404). */
  product(id: string, url: URL): Promise<string | null>;
};

export function servePages(
  name: string,
  env: { PORT: number; HOST: string },
  handle: DatabaseHandle,
  pages: Pages,
): void {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
    const send = (status: number, body: string) => {
      res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Content-Length": Buffer.byteLength(body) });
      res.end(body);
    };
    if (url.pathname === "/healthz") return send(200, "ok");
    const productId = /^\/product\/([^/]+)$/.exec(url.pathname)?.[1];
    const page =
      url.pathname === "/store"
        ? pages.store(url)
        : productId
          ? pages.product(decodeURIComponent(productId), url)
          : null;
    if (!page) return send(404, "Not found");
    page.then(
      (html) => (html === null ? send(404, "No encontrado") : send(200, html)),
      (error: unknown) => {
        console.error(error);
        send(500, "Error");
      },
    );
  });
  server.listen(env.PORT, env.HOST, () => console.log(`${name} on http://${env.HOST}:${env.PORT}`));
  const stop = () => server.close(() => void handle.close().then(() => process.exit(0)));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
