import { randomUUID } from "node:crypto";
import { data } from "react-router";
import type { FormType } from "~/domain/form-type";
import { createContactMessage } from "~/models/contact.server";
import { ENQUIRY_FORMS, type EnquiryResult, type EnquiryToast, type EnquiryValues } from "~/schemas/contact";
import { ENQUIRY_TOASTS, type EnquiryTexts } from "~/schemas/enquiry-texts";
import { clientAddress, rateLimit } from "~/utils/rate-limit.server";
import { echoFields, filledByBot, readForm } from "~/utils/request.server";
import { type FieldErrors, parseFields } from "~/domain/field-errors";

// The one server path of the four enquiry forms (home, /contacto, /empresas, consultancy).

export const ENQUIRY_RATE_LIMIT = { limit: 5, windowSeconds: 600 } as const;

/** Submitted values are echoed back so nothing typed is lost; this caps what is echoed. */
const MAX_ECHOED_LENGTH = 10_000;

export const RATE_LIMITED_MESSAGE = "Enviaste demasiadas consultas. Esperá unos minutos y volvé a intentar.";
export const INVALID_FORM_MESSAGE = "Revisá los campos marcados e intentá de nuevo.";

function toast(type: "success" | "error", texts: EnquiryTexts): EnquiryToast {
  return { id: randomUUID(), type, ...texts };
}

/**
 * Handles a POST of one enquiry form: honeypot, validation, per-IP rate limit, insert.
 * Answers `{ ok: true, toast }` or `{ ok: false, errors, values, toast }` with an HTTP status.
 */
export async function handleEnquiry({
  request,
  context,
  formType,
}: {
  request: Request;
  context: { remoteAddress?: string } | undefined;
  formType: FormType;
}) {
  const form = ENQUIRY_FORMS[formType];
  const texts = ENQUIRY_TOASTS[formType];
  const formData = await readForm(request);

  const values: EnquiryValues = echoFields(formData, form.fields, MAX_ECHOED_LENGTH);
  const fail = (errors: FieldErrors, description: string, status: number, headers?: HeadersInit) =>
    data<EnquiryResult>(
      { ok: false, errors, values, toast: toast("error", { title: texts.failure.title, description }) },
      { status, headers },
    );

  // A bot filled the hidden field: it is told the message went through, and nothing is kept.
  if (filledByBot(formData)) return data<EnquiryResult>({ ok: true, toast: toast("success", texts.success) });

  // What is echoed is what is parsed: a field not sent is read as empty.
  const parsed = parseFields(form.schema, values);
  if (!parsed.ok) return fail(parsed.errors, INVALID_FORM_MESSAGE, 400);

  // Only messages that would be stored count: a visitor fixing typos is never locked out.
  const limit = await rateLimit(
    `enquiry:${clientAddress(context)}`,
    ENQUIRY_RATE_LIMIT.limit,
    ENQUIRY_RATE_LIMIT.windowSeconds,
  );
  if (!limit.allowed) {
    return fail({ form: RATE_LIMITED_MESSAGE }, RATE_LIMITED_MESSAGE, 429, {
      "Retry-After": String(limit.retryAfterSeconds),
    });
  }

  try {
    await createContactMessage({ ...parsed.data, formType });
  } catch (error) {
    console.error(`[enquiry] could not store a ${formType} message:`, error);
    return fail({ form: texts.failure.description }, texts.failure.description, 500);
  }
  return data<EnquiryResult>({ ok: true, toast: toast("success", texts.success) });
}
