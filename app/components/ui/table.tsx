import type { ComponentProps } from "react";
import { cn } from "~/utils/cn";
import { Checkbox } from "./checkbox";

// Plain table primitives: the wrapper scrolls sideways on phones.

export function Table({ className, ...props }: ComponentProps<"table">) {
  return (
    <div className="w-full overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className={cn("w-full text-left text-sm", className)} {...props} />
    </div>
  );
}

export function THead(props: ComponentProps<"thead">) {
  return <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-600" {...props} />;
}

export function TH({ className, ...props }: ComponentProps<"th">) {
  return <th scope="col" className={cn("px-3 py-2 font-semibold", className)} {...props} />;
}

export function TR({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("border-b border-slate-100 last:border-0", className)} {...props} />;
}

export function TD({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-3 py-2 align-middle", className)} {...props} />;
}

/** The header cell that selects every row shown: checked when all are, mixed when some are. */
export function SelectAllTH({
  label,
  ids,
  selected,
  onToggleAll,
}: {
  label: string;
  ids: string[];
  selected: ReadonlySet<string>;
  onToggleAll: (checked: boolean) => void;
}) {
  const all = ids.length > 0 && ids.every((id) => selected.has(id));
  const some = ids.some((id) => selected.has(id));
  return (
    <TH className="w-10">
      <Checkbox
        aria-label={label}
        checked={all}
        indeterminate={some && !all}
        onChange={(e) => onToggleAll(e.target.checked)}
      />
    </TH>
  );
}
