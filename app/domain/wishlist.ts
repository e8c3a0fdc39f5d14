// A wishlist is a list of product ids, newest first, without repeats.

export const WISHLIST_MAX = 200;

export function toggleWishlist(ids: string[], productId: string): string[] {
  return ids.includes(productId) ? ids.filter((id) => id !== productId) : [productId, ...ids].slice(0, WISHLIST_MAX);
}

/** Keeps only a list of distinct strings from untrusted stored data. */
export function parseWishlist(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((v): v is string => typeof v === "string" && v.length > 0 && v.length <= 100))].slice(
    0,
    WISHLIST_MAX,
  );
}
