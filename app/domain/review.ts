// Buyers' reviews: who may write one, how they are moderated, and how they add up.

/** A review waits for an admin's approval; only approved ones are shown. Same values as product_reviews.status. */
export const REVIEW_STATUS_VALUES = ["pending", "approved", "rejected"] as const;
export type ReviewStatusValue = (typeof REVIEW_STATUS_VALUES)[number];

export const REVIEW_STATUS_LABELS: Record<ReviewStatusValue, string> = {
  pending: "Pendiente",
  approved: "Aprobada",
  rejected: "Rechazada",
};

/** Only a buyer whose order with the product was delivered may review it. */
export const REVIEWABLE_ORDER_STATUS = "delivered";

/**
 * The average of 1..5 ratings with one decimal ("4.3") and how many there are, for schema.org's
 * AggregateRating; null without ratings. Out-of-range values are clamped, not dropped.
 */
export function aggregateRating(ratings: readonly number[]): { ratingValue: string; reviewCount: number } | null {
  const valid = ratings.filter((r) => Number.isFinite(r)).map((r) => Math.min(5, Math.max(1, r)));
  if (valid.length === 0) return null;
  const average = valid.reduce((a, b) => a + b, 0) / valid.length;
  return { ratingValue: average.toFixed(1), reviewCount: valid.length };
}
