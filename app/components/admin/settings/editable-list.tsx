import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { type ReactNode, useCallback, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input, Select, Textarea } from "~/components/ui/field";
import { fieldAria } from "~/components/ui/field-error";
import type { SettingKey } from "~/domain/settings";
import { SettingsCard } from "./settings-card";

type Keyed<T> = T & { uid: number };

/**
 * A list edited in the browser before it is saved: rows can be changed, added, removed and
 * moved. Each row gets a stable key so React keeps focus and typed text where they belong.
 */
export function useEditableList<T extends object>(initial: () => T[]) {
  const next = useRef(0);
  const withKeys = useCallback((items: T[]): Keyed<T>[] => items.map((item) => ({ ...item, uid: next.current++ })), []);
  const [rows, setRows] = useState<Keyed<T>[]>(() => withKeys(initial()));
  // Bumped on add, remove and move: errors keyed by row index no longer apply after those.
  const [shapeVersion, setShapeVersion] = useState(0);
  const reshape = () => setShapeVersion((v) => v + 1);

  return {
    rows,
    shapeVersion,
    update: (index: number, patch: Partial<T>) =>
      setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row))),
    add: (item: T) => {
      setRows((current) => [...current, ...withKeys([item])]);
      reshape();
    },
    remove: (index: number) => {
      setRows((current) => current.filter((_, i) => i !== index));
      reshape();
    },
    move: (index: number, by: -1 | 1, renumber?: (row: Keyed<T>, position: number) => Keyed<T>) => {
      setRows((current) => {
        const target = index + by;
        if (target < 0 || target >= current.length) return current;
        const moved = [...current];
        [moved[index], moved[target]] = [moved[target]!, moved[index]!];
        return renumber ? moved.map((row, i) => renumber(row, i + 1)) : moved;
      });
      reshape();
    },
    reset: (items: T[]) => {
      setRows(withKeys(items));
      reshape();
    },
  };
}

const MOVES = [
  { by: -1, word: "Subir", Icon: ArrowUp },
  { by: 1, word: "Bajar", Icon: ArrowDown },
] as const;

/** Subir, Bajar and Eliminar for one row, named after it for screen readers. */
export function RowActions({
  index,
  count,
  itemLabel,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  itemLabel: string;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <div className="flex gap-1">
      {MOVES.map(({ by, word, Icon }) => (
        <Button
          key={word}
          variant="ghost"
          size="icon-sm"
          aria-label={`${word} ${itemLabel}`}
          disabled={by === -1 ? index === 0 : index === count - 1}
          onClick={() => onMove(by)}
        >
          <Icon aria-hidden className="size-4" />
        </Button>
      ))}
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={`Eliminar ${itemLabel}`}
        className="text-red-700 hover:bg-red-50 hover:text-red-800"
        onClick={onRemove}
      >
        <Trash2 aria-hidden className="size-4" />
      </Button>
    </div>
  );
}

