import { describe, expect, it } from "vitest";
import { cuitCheckDigit, findCuit, formatCuit, isValidCuit } from "./cuit";

describe("CUIT", () => {
  it("accepts valid CUITs with or without separators", () => {
    expect(isValidCuit("20-12345678-6")).toBe(true);
    expect(isValidCuit("20123456786")).toBe(true);
    expect(isValidCuit("30-71234567-1")).toBe(true);
    expect(isValidCuit("27 28033514 8")).toBe(true);
    expect(isValidCuit("33-69345023-9")).toBe(true);
  });

  it("refuses a wrong check digit, a wrong length, letters and unknown prefixes", () => {
    expect(isValidCuit("20-12345678-7")).toBe(false);
    expect(isValidCuit("2012345678")).toBe(false);
    expect(isValidCuit("20-1234567A-6")).toBe(false);
    expect(isValidCuit("11-12345678-6")).toBe(false);
    expect(isValidCuit("")).toBe(false);
  });

  it("computes the check digit, with 11 -> 0 and 10 -> invalid", () => {
    expect(cuitCheckDigit("2012345678")).toBe(6);
    expect(cuitCheckDigit("2000000000")).toBe(1);
    expect(cuitCheckDigit("2300000000")).toBe(0); // sum 22: 11 - 0 = 11 -> 0
    expect(cuitCheckDigit("2000000001")).toBe(null); // sum 12: 11 - 1 = 10 -> no valid digit
  });

  it("formats with dashes", () => {
    expect(formatCuit("20123456786")).toBe("20-12345678-6");
  });

  it("finds the first valid CUIT written in an enquiry, skipping numbers that are not one", () => {
    expect(findCuit("Somos Redes SA, CUIT 30-71234567-1, 20 puestos")).toBe("30712345671");
    expect(findCuit("Tel 1145551234. CUIT 30712345671")).toBe("30712345671");
    expect(findCuit("CUIT 20-12345678-7 (mal) o 27 28033514 8")).toBe("27280335148");
    expect(findCuit("Necesitamos 40 notebooks")).toBeNull();
  });
});
