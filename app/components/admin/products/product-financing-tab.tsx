import { InputField, decimalInput } from "~/components/ui/field";
import { financing, misnamedPlan, planLabel } from "~/domain/financing";
import { formatARS, formatRate } from "~/domain/money";
import { NEW_PLAN, newKey } from "~/schemas/product-form-state";
import { AddButton, EmptyNote, MetaRow, RemoveButton, type TabProps, metaList } from "./form-kit";

type Plan = TabProps["values"]["meta"]["financing_plans"][number];

/** Financing plans: name and interest rate in percent (spec: a new plan is "3 cuotas" at 10 %). */
export function ProductFinancingTab({ values, update, errors }: TabProps) {
  const list = metaList({ values, update }, "financing_plans");
  const plans = list.rows;
  const price = Number((values.sale_price || values.price).replace(",", "."));
  return (
    <div className="space-y-4">
      {plans.length === 0 ? <EmptyNote>Este producto no tiene planes de financiación.</EmptyNote> : null}
      <ul className="space-y-3">
        {plans.map((plan, i) => {
          const nameId = `plan-${i}-name`;
          const rateId = `plan-${i}-rate`;
          return (
            <MetaRow
              key={plan.key}
              fields={
                <>
                  <InputField
                    id={nameId}
                    label="Nombre del plan"
                    error={errors[`meta.financing_plans.${i}.name`]}
                    value={plan.name}
                    maxLength={100}
                    onChange={(e) => list.replace(i, { ...plan, name: e.target.value })}
                  />
                  <InputField
                    id={rateId}
                    label="Interés (%)"
                    error={errors[`meta.financing_plans.${i}.interest_rate`]}
                    {...decimalInput}
                    value={plan.interest_rate}
                    onChange={(e) => list.replace(i, { ...plan, interest_rate: e.target.value })}
                  />
                  <RemoveButton label={`Quitar el plan ${plan.name || i + 1}`} onClick={() => list.remove(i)} />
                </>
              }
            >
              <PlanDisclosure plan={plan} price={price} />
            </MetaRow>
          );
        })}
      </ul>
      <AddButton onClick={() => list.add({ key: newKey(), ...NEW_PLAN })}>Agregar plan</AddButton>
    </div>
  );
}

/** What the storefront will publish for this plan (TEA and CFT), and a warning when its name says "sin interés" but it charges interest. */
function PlanDisclosure({ plan, price }: { plan: Plan; price: number }) {
  const rate = Number(plan.interest_rate.replace(",", "."));
  if (!Number.isFinite(rate) || rate < 0) return null;
  const shown = { name: plan.name, interest_rate: rate };
  const terms = Number.isFinite(price) && price > 0 ? financing(price, shown) : null;
  return (
    <div className="mt-2 text-sm" data-testid="plan-disclosure">
      {misnamedPlan(shown) ? (
        <p role="alert" className="font-medium text-amber-800">
          Este plan cobra interés: la tienda no puede llamarlo «sin interés» y lo publica como «{planLabel(shown)}».
        </p>
      ) : null}
      {terms ? (
        <p className="text-slate-700">
          Se publica: {terms.count} {terms.count === 1 ? "pago" : "cuotas"} de {formatARS(terms.installment)}, total
          financiado {formatARS(terms.total)}, TEA {formatRate(terms.tea)}, <strong>CFT {formatRate(terms.cft)}</strong>
        </p>
      ) : null}
    </div>
  );
}
