import { CONTACT_LIMITS } from "~/schemas/form-limits";
import { EnquiryForm } from "./enquiry-form";
import { FormField } from "./form-field";

/** The consultancy request on /soluciones-inteligentes (form_type soluciones_inteligentes). */
export function ConsultancyForm() {
  return (
    <EnquiryForm submitLabel="Solicitar consultoría" pendingLabel="Procesando..." hasOptionalFields>
      <FormField name="name" label="Nombre" autoComplete="name" maxLength={CONTACT_LIMITS.name} />
      <FormField
        name="companyName"
        label="Empresa"
        optional
        autoComplete="organization"
        maxLength={CONTACT_LIMITS.companyName}
      />
      <FormField
        name="whatsapp"
        label="WhatsApp"
        type="tel"
        autoComplete="tel"
        maxLength={CONTACT_LIMITS.phone}
        placeholder="Ej.: 11 5555-5555"
      />
      <FormField name="email" label="Email" type="email" autoComplete="email" maxLength={CONTACT_LIMITS.email} />
      <FormField
        name="need"
        label="¿Qué necesitás resolver?"
        multiline
        maxLength={CONTACT_LIMITS.message}
        placeholder="Contanos brevemente cómo trabaja tu equipo hoy y qué te gustaría mejorar."
      />
    </EnquiryForm>
  );
}
