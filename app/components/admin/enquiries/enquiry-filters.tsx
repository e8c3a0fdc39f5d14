import { Link } from "react-router";
import { FilterSelect, ListFilters } from "~/components/admin/list-filters";
import { buttonVariants } from "~/components/ui/button";
import { FORM_TYPES, type FormType } from "~/domain/form-type";
import { type EnquiryState, FORM_TYPE_LABELS } from "~/schemas/admin";

/** Form type and handled/pending filters; each change reloads the list. */
export function EnquiryFilters({ formType, state }: { formType?: FormType; state?: EnquiryState }) {
  return (
    <ListFilters label="Filtrar consultas" className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <FilterSelect
        id="enquiries-form-type"
        label="Formulario"
        className="sm:w-64"
        name="formType"
        defaultValue={formType ?? ""}
      >
        <option value="">Todos</option>
        {FORM_TYPES.map((type) => (
          <option key={type} value={type}>
            {FORM_TYPE_LABELS[type]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect id="enquiries-state" label="Estado" className="sm:w-48" name="state" defaultValue={state ?? ""}>
        <option value="">Todas</option>
        <option value="pending">Pendientes</option>
        <option value="handled">Atendidas</option>
      </FilterSelect>
      {formType || state ? (
        <Link to="/admin/consultas" className={buttonVariants({ variant: "ghost" })}>
          Limpiar
        </Link>
      ) : null}
    </ListFilters>
  );
}
