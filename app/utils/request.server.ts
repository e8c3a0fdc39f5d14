import { data } from "react-router";

// Reading a request body that a client may have sent wrong (another content type, a broken
// multipart body): the action answers 400 instead of failing with a 500.

export const INVALID_REQUEST = "La solicitud no es válida.";

/**
 * The submitted form, or a thrown 400 when the body is not a readable form or a value holds a
 * NUL character (PostgreSQL text cannot store one: it would fail as a database error).
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
  return form;
}
