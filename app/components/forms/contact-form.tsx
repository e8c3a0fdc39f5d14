import { CONTACT_LIMITS } from "~/schemas/form-limits";
import { EnquiryForm } from "./enquiry-form";
import { FormField } from "./form-field";

/** The /contacto form (form_type main_contact). */
export function ContactForm() {
  return (
    <EnquiryForm submitLabel="Enviar mensaje">
      <FormField name="name" label="Nombre" autoComplete="name" maxLength={CONTACT_LIMITS.name} />
      <FormField name="email" label="Email" type="email" autoComplete="email" maxLength={CONTACT_LIMITS.email} />
      <FormField
        name="phone"
        label="Teléfono"
        type="tel"
        autoComplete="tel"
        maxLength={CONTACT_LIMITS.phone}
        placeholder="Ej.: 11 5555-5555"
      />
      <FormField name="subject" label="Asunto" maxLength={CONTACT_LIMITS.subject} />
      <FormField name="message" label="Mensaje" multiline maxLength={CONTACT_LIMITS.message} />
    </EnquiryForm>
  );
}
