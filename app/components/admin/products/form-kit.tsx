import { Plus, Trash2 } from "lucide-react";
import type { ChangeEvent, ReactNode } from "react";
import { Button } from "~/components/ui/button";
import type { ProductFormValues } from "~/schemas/product-form-state";
import type { FieldErrors } from "~/domain/field-errors";

// Small pieces shared by the product dialog's tabs and the products screen.

export type TabProps = {
  values: ProductFormValues;
  update: (change: (values: ProductFormValues) => ProductFormValues) => void;
  errors: FieldErrors;
};

/** The fields of the form that hold any text as typed (not a choice among a few values, such as the status). */
type TextKey = {
  [K in keyof ProductFormValues]: ProductFormValues[K] extends string
    ? string extends ProductFormValues[K]
      ? K
      : never
    : never;
}[keyof ProductFormValues];

/** A control bound to the text field `key`: its value, its error and the change that sets it. */
export function bindText({ values, update, errors }: TabProps, key: TextKey) {
  return {
    value: values[key],
    error: errors[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      update((v) => ({ ...v, [key]: e.target.value })),
  };
}

/** Sets one meta field immutably. */
export function setMeta<K extends keyof ProductFormValues["meta"]>(key: K, value: ProductFormValues["meta"][K]) {
  return (v: ProductFormValues): ProductFormValues => ({ ...v, meta: { ...v.meta, [key]: value } });
}

/** Replaces item `index` of a list. */
export function replaceAt<T>(list: T[], index: number, item: T): T[] {
  return list.map((x, i) => (i === index ? item : x));
}

export function removeAt<T>(list: T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

type Meta = ProductFormValues["meta"];
type ListKey = { [K in keyof Meta]: Meta[K] extends unknown[] ? K : never }[keyof Meta];

/** One list of the product's meta as a tab edits it: its rows and the changes a row makes. */
export function metaList<K extends ListKey>({ values, update }: Pick<TabProps, "values" | "update">, key: K) {
  type Row = Meta[K][number];
  const rows = values.meta[key] as Row[];
  const set = (next: Row[]) => update(setMeta(key, next as Meta[K]));
  return {
    rows,
    replace: (index: number, row: Row) => set(replaceAt(rows, index, row)),
    remove: (index: number) => set(removeAt(rows, index)),
    add: (row: Row) => set([...rows, row]),
  };
}

export function AddButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <Button variant="outline" size="sm" onClick={onClick}>
      <Plus aria-hidden className="size-4" />
      {children}
    </Button>
  );
}

export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="text-red-700 hover:bg-red-50 hover:text-red-800"
    >
      <Trash2 aria-hidden className="size-4" />
    </Button>
  );
}

/** One row of a meta list (a plan, an option, a review): its fields side by side, the last column for RemoveButton. */
export function MetaRow({ fields, children }: { fields: ReactNode; children?: ReactNode }) {
  return (
    <li className="rounded-md bg-slate-50 p-3">
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end">{fields}</div>
      {children}
    </li>
  );
}

export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-md border border-dashed border-slate-300 p-4 text-center text-sm text-slate-500">
      {children}
    </p>
  );
}
