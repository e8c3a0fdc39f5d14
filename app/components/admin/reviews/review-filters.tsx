import { FilterSelect, ListFilters } from "~/components/admin/list-filters";
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
  const all = REVIEW_STATUS_VALUES.reduce((sum, s) => sum + counts[s], 0);
  return (
    <ListFilters label="Filtrar opiniones" className="flex items-end gap-3">
      <FilterSelect id="reviews-status" label="Estado" className="sm:w-64" name="status" defaultValue={status ?? ""}>
        <option value="">Todas ({all})</option>
        {REVIEW_STATUS_VALUES.map((s) => (
          <option key={s} value={s}>
            {PLURAL[s]} ({counts[s]})
          </option>
        ))}
      </FilterSelect>
    </ListFilters>
  );
}