/** A small visible label with its input, and the input's error linked to it. */
export function RowField({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        {label}
      </label>
      <div className="mt-1">{children}</div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export type EditableList<T extends object> = ReturnType<typeof useEditableList<T>>;

/** What a row's fields need: their posted names (`rows.N.field`), ids and errors, and labelled controls. */
export type RowHelpers<T extends object> = {
  base: string;
  fieldId: (name: string) => string;
  error: (name: string) => string | undefined;
  /** Changes the row (for controls the helpers below do not draw). */
  update: (patch: Partial<T>) => void;
  /** A labelled text input (or textarea) bound to the row's `name`, posted as `rows.N.name`. */
  text: (
    name: keyof T & string,
    label: string,
    props?: {
      multiline?: boolean;
      inputMode?: "decimal" | "numeric";
      placeholder?: string;
      className?: string;
      autoComplete?: string;
      spellCheck?: boolean;
    },
  ) => ReactNode;
  /** A labelled select bound to the row's `name`: one option per value, shown by its label. */
  select: (
    name: keyof T & string,
    label: string,
    values: readonly string[],
    labels: Record<string, string>,
  ) => ReactNode;
};

/**
 * The rows of a list setting (payment methods, shipping methods): one fieldset per row with its
 * fields, Subir / Bajar / Eliminar, and the "Agregar" button below.
 */
export function EditableRows<T extends object>({
  list,
  errors,
  legend,
  itemLabel,
  fieldsetClassName,
  addLabel,
  newRow,
  renumber,
  empty,
  children,
}: {
  list: EditableList<T>;
  errors: Record<string, string>;
  /** Read by screen readers before the row's number: "Método de pago 2". */
  legend: string;
  /** How Subir / Bajar / Eliminar name the row: "el método de pago transferencia". */
  itemLabel: (row: T, index: number) => string;
  fieldsetClassName: string;
  addLabel: string;
  /** A new row, given how many there are. */
  newRow: (count: number) => T;
  /** Gives a moved row its new position (1 for the first), for lists that store one. */
  renumber?: (row: T, position: number) => T;
  /** What the card says while the list has no rows. */
  empty?: string;
  children: (row: T, index: number, helpers: RowHelpers<T>) => ReactNode;
}) {
  const id = useId();
  return (
    <>
      {empty && list.rows.length === 0 ? <p className="text-sm text-slate-600">{empty}</p> : null}
      <ol className="space-y-3">
        {list.rows.map((row, index) => {
          const base = `rows.${index}`;
          const fieldId = (name: string) => `${id}-${row.uid}-${name}`;
          const error = (name: string) => errors[`${base}.${name}`];
          const update = (patch: Partial<T>) => list.update(index, patch);
          const select: RowHelpers<T>["select"] = (name, label, values, labels) => (
            <RowField id={fieldId(name)} label={label} error={error(name)}>
              <Select
                id={fieldId(name)}
                name={`${base}.${name}`}
                value={String(row[name] ?? "")}
                onChange={(e) => update({ [name]: e.currentTarget.value } as Partial<T>)}
                {...fieldAria(fieldId(name), error(name))}
              >
                {values.map((value) => (
                  <option key={value} value={value}>
                    {labels[value]}
                  </option>
                ))}
              </Select>
            </RowField>
          );
          const text: RowHelpers<T>["text"] = (name, label, { multiline, ...props } = {}) => {
            const common = {
              id: fieldId(name),
              name: `${base}.${name}`,
              value: String(row[name] ?? ""),
              ...props,
              ...fieldAria(fieldId(name), error(name)),
            };
            return (
              <RowField id={fieldId(name)} label={label} error={error(name)}>
                {multiline ? (
                  <Textarea
                    rows={2}
                    {...common}
                    onChange={(e) => update({ [name]: e.currentTarget.value } as Partial<T>)}
                  />
                ) : (
                  <Input {...common} onChange={(e) => update({ [name]: e.currentTarget.value } as Partial<T>)} />
                )}
              </RowField>
            );
          };
          return (
            <li key={row.uid} className="rounded-lg border border-slate-200 p-3">
              <fieldset className={fieldsetClassName}>
                <legend className="sr-only">
                  {legend} {index + 1}
                </legend>
                {children(row, index, { base, fieldId, error, update, text, select })}
                <div className="sm:mt-5">
                  <RowActions
                    index={index}
                    count={list.rows.length}
                    itemLabel={itemLabel(row, index)}
                    onMove={(by) =>
                      list.move(
                        index,
                        by,
                        renumber ? (r, position) => ({ ...renumber(r, position), uid: r.uid }) : undefined,
                      )
                    }
                    onRemove={() => list.remove(index)}
                  />
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <Button variant="outline" className="mt-3" onClick={() => list.add(newRow(list.rows.length))}>
        <Plus aria-hidden className="size-4" /> {addLabel}
      </Button>
    </>
  );
}

/**
 * A settings card whose value is a list (payment methods, shipping methods, carriers, checkout
 * fields): its rows edited with EditableRows, and back to `initial()` (the saved value) after a save.
 */
export function ListSettingsCard<T extends object>({
  settingKey,
  title,
  description,
  initial,
  ...rows
}: {
  settingKey: SettingKey;
  title: string;
  description: ReactNode;
  initial: () => T[];
} & Omit<Parameters<typeof EditableRows<T>>[0], "list" | "errors">) {
  const list = useEditableList<T>(initial);
  return (
    <SettingsCard
      settingKey={settingKey}
      title={title}
      description={description}
      shapeVersion={list.shapeVersion}
      onSaved={() => list.reset(initial())}
    >
      {(errors) => <EditableRows list={list} errors={errors} {...rows} />}
    </SettingsCard>
  );
}
