import { getDb } from "~/db/client.server";
import { contactMessages } from "~/db/schema/content";
import type { FormType } from "~/domain/form-type";
import type { ContactMessageFields } from "~/schemas/contact";

export type NewContactMessage = ContactMessageFields & { formType: FormType };

/** Stores one enquiry (spec: INSERT contact_messages) and returns its id. */
export async function createContactMessage(input: NewContactMessage): Promise<{ id: string }> {
  const [row] = await getDb()
    .insert(contactMessages)
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone,
      subject: input.subject,
      message: input.message,
      companyName: input.companyName,
      formType: input.formType,
    })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error("contact_messages insert returned no row");
  return row;
}
