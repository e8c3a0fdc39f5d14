import { Field, InputField, Select, TextareaField } from "~/components/ui/field";
import { fieldAria } from "~/components/ui/field-error";
import { NEW_REVIEW_RATING, newKey } from "~/schemas/product-form-state";
import { AddButton, EmptyNote, MetaRow, RemoveButton, type TabProps, metaList } from "./form-kit";

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
            <MetaRow
              key={review.key}
              fields={
                <>
                  <InputField
                    id={ids.author}
                    label="Autor"
                    error={errors[`${base}.author`]}
                    maxLength={100}
                    placeholder="Anónimo"
                    value={review.author}
                    onChange={(e) => list.replace(i, { ...review, author: e.target.value })}
                  />
                  <Field id={ids.rating} label="Calificación" error={errors[`${base}.rating`]}>
                    <Select
                      id={ids.rating}
                      value={String(review.rating)}
                      onChange={(e) => list.replace(i, { ...review, rating: Number(e.target.value) })}
                      {...fieldAria(ids.rating, errors[`${base}.rating`])}
                    >
                      {[5, 4, 3, 2, 1].map((n) => (
                        <option key={n} value={n}>
                          {"★".repeat(n)} ({n})
                        </option>
                      ))}
                    </Select>
                  </Field>
                  <RemoveButton label={`Quitar la opinión ${i + 1}`} onClick={() => list.remove(i)} />
                </>
              }
            >
              <TextareaField
                id={ids.text}
                label="Opinión"
                error={errors[`${base}.text`]}
                className="mt-3"
                rows={3}
                maxLength={2000}
                value={review.text}
                onChange={(e) => list.replace(i, { ...review, text: e.target.value })}
              />
            </MetaRow>
          );
        })}
      </ul>
      <AddButton onClick={() => list.add({ key: newKey(), author: "", text: "", rating: NEW_REVIEW_RATING })}>
        Agregar opinión
      </AddButton>
    </div>
  );
}
