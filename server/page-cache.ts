import { gzipSync } from "node:zlib";
import type { NextFunction, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { type AppLoadContext, type ServerBuild, createRequestHandler } from "react-router";
import { requestContentVersion, runWithContentScope } from "../app/utils/content-version.server";

// A cache of rendered storefront pages (ADR 0005). Every GET runs in a content scope (settings
// and categories are then read once per content version), and the storefront's public pages are
// kept whole, per content version: a change committed by any process on the same database raises
// the version, so the next request renders the page again.
//
// Public pages are the same for everyone: they are rendered without the visitor's cookies, and
// what is personal (the header's account link, the wishlist, reviews, the checkout's saved data)
// is asked for by the browser (/api/viewer, app/components/viewer.ts). So a signed-in customer
// gets the cached page too.
//
// What is never served from the cache, and never stored in it:
// - a request with an Authorization header, or with a flashed toast cookie (it renders as usual,
//   and the answer that consumes the toast, which sets a cookie, is not kept);
// - anything but GET on the paths below;
// - any answer but a 200 HTML or single-fetch data answer without Set-Cookie and without
//   Cache-Control private/no-store.
//
// Register it after the security headers (it keeps the Content-Security-Policy a page was rendered
// with, whose nonce the page's inline scripts carry) and before React Router's handler.

/** Public storefront pages (and their single-fetch .data twins): /, /store, /search, /product/:id, /checkout. */
const CACHEABLE_PATHS = [
  /^\/$/,
  /^\/_root\.data$/,
  /^\/store(?:\.data)?$/,
  /^\/search(?:\.data)?$/,
  /^\/product\/[^/]+$/,
  /^\/checkout(?:\.data)?$/,
];
const CACHEABLE_TYPES = /^(?:text\/html|text\/x-script)\b/i;
const DROPPED_HEADERS = new Set(["content-length", "transfer-encoding", "connection", "date", "set-cookie"]);

export type PageCacheOptions = {
  /** The server build whose pages are rendered (or, in tests, any fetch-style `handler`). */
  build?: ServerBuild;
  handler?: (request: Request, loadContext: AppLoadContext) => Promise<Response>;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext | Promise<AppLoadContext>;
  /** Total size of the cached pages (their gzip copies included); least recently used go first. */
  maxBytes?: number;
  /** A bigger page is not kept. */
  maxEntryBytes?: number;
};

type Entry = {
  version: number;
  status: number;
  headers: [string, string][];
  /** The Content-Security-Policy the page was rendered with (its nonce is in the page). */
  csp: string | undefined;
  body: Buffer;
  gzip?: Buffer;
  bytes: number;
};

type Rendered = { status: number; statusText: string; headers: Headers; body: Buffer; entry: Entry | null };

/** The cookie that carries a flashed toast (app/utils/toast.server.ts): its page is shown once, rendered. */
const TOAST_COOKIE = /(?:^|;\s*)vitec_toast=/;

export function isCacheableRequest(req: Pick<ExpressRequest, "method" | "path" | "headers">): boolean {
  if (req.method !== "GET") return false;
  if (req.headers.authorization || TOAST_COOKIE.test(req.headers.cookie ?? "")) return false;
  return CACHEABLE_PATHS.some((pattern) => pattern.test(req.path));
}

export function pageCache(options: PageCacheOptions): RequestHandler {
  const handler = options.handler ?? (options.build && createRequestHandler(options.build, "production"));
  if (!handler) throw new Error("pageCache needs a build or a handler");
  const renderPage = handler;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const maxEntryBytes = options.maxEntryBytes ?? 2 * 1024 * 1024;
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Rendered>>();
  let bytes = 0;
  let version = -1;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function store(key: string, entry: Entry) {
    if (entry.version !== version) return; // a newer version was seen while rendering
    remove(key);
    entries.set(key, entry);
    bytes += entry.bytes;
    // Map order is insertion order, and a hit re-inserts: the first keys are the least recently used.
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      remove(oldest);
    }
  }

  async function render(req: ExpressRequest, res: ExpressResponse, seen: number): Promise<Rendered> {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      // Rendered for nobody: the same page serves every visitor.
      if (name === "cookie") continue;
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else if (value !== undefined) headers.set(name, value);
    }
    // No abort signal: a page whose visitor went away is still worth keeping.
    const request = new Request(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`, {
      method: "GET",
      headers,
    });
    const response = await renderPage(request, await options.getLoadContext(req, res));
    const body = Buffer.from(await response.arrayBuffer());
    const cacheControl = response.headers.get("cache-control") ?? "";
    const cacheable =
      response.status === 200 &&
      response.headers.getSetCookie().length === 0 &&
      CACHEABLE_TYPES.test(response.headers.get("content-type") ?? "") &&
      !/private|no-store/i.test(cacheControl) &&
      body.length <= maxEntryBytes;
    const csp = res.getHeader("Content-Security-Policy");
    const entry: Entry | null = cacheable
      ? {
          version: seen,
          status: response.status,
          headers: [...response.headers].filter(([name]) => !DROPPED_HEADERS.has(name)),
          csp: typeof csp === "string" ? csp : undefined,
          body,
          bytes: body.length,
        }
      : null;
    return { status: response.status, statusText: response.statusText, headers: response.headers, body, entry };
  }

  function sendEntry(req: ExpressRequest, res: ExpressResponse, entry: Entry, state: "hit" | "miss") {
    res.status(entry.status);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    if (entry.csp) res.setHeader("Content-Security-Policy", entry.csp);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("X-Page-Cache", state);
    let body = entry.body;
    if (body.length > 1024 && req.acceptsEncodings("gzip", "identity") === "gzip") {
      if (!entry.gzip) {
        entry.gzip = gzipSync(entry.body);
        entry.bytes += entry.gzip.length;
        bytes += entry.gzip.length;
      }
      body = entry.gzip;
      res.setHeader("Content-Encoding", "gzip");
    }
    res.setHeader("Content-Length", body.length);
    res.end(body);
  }

  function sendRendered(res: ExpressResponse, rendered: Rendered) {
    res.statusMessage = rendered.statusText || res.statusMessage;
    res.status(rendered.status);
    for (const [name, value] of rendered.headers) if (!DROPPED_HEADERS.has(name)) res.append(name, value);
    for (const cookie of rendered.headers.getSetCookie()) res.append("Set-Cookie", cookie);
    res.setHeader("X-Page-Cache", "bypass");
    res.end(rendered.body);
  }

  async function serve(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    const seen = await requestContentVersion()!;
    if (seen > version) {
      // Something changed: every kept page is out of date.
      entries.clear();
      bytes = 0;
      version = seen;
    } else if (seen < version) {
      return next(); // this request read the version before a newer one was seen: render as usual
    }
    const key = `${req.get("host") ?? ""} ${req.originalUrl}`;
    const cached = entries.get(key);
    if (cached && cached.version === seen) {
      entries.delete(key); // most recently used goes last
      entries.set(key, cached);
      return sendEntry(req, res, cached, "hit");
    }
    // One render per page and version, however many visitors ask for it meanwhile.
    const renderKey = `${seen} ${key}`;
    let pending = rendering.get(renderKey);
    if (pending) {
      const shared = await pending;
      return shared.entry ? sendEntry(req, res, shared.entry, "hit") : next();
    }
    pending = render(req, res, seen);
    rendering.set(renderKey, pending);
    try {
      const rendered = await pending;
      if (rendered.entry) {
        store(key, rendered.entry);
        sendEntry(req, res, rendered.entry, "miss");
      } else {
        sendRendered(res, rendered);
      }
    } finally {
      rendering.delete(renderKey);
    }
  }

  return (req, res, next) => {
    if (req.method !== "GET") return next();
    runWithContentScope(() => {
      if (!isCacheableRequest(req)) return next();
      serve(req, res, next).catch(next);
    });
  };
}

/** Only the content scope of the cache (PAGE_CACHE=off): settings and categories read once per version. */
export function contentScope(): RequestHandler {
  return (req, _res, next) => {
    if (req.method !== "GET") return next();
    runWithContentScope(() => next());
  };
}
