import type { ComponentProps, ReactNode } from "react";
import { InputField, inputClass } from "~/components/ui/field";
import { cn } from "~/utils/cn";
import { useNavigation } from "react-router";

/** The error of a whole form (not of one field), read out when it appears. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
      {message}
    </p>
  );
}

/** A field of the sign-in forms: named as its id, required, its text large enough that phones do not zoom in. */
export function SignInField(props: Omit<ComponentProps<typeof InputField>, "id"> & { name: string }) {
  return <InputField id={props.name} required baseClassName={cn(inputClass, "text-base")} {...props} />;
}

/** The full-width submit button of the sign-in forms: disabled and relabelled while the form is sent. */
export function SubmitButton({ pendingLabel, children }: { pendingLabel: string; children: ReactNode }) {
  const submitting = useNavigation().state === "submitting";
  return (
    <button
      type="submit"
      disabled={submitting}
      className="w-full rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
    >
      {submitting ? pendingLabel : children}
    </button>
  );
}
