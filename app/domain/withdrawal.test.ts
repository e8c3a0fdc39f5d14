import { describe, expect, it } from "vitest";
import {
  WITHDRAWAL_CODE_ALPHABET,
  WITHDRAWAL_WINDOW_DAYS,
  isWithdrawalCode,
  isWithinWithdrawalWindow,
  lastWithdrawalDay,
  parseOrderReference,
  withdrawalCodeFromBytes,
  withdrawalDeadline,
} from "./withdrawal";

// Argentina is UTC-3: 15:00 in Buenos Aires is 18:00 UTC.
const placed = new Date("2026-03-01T18:00:00Z"); // 1 March, 15:00 Argentina

describe("withdrawal window", () => {
  it("is 10 calendar days", () => {
    expect(WITHDRAWAL_WINDOW_DAYS).toBe(10);
  });

  it("ends when the 10th day after the order ends, at midnight in Argentina", () => {
    // 12 March 00:00 Argentina = 12 March 03:00 UTC.
    expect(withdrawalDeadline(placed).toISOString()).toBe("2026-03-12T03:00:00.000Z");
    expect(lastWithdrawalDay(placed).toISOString()).toBe("2026-03-12T02:59:59.999Z");
  });

  it("accepts a request on the order's day and up to the last instant of the 10th day", () => {
    expect(isWithinWithdrawalWindow(placed, new Date("2026-03-01T18:00:01Z"))).toBe(true);
    expect(isWithinWithdrawalWindow(placed, new Date("2026-03-11T12:00:00Z"))).toBe(true);
    expect(isWithinWithdrawalWindow(placed, new Date("2026-03-12T02:59:59.999Z"))).toBe(true);
  });

  it("refuses it from the 11th day on", () => {
    expect(isWithinWithdrawalWindow(placed, new Date("2026-03-12T03:00:00Z"))).toBe(false);
    expect(isWithinWithdrawalWindow(placed, new Date("2026-04-01T12:00:00Z"))).toBe(false);
  });

  it("counts days in Argentina, not in UTC: a late-night order belongs to its local day", () => {
    // 1 March 23:30 in Argentina is already 2 March in UTC; the window still ends on 11 March.
    const lateNight = new Date("2026-03-02T02:30:00Z");
    expect(withdrawalDeadline(lateNight).toISOString()).toBe("2026-03-12T03:00:00.000Z");
    // 2 March 00:10 in Argentina: one more day.
    const afterMidnight = new Date("2026-03-02T03:10:00Z");
    expect(withdrawalDeadline(afterMidnight).toISOString()).toBe("2026-03-13T03:00:00.000Z");
  });

  it("crosses month and year ends", () => {
    expect(withdrawalDeadline(new Date("2026-12-28T13:00:00Z")).toISOString()).toBe("2027-01-08T03:00:00.000Z");
  });
});

describe("withdrawal code", () => {
  it("is ARR- and 8 symbols, one per byte", () => {
    expect(withdrawalCodeFromBytes(new Uint8Array([0, 1, 2, 3, 28, 29, 30, 31]))).toBe("ARR-ABCD6789");
  });

  it("uses only the low 5 bits of each byte, so every symbol is equally likely", () => {
    expect(withdrawalCodeFromBytes(new Uint8Array([32, 33, 255, 224, 64, 96, 128, 160]))).toBe("ARR-AB9AAAAA");
  });

  it("never uses the easily confused 0, O, 1 or I", () => {
    expect(WITHDRAWAL_CODE_ALPHABET).toHaveLength(32);
    expect(WITHDRAWAL_CODE_ALPHABET).not.toMatch(/[0O1I]/);
    expect(new Set(WITHDRAWAL_CODE_ALPHABET).size).toBe(32);
    const all = withdrawalCodeFromBytes(new Uint8Array(Array.from({ length: 8 }, (_, i) => i * 4 + 3)));
    expect(isWithdrawalCode(all)).toBe(true);
  });

  it("needs 8 random bytes", () => {
    expect(() => withdrawalCodeFromBytes(new Uint8Array(7))).toThrow();
  });

  it("recognises well-formed codes only", () => {
    expect(isWithdrawalCode("ARR-K7P2M9QX")).toBe(true);
    expect(isWithdrawalCode("ARR-K7P2M9Q")).toBe(false);
    expect(isWithdrawalCode("ARR-K7P2M9QO")).toBe(false);
    expect(isWithdrawalCode("arr-k7p2m9qx")).toBe(false);
    expect(isWithdrawalCode("XARR-K7P2M9QX")).toBe(false);
  });
});

describe("order reference", () => {
  it("takes the 8-character number as shown, forgiving #, spaces and capitals", () => {
    expect(parseOrderReference("1a2b3c4d")).toEqual({ kind: "number", value: "1a2b3c4d" });
    expect(parseOrderReference(" #1A2B3C4D ")).toEqual({ kind: "number", value: "1a2b3c4d" });
  });

  it("takes the full id", () => {
    const id = "1a2b3c4d-0000-4000-8000-00000000abcd";
    expect(parseOrderReference(id.toUpperCase())).toEqual({ kind: "id", value: id });
  });

  it("refuses anything else", () => {
    for (const text of ["", "1a2b3c4", "1a2b3c4d5", "zzzzzzzz", "1a2b3c4d-0000", "1a2b%", "ARR-K7P2M9QX"]) {
      expect(parseOrderReference(text)).toBeNull();
    }
  });
});
