import { describe, expect, it } from "vitest";
import { andPrefixQuery, orPrefixQuery, searchWords } from "./search-query";

describe("search words", () => {
  it("folds accents and case and drops punctuation", () => {
    expect(searchWords("  Cámara   Web 4K! ")).toEqual(["camara", "web", "4k"]);
  });

  it("keeps nothing of query syntax", () => {
    expect(searchWords("mouse & !teclado | 'x' :* (ñandú)")).toEqual(["mouse", "teclado", "x", "nandu"]);
  });

  it("drops repeated words and keeps at most 8", () => {
    expect(searchWords("a a b c d e f g h i j")).toEqual(["a", "b", "c", "d", "e", "f", "g", "h"]);
  });

  it("is empty for blank text", () => {
    expect(searchWords("   ")).toEqual([]);
  });

  it("joins the words by OR as prefixes", () => {
    expect(orPrefixQuery(["notebook", "lenovo"])).toBe("notebook:* | lenovo:*");
  });

  it("joins the words by AND as prefixes, for the best-ranked matches", () => {
    expect(andPrefixQuery(["notebook", "lenovo"])).toBe("notebook:* & lenovo:*");
  });
});
