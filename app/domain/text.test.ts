import { describe, expect, it } from "vitest";
import { truncate } from "./text";

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
