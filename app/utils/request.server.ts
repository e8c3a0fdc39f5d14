import { data } from "react-router";
import { cleanText } from "~/domain/text";

// Reading a request body that a client may have sent wrong (another content type, a broken
// multipart body): the action answers 400 instead of failing with a 500.

export const INVALID_REQUEST = "La solicitud no es válida.";

/**
 * The submitted form (text values cleaned), or a thrown 400 when the body is not a readable form
 * or a value holds a NUL character (PostgreSQL text cannot store one: it would fail as a database error).
 */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data(INVALID_REQUEST, { status: 400 });
  }
  for (const [, value] of form) {
    if (typeof value === "string" && value.includes("\0")) throw data(INVALID_REQUEST, { status: 400 });
  }
  return cleanForm(form);
}

/**
 * The form with every text value cleaned of control and bidirectional override characters
 * (~/domain/text cleanText): every form action reads its form here, so no field is missed.
 * Passwords are kept exactly as typed (they are compared, never shown); files as they came.
 */
export function cleanForm(form: FormData): FormData {
  const clean = new FormData();
  for (const [name, value] of form) {
    clean.append(name, typeof value === "string" && !/password/i.test(name) ? cleanText(value) : value);
  }
  return clean;
}
