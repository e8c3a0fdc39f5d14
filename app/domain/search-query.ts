// Turning what a shopper typed into search words. Pure: the database does the matching.

export const MAX_SEARCH_WORDS = 8;
export const MIN_TYPO_WORD_LENGTH = 4;

/** Lower case, accents folded, only letters and digits: "  Cámara  4K!" -> ["camara", "4k"]. */
export function searchWords(q: string): string[] {
  const words = q
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/**
 * A to_tsquery expression that matches any of the words (spec: words joined by OR), each as a
 * prefix so "note" finds "notebook". Words are letters and digits only, so nothing in them can
 * change the query's syntax.
 */
export function orPrefixQuery(words: string[]): string {
  return words.map((w) => `${w}:*`).join(" | ");
}

/** The same, matching only products that have every word (each as a prefix). */
export function andPrefixQuery(words: string[]): string {
  return words.map((w) => `${w}:*`).join(" & ");
}
