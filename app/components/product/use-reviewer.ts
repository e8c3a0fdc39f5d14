import { useState } from "react";
import type { Reviewer } from "~/models/review.server";
import { useApi } from "~/components/api-client";
import { useViewer } from "~/components/viewer";

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
