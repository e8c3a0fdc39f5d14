import { describe, expect, it } from "vitest";
import { formatARS, fromCents, toAmount, toCents } from "./money";

describe("toCents / fromCents", () => {
  it("converts pesos to integer cents without float drift", () => {
    expect(toCents(1234.5)).toBe(123450);
    expect(toCents(0.1)).toBe(10);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(899999.99)).toBe(89999999);
  });

  it("accepts numeric strings such as Postgres numeric columns", () => {
    expect(toCents("1234.50")).toBe(123450);
    expect(toCents("0.07")).toBe(7);
  });

  it("treats missing or invalid amounts as 0", () => {
    expect(toCents(null)).toBe(0);
    expect(toCents(undefined)).toBe(0);
    expect(toCents("")).toBe(0);
    expect(toCents("abc")).toBe(0);
    expect(toCents(Number.NaN)).toBe(0);
    expect(toCents(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it("converts cents back to pesos", () => {
    expect(fromCents(123450)).toBe(1234.5);
    expect(fromCents(10 + 20)).toBe(0.3);
    expect(toAmount("10.10")).toBe(10.1);
  });
});

describe("formatARS", () => {
  // Intl separates the symbol with a no-break space (U+00A0); accept any space.
  it("prints Argentine format with a $ prefix", () => {
    expect(formatARS(1234.5)).toMatch(/^\$\s1\.234,50$/);
    expect(formatARS(1000000)).toMatch(/^\$\s1\.000\.000,00$/);
    expect(formatARS("899999.99")).toMatch(/^\$\s899\.999,99$/);
  });

  it("shows a missing amount as $0", () => {
    expect(formatARS(null)).toMatch(/^\$\s0,00$/);
    expect(formatARS(undefined)).toMatch(/^\$\s0,00$/);
  });

  it("rounds to cents", () => {
    expect(formatARS(0.1 + 0.2)).toMatch(/^\$\s0,30$/);
  });
});
