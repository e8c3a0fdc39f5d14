import { Check, Pencil, X } from "lucide-react";
import { useActionResult } from "~/components/use-action-result";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import type { OrderEditableField } from "~/schemas/admin";
import type { ToastInput } from "~/schemas/toast";
import { cn } from "~/utils/cn";

/** What the orders action answers to a status change or a field edit. */
export type OrderActionData = { ok: boolean; message?: string; toast: ToastInput };

type EditableFieldProps = {
  orderId: string;
  field: OrderEditableField;
  label: string;
  /** The value as shown. */
  display: string | null;
  /** The text the editor starts with (the address as JSON). */
  initial: string;
  multiline?: boolean;
  inputType?: "text" | "email" | "tel";
  hint?: string;
  /** A choice from a list instead of free text ("" is offered as "Sin elegir"). */
  options?: readonly string[];
};

/**
 * One order field with inline edit: Editar opens an input with Confirmar and Cancelar; the
 * value is saved on its own. On error the editor stays open with what was typed.
 */
export function EditableField({
  orderId,
  field,
  label,
  display,
  initial,
  multiline,
  inputType = "text",
  hint,
  options,
}: EditableFieldProps) {
  const fetcher = useFetcher<OrderActionData>();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement & HTMLTextAreaElement & HTMLSelectElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const saving = fetcher.state !== "idle";

  useEffect(() => {
    if (editing) inputRef.current?.focus();
  }, [editing]);

  useActionResult(fetcher.data, fetcher.state, (answered) => {
    if (answered.ok) {
      setEditing(false);
      setError(null);
      requestAnimationFrame(() => editButton.current?.focus());
    } else {
      setError(answered.message ?? answered.toast.title);
      inputRef.current?.focus();
    }
  });

  const cancel = () => {
    setEditing(false);
    setError(null);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const inputId = `${id}-input`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  if (!editing) {
    return (
      <div className="relative py-1.5 pr-10">
        <dt className="text-xs font-medium text-slate-500">{label}</dt>
        <dd className="break-words whitespace-pre-line text-sm text-slate-900">
          {display || "—"}
          <Button
            ref={editButton}
            variant="ghost"
            size="icon-sm"
            aria-label={`Editar ${label}`}
            className="absolute top-1.5 right-0"
            onClick={() => {
              setDraft(initial);
              setEditing(true);
            }}
          >
            <Pencil aria-hidden className="size-4" />
          </Button>
        </dd>
      </div>
    );
  }

  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  const control = {
    id: inputId,
    name: "value",
    value: draft,
    onChange: (event: { currentTarget: { value: string } }) => setDraft(event.currentTarget.value),
    onKeyDown: (event: React.KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        cancel();
      }
    },
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    className: cn(inputClass, multiline && "min-h-24 font-mono text-xs"),
  };

  return (
    <div className="py-1.5">
      <dt>
        <label htmlFor={inputId} className="text-xs font-medium text-slate-500">
          {label}
        </label>
      </dt>
      <dd>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="update-field" />
          <input type="hidden" name="orderId" value={orderId} />
          <input type="hidden" name="field" value={field} />
          <div className="mt-1 flex items-start gap-1">
            {options ? (
              <select ref={inputRef} {...control}>
                <option value="">Sin elegir</option>
                {/* A value no longer in the list stays choosable, so opening the editor changes nothing. */}
                {(initial && !options.includes(initial) ? [initial, ...options] : options).map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : multiline ? (
              <textarea ref={inputRef} rows={field === "address" ? 6 : 3} {...control} />
            ) : (
              <input ref={inputRef} type={inputType} {...control} />
            )}
            <Button type="submit" size="icon-sm" aria-label={`Confirmar ${label}`} disabled={saving} className="mt-0.5">
              <Check aria-hidden className="size-4" />
            </Button>
            <Button
              variant="outline"
              size="icon-sm"
              aria-label={`Cancelar edición de ${label}`}
              onClick={cancel}
              disabled={saving}
              className="mt-0.5"
            >
              <X aria-hidden className="size-4" />
            </Button>
          </div>
          {hint ? (
            <p id={hintId} className="mt-1 text-xs text-slate-500">
              {hint}
            </p>
          ) : null}
          {error ? (
            <p id={errorId} className="mt-1 text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </fetcher.Form>
      </dd>
    </div>
  );
}
