import { Form } from "react-router";
import { type CompanyFieldName, CompanyFields } from "~/components/business/company-fields";
import { GroupField } from "~/components/admin/companies/group-field";
import { Field, Select } from "~/components/ui/field";
import { fieldAria } from "~/components/ui/field-error";
import { type FormAnswer, SaveOrCancel } from "~/components/ui/inline-form";
import type { CustomerGroup } from "~/models/companies.server";
import type { Enquiry } from "~/models/enquiries.server";

export type ConvertAnswer = FormAnswer;

/**
 * Admin > Consultas: "Crear empresa" from an /empresas enquiry (ADR 0022), prefilled from it and
 * validated like the registration; staff choose approved or pending and the group.
 */
export function ConvertEnquiryForm({
  enquiry,
  groups,
  answer,
  cancelTo,
}: {
  enquiry: Enquiry;
  groups: CustomerGroup[];
  answer: ConvertAnswer | undefined;
  cancelTo: string;
}) {
  const errors = answer?.errors ?? {};
  const prefill: Partial<Record<string, string>> = {
    cuit: enquiry.cuit ?? "",
    legalName: enquiry.companyName ?? "",
    contactName: enquiry.name,
    contactEmail: enquiry.email,
    contactPhone: enquiry.phone ?? "",
    status: "approved",
  };
  const value = (name: CompanyFieldName | "status" | "groupId") => answer?.values[name] ?? prefill[name] ?? "";
  return (
    <Form method="post" noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Crear empresa">
      <input type="hidden" name="intent" value="convert" />
      <input type="hidden" name="enquiryId" value={enquiry.id} />
      <p className="text-sm text-slate-600 sm:col-span-2">
        Si el contacto ya tiene cuenta con ese email, queda como quien aprueba en la empresa; si no, le mandamos una
        invitación para que cree su cuenta con ese email.
      </p>
      <CompanyFields errors={errors} value={value} />
      <Field id="convert-status" label="Estado" error={errors.status}>
        <Select
          id="convert-status"
          name="status"
          defaultValue={value("status")}
          {...fieldAria("convert-status", errors.status)}
        >
          <option value="approved">Aprobada</option>
          <option value="pending">Pendiente</option>
        </Select>
      </Field>
      <GroupField
        id="convert-group"
        groups={groups}
        defaultValue={value("groupId")}
        error={errors.groupId}
        none="Elegí un grupo"
        missing="Creá un grupo en Empresas primero."
      />
      <SaveOrCancel label="Crear empresa" pending="Creando…" cancelTo={cancelTo} />
    </Form>
  );
}
