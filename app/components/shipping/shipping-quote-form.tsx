import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { formatARS } from "~/domain/money";
import type { ShippingQuote } from "~/domain/shipping";
import { useRootData } from "../root-data";
import { recallPostalCode, rememberPostalCode } from "./postal-code-memory";

/**
 * "Calculá el envío": a postal code in, the shipping methods that reach it and their cost out.
 * A landmark of the product page; inside the cart drawer a plain group (`landmark={false}`), so
 * the drawer open over a product page does not show two landmarks of the same name.
 */
export function ShippingQuoteForm({ className, landmark = true }: { className?: string; landmark?: boolean }) {
  const Container = landmark ? "section" : "div";
  const fetcher = useFetcher<ShippingQuote>();
  const id = useId();
  const [code, setCode] = useState("");
  useEffect(() => setCode((current) => current || recallPostalCode()), []);
  const quote = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (quote?.ok) rememberPostalCode(quote.postalCode);
  }, [quote]);

  // The lowest amount from which a shipping method is free (Configuración > Métodos de envío).
  const freeFrom = useRootData()?.freeShippingFrom ?? null;
  return (
    <Container
      role={landmark ? undefined : "group"}
      aria-labelledby={`${id}-title`}
      className={className ?? "rounded-lg border border-slate-200 p-3"}
    >
      <h2 id={`${id}-title`} className="text-sm font-semibold">
        Calculá el costo de envío
      </h2>
      {freeFrom ? (
        <p className="mt-1 text-sm text-green-800">Envío gratis en compras desde {formatARS(freeFrom)}.</p>
      ) : null}
      <fetcher.Form method="get" action="/api/shipping-quote" className="mt-2 flex gap-2">
        <label htmlFor={`${id}-cp`} className="sr-only">
          Código postal
        </label>
        <input
          id={`${id}-cp`}
          name="cp"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder="Código postal (ej. C1043AAZ o 1043)"
          autoComplete="postal-code"
          maxLength={20}
          required
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
        />
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:bg-slate-50 disabled:opacity-60"
        >
          {fetcher.state !== "idle" ? "Calculando..." : "Calcular"}
        </button>
      </fetcher.Form>
      <div aria-live="polite" className="mt-2 text-sm">
        {quote ? (
          quote.ok ? (
            <>
              <p className="text-slate-600">Envíos a {quote.provinceName}:</p>
              <ul className="mt-1 space-y-0.5">
                {quote.options.map((o) => (
                  <li key={o.name} className="flex justify-between gap-3">
                    <span>{o.name}</span>
                    <span className="font-semibold tabular-nums">{o.cost > 0 ? formatARS(o.cost) : "Gratis"}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="text-red-700">{quote.error}</p>
          )
        ) : null}
      </div>
    </Container>
  );
}
