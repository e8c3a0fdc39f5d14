import { and, count, desc, eq, sql } from "drizzle-orm";
import { type Database, type DbOrTx, getDb } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { products } from "~/db/schema/catalog";
import { orderItems, orders } from "~/db/schema/orders";
import { productReviews } from "~/db/schema/staff";
import { REVIEWABLE_ORDER_STATUS, REVIEW_STATUS_VALUES, type ReviewStatusValue } from "~/domain/review";
import type { ReviewInput } from "~/schemas/review";
import { formatShortDateTime } from "~/domain/dates";
import { type AuditActor, recordChange } from "./audit.server";
import { isUuid } from "~/domain/uuid";

// Buyers' reviews (product_reviews): a signed-in customer with a delivered order containing the
// product writes one review of it (editing it sends it back to moderation); an admin approves
// or rejects it; approved reviews show on the product page and count in its rating.

/** True when one of this customer's delivered orders contains the product. */
export async function hasReceivedProduct(userId: string, productId: string, db: DbOrTx = getDb()): Promise<boolean> {
  if (!isUuid(productId)) return false;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(eq(orders.userId, userId), eq(orders.status, REVIEWABLE_ORDER_STATUS), eq(orderItems.productId, productId)),
    )
    .limit(1);
  return Boolean(row);
}

export type OwnReview = { rating: number; text: string; status: ReviewStatusValue };

/**
 * What the product page offers the visitor: sign in (anonymous), an explanation (signed in,
 * never received it), or the form, with their review when they already wrote one.
 */
export type Reviewer = { kind: "anonymous" } | { kind: "not_buyer" } | { kind: "buyer"; review: OwnReview | null };

export async function getReviewer(
  user: { id: string } | null,
  productId: string,
  db: DbOrTx = getDb(),
): Promise<Reviewer> {
  if (!user) return { kind: "anonymous" };
  if (!(await hasReceivedProduct(user.id, productId, db))) return { kind: "not_buyer" };
  const [own] = await db
    .select({ rating: productReviews.rating, text: productReviews.text, status: productReviews.status })
    .from(productReviews)
    .where(and(eq(productReviews.productId, productId), eq(productReviews.userId, user.id)));
  return { kind: "buyer", review: own ?? null };
}

export type PublicReview = { author: string; text: string; rating: number; createdAt: string };

/** The approved reviews of a product, newest first. */
const approvedReviews = preparedQuery("reviews_approved", (db) =>
  db
    .select({
      author: productReviews.author,
      text: productReviews.text,
      rating: productReviews.rating,
      createdAt: productReviews.createdAt,
    })
    .from(productReviews)
    .where(and(eq(productReviews.productId, sql.placeholder("productId")), eq(productReviews.status, "approved")))
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id)),
);

export async function listApprovedReviews(productId: string, db?: DbOrTx): Promise<PublicReview[]> {
  if (!isUuid(productId)) return [];
  const rows = await approvedReviews({ productId }, db);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export type SaveReviewResult = { ok: true; created: boolean } | { ok: false; reason: "not_buyer" };

/**
 * Writes the customer's review of a product (author = their name), or rewrites the one they
 * already have: either way it waits for moderation again. Its date becomes the date of this
 * version, so an edited review comes back to the top of the admin's list.
 */
export async function saveReview(
  user: { id: string; name: string },
  productId: string,
  input: ReviewInput,
  db: DbOrTx = getDb(),
): Promise<SaveReviewResult> {
  if (!(await hasReceivedProduct(user.id, productId, db))) return { ok: false, reason: "not_buyer" };
  const author = user.name.trim() || "Cliente";
  const [row] = await db
    .insert(productReviews)
    .values({ productId, userId: user.id, author, rating: input.rating, text: input.text, status: "pending" })
    .onConflictDoUpdate({
      target: [productReviews.productId, productReviews.userId],
      set: {
        author,
        rating: input.rating,
        text: input.text,
        status: "pending",
        moderatedAt: null,
        moderatedBy: null,
        createdAt: sql`now()`,
      },
    })
    // xmax = 0 only on a freshly inserted row.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return { ok: true, created: Boolean(row?.inserted) };
}

// ---------------------------------------------------------------- admin

export const REVIEWS_PAGE_SIZE = 20;

export type AdminReview = {
  id: string;
  productId: string;
  productName: string;
  author: string;
  rating: number;
  text: string;
  status: ReviewStatusValue;
  createdAt: string;
  createdAtLabel: string;
  moderatedAtLabel: string | null;
};

export type AdminReviewList = {
  reviews: AdminReview[];
  /** How many reviews there are in each status (for the filter). */
  counts: Record<ReviewStatusValue, number>;
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

/** One page of reviews, newest first, optionally of one status. */
export async function listReviews(
  query: { status?: ReviewStatusValue; page?: number; pageSize?: number } = {},
  db: DbOrTx = getDb(),
): Promise<AdminReviewList> {
  const pageSize = query.pageSize ?? REVIEWS_PAGE_SIZE;
  const byStatus = await db
    .select({ status: productReviews.status, n: count() })
    .from(productReviews)
    .groupBy(productReviews.status);
  const counts = Object.fromEntries(REVIEW_STATUS_VALUES.map((s) => [s, 0])) as Record<ReviewStatusValue, number>;
  for (const row of byStatus) counts[row.status] = row.n;
  const total = query.status ? counts[query.status] : byStatus.reduce((sum, r) => sum + r.n, 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, query.page ?? 1), pageCount);
  const rows = await db
    .select({
      id: productReviews.id,
      productId: productReviews.productId,
      productName: products.name,
      author: productReviews.author,
      rating: productReviews.rating,
      text: productReviews.text,
      status: productReviews.status,
      createdAt: productReviews.createdAt,
      moderatedAt: productReviews.moderatedAt,
    })
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .where(query.status ? eq(productReviews.status, query.status) : undefined)
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    reviews: rows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      createdAtLabel: formatShortDateTime(r.createdAt),
      moderatedAtLabel: r.moderatedAt ? formatShortDateTime(r.moderatedAt) : null,
    })),
    counts,
    total,
    page,
    pageCount,
    pageSize,
  };
}

/** Approves or rejects a review, recording who and when. False when there is no such review. */
export async function moderateReview(
  reviewId: string,
  decision: "approve" | "reject",
  actor: AuditActor,
  db: Database = getDb(),
): Promise<boolean> {
  if (!isUuid(reviewId)) return false;
  const status = decision === "approve" ? "approved" : "rejected";
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: productReviews.status, author: productReviews.author })
      .from(productReviews)
      .where(eq(productReviews.id, reviewId))
      .for("update");
    if (!before) return false;
    await tx
      .update(productReviews)
      .set({ status, moderatedAt: sql`now()`, moderatedBy: actor.id })
      .where(eq(productReviews.id, reviewId));
    await recordChange(
      tx,
      actor,
      {
        action: "review.moderate",
        entityType: "review",
        entityId: reviewId,
        entityLabel: `Opinión de ${before.author}`,
      },
      { status: before.status },
      { status },
      ["status"],
    );
    return true;
  });
}
