import { CONTACT_LIMITS } from "~/schemas/form-limits";
import { EnquiryForm } from "./enquiry-form";
import { FormField } from "./form-field";

/** The /empresas form (form_type b2b_contact). */
export function BusinessForm() {
  return (
    <EnquiryForm submitLabel="Enviar consulta">
      <FormField
        name="companyName"
        label="Nombre de la empresa"
        autoComplete="organization"
        maxLength={CONTACT_LIMITS.companyName}
      />
      <FormField name="name" label="Nombre de contacto" autoComplete="name" maxLength={CONTACT_LIMITS.name} />
      <FormField name="email" label="Email" type="email" autoComplete="email" maxLength={CONTACT_LIMITS.email} />
      <FormField
        name="phone"
        label="Teléfono"
        type="tel"
        autoComplete="tel"
        maxLength={CONTACT_LIMITS.phone}
        placeholder="Ej.: 11 5555-5555"
      />
      <FormField
        name="message"
        label="¿Qué necesita tu empresa?"
        multiline
        maxLength={CONTACT_LIMITS.message}
        placeholder="Contanos qué equipos buscás, cantidades y plazos."
      />
    </EnquiryForm>
  );
}
