import { CONTACT_LIMITS } from "~/schemas/form-limits";
import { EnquiryForm } from "./enquiry-form";
import { ContactPersonFields } from "./contact-person-fields";
import { FormField } from "./form-field";

/** The /contacto form (form_type main_contact). */
export function ContactForm() {
  return (
    <EnquiryForm submitLabel="Enviar mensaje">
      <ContactPersonFields />
      <FormField name="subject" label="Asunto" maxLength={CONTACT_LIMITS.subject} />
      <FormField name="message" label="Mensaje" multiline maxLength={CONTACT_LIMITS.message} />
    </EnquiryForm>
  );
}
