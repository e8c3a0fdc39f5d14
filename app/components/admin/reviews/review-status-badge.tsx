import { REVIEW_STATUS_LABELS, type ReviewStatusValue } from "~/domain/review";
import { cn } from "~/utils/cn";

const COLORS: Record<ReviewStatusValue, string> = {
  pending: "bg-yellow-100 text-yellow-900 ring-yellow-600/30",
  approved: "bg-green-100 text-green-800 ring-green-600/20",
  rejected: "bg-red-100 text-red-800 ring-red-600/20",
};

export function ReviewStatusBadge({ status }: { status: ReviewStatusValue }) {
  return (
    <span
      className={cn(
        "inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset",
        COLORS[status],
      )}
    >
      {REVIEW_STATUS_LABELS[status]}
    </span>
  );
}
