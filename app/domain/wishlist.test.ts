import { describe, expect, it } from "vitest";
import { parseWishlist, toggleWishlist } from "./wishlist";

describe("wishlist", () => {
  it("adds a product to the front and removes it when toggled again", () => {
    const once = toggleWishlist(["a"], "b");
    expect(once).toEqual(["b", "a"]);
    expect(toggleWishlist(once, "b")).toEqual(["a"]);
  });

  it("keeps only distinct strings from stored data", () => {
    expect(parseWishlist(["a", "a", 3, null, "", "b"])).toEqual(["a", "b"]);
    expect(parseWishlist("nope")).toEqual([]);
  });
});
