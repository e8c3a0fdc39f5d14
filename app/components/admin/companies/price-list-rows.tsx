import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { InlineForm } from "~/components/ui/inline-form";
import { Field, InputField, Select } from "~/components/ui/field";
import { fieldAria } from "~/components/ui/field-error";
import { TD, TH, THead, TR, Table } from "~/components/ui/table";
import type { PriceListRow, PriceListRowKind } from "~/models/admin-price-lists.server";

export type PriceListAnswer = { intent: string; errors: Record<string, string>; values: Record<string, string> };

/** One part of a group's price list: its rows, each with "Quitar", and the form that adds one. */
export function PriceListSection({
  title,
  kind,
  rows,
  empty,
  children,
}: {
  title: string;
  kind: PriceListRowKind;
  rows: PriceListRow[];
  empty: string;
  children: ReactNode;
}) {
  const id = `price-list-${kind}`;
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <Table>
          <caption className="sr-only">{title}</caption>
          <THead>
            <tr>
              <TH>Para</TH>
              <TH>Precio</TH>
              <TH>Acciones</TH>
            </tr>
          </THead>
          <tbody>
            {rows.map((row) => (
              <TR key={row.id}>
                <TD>{row.target}</TD>
                <TD className="tabular-nums">{row.value}</TD>
                <TD>
                  <Form method="post">
                    <input type="hidden" name="intent" value={`${kind}-remove`} />
                    <input type="hidden" name="rowId" value={row.id} />
                    <Button type="submit" variant="ghost" size="sm" aria-label={`Quitar ${row.target}`}>
                      Quitar
                    </Button>
                  </Form>
                </TD>
              </TR>
            ))}
          </tbody>
        </Table>
      )}
      {children}
    </section>
  );
}

/** The form that adds a row: its fields, the form-wide error and the submit button. */
export function AddRowForm({
  intent,
  answer,
  label,
  children,
}: {
  intent: string;
  answer: PriceListAnswer | undefined;
  label: string;
  children: ReactNode;
}) {
  const mine = answer?.intent === intent ? answer : undefined;
  return (
    <InlineForm intent={intent} answer={mine} label={label} className="grid gap-3 sm:grid-cols-4 sm:items-start">
      {children}
    </InlineForm>
  );
}

/** Percentage off or fixed unit price, and the value: the two fields every row with a price has. */
export function PriceValueFields({ prefix, answer }: { prefix: string; answer: PriceListAnswer | undefined }) {
  const mine = answer?.intent === `${prefix}-add` ? answer : undefined;
  const errors = mine?.errors ?? {};
  return (
    <>
      <Field id={`${prefix}-kind`} label="Tipo" error={errors.kind}>
        <Select
          id={`${prefix}-kind`}
          name="kind"
          defaultValue={mine?.values.kind ?? "percent"}
          {...fieldAria(`${prefix}-kind`, errors.kind)}
        >
          <option value="percent">Porcentaje de descuento (%)</option>
          <option value="fixed">Precio fijo por unidad ($)</option>
        </Select>
      </Field>
      <InputField
        id={`${prefix}-value`}
        label="Valor"
        name="value"
        inputMode="decimal"
        error={errors.value}
        defaultValue={mine?.values.value ?? ""}
      />
    </>
  );
}
