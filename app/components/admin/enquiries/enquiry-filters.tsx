import { Form, Link, useSubmit } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Select } from "~/components/ui/field";
import { FORM_TYPES, type FormType } from "~/domain/form-type";
import { type EnquiryState, FORM_TYPE_LABELS } from "~/schemas/admin";

/** Form type and handled/pending filters; each change reloads the list. */
export function EnquiryFilters({ formType, state }: { formType?: FormType; state?: EnquiryState }) {
  const submit = useSubmit();
  const onChange = (event: React.ChangeEvent<HTMLSelectElement>) => submit(event.currentTarget.form);
  return (
    <Form method="get" aria-label="Filtrar consultas" className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="sm:w-64">
        <label htmlFor="enquiries-form-type" className="block text-sm font-medium text-slate-800">
          Formulario
        </label>
        <Select
          id="enquiries-form-type"
          name="formType"
          defaultValue={formType ?? ""}
          onChange={onChange}
          className="mt-1"
        >
          <option value="">Todos</option>
          {FORM_TYPES.map((type) => (
            <option key={type} value={type}>
              {FORM_TYPE_LABELS[type]}
            </option>
          ))}
        </Select>
      </div>
      <div className="sm:w-48">
        <label htmlFor="enquiries-state" className="block text-sm font-medium text-slate-800">
          Estado
        </label>
        <Select id="enquiries-state" name="state" defaultValue={state ?? ""} onChange={onChange} className="mt-1">
          <option value="">Todas</option>
          <option value="pending">Pendientes</option>
          <option value="handled">Atendidas</option>
        </Select>
      </div>
      <noscript>
        <button type="submit" className={buttonVariants({ variant: "outline" })}>
          Filtrar
        </button>
      </noscript>
      {formType || state ? (
        <Link to="/admin/consultas" className={buttonVariants({ variant: "ghost" })}>
          Limpiar
        </Link>
      ) : null}
    </Form>
  );
}
