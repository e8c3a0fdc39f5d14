import { markDraftRecovered } from "~/models/win-back.server";
import { baseUrl } from "~/utils/env.server";
import { verifyLink } from "~/utils/signed-link.server";

// [23/25] A browser that followed a reminder's restore link carries its signed token in a cookie
// for as long as the link lives; the order it places next counts as recovered (ADR 0021).

const COOKIE = "vitec_cart_recovery";

function attributes(maxAge: number): string {
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${baseUrl().startsWith("https:") ? "; Secure" : ""}`;
}

/** The cookie set by the restore page (the link's own token: signed, and expiring with it). */
export function recoveryCookie(token: string, maxAgeSeconds: number): string {
  return `${COOKIE}=${encodeURIComponent(token)}; ${attributes(Math.max(0, Math.floor(maxAgeSeconds)))}`;
}

/** After an order is placed: its draft is marked recovered when the browser came from a reminder. */
export async function recordRecoveredOrder(request: Request, orderId: string, headers: Headers): Promise<void> {
  const raw = request.headers
    .get("Cookie")
    ?.split(/;\s*/)
    .find((c) => c.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  if (!raw) return;
  headers.append("Set-Cookie", `${COOKIE}=; ${attributes(0)}`);
  const verified = verifyLink("restore-cart", decodeURIComponent(raw));
  if (!verified.ok) return;
  try {
    await markDraftRecovered(verified.payload, orderId);
  } catch (error) {
    // The order stands; only the statistic is missing.
    console.error(`[checkout] order ${orderId} could not be marked as recovered:`, error);
  }
}
