import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatShortDate,
  formatSortableDateTime,
  fromStoreLocalInput,
  startOfStoreDay,
  storeDayRange,
  toStoreLocalInput,
} from "./dates";

// 22:30 in Buenos Aires on 24 November is already the 25th in UTC (where servers run) and in
// most of the world: every date a person reads is the store's day, on the server and the browser.
const LATE_EVENING = new Date("2026-11-25T01:30:00Z");

describe("dates in the store's time zone", () => {
  it("an order placed at 22:30 in Buenos Aires is listed on its Argentine day", () => {
    expect(formatShortDate(LATE_EVENING)).toBe("24/11/2026");
    expect(formatSortableDateTime(LATE_EVENING)).toBe("2026-11-24 22:30");
  });

  it("a coupon's start typed as 24/11 10:00 is that moment in Buenos Aires, and shows as typed", () => {
    const start = fromStoreLocalInput("2026-11-24T10:00");
    expect(start.toISOString()).toBe("2026-11-24T13:00:00.000Z");
    expect(toStoreLocalInput(start)).toBe("2026-11-24T10:00");
  });

  it("any minute survives the trip through a datetime-local field", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000 }), (minutes) => {
        const instant = new Date(minutes * 60_000);
        expect(fromStoreLocalInput(toStoreLocalInput(instant)).getTime()).toBe(instant.getTime());
      }),
    );
  });

  it("the store's day starts at midnight Argentina time, also for a late-evening instant", () => {
    expect(startOfStoreDay(LATE_EVENING).toISOString()).toBe("2026-11-24T03:00:00.000Z");
    expect(storeDayRange("2026-11-24", "2026-11-24")).toEqual({
      start: new Date("2026-11-24T03:00:00Z"),
      end: new Date("2026-11-25T03:00:00Z"),
    });
  });
});
