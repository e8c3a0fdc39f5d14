import { type ReactNode, createContext, useContext, useId, useRef, useSyncExternalStore } from "react";
import { Form, useActionData, useFormAction, useNavigation } from "react-router";
import { useActionResult } from "~/components/use-action-result";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import type { EnquiryResult, EnquiryValues } from "~/schemas/contact";
import { clsx } from "clsx";
import { HoneypotField } from "./honeypot-field";
import type { FieldErrors } from "~/domain/field-errors";

type EnquiryFormState = { idPrefix: string; errors: FieldErrors; values: EnquiryValues };

const EnquiryFormContext = createContext<EnquiryFormState | null>(null);

/** The errors and submitted values of the surrounding <EnquiryForm>, for its fields. */
export function useEnquiryForm(): EnquiryFormState {
  const state = useContext(EnquiryFormContext);
  if (!state) throw new Error("useEnquiryForm must be used inside <EnquiryForm>");
  return state;
}

/**
 * The one pattern of the enquiry forms: a plain POST to the route's action (works without
 * JavaScript), server field errors shown inline with the typed values kept, the result as a
 * toast and a failure also as a note by the button, and the fields cleared after a successful
 * submission. The success is said once: by the toast, or without JavaScript (no toast) by the note.
 */
export function EnquiryForm({
  action,
  submitLabel,
  pendingLabel = "Enviando...",
  hasOptionalFields = false,
  className,
  children,
}: {
  /** Where to post; defaults to the route that renders the form. */
  action?: string;
  submitLabel: string;
  pendingLabel?: string;
  hasOptionalFields?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const result = useActionData<EnquiryResult>();
  const navigation = useNavigation();
  const resolvedAction = useFormAction(action);
  const idPrefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useSyncExternalStore(subscribeNever, isClient, isServer);

  const submitting = navigation.state === "submitting" && samePath(navigation.formAction ?? "", resolvedAction);
  const failed = result && !result.ok ? result : undefined;
  const errors = failed?.errors ?? {};

  useActionResult(result, navigation.state, (result) => {
    // Take keyboard and screen reader users to the first field to fix.
    const invalid = result.ok ? null : formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']");
    if (invalid) {
      // Centred, so the sticky header does not cover it.
      invalid.focus({ preventScroll: true });
      invalid.scrollIntoView({ block: "center" });
    }
  });

  return (
    <Form
      ref={formRef}
      method="post"
      action={action}
      noValidate
      // A new key after each success mounts empty fields.
      key={result?.ok ? result.toast.id : "enquiry"}
      className={clsx("grid gap-4 sm:grid-cols-2", className)}
    >
      <p className="text-sm text-slate-600 sm:col-span-2">
        {hasOptionalFields
          ? "Todos los campos son obligatorios, salvo los indicados como opcionales."
          : "Todos los campos son obligatorios."}
      </p>
      <EnquiryFormContext value={{ idPrefix, errors, values: failed?.values ?? {} }}>{children}</EnquiryFormContext>
      <HoneypotField />
      {result?.ok ? (
        hydrated ? null : (
          <Note tone="success" title={result.toast.title} text={result.toast.description} />
        )
      ) : errors.form ? (
        <Note tone="error" title={result?.toast.title} text={errors.form} />
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
          {submitting ? pendingLabel : submitLabel}
        </Button>
      </div>
    </Form>
  );
}

function Note({ tone, title, text }: { tone: "success" | "error"; title?: string; text?: string }) {
  return (
    <div
      className={clsx(
        "flex gap-3 rounded-md border p-3 text-sm sm:col-span-2",
        tone === "success" ? "border-green-200 bg-green-50 text-green-900" : "border-red-200 bg-red-50 text-red-800",
      )}
    >
      <Icon name={tone === "success" ? "circle-check" : "circle-exclamation-point"} className="mt-0.5 size-4" />
      <p>
        {title ? <strong className="block font-semibold">{title}</strong> : null}
        {text}
      </p>
    </div>
  );
}

/** Whether the page runs in the browser (false while it is rendered on the server and hydrated). */
const subscribeNever = () => () => {};
const isClient = () => true;
const isServer = () => false;

function samePath(a: string, b: string): boolean {
  const base = "http://vitec.local";
  return new URL(a, base).pathname === new URL(b, base).pathname;
}
