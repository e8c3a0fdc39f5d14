import { type ComponentProps, useEffect, useRef } from "react";
import { cn } from "~/utils/cn";

/**
 * A native checkbox (keyboard and screen readers for free) with the project's look and an
 * `indeterminate` state for "select all" when only some rows are selected. Give it a visible
 * <label> or an aria-label.
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
      className={cn(
        "size-4 shrink-0 cursor-pointer rounded border-slate-400 accent-brand-600 disabled:cursor-not-allowed",
        className,
      )}
      {...props}
    />
  );
}
