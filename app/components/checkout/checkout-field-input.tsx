import type { HTMLInputAutoCompleteAttribute } from "react";
import { FIELD_MAX_LENGTH } from "~/domain/checkout-field-length";
import type { CheckoutField } from "~/domain/settings";
import { checkoutFieldInputName } from "~/schemas/form-limits";
import { clsx } from "clsx";
import { FieldError, fieldAria } from "~/components/ui/field-error";
import { Options } from "~/components/ui/options";

export const controlClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-600";

// Browsers fill these from the shopper's saved addresses.
const AUTOCOMPLETE: Record<string, HTMLInputAutoCompleteAttribute> = {
  first_name: "given-name",
  last_name: "family-name",
  email: "email",
  phone: "tel",
  company: "organization",
  address: "street-address",
  city: "address-level2",
  state: "address-level1",
  zip: "postal-code",
};

/** One billing or shipping field configured in settings (checkout_fields), with its server error. */
export function CheckoutFieldInput({
  field,
  defaultValue,
  error,
}: {
  field: CheckoutField;
  defaultValue?: string;
  error?: string;
}) {
  const id = `checkout-${field.name}`;
  const type = field.name === "email" ? "email" : field.type;
  const common = {
    id,
    name: checkoutFieldInputName(field.name),
    required: field.required,
    maxLength: FIELD_MAX_LENGTH[type],
    defaultValue: defaultValue ?? "",
    ...fieldAria(id, error),
    className: controlClass,
  };
  return (
    <div className={clsx(type === "textarea" && "sm:col-span-2")}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {field.label}
        {field.required || /opcional/i.test(field.label) ? null : (
          <span className="font-normal text-slate-600"> (opcional)</span>
        )}
      </label>
      {type === "textarea" ? (
        <textarea rows={3} {...common} />
      ) : (
        <input
          type={type === "number" ? "text" : type}
          inputMode={type === "number" ? "decimal" : type === "tel" ? "tel" : type === "email" ? "email" : undefined}
          autoComplete={AUTOCOMPLETE[field.name] ?? "off"}
          {...common}
        />
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A required choice drawn as the checkout's fields are: a label and a select of `options`. */
export function CheckoutSelect({
  id,
  label,
  name,
  options,
}: {
  id: string;
  label: string;
  name: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} name={name} required className={controlClass}>
        <Options options={options} />
      </select>
    </div>
  );
}
