import { Input, Select, Textarea } from "~/components/ui/field";
import { NEW_REVIEW_RATING, newKey } from "~/schemas/product-form-state";
import { AddButton, EmptyNote, ErrorText, RemoveButton, type TabProps, invalid, metaList } from "./form-kit";

/** Reviews: author, text and a rating from 1 to 5 (spec: a new review is rated 5). */
export function ProductReviewsTab({ values, update, errors }: TabProps) {
  const list = metaList({ values, update }, "reviews");
  const reviews = list.rows;
  return (
    <div className="space-y-4">
      {reviews.length === 0 ? <EmptyNote>Este producto no tiene opiniones.</EmptyNote> : null}
      <ul className="space-y-3">
        {reviews.map((review, i) => {
          const base = `meta.reviews.${i}`;
          const ids = { author: `review-${i}-author`, rating: `review-${i}-rating`, text: `review-${i}-text` };
          return (
            <li key={review.key} className="rounded-md bg-slate-50 p-3">
              <div className="grid gap-3 sm:grid-cols-[1fr_9rem_auto] sm:items-end">
                <div>
                  <label htmlFor={ids.author} className="block text-sm font-medium text-slate-800">
                    Autor
                  </label>
                  <Input
                    id={ids.author}
                    className="mt-1"
                    maxLength={100}
                    placeholder="Anónimo"
                    value={review.author}
                    onChange={(e) => list.replace(i, { ...review, author: e.target.value })}
                    {...invalid(ids.author, errors[`${base}.author`])}
                  />
                </div>
                <div>
                  <label htmlFor={ids.rating} className="block text-sm font-medium text-slate-800">
                    Calificación
                  </label>
                  <Select
                    id={ids.rating}
                    className="mt-1"
                    value={String(review.rating)}
                    onChange={(e) => list.replace(i, { ...review, rating: Number(e.target.value) })}
                    {...invalid(ids.rating, errors[`${base}.rating`])}
                  >
                    {[5, 4, 3, 2, 1].map((n) => (
                      <option key={n} value={n}>
                        {"★".repeat(n)} ({n})
                      </option>
                    ))}
                  </Select>
                </div>
                <RemoveButton label={`Quitar la opinión ${i + 1}`} onClick={() => list.remove(i)} />
              </div>
              <div className="mt-3">
                <label htmlFor={ids.text} className="block text-sm font-medium text-slate-800">
                  Opinión
                </label>
                <Textarea
                  id={ids.text}
                  className="mt-1"
                  rows={3}
                  maxLength={2000}
                  value={review.text}
                  onChange={(e) => list.replace(i, { ...review, text: e.target.value })}
                  {...invalid(ids.text, errors[`${base}.text`])}
                />
              </div>
              <ErrorText id={ids.author} error={errors[`${base}.author`]} />
              <ErrorText id={ids.rating} error={errors[`${base}.rating`]} />
              <ErrorText id={ids.text} error={errors[`${base}.text`]} />
            </li>
          );
        })}
      </ul>
      <AddButton onClick={() => list.add({ key: newKey(), author: "", text: "", rating: NEW_REVIEW_RATING })}>
        Agregar opinión
      </AddButton>
    </div>
  );
}
