import { data } from "react-router";
import { saveReview } from "~/models/review.server";
import { type ReviewActionResult, ReviewSchema } from "~/schemas/review";
import type { SessionUser } from "~/utils/auth.server";
import { rateLimit } from "~/utils/rate-limit.server";
import { parseFields } from "~/domain/field-errors";
import { echoFields } from "~/utils/request.server";

// The product page's review form: a signed-in customer's POST, validated here again (the action of
// routes/store/product.tsx, kept beside it).

export const REVIEW_RATE_LIMIT = { limit: 10, windowSeconds: 600 } as const;

export const NOT_A_BUYER = "Podés opinar sobre los productos que recibiste.";
export const REVIEW_SAVED = "¡Gracias por tu opinión! La vamos a publicar cuando la revisemos.";
export const REVIEW_UPDATED =
  "Guardamos los cambios. Tu opinión vuelve a revisión y la publicamos cuando la aprobemos.";
const RATE_LIMITED = "Guardaste tu opinión demasiadas veces seguidas. Esperá unos minutos y volvé a intentar.";

/** Saves the customer's review of a (published) product; answers a ReviewActionResult. */
export async function handleReview(user: SessionUser, productId: string, form: FormData) {
  const values = echoFields(form, ["rating", "text"], 5000);
  const fail = (errors: Record<string, string>, status: number) =>
    data<ReviewActionResult>({ ok: false, errors, values }, { status });

  const parsed = parseFields(ReviewSchema, values);
  if (!parsed.ok) return fail(parsed.errors, 400);

  const limit = await rateLimit(`review:${user.id}`, REVIEW_RATE_LIMIT.limit, REVIEW_RATE_LIMIT.windowSeconds);
  if (!limit.allowed) return fail({ form: RATE_LIMITED }, 429);

  const saved = await saveReview(user, productId, parsed.data);
  if (!saved.ok) return fail({ form: NOT_A_BUYER }, 403);
  return data<ReviewActionResult>({ ok: true, message: saved.created ? REVIEW_SAVED : REVIEW_UPDATED });
}
