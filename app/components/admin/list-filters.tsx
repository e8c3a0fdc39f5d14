import type { ComponentProps, ReactNode } from "react";
import { Form, useSubmit } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Field, Select } from "~/components/ui/field";

/** An admin list's filters: a GET form kept in the URL; without JavaScript, "Filtrar" submits it. */
export function ListFilters({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  return (
    <Form method="get" aria-label={label} className={className}>
      {children}
      <noscript>
        <button type="submit" className={buttonVariants({ variant: "outline" })}>
          Filtrar
        </button>
      </noscript>
    </Form>
  );
}

/** One filter: a labelled select that reloads the list as soon as it changes. */
export function FilterSelect({
  id,
  label,
  className,
  ...select
}: Omit<ComponentProps<"select">, "id" | "onChange"> & { id: string; label: string }) {
  const submit = useSubmit();
  return (
    <Field id={id} label={label} className={className}>
      <Select id={id} onChange={(event) => submit(event.currentTarget.form)} {...select} />
    </Field>
  );
}
