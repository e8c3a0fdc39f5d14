import type { OptionGroup } from "~/domain/product-meta";
import type { ProductSelection } from "./use-product-selection";

/** One radio group per option ("Color", "Memoria"); options without stock say so or are disabled. */
export function OptionPicker({
  optionGroups,
  selection: { selection, soldOut, unavailable, choose },
}: {
  optionGroups: OptionGroup[];
  selection: Pick<ProductSelection, "selection" | "soldOut" | "unavailable" | "choose">;
}) {
  return (
    <>
      {optionGroups.map((group) => {
        const chosen = selection.find((s) => s.group === group.title)?.option;
        return (
          <fieldset key={group.title} className="mt-5">
            <legend className="text-sm font-semibold">{group.title}</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {group.options.map((option) => {
                const disabled = soldOut?.get(group.title)?.has(option.name) ?? false;
                const noStock = disabled || (unavailable?.get(group.title)?.has(option.name) ?? false);
                return (
                  <label
                    key={option.name}
                    className={`rounded-md border px-3 py-1.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${disabled ? "cursor-not-allowed border-dashed border-slate-300 text-slate-400" : "cursor-pointer"} ${chosen === option.name ? "border-brand-600 bg-brand-50 font-semibold text-brand-700" : "border-slate-300"}`}
                  >
                    <input
                      type="radio"
                      className="sr-only"
                      name={`option-${group.title}`}
                      value={option.name}
                      checked={chosen === option.name}
                      disabled={disabled}
                      onChange={() => choose(group, option.name)}
                    />
                    {option.name}
                    {noStock ? <span className="ml-1 text-xs font-normal text-slate-500">Sin stock</span> : null}
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </>
  );
}
