import type { ComponentProps, ReactNode } from "react";
import { clsx } from "clsx";
import { FieldError, fieldAria } from "./field-error";

/**
 * The look of every text control. A control's `className` is added to it (plain joining, no
 * tailwind-merge: the storefront's forms load this module); to change its width, background or
 * text size, pass `baseClassName={cn(inputClass, "w-28")}` in its place.
 */
export const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600";

/**
 * The one field kit (docs/forms.md): a label, a control, a hint and the error message. The control
 * links itself to the message with `fieldAria(id, error)` (aria-invalid, aria-describedby).
 */
export function Field({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1">{children}</div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The form-wide error (`errors.form`, not tied to one field) while there is one. */
export function FormError({ error, className }: { error?: string | null; className?: string }) {
  if (!error) return null;
  return (
    <p role="alert" className={clsx("text-sm text-red-700", className)}>
      {error}
    </p>
  );
}

/** The props of an input for an amount typed the Argentine way ("1.234,50"): text, a decimal keypad, no autofill. */
export const decimalInput = { type: "text", inputMode: "decimal", autoComplete: "off" } as const;

/** A `Field` whose control is an `Input`, linked to its error: the common case of a form field. */
export function InputField({
  id,
  label,
  error,
  hint,
  className,
  inputClassName,
  ...input
}: Omit<ComponentProps<"input">, "id"> &
  BaseClass & {
    id: string;
    label: ReactNode;
    error?: string;
    hint?: ReactNode;
    /** Classes added to the input's (`className` is the field's). */
    inputClassName?: string;
  }) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <Input id={id} {...fieldAria(id, error)} {...input} className={inputClassName} />
    </Field>
  );
}

/** What a field takes besides its control's own props (`className` is the field's). */
type FieldProps = { id: string; label: ReactNode; error?: string; hint?: ReactNode; className?: string };

/** A field kit around `Control`: a `Field` whose control is linked to its error. */
function fieldOf<C extends "textarea" | "select">(Control: (props: ComponentProps<C>) => ReactNode) {
  return function ControlField({
    id,
    label,
    error,
    hint,
    className,
    ...control
  }: Omit<ComponentProps<C>, "id" | "className"> & FieldProps) {
    return (
      <Field id={id} label={label} error={error} hint={hint} className={className}>
        <Control id={id} {...fieldAria(id, error)} {...(control as ComponentProps<C>)} />
      </Field>
    );
  };
}

/** A `Field` whose control is a `Textarea`, linked to its error. */
export const TextareaField = fieldOf<"textarea">(Textarea);

/** A `Field` whose control is a `Select`, linked to its error; `children` are its options. */
export const SelectField = fieldOf<"select">(Select);

/** The classes in place of `inputClass`, for a control that overrides part of it (see `inputClass`). */
type BaseClass = { baseClassName?: string };

export function Input({ baseClassName = inputClass, className, ...props }: ComponentProps<"input"> & BaseClass) {
  return <input className={clsx(baseClassName, className)} {...props} />;
}

export function Textarea({ baseClassName = inputClass, className, ...props }: ComponentProps<"textarea"> & BaseClass) {
  return <textarea className={clsx(baseClassName, className)} {...props} />;
}

export function Select({ baseClassName = inputClass, className, ...props }: ComponentProps<"select"> & BaseClass) {
  return <select className={clsx(baseClassName, className)} {...props} />;
}
