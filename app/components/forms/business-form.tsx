import { CONTACT_LIMITS } from "~/schemas/form-limits";
import { EnquiryForm } from "./enquiry-form";
import { ContactPersonFields } from "./contact-person-fields";
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
      <ContactPersonFields nameLabel="Nombre de contacto" />
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
