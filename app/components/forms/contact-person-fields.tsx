import { CONTACT_LIMITS } from "~/schemas/form-limits";
import { FormField } from "./form-field";

/** Who is writing (name, e-mail, phone): the fields every contact form of the store opens with. */
export function ContactPersonFields({ nameLabel = "Nombre" }: { nameLabel?: string }) {
  return (
    <>
      <FormField name="name" label={nameLabel} autoComplete="name" maxLength={CONTACT_LIMITS.name} />
      <FormField name="email" label="Email" type="email" autoComplete="email" maxLength={CONTACT_LIMITS.email} />
      <FormField
        name="phone"
        label="Teléfono"
        type="tel"
        autoComplete="tel"
        maxLength={CONTACT_LIMITS.phone}
        placeholder="Ej.: 11 5555-5555"
      />
    </>
  );
}
