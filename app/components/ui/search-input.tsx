import { Search } from "lucide-react";
import type { ComponentProps } from "react";
import { Input } from "~/components/ui/field";

/** A search box with its magnifier icon; the wrapper takes `className` (the margin above it). */
export function SearchInput({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  return (
    <div className={className ? `relative ${className}` : "relative"}>
      <Search
        aria-hidden
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
      />
      <Input type="search" className="pl-9" {...props} />
    </div>
  );
}
