import { Link } from "react-router";
import type { Reviewer } from "~/models/review.server";
import { serverRenderedPart } from "~/components/deferred";

const ReviewForm = serverRenderedPart(() => import("./review-form").then((m) => m.ReviewForm));

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
  return <ReviewForm review={reviewer.review} />;
}
