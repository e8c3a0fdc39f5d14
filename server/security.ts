import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import type { NextFunction, Request, RequestHandler, Response } from "express";

// HTTP-level protections of the production server (ADR 0004): security headers with a
// per-request CSP nonce, the origin check that stops cross-site form posts (CSRF), and request
// body size limits. Each is a plain Express middleware so it can be tested on its own.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Third-party frames the store embeds: product videos (app/domain/video.ts). */
const FRAME_SOURCES = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"];

/**
 * The Content-Security-Policy of a page whose own inline scripts carry `nonce`. Any other
 * inline script (an injected `<script>`, an `onerror=` attribute, a `javascript:` URL) is
 * refused by the browser. Styles stay 'unsafe-inline': React renders `style` attributes.
 * Exported so that a page cache can rebuild the header for the nonce stored in a cached page.
 */
export function contentSecurityPolicy(nonce: string, options: { https?: boolean } = {}): string {
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' https:",
    `frame-src ${FRAME_SOURCES.join(" ")}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

export type SecurityOptions = {
  /** The public URL of the store (APP_URL or http://localhost:PORT). */
  appUrl: string;
  /** Send the Content-Security-Policy (production; Vite's dev server injects its own scripts). */
  csp: boolean;
};

/** A new nonce per response: 128 random bits, base64 (CSP3 "nonce-source"). */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * Security headers on every response; `res.locals.cspNonce` is the nonce that the page's
 * inline scripts must carry (server/index.ts hands it to React Router's load context).
 * HSTS goes out when the store's URL is https, or when the request came over https through a
 * trusted proxy (TRUST_PROXY and X-Forwarded-Proto: https).
 */
export function securityHeaders(options: SecurityOptions): RequestHandler {
  const httpsSite = options.appUrl.startsWith("https://");
  return (req, res, next) => {
    const nonce = newNonce();
    res.locals.cspNonce = nonce;
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (options.csp) res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, { https: httpsSite }));
    if (httpsSite || req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

export const CROSS_ORIGIN_MESSAGE = "Solicitud rechazada: el formulario no se envió desde Vitec.";

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * CSRF protection for every mutating request (POST, PUT, PATCH, DELETE), wherever it goes:
 * a browser says where a request comes from (Sec-Fetch-Site, Origin, Referer), and anything
 * from another site is refused with 403 before any route runs. The store's own origin is
 * APP_URL's, or the one the request was addressed to (Host), so that a second process on
 * another port or a preview URL works too. A request with none of those headers is not from a
 * browser page (curl, a monitor, the load script) and cannot carry a victim's intent; it goes
 * on, and the session cookie's SameSite=Lax stops the browser from attaching it cross-site.
 */
export function originCheck(options: { appUrl: string }): RequestHandler {
  const trusted = originOf(options.appUrl);
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const refuse = (reason: string) => {
      console.warn(`[security] cross-origin ${req.method} ${req.path} refused: ${reason}`);
      res.status(403).type("text/plain; charset=utf-8").send(CROSS_ORIGIN_MESSAGE);
    };
    const fetchSite = req.get("sec-fetch-site");
    if (fetchSite === "cross-site") return refuse("Sec-Fetch-Site: cross-site");

    const origin = req.get("origin");
    const referer = req.get("referer");
    let source: string | null;
    if (origin !== undefined) source = origin === "null" ? null : originOf(origin);
    else if (referer !== undefined) source = originOf(referer);
    else return next();
    if (!source) return refuse(`unreadable origin ${JSON.stringify(origin ?? referer)}`);

    const own = `${req.protocol}://${req.get("host") ?? ""}`;
    if (source === trusted || source === own) return next();
    return refuse(`origin ${source}`);
  };
}

/**
 * 400 for a URL that carries a NUL character (%00): no page takes one, and PostgreSQL text cannot
 * hold it, so it would only ever reach the database as an error.
 */
export function urlGuard(): RequestHandler {
  return (req, res, next) => {
    if (/%00/i.test(req.originalUrl))
      return res.status(400).type("text/plain; charset=utf-8").send("La dirección no es válida.");
    next();
  };
}

