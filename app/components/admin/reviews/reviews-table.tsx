import { useActionResult } from "~/components/use-action-result";
import { Link, useFetcher } from "react-router";
import { Stars } from "~/components/product/stars";
import { Button } from "~/components/ui/button";
import { TD, THeadRow, TR, Table } from "~/components/ui/table";
import type { AdminReview } from "~/models/review.server";
import type { ToastInput } from "~/schemas/toast";
import { ReviewStatusBadge } from "./review-status-badge";

export type ReviewActionData = { ok: boolean; toast: ToastInput };

/**
 * One fetcher for every row: the screen (always mounted) shows its answer as a toast, even when
 * the row is gone from a filtered list after the change.
 */
export const MODERATION_FETCHER = "review-moderation";

/** Shows the toast of each moderation answer; for the screen, which stays mounted. */
export function useModerationToasts() {
  const fetcher = useFetcher<ReviewActionData>({ key: MODERATION_FETCHER });
  useActionResult(fetcher.data, fetcher.state);
}

/** Fecha, Producto, Autor, Calificación, Opinión, Estado, Acciones (approve / reject). */
export function ReviewsTable({ reviews }: { reviews: AdminReview[] }) {
  return (
    <Table caption="Opiniones, de la más nueva a la más antigua">
      <THeadRow columns={[["Fecha", "hidden lg:table-cell"], "Producto", "Opinión", "Estado", "Acciones"]} />
      <tbody>
        {reviews.map((review) => (
          <ReviewRow key={review.id} review={review} />
        ))}
      </tbody>
    </Table>
  );
}

/** The moderation buttons: each offered unless the review already has its outcome. */
const DECISIONS = [
  { value: "approve", status: "approved", label: "Aprobar", variant: "default" },
  { value: "reject", status: "rejected", label: "Rechazar", variant: "outline" },
] as const;

function ReviewRow({ review }: { review: AdminReview }) {
  const fetcher = useFetcher<ReviewActionData>({ key: MODERATION_FETCHER });
  const saving = fetcher.state !== "idle";
  return (
    <TR className="align-top">
      <TD className="hidden whitespace-nowrap text-slate-600 lg:table-cell">
        <time dateTime={review.createdAt}>{review.createdAtLabel}</time>
      </TD>
      <TD className="min-w-40">
        <Link to={`/product/${review.productId}`} className="font-medium text-brand-700 hover:underline">
          {review.productName}
        </Link>
      </TD>
      <TD className="min-w-64">
        <Stars rating={review.rating} />
        {/* The buyer's text: rendered as text, never as HTML. */}
        <p className="mt-1 max-w-prose whitespace-pre-line break-words text-slate-800">{review.text}</p>
        <p className="mt-1 text-xs font-semibold text-slate-600">{review.author}</p>
        <time dateTime={review.createdAt} className="mt-1 block text-xs text-slate-500 lg:hidden">
          {review.createdAtLabel}
        </time>
      </TD>
      <TD>
        <ReviewStatusBadge status={review.status} />
        {review.moderatedAtLabel ? (
          <span className="mt-1 block text-xs whitespace-nowrap text-slate-500">{review.moderatedAtLabel}</span>
        ) : null}
      </TD>
      <TD>
        <fetcher.Form method="post" className="flex flex-col gap-2 sm:flex-row">
          <input type="hidden" name="reviewId" value={review.id} />
          {DECISIONS.filter((d) => review.status !== d.status).map((d) => (
            <Button
              key={d.value}
              type="submit"
              name="decision"
              value={d.value}
              size="sm"
              variant={d.variant}
              disabled={saving}
              aria-label={`${d.label} la opinión de ${review.author} sobre ${review.productName}`}
            >
              {d.label}
            </Button>
          ))}
        </fetcher.Form>
      </TD>
    </TR>
  );
}
