import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute } from "react";
import { clsx } from "clsx";
import { Field } from "~/components/ui/field";
import { fieldAria } from "~/components/ui/field-error";
import { useEnquiryForm } from "./enquiry-form";

const controlClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-600";

/** One labelled input or textarea of an <EnquiryForm>, with its server error and kept value. */
export function FormField({
  name,
  label,
  type = "text",
  multiline = false,
  optional = false,
  autoComplete,
  inputMode,
  maxLength,
  placeholder,
  className,
}: {
  name: string;
  label: string;
  type?: HTMLInputTypeAttribute;
  multiline?: boolean;
  optional?: boolean;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  inputMode?: "text" | "email" | "tel";
  maxLength?: number;
  placeholder?: string;
  className?: string;
}) {
  const { idPrefix, errors, values } = useEnquiryForm();
  const id = `${idPrefix}-${name}`;
  const error = errors[name];
  const common = {
    id,
    name,
    required: !optional,
    maxLength,
    placeholder,
    defaultValue: values[name] ?? "",
    ...fieldAria(id, error),
    className: controlClass,
  };
  return (
    <Field
      id={id}
      error={error}
      className={clsx(multiline && "sm:col-span-2", className)}
      label={
        <>
          {label}
          {optional ? <span className="font-normal text-slate-600"> (opcional)</span> : null}
        </>
      }
    >
      {multiline ? (
        <textarea rows={5} {...common} />
      ) : (
        <input type={type} autoComplete={autoComplete} inputMode={inputMode} {...common} />
      )}
    </Field>
  );
}
