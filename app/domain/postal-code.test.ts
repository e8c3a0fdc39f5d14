import { describe, expect, it } from "vitest";
import { PROVINCES, parsePostalCode } from "./postal-code";

describe("postal codes", () => {
  it("reads the province from a CPA's first letter", () => {
    expect(parsePostalCode("C1043AAZ")).toEqual({ code: "C1043AAZ", province: "C" });
    expect(parsePostalCode(" x5000 abc ")).toEqual({ code: "X5000ABC", province: "X" });
    expect(parsePostalCode("Q8300")).toEqual({ code: "Q8300", province: "Q" });
  });

  it("places old numeric codes by range", () => {
    expect(parsePostalCode("1043")?.province).toBe("C");
    expect(parsePostalCode("1900")?.province).toBe("B");
    expect(parsePostalCode("5000")?.province).toBe("X");
    expect(parsePostalCode("5500")?.province).toBe("M");
    expect(parsePostalCode("6300")?.province).toBe("L");
    expect(parsePostalCode("9410")?.province).toBe("V");
  });

  it("refuses what is not a postal code", () => {
    expect(parsePostalCode("I1234ABC")).toBeNull();
    expect(parsePostalCode("12345")).toBeNull();
    expect(parsePostalCode("0999")).toBeNull();
    expect(parsePostalCode("hola")).toBeNull();
  });

  it("names 24 jurisdictions", () => {
    expect(Object.keys(PROVINCES)).toHaveLength(24);
  });
});
