import { type ComponentProps, useEffect, useRef } from "react";
import { clsx } from "clsx";

/**
 * A native checkbox (keyboard and screen readers for free) with the project's look and an
 * `indeterminate` state for "select all" when only some rows are selected. Give it a visible
 * <label> or an aria-label. `className` is added to its own classes (no caller overrides them: the
 * checkout loads it, so no tailwind-merge).
 */
export function Checkbox({
  className,
  indeterminate = false,
  ...props
}: Omit<ComponentProps<"input">, "type"> & { indeterminate?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={clsx(
        "size-4 shrink-0 cursor-pointer rounded border-slate-400 accent-brand-600 disabled:cursor-not-allowed",
        className,
      )}
      {...props}
    />
  );
}
