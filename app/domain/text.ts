/** A sentence to follow a colon: "Usá coma..." -> "usá coma..." (a quoted value stays as it is). */
export function lowerFirst(text: string): string {
  return text.startsWith("«") ? text : text.charAt(0).toLowerCase() + text.slice(1);
}

/** Cuts text to `max` characters on a word boundary, adding "…" when cut (meta descriptions: 160). */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

// Characters that change how text is shown without being text ([18/25]): C0 controls (but tab
// and line feed, which multi-line fields keep; a CR or CRLF becomes a line feed), DEL and the C1
// controls (U+0085 NEL among them, which makes an HTML page invalid), the byte order mark, and the
// bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) that make
// "O'Brien\u202Eexe.txt" read as "O'Brientxt.exe". The left-to-right and right-to-left marks
// (U+200E, U+200F) stay: they only nudge neutral characters and are typed in real RTL text.
// The line and paragraph separators (U+2028, U+2029) become line feeds.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/** Text from a shopper or staff member without control and bidirectional override characters. */
export function cleanText(text: string): string {
  return text.replace(/\r\n?|[\u2028\u2029]/g, "\n").replace(INVISIBLE, "");
}

/** Every string in a form's or a JSON body's values cleaned by cleanText (other values as they are). */
export function cleanInput<T>(value: T): T {
  if (typeof value === "string") return cleanText(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => cleanInput(v)) as T;
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cleanInput(v)])) as T;
  }
  return value;
}
