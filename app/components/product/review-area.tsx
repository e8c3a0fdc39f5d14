import { Suspense, lazy, useState } from "react";
import { Link } from "react-router";
import type { Reviewer } from "~/models/review.server";
import { useApi } from "~/components/api-client";
import { useViewer } from "~/components/viewer";

const ReviewForm = lazy(() => import("./review-form").then((m) => ({ default: m.ReviewForm })));

/**
 * Under the product's reviews: the form for a customer who received the product (their own
 * review to edit, when they wrote one), or why they cannot write one. A plain POST to the
 * product page: works without JavaScript.
 */
export function ReviewArea({ productId, reviewer }: { productId: string; reviewer: Reviewer }) {
  if (reviewer.kind !== "buyer") {
    return (
      <div className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
        <p>
          Podés opinar sobre los productos que recibiste.
          {reviewer.kind === "anonymous" ? (
            <>
              {" "}
              <Link
                to={`/login?redirectTo=${encodeURIComponent(`/product/${productId}`)}`}
                className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
              >
                Ingresá a tu cuenta
              </Link>{" "}
              para dejar tu opinión.
            </>
          ) : null}
        </p>
      </div>
    );
  }
  return (
    <Suspense fallback={null}>
      <ReviewForm review={reviewer.review} />
    </Suspense>
  );
}

/**
 * What the page may offer this visitor about reviews. The server renders product pages for
 * nobody (they are cached); for a signed-in customer the browser asks /api/viewer whether they
 * received the product, again after they send a review (`answer` changes).
 */
export function useReviewer(productId: string, rendered: Reviewer, answer: unknown): Reviewer {
  const { user } = useViewer();
  const [asked, setAsked] = useState<{ productId: string; reviewer: Reviewer } | null>(null);
  useApi<{ reviewer: Reviewer | null }>(
    rendered.kind === "anonymous" && user ? { path: `/api/viewer?product=${encodeURIComponent(productId)}` } : null,
    {
      onAnswer: (asked) => {
        if (asked.ok && asked.data.reviewer) setAsked({ productId, reviewer: asked.data.reviewer });
      },
    },
    answer,
  );
  if (rendered.kind !== "anonymous" || !user) return rendered;
  return asked?.productId === productId ? asked.reviewer : rendered;
}
