import { z } from "zod";
import { REVIEW_STATUS_VALUES } from "~/domain/review";
import type { FieldErrors } from "~/domain/field-errors";

// Buyers' reviews: the product page's form (rating + text) and the admin's moderation.

import { REVIEW_LIMITS } from "./form-limits";
import { pageParam } from "./list-query";

export { REVIEW_LIMITS };

export const ReviewSchema = z.object({
  rating: z.coerce
    .number({ error: "Elegí una calificación de 1 a 5 estrellas." })
    .int("Elegí una calificación de 1 a 5 estrellas.")
    .min(1, "Elegí una calificación de 1 a 5 estrellas.")
    .max(5, "Elegí una calificación de 1 a 5 estrellas."),
  text: z
    .string({ error: "Escribí tu opinión." })
    .trim()
    .min(1, "Escribí tu opinión.")
    .min(REVIEW_LIMITS.textMin, `Contanos un poco más: al menos ${REVIEW_LIMITS.textMin} caracteres.`)
    .max(REVIEW_LIMITS.textMax, `La opinión no puede superar los ${REVIEW_LIMITS.textMax} caracteres.`),
});

export type ReviewInput = z.output<typeof ReviewSchema>;

export const ReviewListQuerySchema = z.object({
  status: z.enum(REVIEW_STATUS_VALUES).optional().catch(undefined),
  page: pageParam,
});

export const ReviewModerationSchema = z.object({
  reviewId: z.uuid("No encontramos la opinión."),
  decision: z.enum(["approve", "reject"], { error: "Acción desconocida." }),
});

/** What the product page's review action answers. */
export type ReviewActionResult =
  { ok: true; message: string } | { ok: false; errors: FieldErrors; values: { rating: string; text: string } };
