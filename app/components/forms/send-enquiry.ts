import { data } from "react-router";
import type { FormType } from "~/domain/form-type";
import type { EnquiryResult, EnquiryValues } from "~/schemas/contact";
import { ENQUIRY_TOASTS } from "~/schemas/enquiry-texts";
import { HONEYPOT_FIELD } from "~/schemas/form-limits";
import { orIfUnreachable, toastId } from "~/utils/unreachable";

// Apart from the form's component: a page whose form loads after its first paint (the home's)
// still needs its clientAction at once.

/**
 * The clientAction of each enquiry route: a submission that gets no answer (the connection dropped)
 * keeps the screen and the typed text, with the spec's failure toast and note, as a failed save does.
 * The 503 keeps the router from reloading the page's data, which would fail the same way.
 */
export async function sendEnquiry<T>(
  formType: FormType,
  { request, serverAction }: { request: Request; serverAction: () => Promise<T> },
) {
  const sent = request.clone();
  return orIfUnreachable(serverAction, async () => {
    const values: EnquiryValues = {};
    for (const [name, value] of await sent.formData()) {
      if (typeof value === "string" && name !== HONEYPOT_FIELD) values[name] = value;
    }
    const { title, description } = ENQUIRY_TOASTS[formType].failure;
    return data<EnquiryResult>(
      { ok: false, errors: { form: description }, values, toast: { id: toastId(), type: "error", title, description } },
      { status: 503 },
    );
  });
}
