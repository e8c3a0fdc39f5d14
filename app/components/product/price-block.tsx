import { formatUsd, usdEquivalent } from "~/domain/dollar-pricing";
import { useState } from "react";
import { type Financing, financing as financingOf, planLabel } from "~/domain/financing";
import { formatARS, formatPercent, formatRate, fromCents } from "~/domain/money";
import { useGroupPrice, useGroupPriceOfSelection } from "~/components/group-prices";
import { GroupPriceSteps } from "./group-price-steps";
import { priceWithDiscount } from "~/domain/order-totals";
import { isBankTransfer } from "~/domain/payment";
import { PRICE_ON_REQUEST } from "~/domain/pricing";
import { PriceWithoutTaxes } from "./price-without-taxes";
import type { ProductDetailData, ProductSelection } from "./use-product-selection";

/** The chosen variant's price (struck regular price on sale), without national taxes, with the best payment discount, and its financing. */
export function PriceBlock({
  product,
  paymentDiscount,
  selection: { price: publicPrice, regular, antes, priced, variantId },
}: {
  product: Pick<ProductDetailData, "id" | "optionGroups" | "ivaRate" | "priceLegend" | "financingPlans" | "usdRate">;
  paymentDiscount?: { name: string; percent: number } | null;
  selection: Pick<ProductSelection, "price" | "regular" | "antes" | "priced" | "variantId">;
}) {
  const [planIndex, setPlanIndex] = useState(0);
  // A company member's price replaces the public one after hydration (ADR 0022): the product's, or
  // for a product sold with options, that of the combination picked.
  const withOptions = (product.optionGroups ?? []).length > 0;
  const plain = useGroupPrice(product.id, priced && !withOptions);
  const ofSelection = useGroupPriceOfSelection(
    { id: product.id, variantId, regular, paid: publicPrice },
    priced && withOptions,
  );
  const group = withOptions ? ofSelection : plain;
  const price = group ? fromCents(group.unitCents) : publicPrice;
  const memberPrice = group !== null && price < publicPrice;
  // The regular price struck through only when the price history backs it (ADR 0019).
  const showStruck = memberPrice || (antes && price < regular);
  const struck = memberPrice ? publicPrice : regular;
  const plan = product.financingPlans[planIndex];
  const financing = plan && priced ? financingOf(price, plan) : null;
  return (
    <>
      {priced ? (
        <div className="mt-6" aria-live="polite">
          <p className="flex items-baseline gap-3">
            <span className="text-3xl font-extrabold text-slate-900" data-testid="product-price">
              {formatARS(price)}
            </span>
            {showStruck ? (
              <s className="text-lg text-slate-500">
                {memberPrice ? <span className="sr-only">Precio público </span> : null}
                {formatARS(struck)}
              </s>
            ) : null}
            {product.usdRate ? (
              <span className="text-sm text-slate-600" data-testid="usd-price">
                {formatUsd(usdEquivalent(price, product.usdRate))}
              </span>
            ) : null}
          </p>
          <PriceWithoutTaxes price={price} ivaRate={product.ivaRate} className="mt-1 text-sm text-slate-600" />
          {paymentDiscount && price > 0 ? (
            <p className="mt-1 text-sm font-semibold text-green-800" data-testid="discount-price">
              {formatARS(priceWithDiscount(price, paymentDiscount.percent))}{" "}
              {isBankTransfer(paymentDiscount.name) ? "con transferencia" : `pagando con ${paymentDiscount.name}`}{" "}
              <span className="font-normal">({formatPercent(paymentDiscount.percent)} de descuento)</span>
            </p>
          ) : null}
          {group ? <GroupPriceSteps group={group} className="mt-1 text-sm font-semibold text-green-800" /> : null}
          {product.priceLegend ? <p className="mt-1 text-sm text-slate-600">{product.priceLegend}</p> : null}
        </div>
      ) : (
        <p className="mt-6 text-2xl font-bold text-slate-900" data-testid="product-price" aria-live="polite">
          {PRICE_ON_REQUEST}
        </p>
      )}

      {product.financingPlans.length > 0 && financing ? (
        <div className="mt-4 rounded-lg border border-slate-200 p-3">
          <label htmlFor="plan" className="text-sm font-semibold">
            Financiación
          </label>
          <select
            id="plan"
            value={planIndex}
            onChange={(e) => setPlanIndex(Number(e.target.value))}
            className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5"
          >
            {product.financingPlans.map((p, i) => (
              <option key={`${p.name}-${i}`} value={i}>
                {planLabel(p)}
              </option>
            ))}
          </select>
          <FinancingTerms financing={financing} />
        </div>
      ) : null}
    </>
  );
}

/** Res. SC 51-E/2017: precio contado, cuotas, total financiado, TEA and the CFT, the CFT five times the type of the others. */
function FinancingTerms({ financing }: { financing: Financing }) {
  return (
    <div className="mt-2" data-testid="installment-line">
      <p className="text-xs text-slate-700">
        Precio contado <span data-testid="cash-price">{formatARS(financing.cash)}</span> ·{" "}
        <span data-testid="installment-amount">
          {financing.count} {financing.count === 1 ? "pago" : "cuotas"} de {formatARS(financing.installment)}
        </span>{" "}
        · Total financiado <span data-testid="financed-total">{formatARS(financing.total)}</span>
        {financing.interestFree ? <span className="text-green-700"> · Sin interés</span> : null}
      </p>
      <p className="text-xs text-slate-700" data-testid="tea">
        TEA {formatRate(financing.tea)}
      </p>
      <p className="text-6xl leading-none font-extrabold text-slate-900" data-testid="cft">
        CFT {formatRate(financing.cft)}
      </p>
    </div>
  );
}
