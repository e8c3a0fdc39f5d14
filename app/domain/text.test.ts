import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { cleanInput, cleanText, truncate } from "./text";

describe("truncate", () => {
  it("keeps short text and folds spaces", () => {
    expect(truncate("  Hola   mundo ", 160)).toBe("Hola mundo");
  });

  it("cuts long text to the limit on a word boundary", () => {
    const text = "palabra ".repeat(40);
    const cut = truncate(text, 160);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith("palabra…")).toBe(true);
  });
});

describe("cleanText", () => {
  it.each([
    ["O'Brien\u202Eexe.txt", "O'Brienexe.txt"],
    ["Av. Santa Fe\u0085 1000", "Av. Santa Fe 1000"],
    ["\u2066Paz\u2069 \u202Ax\u202C", "Paz x"],
    ["línea 1\r\nlínea 2\rlínea 3\u2028línea 4", "línea 1\nlínea 2\nlínea 3\nlínea 4"],
    ["a\tb\u0007\u001B[31m\u007F\u009B", "a\tb[31m"],
    ["\uFEFFMartín Acosta", "Martín Acosta"],
    ["שלום \u200Fעולם\u200E", "שלום \u200Fעולם\u200E"],
  ])("%j -> %j", (text, clean) => {
    expect(cleanText(text)).toBe(clean);
  });

  it("leaves no control or override character in any text, and changes clean text in nothing", () => {
    // eslint-disable-next-line no-control-regex -- looking for control characters
    const invisible = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFEFF\r]/;
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const clean = cleanText(text);
        expect(clean).not.toMatch(invisible);
        expect(cleanText(clean)).toBe(clean);
      }),
    );
  });

  it("cleans every string of a JSON body, keeping its shape", () => {
    expect(cleanInput({ a: "x\u202E", b: [1, "y\u0085"], c: null, d: { e: true } })).toEqual({
      a: "x",
      b: [1, "y"],
      c: null,
      d: { e: true },
    });
  });
});
