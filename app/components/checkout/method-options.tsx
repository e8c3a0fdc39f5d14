import type { ReactNode } from "react";
import { clsx } from "clsx";

export type MethodOption = { value: string; label: ReactNode; detail?: ReactNode };

/** A radio group (shipping or payment method, a carrier's branch) as a fieldset with its legend. */
export function MethodOptions({
  legend,
  name,
  options,
  value,
  onChange,
  error,
  children,
}: {
  legend: string;
  name: string;
  options: MethodOption[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Shown under the options (instructions of the chosen method). */
  children?: ReactNode;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4 sm:p-5" aria-describedby={error ? errorId : undefined}>
      <legend className="px-1 text-lg font-semibold text-slate-900">{legend}</legend>
      <div className="mt-2 grid gap-2">
        {options.map((option) => {
          const id = `${name}-${option.value}`.replace(/\s+/g, "-");
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className={clsx(
                "flex cursor-pointer items-center gap-3 rounded-md border px-3 py-3 text-sm",
                checked ? "border-brand-600 bg-brand-50" : "border-slate-300 hover:border-brand-600",
              )}
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                className="size-4 accent-brand-600"
              />
              <span className="flex-1 font-medium text-slate-900">{option.label}</span>
              {option.detail ? <span className="text-slate-700 tabular-nums">{option.detail}</span> : null}
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {children}
    </fieldset>
  );
}
