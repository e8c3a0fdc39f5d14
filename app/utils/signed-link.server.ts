import { createHmac, timingSafeEqual } from "node:crypto";
import { getAuthSecret } from "./secret.server";

// Signed tokens for links that work without signing in (ADR 0021): the unsubscribe link, the
// cart-restore link and a company's invitation (ADR 0022). `purpose.payload.expiry.signature`, HMAC-SHA256 with the app's secret under a
// key derived per purpose, so a token made for one use is refused by the other.

export type LinkPurpose = "unsubscribe" | "restore-cart" | "company-invite";

function sign(purpose: LinkPurpose, body: string): string {
  const key = createHmac("sha256", getAuthSecret()).update(`vitec-link:${purpose}`).digest();
  return createHmac("sha256", key).update(body).digest("base64url");
}

/** A token for `payload`, valid until `expiresAt` (null: forever). */
export function signLink(purpose: LinkPurpose, payload: string, expiresAt: Date | null): string {
  const body = `${Buffer.from(payload, "utf8").toString("base64url")}.${expiresAt ? Math.floor(expiresAt.getTime() / 1000).toString(36) : "0"}`;
  return `${body}.${sign(purpose, body)}`;
}

export type VerifiedLink = { ok: true; payload: string } | { ok: false; reason: "invalid" | "expired" };

/** The payload of a token this server signed for `purpose`, unless it was altered or has expired. */
export function verifyLink(purpose: LinkPurpose, token: string, now = new Date()): VerifiedLink {
  const parts = token.split(".");
  if (parts.length !== 3 || token.length > 2000) return { ok: false, reason: "invalid" };
  const [payload, expiry, signature] = parts as [string, string, string];
  const expected = Buffer.from(sign(purpose, `${payload}.${expiry}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
  const expiresAt = parseInt(expiry, 36);
  if (!Number.isFinite(expiresAt)) return { ok: false, reason: "invalid" };
  if (expiresAt !== 0 && expiresAt * 1000 < now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, payload: Buffer.from(payload, "base64url").toString("utf8") };
}
