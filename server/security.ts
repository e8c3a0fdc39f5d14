import { randomBytes } from "node:crypto";
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
 * trusted proxy (TRUST_PROXY=true and X-Forwarded-Proto: https).
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

export type BodyLimitOptions = {
  /** Most requests: forms, checkout, cart checks. */
  defaultBytes: number;
  /** Paths with bigger bodies (the admin: product images, CSV imports, long descriptions). */
  large: { prefix: string; bytes: number }[];
};

export const BODY_LIMITS: BodyLimitOptions = {
  defaultBytes: 1024 * 1024,
  large: [{ prefix: "/admin", bytes: 32 * 1024 * 1024 }],
};

/**
 * Request body size limits, decided from Content-Length before a byte of the body is read:
 * 413 above the limit of the path, 411 for a body without a length (chunked), which no browser
 * form or fetch of this store sends. The app reads bodies only through React Router, which
 * trusts this check.
 */
export function bodyLimit(options: BodyLimitOptions = BODY_LIMITS): RequestHandler {
  return (req, res, next) => {
    const length = req.get("content-length");
    if (length === undefined) {
      if (req.get("transfer-encoding") === undefined) return next();
      res.setHeader("Connection", "close");
      return res
        .status(411)
        .type("text/plain; charset=utf-8")
        .send("La solicitud debe indicar su tamaño (Content-Length).");
    }
    const limit =
      options.large.find((l) => req.path === l.prefix || req.path.startsWith(`${l.prefix}/`))?.bytes ??
      options.defaultBytes;
    if (!/^\d{1,15}$/.test(length))
      return res.status(400).type("text/plain; charset=utf-8").send("Content-Length inválido.");
    if (Number(length) > limit) {
      res.setHeader("Connection", "close");
      return res
        .status(413)
        .type("text/plain; charset=utf-8")
        .send(`La solicitud es demasiado grande (máximo ${Math.round(limit / 1024 / 1024)} MB).`);
    }
    next();
  };
}
