import { Input } from "~/components/ui/field";
import { NEW_PLAN, newKey } from "~/schemas/product-form-state";
import { AddButton, EmptyNote, ErrorText, RemoveButton, type TabProps, invalid, metaList } from "./form-kit";

/** Financing plans: name and interest rate in percent (spec: a new plan is "3 cuotas" at 10 %). */
export function ProductFinancingTab({ values, update, errors }: TabProps) {
  const list = metaList({ values, update }, "financing_plans");
  const plans = list.rows;
  return (
    <div className="space-y-4">
      {plans.length === 0 ? <EmptyNote>Este producto no tiene planes de financiación.</EmptyNote> : null}
      <ul className="space-y-3">
        {plans.map((plan, i) => {
          const nameId = `plan-${i}-name`;
          const rateId = `plan-${i}-rate`;
          return (
            <li key={plan.key} className="rounded-md bg-slate-50 p-3">
              <div className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
                <div>
                  <label htmlFor={nameId} className="block text-sm font-medium text-slate-800">
                    Nombre del plan
                  </label>
                  <Input
                    id={nameId}
                    className="mt-1"
                    value={plan.name}
                    maxLength={100}
                    onChange={(e) => list.replace(i, { ...plan, name: e.target.value })}
                    {...invalid(nameId, errors[`meta.financing_plans.${i}.name`])}
                  />
                </div>
                <div>
                  <label htmlFor={rateId} className="block text-sm font-medium text-slate-800">
                    Interés (%)
                  </label>
                  <Input
                    id={rateId}
                    className="mt-1"
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    value={plan.interest_rate}
                    onChange={(e) => list.replace(i, { ...plan, interest_rate: e.target.value })}
                    {...invalid(rateId, errors[`meta.financing_plans.${i}.interest_rate`])}
                  />
                </div>
                <RemoveButton label={`Quitar el plan ${plan.name || i + 1}`} onClick={() => list.remove(i)} />
              </div>
              <ErrorText id={nameId} error={errors[`meta.financing_plans.${i}.name`]} />
              <ErrorText id={rateId} error={errors[`meta.financing_plans.${i}.interest_rate`]} />
            </li>
          );
        })}
      </ul>
      <AddButton onClick={() => list.add({ key: newKey(), ...NEW_PLAN })}>Agregar plan</AddButton>
    </div>
  );
}
