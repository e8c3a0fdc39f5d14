import type { ComponentProps } from "react";
import { FormError, InputField, SelectField } from "~/components/ui/field";
import { BUSINESS_IVA_CONDITIONS } from "~/domain/business";
import { ivaConditionLabel } from "~/domain/invoice";

// [25/25] A company's own data (ADR 0022), as the registration form (/empresas/registro) and
// staff's conversion of an /empresas enquiry (Admin > Consultas) ask for it: one set of fields,
// read at both actions by CompanyRegistrationSchema.

export const COMPANY_FIELDS = [
  "cuit",
  "legalName",
  "ivaCondition",
  "contactName",
  "contactEmail",
  "contactPhone",
] as const;
export type CompanyFieldName = (typeof COMPANY_FIELDS)[number];

type TextField = { name: Exclude<CompanyFieldName, "ivaCondition">; label: string } & Pick<
  ComponentProps<"input">,
  "inputMode" | "autoComplete" | "type" | "className"
> & { hint?: string };

const TEXT_FIELDS: TextField[] = [
  { name: "legalName", label: "Razón social", autoComplete: "organization", className: "sm:col-span-2" },
  { name: "contactName", label: "Persona de contacto", autoComplete: "name" },
  { name: "contactPhone", label: "Teléfono", type: "tel", autoComplete: "tel" },
  {
    name: "contactEmail",
    label: "Email de contacto",
    type: "email",
    autoComplete: "email",
    className: "sm:col-span-2",
  },
];

/** The form-wide error and the company's fields inside a two-column grid; `value` gives each one's text. */
export function CompanyFields({
  errors,
  value,
}: {
  errors: Record<string, string>;
  value: (name: CompanyFieldName) => string;
}) {
  return (
    <>
      <FormError error={errors.form} className="sm:col-span-2" />
      <InputField
        id="company-cuit"
        label="CUIT"
        name="cuit"
        inputMode="numeric"
        autoComplete="off"
        hint="11 números, con o sin guiones."
        error={errors.cuit}
        defaultValue={value("cuit")}
      />
      <SelectField
        id="company-iva"
        label="Condición frente al IVA"
        error={errors.ivaCondition}
        name="ivaCondition"
        defaultValue={value("ivaCondition") || "responsable_inscripto"}
      >
        {BUSINESS_IVA_CONDITIONS.map((c) => (
          <option key={c} value={c}>
            {ivaConditionLabel(c)}
          </option>
        ))}
      </SelectField>
      {TEXT_FIELDS.map(({ name, ...input }) => (
        <InputField
          key={name}
          id={`company-${name}`}
          name={name}
          error={errors[name]}
          defaultValue={value(name)}
          {...input}
        />
      ))}
    </>
  );
}
