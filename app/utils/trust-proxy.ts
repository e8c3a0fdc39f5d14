import { isIP } from "node:net";

// TRUST_PROXY: which hops in front of the store may say who the client is (X-Forwarded-For,
// X-Forwarded-Proto). Every per-address limit is keyed on the address this resolves to, so it
// never trusts everyone: either the number of proxies in front (Express then takes the address
// that many hops back from the socket: the one the nearest proxy saw) or the proxies' own
// addresses (Express skips those, from the right). ADR 0013.

/** What Express' "trust proxy" setting gets: false (the socket's peer), a hop count, or addresses. */
export type TrustProxy = false | number | string[];

export const TRUST_EVERYONE_REFUSED =
  "TRUST_PROXY=true would take the client's address from whatever X-Forwarded-For says, so a client could choose it; set the number of proxies in front of the store (1 for one nginx) or their addresses (e.g. 10.0.0.2,10.0.1.0/24)";

/** proxy-addr's names for address ranges (loopback 127.0.0.1/8 and ::1, private ranges). */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);
const MAX_HOPS = 10;

function isAddressOrRange(item: string): boolean {
  if (NAMED_RANGES.has(item)) return true;
  const [address, prefix, ...rest] = item.split("/");
  const version = isIP(address ?? "");
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  // A /0 range is every address: "trust everyone" spelled another way.
  return Number(prefix) >= 1 && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** Reads TRUST_PROXY: the setting, or why the value is refused (the server does not start). */
export function parseTrustProxy(
  value: string | undefined,
): { ok: true; setting: TrustProxy } | { ok: false; message: string } {
  const text = value?.trim() ?? "";
  if (text === "" || text === "false") return { ok: true, setting: false };
  if (text === "true") return { ok: false, message: TRUST_EVERYONE_REFUSED };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops >= 1 && hops <= MAX_HOPS) return { ok: true, setting: hops };
    return { ok: false, message: `a hop count from 1 to ${MAX_HOPS} (unset it when no proxy is in front)` };
  }
  const items = text.split(",").map((item) => item.trim());
  const wrong = items.filter((item) => !isAddressOrRange(item));
  if (wrong.length > 0) {
    return {
      ok: false,
      message: `not a hop count nor proxy addresses: ${wrong.map((w) => JSON.stringify(w)).join(", ")} (an IP, an IP/prefix, loopback, linklocal or uniquelocal)`,
    };
  }
  return { ok: true, setting: items };
}
