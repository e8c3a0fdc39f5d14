import { useId } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { REVIEW_STATUS_LABELS, type ReviewStatusValue } from "~/domain/review";
import type { OwnReview } from "~/models/review.server";
import { REVIEW_LIMITS } from "~/schemas/form-limits";
import type { ReviewActionResult } from "~/schemas/review";
import { clsx } from "clsx";
import { FieldError } from "~/components/ui/field-error";

const STATUS_NOTES: Record<ReviewStatusValue, string> = {
  pending: "La estamos revisando: la vas a ver publicada cuando la aprobemos.",
  approved: "Está publicada.",
  rejected: "No la publicamos. Podés editarla y enviarla de nuevo.",
};

/** The review form of a customer who received the product (loaded when it shows: few visitors are buyers). */
export function ReviewForm({ review }: { review: OwnReview | null }) {
  const result = useActionData<ReviewActionResult>();
  const navigation = useNavigation();
  const id = useId();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "review";
  const failed = result && !result.ok ? result : undefined;
  const errors = failed?.errors ?? {};
  const rating = failed ? Number(failed.values.rating) || 0 : (review?.rating ?? 0);
  const text = failed ? failed.values.text : (review?.text ?? "");

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-slate-200 p-4">
      <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
        {review ? "Tu opinión" : "Dejá tu opinión"}
      </h2>
      {review ? (
        <p className="mt-1 text-sm text-slate-600">
          Estado: <strong>{REVIEW_STATUS_LABELS[review.status]}</strong>. {STATUS_NOTES[review.status]} Si la editás,
          vuelve a revisión.
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-600">Recibiste este producto: contanos qué te pareció.</p>
      )}
      {result?.ok ? (
        <p
          role="status"
          className="mt-3 flex gap-2 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900"
        >
          <Icon name="circle-check" className="mt-0.5 size-4" />
          {result.message}
        </p>
      ) : null}
      {errors.form ? (
        <p role="alert" className="mt-3 flex gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <Icon name="circle-exclamation-point" className="mt-0.5 size-4" />
          {errors.form}
        </p>
      ) : null}
      {/* Keyed by the saved review, so a saved edit shows the stored text. */}
      <Form
        method="post"
        preventScrollReset
        noValidate
        className="mt-4 space-y-4"
        key={result?.ok ? result.message + text : "review"}
      >
        <input type="hidden" name="intent" value="review" />
        <fieldset aria-describedby={errors.rating ? `${id}-rating-error` : undefined}>
          <legend className="text-sm font-medium text-slate-800">Calificación</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {[1, 2, 3, 4, 5].map((value) => (
              <label
                key={value}
                className="flex cursor-pointer items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="rating"
                  value={value}
                  defaultChecked={rating === value}
                  required
                  aria-invalid={errors.rating ? true : undefined}
                  className="accent-brand-600"
                />
                <span aria-hidden className="text-amber-500">
                  {"★".repeat(value)}
                </span>
                <span className="sr-only">{value === 1 ? "1 estrella" : `${value} estrellas`}</span>
              </label>
            ))}
          </div>
          <FieldError id={`${id}-rating`} error={errors.rating} />
        </fieldset>
        <div>
          <label htmlFor={`${id}-text`} className="block text-sm font-medium text-slate-800">
            Comentario
          </label>
          <textarea
            id={`${id}-text`}
            name="text"
            rows={4}
            required
            minLength={REVIEW_LIMITS.textMin}
            maxLength={REVIEW_LIMITS.textMax}
            defaultValue={text}
            aria-invalid={errors.text ? true : undefined}
            aria-describedby={errors.text ? `${id}-text-error` : `${id}-text-hint`}
            className={clsx(
              "mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none",
              errors.text ? "border-red-600" : "border-slate-300",
            )}
          />
          {errors.text ? (
            <FieldError id={`${id}-text`} error={errors.text} />
          ) : (
            <p id={`${id}-text-hint`} className="mt-1 text-xs text-slate-600">
              Entre {REVIEW_LIMITS.textMin} y {REVIEW_LIMITS.textMax} caracteres. Se publica con tu nombre cuando la
              aprobemos.
            </p>
          )}
        </div>
        <Button type="submit" disabled={submitting}>
          {submitting ? "Enviando..." : review ? "Guardar cambios" : "Enviar opinión"}
        </Button>
      </Form>
    </section>
  );
}
