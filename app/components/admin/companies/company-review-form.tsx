import { Form } from "react-router";
import { type FormAnswer, SaveOrCancel, answerField } from "~/components/ui/inline-form";
import { GroupField } from "./group-field";
import { FormError, InputField, SelectField } from "~/components/ui/field";
import { Options } from "~/components/ui/options";
import { COMPANY_STATUSES, COMPANY_STATUS_LABELS } from "~/domain/business";
import type { AdminCompany, CustomerGroup } from "~/models/companies.server";
import { formatDecimalInput } from "~/schemas/amount";

export type CompanyFormAnswer = FormAnswer;

/** Admin > Empresas: staff's review of one company (status, group, credit limit, payment terms). */
export function CompanyReviewForm({
  company,
  groups,
  answer,
}: {
  company: AdminCompany;
  groups: CustomerGroup[];
  answer: CompanyFormAnswer | undefined;
}) {
  const errors = answer?.errors ?? {};
  const value = (name: string, fallback: string) => answer?.values[name] ?? fallback;
  return (
    <section
      aria-labelledby="company-review-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="company-review-title" className="text-lg font-bold">
        Revisar {company.legalName}
      </h2>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-2">
        <div>
          <dt className="inline font-medium">CUIT: </dt>
          <dd className="inline">{company.cuit}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Condición frente al IVA: </dt>
          <dd className="inline">{company.ivaConditionLabel}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Contacto: </dt>
          <dd className="inline">
            {company.contactName} · {company.contactEmail} · {company.contactPhone}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">Solicitada: </dt>
          <dd className="inline">{company.createdAtLabel}</dd>
        </div>
      </dl>
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="review" />
        <input type="hidden" name="id" value={company.id} />
        <FormError error={errors.form} className="sm:col-span-2" />
        <SelectField
          {...answerField(answer, "company", "status", company.status === "pending" ? "approved" : company.status)}
          label="Estado"
        >
          <Options values={COMPANY_STATUSES} labels={COMPANY_STATUS_LABELS} />
        </SelectField>
        <GroupField
          id="company-group"
          groups={groups}
          defaultValue={value("groupId", company.groupId ?? "")}
          error={errors.groupId}
          none="Sin grupo"
          missing="Creá un grupo abajo para poder aprobar empresas."
        />
        <InputField
          {...answerField(answer, "company", "creditLimit", formatDecimalInput(company.creditLimit))}
          label="Límite de crédito en cuenta corriente ($, opcional)"
          inputMode="decimal"
          hint="Vacío: la empresa no compra en cuenta corriente."
        />
        <InputField
          {...answerField(answer, "company", "paymentTermsDays", String(company.paymentTermsDays))}
          label="Plazo de pago (días)"
          inputMode="numeric"
        />
        <SaveOrCancel label="Guardar revisión" pending="Guardando…" cancelTo="/admin/empresas" />
      </Form>
    </section>
  );
}
