import { useId } from "react";
import { Field, Input, Select } from "~/components/ui/field";
import { type ExchangeRate, ROUNDING_STEPS } from "~/domain/dollar-pricing";
import { formatARS } from "~/domain/money";
import { formatDecimalInput } from "~/schemas/amount";
import { invalidProps } from "./editable-list";
import { SettingsCard } from "./settings-card";

/** exchange_rate: the dollar's rate for pegged prices, its source and date, rounding, "USD x" (ADR 0020). */
export function ExchangeRateCard({ exchange }: { exchange: ExchangeRate }) {
  const id = useId();
  return (
    <SettingsCard
      settingKey="exchange_rate"
      title="Cotización del dólar"
      description="Los productos con precio en dólares se recalculan al guardar: precio en USD × cotización + margen, redondeado. Los pedidos ya hechos no cambian."
    >
      {(errors) => (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id={`${id}-rate`} label="Cotización (pesos por dólar)" error={errors.rate}>
            <Input
              id={`${id}-rate`}
              name="rate"
              inputMode="decimal"
              defaultValue={formatDecimalInput(exchange.rate)}
              {...invalidProps(`${id}-rate`, errors.rate)}
            />
          </Field>
          <Field id={`${id}-source`} label="Fuente" hint="Por ejemplo «BNA vendedor»." error={errors.source}>
            <Input
              id={`${id}-source`}
              name="source"
              defaultValue={exchange.source}
              {...invalidProps(`${id}-source`, errors.source)}
            />
          </Field>
          <Field id={`${id}-date`} label="Fecha de la cotización" error={errors.date}>
            <Input
              id={`${id}-date`}
              name="date"
              type="date"
              defaultValue={exchange.date}
              {...invalidProps(`${id}-date`, errors.date)}
            />
          </Field>
          <Field id={`${id}-round`} label="Redondear precios a" error={errors.roundTo}>
            <Select
              id={`${id}-round`}
              name="roundTo"
              defaultValue={String(exchange.roundTo)}
              {...invalidProps(`${id}-round`, errors.roundTo)}
            >
              {ROUNDING_STEPS.map((step) => (
                <option key={step} value={step}>
                  {formatARS(step).replace(/,00$/, "")}
                </option>
              ))}
            </Select>
          </Field>
          <div className="flex items-center gap-2 sm:col-span-2">
            <input
              id={`${id}-show`}
              type="checkbox"
              name="showUsd"
              defaultChecked={exchange.showUsd}
              className="size-4 accent-brand-600"
            />
            <label htmlFor={`${id}-show`} className="text-sm text-slate-800">
              Mostrar USD junto al precio
            </label>
          </div>
        </div>
      )}
    </SettingsCard>
  );
}