// A Host (or X-Forwarded-Host) value: a name of letters, digits, "-", "_" and dots, an IPv4
// address, or an IPv6 address in brackets, with an optional port.
const HOST_VALUE = /^(?:[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?|\[([0-9A-Fa-f:.]+)\])(?::(\d{1,5}))?$/;

function isHostValue(value: string): boolean {
  const match = HOST_VALUE.exec(value);
  if (!match) return false;
  if (match[1] !== undefined && isIP(match[1]) !== 6) return false;
  return match[2] === undefined || Number(match[2]) <= 65535;
}

/**
 * 400 for a request the store cannot even name: a request line in absolute form
 * (`GET http://x/ HTTP/1.1`) or `*`, or a Host (X-Forwarded-Host, when a proxy is trusted) that
 * is not a host name and port. React Router builds the request's URL from them, and would
 * otherwise fail with a 500. Runs first, before anything reads the URL.
 */
export function requestTarget(): RequestHandler {
  return (req, res, next) => {
    const hosts = [req.get("host"), req.app.enabled("trust proxy") ? req.get("x-forwarded-host") : undefined];
    const fine =
      req.originalUrl.startsWith("/") &&
      hosts.every((host) => host === undefined || isHostValue(host.split(",")[0]!.trim()));
    if (fine) return next();
    res.setHeader("Connection", "close");
    res.status(400).type("text/plain; charset=utf-8").send("La solicitud no es válida.");
  };
}

export type BodyLimitOptions = {
  /** Every request: forms, checkout, cart checks, /admin/login. */
  defaultBytes: number;
  /**
   * The staff routes that take bigger bodies (product images, CSV imports, long descriptions),
   * with their limit; given only to a request that `isStaff` says comes from an admin's session.
   * React Router's data requests carry a ".data" suffix on the same path.
   */
  staff: { paths: string[]; bytes: number };
  /** Whether the request's session is an admin's (looked up only for a body above the default). */
  isStaff?: (req: Request) => Promise<boolean>;
};

export const BODY_LIMITS: Omit<BodyLimitOptions, "isStaff"> = {
  defaultBytes: 1024 * 1024,
  staff: { paths: ["/admin/productos"], bytes: 32 * 1024 * 1024 },
};

const tooLarge = (res: Response, limit: number) => {
  res.setHeader("Connection", "close");
  res
    .status(413)
    .type("text/plain; charset=utf-8")
    .send(`La solicitud es demasiado grande (máximo ${Math.round(limit / 1024 / 1024)} MB).`);
};

/**
 * Request body size limits, decided from Content-Length before a byte of the body is read:
 * 413 above the limit, 411 for a body without a length (chunked), which no browser form or fetch
 * of this store sends. Above the default (1 MB), only a staff route that uploads or imports, asked
 * by an admin's session, goes on; anybody else's large body is refused unread, so an anonymous
 * client cannot make the server buffer and parse megabytes (ADR 0013). The app reads bodies only
 * through React Router, which trusts this check.
 */
export function bodyLimit(options: BodyLimitOptions = BODY_LIMITS): RequestHandler {
  const staffPaths = new Set(options.staff.paths.flatMap((p) => [p, `${p}.data`]));
  return async (req, res, next) => {
    const length = req.get("content-length");
    if (length === undefined) {
      if (req.get("transfer-encoding") === undefined) return next();
      res.setHeader("Connection", "close");
      return res
        .status(411)
        .type("text/plain; charset=utf-8")
        .send("La solicitud debe indicar su tamaño (Content-Length).");
    }
    if (!/^\d{1,15}$/.test(length))
      return res.status(400).type("text/plain; charset=utf-8").send("Content-Length inválido.");
    const bytes = Number(length);
    if (bytes <= options.defaultBytes) return next();
    if (!staffPaths.has(req.path) || bytes > options.staff.bytes) {
      return tooLarge(res, staffPaths.has(req.path) ? options.staff.bytes : options.defaultBytes);
    }
    if (!(await options.isStaff?.(req))) return tooLarge(res, options.defaultBytes);
    next();
  };
}
