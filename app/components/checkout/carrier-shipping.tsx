import { formatARS } from "~/domain/money";
import type { CheckoutCarrierOption } from "~/models/checkout-shipping.server";
import { CARRIER_METHOD_PREFIX } from "~/schemas/form-limits";
import { MethodOptions } from "./method-options";

// The carriers' part of the checkout's shipping step ([21/25]): their options as shipping methods
// ("quote:<id>", re-priced by the order from that id) and, for "retiro en sucursal", the branch list.

/** A carrier's option as the shipping method the form sends. */
export const carrierMethodValue = (option: CheckoutCarrierOption) => `${CARRIER_METHOD_PREFIX}${option.quoteId}`;

/** Price with IVA and delivery days, beside the option's name. */
export function CarrierOptionDetail({ option }: { option: CheckoutCarrierOption }) {
  return (
    <span className="flex flex-col items-end">
      <span>{formatARS(option.price)}</span>
      {option.deliveryText ? <span className="text-xs text-slate-600">{option.deliveryText}</span> : null}
    </span>
  );
}

/** "Retiro en sucursal": the carrier's nearest branches (name, address, hours), one to pick. */
export function CarrierBranchPicker({
  option,
  value,
  onChange,
}: {
  option: CheckoutCarrierOption;
  value: string;
  onChange: (branchId: string) => void;
}) {
  return (
    <div className="mt-3">
      <MethodOptions
        legend={`Elegí la sucursal de ${option.carrierName}`}
        name="shippingBranch"
        value={value}
        onChange={onChange}
        options={option.branches.map((branch) => ({
          value: branch.id,
          label: (
            <span className="block">
              <span className="block">{branch.name}</span>
              <span className="block font-normal text-slate-700">
                {[branch.address, branch.locality].filter(Boolean).join(", ")}
              </span>
              {branch.hours ? <span className="block text-xs font-normal text-slate-600">{branch.hours}</span> : null}
            </span>
          ),
        }))}
      />
    </div>
  );
}
