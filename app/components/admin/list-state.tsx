import type { ReactNode } from "react";

/**
 * An admin list's body: the load error when the loader failed (or gave no data), the empty message
 * when nothing matched, or the list drawn by `children`. One place for how every admin screen says
 * "couldn't load" and "none".
 */
export function ListState<T>({
  data,
  error,
  className,
  isEmpty,
  emptyText,
  children,
}: {
  data: T | null;
  /** The classes of the box the error, the empty message or the list stands in. */
  className?: string;
  error: string | null | undefined;
  /** Whether nothing is to be listed; by default, whether the data (a list) has no rows. */
  isEmpty?: (data: T) => boolean;
  emptyText: ReactNode;
  children: (data: T) => ReactNode;
}) {
  return (
    <div className={className}>
      {error || data === null ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {error ?? "No se pudo cargar la lista."}
        </p>
      ) : (isEmpty ? isEmpty(data) : Array.isArray(data) && data.length === 0) ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-sm text-slate-600">
          {emptyText}
        </p>
      ) : (
        children(data)
      )}
    </div>
  );
}
