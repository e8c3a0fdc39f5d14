import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonVariants } from "./button";
import { FormError } from "./field";

// Small posted forms of the back office and Mi Cuenta: a row of fields with one button ("Crear
// grupo", "Agregar"), and the "Guardar / Cancelar" pair at the foot of a longer form.

/** What an action answers a form it refused: the message per field and the text typed. */
export type FormAnswer = { errors: Record<string, string>; values: Record<string, string> };

/** An InputField's id, name, error and value: the text typed, else `fallback` (the saved value). */
export function answerField(answer: FormAnswer | undefined, idPrefix: string, name: string, fallback = "") {
  return {
    id: `${idPrefix}-${name}`,
    name,
    error: answer?.errors[name],
    defaultValue: answer?.values[name] ?? fallback,
  };
}

/** A one-row form posting `intent`: the form-wide error, its fields, and the submit button. */
export function InlineForm({
  intent,
  answer,
  label,
  hidden = {},
  className = "flex flex-col gap-3 sm:flex-row sm:items-start",
  fetcher,
  action,
  children,
}: {
  intent: string;
  answer: FormAnswer | undefined;
  label: string;
  /** More hidden values the action reads (a company's id). */
  hidden?: Record<string, string>;
  className?: string;
  /** Posts through this fetcher (the page stays as it is) instead of navigating. */
  fetcher?: { Form: typeof Form; state: string };
  action?: string;
  children: ReactNode;
}) {
  const navigating = useNavigation().state === "submitting";
  const saving = fetcher ? fetcher.state !== "idle" : navigating;
  const PostForm = fetcher?.Form ?? Form;
  return (
    <PostForm method="post" action={action} noValidate className={className}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormError error={answer?.errors.form} className="sm:col-span-full" />
      {children}
      <Button type="submit" variant="outline" disabled={saving} className="sm:mt-6">
        {label}
      </Button>
    </PostForm>
  );
}

/** The foot of a form: its submit button ("Guardando…" while it posts) and "Cancelar". */
export function SaveOrCancel({ label, pending, cancelTo }: { label: string; pending: string; cancelTo: string }) {
  const saving = useNavigation().state === "submitting";
  return (
    <div className="flex gap-2 sm:col-span-2">
      <Button type="submit" disabled={saving}>
        {saving ? pending : label}
      </Button>
      <Link to={cancelTo} className={buttonVariants({ variant: "ghost" })} preventScrollReset>
        Cancelar
      </Link>
    </div>
  );
}
