// The one rule for every redirect parameter (redirectTo on /login and /admin/login, the page
// before a failed sign-out): the store follows a target only when it is a path of its own
// origin, written as the store itself would write it. Browsers and other clients disagree on
// tabs, newlines, backslashes, dot segments and encoded slashes (WHATWG URL strips tabs and
// newlines, some clients decode %2F), so anything the URL parser would rewrite, and anything
// that decodes to a control character, a backslash or a protocol-relative start, is refused.

/** Any origin works: only whether the target keeps it matters. */
const OWN = "http://store.invalid";

// Control characters (C0, DEL, C1), whitespace and backslashes, raw or once percent-decoded.
const forbidden = (text: string) =>
  [...text].some((c) => c === "\\" || c.charCodeAt(0) <= 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f));

/**
 * `target` when it is a same-origin path ("/cuenta?tab=pedidos"), otherwise `fallback`.
 * Pure: no request, no environment.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//")) return fallback;
  if (forbidden(target)) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return fallback;
  }
  if (forbidden(decoded) || decoded.startsWith("//")) return fallback;
  let url: URL;
  try {
    url = new URL(target, OWN);
  } catch {
    return fallback;
  }
  if (url.origin !== OWN) return fallback;
  // The parser changed nothing (no dot segments, no characters it escapes): the path is followed as written.
  const normal = `${url.pathname}${url.search}${url.hash}`;
  if (normal !== target || normal.startsWith("//")) return fallback;
  return target;
}
