import { describe, expect, it } from "vitest";
import { REVIEW_STATUSES } from "~/db/schema/staff";
import { REVIEW_STATUS_VALUES, aggregateRating } from "./review";

describe("aggregate rating", () => {
  it("averages the ratings with one decimal and counts them", () => {
    expect(aggregateRating([5, 4, 4])).toEqual({ ratingValue: "4.3", reviewCount: 3 });
    expect(aggregateRating([3])).toEqual({ ratingValue: "3.0", reviewCount: 1 });
  });

  it("is null without ratings", () => {
    expect(aggregateRating([])).toBeNull();
    expect(aggregateRating([Number.NaN])).toBeNull();
  });

  it("keeps ratings within 1..5", () => {
    expect(aggregateRating([9, 0])).toEqual({ ratingValue: "3.0", reviewCount: 2 });
  });
});

describe("review statuses", () => {
  it("are the database's", () => {
    expect([...REVIEW_STATUS_VALUES]).toEqual([...REVIEW_STATUSES]);
  });
});
