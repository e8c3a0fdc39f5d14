import { describe, expect, it } from "vitest";
import { catalogHref, pageCount, parseCatalogQuery } from "./catalog-query";

const known = (id: string) => ["pcol_PC", "pcol_GAMING"].includes(id);
const parse = (query: string) => parseCatalogQuery(new URLSearchParams(query), known);

describe("catalogue URL state", () => {
  it("uses the defaults for an empty query", () => {
    expect(parse("")).toEqual({ sort: "created_at_desc", category: null, minPrice: null, maxPrice: null, page: 1 });
  });

  it("reads every value", () => {
    expect(parse("sort=price_asc&category=pcol_PC&minPrice=1000&maxPrice=250000.5&page=3")).toEqual({
      sort: "price_asc",
      category: "pcol_PC",
      minPrice: 1000,
      maxPrice: 250000.5,
      page: 3,
    });
  });

  it("accepts created_at_asc although it is not offered", () => {
    expect(parse("sort=created_at_asc").sort).toBe("created_at_asc");
  });

  it("falls back to defaults for bad values instead of failing", () => {
    expect(parse("page=-3&minPrice=abc&maxPrice=-5&sort=cheapest&category=pcol_NOPE")).toEqual({
      sort: "created_at_desc",
      category: null,
      minPrice: null,
      maxPrice: null,
      page: 1,
    });
    expect(parse("page=2.5").page).toBe(1);
    expect(parse("page=99999999999").page).toBe(100000);
  });

  it("swaps a minimum above the maximum", () => {
    expect(parse("minPrice=500&maxPrice=100")).toMatchObject({ minPrice: 100, maxPrice: 500 });
  });

  it("builds links that reset the page on any filter change and keep it when paging", () => {
    const current = parse("sort=price_desc&category=pcol_GAMING&page=4");
    expect(catalogHref(current, { minPrice: 5000 })).toBe("/store?sort=price_desc&category=pcol_GAMING&minPrice=5000");
    expect(catalogHref(current, { page: 5 })).toBe("/store?sort=price_desc&category=pcol_GAMING&page=5");
    expect(catalogHref(current, { category: null, sort: "created_at_desc" })).toBe("/store");
  });

  it("counts pages of 12", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(12)).toBe(1);
    expect(pageCount(13)).toBe(2);
  });
});
