import { Form, useSubmit } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Select } from "~/components/ui/field";
import { REVIEW_STATUS_VALUES, type ReviewStatusValue } from "~/domain/review";

const PLURAL: Record<ReviewStatusValue, string> = {
  pending: "Pendientes",
  approved: "Aprobadas",
  rejected: "Rechazadas",
};

/** The status filter; it lives in the URL and reloads the list when it changes. */
export function ReviewFilters({
  status,
  counts,
}: {
  status?: ReviewStatusValue;
  counts: Record<ReviewStatusValue, number>;
}) {
  const submit = useSubmit();
  const all = REVIEW_STATUS_VALUES.reduce((sum, s) => sum + counts[s], 0);
  return (
    <Form method="get" aria-label="Filtrar opiniones" className="flex items-end gap-3">
      <div className="sm:w-64">
        <label htmlFor="reviews-status" className="block text-sm font-medium text-slate-800">
          Estado
        </label>
        <Select
          id="reviews-status"
          name="status"
          defaultValue={status ?? ""}
          onChange={(event) => submit(event.currentTarget.form)}
          className="mt-1"
        >
          <option value="">Todas ({all})</option>
          {REVIEW_STATUS_VALUES.map((s) => (
            <option key={s} value={s}>
              {PLURAL[s]} ({counts[s]})
            </option>
          ))}
        </Select>
      </div>
      <noscript>
        <button type="submit" className={buttonVariants({ variant: "outline" })}>
          Filtrar
        </button>
      </noscript>
    </Form>
  );
}
