import { describe, expect, it } from "vitest";
import { parseGtin } from "./gtin";

describe("parseGtin", () => {
  it.each([
    ["5099206027299", "5099206027299"],
    ["7790001000019", "7790001000019"],
    ["50 99206 02729 9", "5099206027299"],
    ["036000291452", "036000291452"],
    ["96385074", "96385074"],
    ["10012345678902", "10012345678902"],
  ])("accepts %j as %s", (text, gtin) => {
    expect(parseGtin(text)).toEqual({ ok: true, gtin });
  });

  it("refuses a code with a wrong check digit or length, saying why", () => {
    expect(parseGtin("5099206027298")).toEqual({
      ok: false,
      error: "El GTIN «5099206027298» no es válido: revisá los dígitos (el último no coincide).",
    });
    expect(parseGtin("12345")).toEqual({
      ok: false,
      error: "El GTIN «12345» debe tener 8, 12, 13 o 14 dígitos (EAN/UPC).",
    });
    expect(parseGtin("ABC0123456789").ok).toBe(false);
  });
});
