import type { z } from "zod";

// The one way a form's Zod issues become the messages shown beside its fields: the first issue
// of each field wins; an issue that belongs to no field is keyed "form".

export type FieldErrors = Record<string, string>;
type IssuePath = readonly PropertyKey[];

/** The field a flat form's issue belongs to: its first path segment ("email"). */
export const fieldName = (path: IssuePath): string => String(path[0] ?? "form");

/** A nested form's key: the whole dotted path ("meta.option_groups.0.title"). */
export const dottedPath = (path: IssuePath): string => path.map(String).join(".") || "form";

/** Zod issues keyed by `keyOf(path)` (the field name by default); the first message of each wins. */
export function fieldErrors(error: z.ZodError, keyOf: (path: IssuePath) => string = fieldName): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) errors[keyOf(issue.path)] ??= issue.message;
  return errors;
}

/** Values that passed their schema, or the messages to show beside the fields. */
export type ParsedForm<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/**
 * Parses what a form sent, already shaped for its schema (a flat form: `parseForm` in
 * ~/utils/request.server; rows and groups: the settings cards), into the values or the field errors.
 */
export function parseFields<S extends z.ZodType>(
  schema: S,
  input: unknown,
  keyOf?: (path: IssuePath) => string,
): ParsedForm<z.output<S>> {
  const parsed = schema.safeParse(input);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: fieldErrors(parsed.error, keyOf) };
}
