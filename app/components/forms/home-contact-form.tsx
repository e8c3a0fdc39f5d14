import { CONTACT_LIMITS } from "~/schemas/form-limits";
import { EnquiryForm } from "./enquiry-form";
import { ContactPersonFields } from "./contact-person-fields";
import { FormField } from "./form-field";

/** The home page's contact form (form_type homepage_contact), posted to the index route. */
export function HomeContactForm() {
  return (
    <EnquiryForm action="/?index" submitLabel="Enviar mensaje">
      <ContactPersonFields />
      <FormField name="message" label="Mensaje" multiline maxLength={CONTACT_LIMITS.message} />
    </EnquiryForm>
  );
}
