import { describe, expect, it } from "vitest";
import { COMPANY_NOT_APPROVED, canPrice, checkBuyerMove, quoteTotals, todayInStore } from "./quotes";

describe("checkBuyerMove", () => {
  it("lets the buyer accept a priced quote up to and including its last valid day", () => {
    expect(
      checkBuyerMove({ status: "priced", validUntil: "2026-12-01", companyStatus: "approved" }, "2026-12-01"),
    ).toEqual({ ok: true });
    expect(
      checkBuyerMove({ status: "priced", validUntil: "2026-12-01", companyStatus: "approved" }, "2026-11-20"),
    ).toEqual({ ok: true });
  });

  it("refuses a priced quote past its validity and asks for it to be marked expired", () => {
    const refused = checkBuyerMove(
      { status: "priced", validUntil: "2026-12-01", companyStatus: "approved" },
      "2026-12-02",
    );
    expect(refused).toMatchObject({ ok: false, expire: true });
    expect(!refused.ok && refused.message).toBe("Esta cotización venció el 01/12/2026. Pedinos una nueva.");
  });

  it("refuses an accepted, expired, cancelled or unpriced quote without expiring it", () => {
    for (const status of ["accepted", "expired", "cancelled", "requested", "changes_requested"] as const) {
      expect(
        checkBuyerMove({ status, validUntil: "2099-01-01", companyStatus: "approved" }, "2026-12-01"),
      ).toMatchObject({
        ok: false,
        expire: false,
      });
    }
    expect(
      checkBuyerMove({ status: "accepted", validUntil: "2099-01-01", companyStatus: "approved" }, "2026-12-01"),
    ).toMatchObject({
      message: "Esta cotización ya fue aceptada.",
    });
  });

  it("refuses a priced quote of a company no longer approved, without expiring it", () => {
    for (const companyStatus of ["rejected", "pending"] as const) {
      expect(checkBuyerMove({ status: "priced", validUntil: "2099-01-01", companyStatus }, "2026-12-01")).toEqual({
        ok: false,
        message: COMPANY_NOT_APPROVED,
        expire: false,
      });
    }
  });
});

describe("canPrice", () => {
  it("lets staff price a waiting or sent quote, never an accepted or closed one", () => {
    expect(canPrice("requested")).toBe(true);
    expect(canPrice("changes_requested")).toBe(true);
    expect(canPrice("priced")).toBe(true);
    expect(canPrice("accepted")).toBe(false);
    expect(canPrice("expired")).toBe(false);
    expect(canPrice("cancelled")).toBe(false);
  });
});

describe("quoteTotals", () => {
  it("adds the quoted prices, the public ones for lines not priced yet", () => {
    expect(
      quoteTotals([
        { quantity: 2, quotedCents: 9_000, publicCents: 10_000 },
        { quantity: 1, quotedCents: null, publicCents: 5_000 },
      ]),
    ).toEqual({ totalCents: 23_000, publicTotalCents: 25_000, priced: false });
  });
});

describe("todayInStore", () => {
  it("is the day in Buenos Aires (UTC-3), not in UTC", () => {
    expect(todayInStore(new Date("2026-12-02T02:00:00Z"))).toBe("2026-12-01");
    expect(todayInStore(new Date("2026-12-02T03:00:00Z"))).toBe("2026-12-02");
  });
});
