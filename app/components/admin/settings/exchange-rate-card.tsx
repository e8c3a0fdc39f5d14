import { useId } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { InputField, SelectField } from "~/components/ui/field";
import { useActionResult } from "~/components/use-action-result";
import { formatShortDate } from "~/domain/dates";
import { type ExchangeRate, ROUNDING_STEPS } from "~/domain/dollar-pricing";
import { formatARS } from "~/domain/money";
import { formatDecimalInput } from "~/schemas/amount";
import type { ToastInput } from "~/schemas/toast";
import type { BcraRate } from "~/services/bcra.server";
import { SettingsCard } from "./settings-card";

/** What "Traer cotización" (rate-quote) and "Usar esta cotización" (rate-apply) answer. */
export type RateQuoteData = {
  intent: "rate-quote" | "rate-apply";
  ok: boolean;
  /** What the BCRA says now (also after a failed apply whose rate had changed). */
  quote: BcraRate | null;
  /** Why it failed, or after an apply what the re-pricing changed. */
  message: string;
  toast: ToastInput | null;
};

/** "2026-11-26" as the admin reads dates, on that day in Argentina. */
const quoteDay = (date: string) => formatShortDate(new Date(`${date}T12:00:00-03:00`));

/**
 * "Traer cotización": the server asks the BCRA and the card shows the rate; "Usar esta cotización"
 * makes the server ask again and save what the BCRA says (never the number on screen), then
 * re-price. Its form sits outside the card's own form (forms do not nest): the buttons and the
 * hidden field name it with `form`.
 */
function RateQuote({ formId }: { formId: string }) {
  const fetcher = useFetcher<RateQuoteData>({ key: formId });
  const busy = fetcher.state !== "idle";
  const answer = busy ? undefined : fetcher.data;
  const offer = answer?.quote && !(answer.intent === "rate-apply" && answer.ok) ? answer.quote : null;
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 sm:col-span-2" data-testid="rate-quote">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          form={formId}
          name="intent"
          value="rate-quote"
          variant="outline"
          size="sm"
          disabled={busy}
        >
          Traer cotización
        </Button>
        <p className="text-xs text-slate-600">Consulta la cotización de referencia del BCRA; la ves antes de usarla.</p>
      </div>
      <div aria-live="polite" className="mt-2 text-sm" data-testid="rate-quote-answer">
        {busy ? (
          <p className="text-slate-700">Consultando al BCRA…</p>
        ) : answer && !answer.ok ? (
          <p className="text-red-700">{answer.message}</p>
        ) : answer?.intent === "rate-apply" ? (
          <p className="text-green-800">Cotización guardada. {answer.message}</p>
        ) : null}
        {offer ? (
          <div className="mt-1 flex flex-wrap items-center gap-3">
            <p className="text-slate-900">
              {offer.source}: <strong data-testid="quoted-rate">{formatARS(offer.rate)}</strong> por dólar, del{" "}
              {quoteDay(offer.date)}.
            </p>
            <input type="hidden" form={formId} name="expected" value={offer.rate} />
            <Button type="submit" form={formId} name="intent" value="rate-apply" size="sm" disabled={busy}>
              Usar esta cotización
            </Button>
            <p className="w-full text-xs text-slate-600">
              Se guarda con esa fuente y fecha, y recalcula los precios en dólares.
            </p>
          </div>
        ) : null}
      </div>
    </div>
  );
}

function RateQuoteForm({ formId }: { formId: string }) {
  const fetcher = useFetcher<RateQuoteData>({ key: formId });
  useActionResult(fetcher.data, fetcher.state);
  return <fetcher.Form id={formId} method="post" className="hidden" />;
}

/** exchange_rate: the dollar's rate for pegged prices, its source and date, rounding, "USD x" (ADR 0020). */
export function ExchangeRateCard({ exchange }: { exchange: ExchangeRate }) {
  const id = useId();
  const quoteFormId = `${id}-quote`;
  return (
    <>
      <SettingsCard
        settingKey="exchange_rate"
        title="Cotización del dólar"
        description="Los productos con precio en dólares se recalculan al guardar: precio en USD × cotización + margen, redondeado. Los pedidos ya hechos no cambian."
      >
        {(errors) => (
          // Keyed by what is stored: a rate saved from the BCRA shows in the fields at once.
          <div key={`${exchange.rate}|${exchange.source}|${exchange.date}`} className="grid gap-3 sm:grid-cols-2">
            <RateQuote formId={quoteFormId} />
            <InputField
              id={`${id}-rate`}
              label="Cotización (pesos por dólar)"
              error={errors.rate}
              name="rate"
              inputMode="decimal"
              defaultValue={formatDecimalInput(exchange.rate)}
            />
            <InputField
              id={`${id}-source`}
              label="Fuente"
              hint="Por ejemplo «BNA vendedor»."
              error={errors.source}
              name="source"
              defaultValue={exchange.source}
            />
            <InputField
              id={`${id}-date`}
              label="Fecha de la cotización"
              error={errors.date}
              name="date"
              type="date"
              defaultValue={exchange.date}
            />
            <SelectField
              id={`${id}-round`}
              label="Redondear precios a"
              error={errors.roundTo}
              name="roundTo"
              defaultValue={String(exchange.roundTo)}
            >
              {ROUNDING_STEPS.map((step) => (
                <option key={step} value={step}>
                  {formatARS(step).replace(/,00$/, "")}
                </option>
              ))}
            </SelectField>
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
      <RateQuoteForm formId={quoteFormId} />
    </>
  );
}
