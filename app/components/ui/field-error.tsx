// A field's error message and the control's link to it: the one piece of the field kit that forms
// drawing their own controls need (the checkout's), apart so they do not load the rest.

/** The message under control `id` while there is one: `fieldAria(id, error)` points the control at it. */
export function FieldError({ id, error }: { id: string; error?: string | null }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  );
}

/** The control's side of the link: invalid and described by the message while there is one. */
export function fieldAria(id: string, error?: string | null) {
  return { "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined } as const;
}
