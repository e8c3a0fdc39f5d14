import { data } from "react-router";
import type { z } from "zod";
import { type fieldErrors, parseFields, type ParsedForm } from "~/domain/field-errors";
import { cleanText } from "~/domain/text";
import { HONEYPOT_FIELD } from "~/schemas/form-limits";

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

/** How `parseForm` reads a form: `lists`, names read as lists of their text values (checked `ids`); `keyOf`, the error key. */
export type ParseFormOptions = { lists?: readonly string[]; keyOf?: Parameters<typeof fieldErrors>[1] };

/**
 * The one way an action validates its form (ADR 0016, Forms): the form read by `readForm` (text
 * cleaned) parsed by the route's schema, giving the values the model takes or the field errors
 * (first message of each field; `keyOf` picks the key, the field name by default).
 * A repeated name keeps its last value unless it is named in `lists` (then it is every text value, in order).
 */
export function parseForm<S extends z.ZodType>(
  schema: S,
  form: FormData,
  { lists = [], keyOf }: ParseFormOptions = {},
): ParsedForm<z.output<S>> {
  const input: Record<string, unknown> = Object.fromEntries(form);
  for (const name of lists) input[name] = form.getAll(name).filter((v) => typeof v === "string");
  return parseFields(schema, input, keyOf);
}

/** The form's text values by name (files left out): what an answer echoes back into the fields. */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") values[name] = value;
  return values;
}

/**
 * The named fields' text as typed, each cut to `max` characters and "" when not sent: what an
 * answer echoes back so nothing typed is lost (never a password).
 */
export function echoFields<F extends string>(form: FormData, fields: readonly F[], max: number): Record<F, string> {
  const values = {} as Record<F, string>;
  for (const field of fields) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value.slice(0, max) : "";
  }
  return values;
}

/** Whether a bot filled the public form's hidden honeypot field (people leave it empty). */
export function filledByBot(form: FormData): boolean {
  return (formValues(form)[HONEYPOT_FIELD] ?? "").trim() !== "";
}
