import { Fragment, useEffect, useMemo, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useCart } from "~/components/cart/cart-store";
import { serverRenderedPart } from "~/components/deferred";
import { useToast } from "~/components/toaster";
import { useActionResult } from "~/components/use-action-result";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { formatARS, formatPercent, fromCents, toCents } from "~/domain/money";
import { type OrderTotals, computeOrderTotals, priceWithDiscount } from "~/domain/order-totals";
import type { AppliedCoupon } from "./coupon-field";

// Parts of the form whose code loads after the page's own: the bank details (for a transfer), the
// coupon field (when the shopper opens "¿Tenés un cupón?": most orders have none) and, last in
// the form, a guest's account fieldset.
const BankTransferDetails = serverRenderedPart(() =>
  import("./bank-transfer-details").then((m) => m.BankTransferDetails),
);
const CouponField = serverRenderedPart(
  () => import("./coupon-field").then((m) => m.CouponField),
  <p className="text-sm text-slate-600">Cargando…</p>,
);
const AccountFieldset = serverRenderedPart(() => import("./account-fieldset").then((m) => m.AccountFieldset));
import { INVALID_POSTAL_CODE, type ShippingOption, quoteShipping, shippingCostFor } from "~/domain/shipping";
import { CHECKOUT_FIELD_PREFIX, TERMS_TOAST } from "~/schemas/form-limits";
import { recallPostalCode } from "~/components/shipping/postal-code-memory";
import { totalWithoutNationalTaxes } from "~/domain/taxes";
import type { CheckoutField, PaymentMethod, ShippingMethod, ShippingZone, StoreSettings } from "~/domain/settings";
import type { ToastInput } from "~/schemas/toast";
import { DEFAULT_PAYMENT_EXPIRY_MINUTES, isBankTransfer, paymentMethodLabel } from "~/domain/payment";
import { CheckoutFieldInput } from "./checkout-field-input";
import { CheckoutSummary } from "./checkout-summary";
import { MethodOptions } from "./method-options";
import { IvaConditionField } from "./iva-condition-field";
import { type SellerIvaCondition, needsBuyerIdentification } from "~/domain/arca-invoice";
import { useCartCheck } from "./use-cart-check";
import { useCheckoutDraft } from "./use-checkout-draft";
import { useCarrierShipping } from "./use-carrier-shipping";
import { CarrierBranchPicker, CarrierOptionDetail, carrierMethodValue } from "./carrier-shipping";

export type CheckoutConfig = {
  fields: CheckoutField[];
  shippingMethods: ShippingMethod[];
  shippingZones: ShippingZone[];
  paymentMethods: PaymentMethod[];
  /** The store asks for a CUIT: the buyer picks an IVA condition (Factura A or B). */
  askIvaCondition: boolean;
  /** The store's own IVA condition (a Monotributo store issues Factura C). */
  sellerIvaCondition: SellerIvaCondition;
  /** While the store invoices: ARCA's identification threshold for a final consumer, in cents. */
  identificationThresholdCents: number | null;
  bank: StoreSettings["bank"];
  salesEmail: string;
};

/** The DNI asked at or above ARCA's identification threshold (kept in the order's customer details). */
const DNI_FIELD: CheckoutField = {
  name: "dni",
  label: "DNI (o CUIT en su campo)",
  type: "text",
  required: false,
  position: 0,
};

/** What the checkout action answers when it does not redirect to /success. */
export type CheckoutActionData = {
  /** OrderError code, when the order itself was refused. */
  code?: string;
  /** Errors of the fixed inputs: lines, terms, password, shippingMethod, paymentMethod. */
  errors: Record<string, string | undefined>;
  /** Errors of the configured fields, by field name. */
  fieldErrors: Record<string, string>;
  /** What was typed in the configured fields. */
  values: Record<string, string>;
  toast?: ToastInput;
  /** The order was placed and is paid online: Mercado Pago's checkout, and the order's page. */
  payAt?: string;
  confirmation?: string;
};

// Codes after which the prices and stock shown are re-read from the server.
const RECHECK_CODES = new Set(["price_changed", "out_of_stock", "unavailable"]);

/**
 * The checkout form. The cart lives in the browser; the page asks the server (/api/cart/check)
 * for the current price and stock of each line and shows the totals the server will charge,
 * computed by the same ~/domain/order-totals. The action recomputes all of it anyway.
 */
export function CheckoutForm({
  config,
  prefill,
  signedIn,
  idempotencyKey,
  actionData,
}: {
  config: CheckoutConfig;
  prefill: Record<string, string>;
  signedIn: boolean;
  idempotencyKey: string;
  actionData: CheckoutActionData | undefined;
}) {
  const cart = useCart();
  const toast = useToast();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";

  const [shippingMethod, setShippingMethod] = useState(config.shippingMethods[0]?.name ?? "");
  const [postalCode, setPostalCode] = useState(() => actionData?.values.zip ?? prefill.zip ?? "");
  const [paymentMethod, setPaymentMethod] = useState(config.paymentMethods[0]?.name ?? "");
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [couponOpen, setCouponOpen] = useState(false);
  const { linesJson, summaryLines, check, recheck } = useCartCheck(cart.items);
  useCheckoutDraft(cart.items);
  const carriers = useCarrierShipping(linesJson, postalCode);
  const [branchId, setBranchId] = useState("");

  // The postal code quoted on a product page or in the cart starts the checkout's one.
  useEffect(() => {
    const zip = formRef.current?.elements.namedItem(`${CHECKOUT_FIELD_PREFIX}zip`);
    if (!(zip instanceof HTMLInputElement) || zip.value) return;
    const remembered = recallPostalCode();
    if (remembered) {
      zip.value = remembered;
      setPostalCode(remembered);
    }
  }, []);

  // The shipping methods that reach the postal code typed, with their cost there (same quote as the server).
  const quote = useMemo(
    () =>
      postalCode.trim() && config.shippingZones.length
        ? quoteShipping(postalCode, config.shippingMethods, config.shippingZones)
        : null,
    [postalCode, config.shippingMethods, config.shippingZones],
  );
  const storeOptions: ShippingOption[] = quote?.ok ? quote.options : config.shippingMethods;
  // The carriers' options follow the store's own, which stay the default choice.
  const shippingOptions: ShippingOption[] = useMemo(
    () => [...storeOptions, ...carriers.options.map((o) => ({ name: carrierMethodValue(o), cost: o.price }))],
    [storeOptions, carriers.options],
  );
  const chosenCarrier = carriers.options.find((o) => carrierMethodValue(o) === shippingMethod);
  useEffect(() => {
    if (shippingOptions.length && !shippingOptions.some((o) => o.name === shippingMethod))
      setShippingMethod(shippingOptions[0]!.name);
  }, [shippingOptions, shippingMethod]);

  useActionResult(actionData, navigation.state, (answer) => {
    if (answer.code && RECHECK_CODES.has(answer.code)) recheck();
    // Take keyboard and screen reader users to the first field to fix.
    formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  });

  const shipping = shippingOptions.find((m) => m.name === shippingMethod);
  const payment = config.paymentMethods.find((m) => m.name === paymentMethod);
  const discountPercent = payment?.discountPercent ?? 0;
  const allPriced = summaryLines.every((l) => l.check.status === "ok");
  const blocked = summaryLines.some(
    (l) => l.check.status === "unavailable" || (l.check.status === "ok" && l.quantity > l.check.stock),
  );
  // The products' subtotal as the server priced them: it decides free shipping.
  const productsCents = summaryLines.reduce(
    (sum, l) => sum + (l.check.status === "ok" ? toCents(l.check.unitPrice) * l.quantity : 0),
    0,
  );
  const totals: OrderTotals | null =
    allPriced && shipping
      ? computeOrderTotals(
          summaryLines.map((l) => ({
            unitPrice: l.check.status === "ok" ? l.check.unitPrice : 0,
            quantity: l.quantity,
          })),
          shippingCostFor(shipping, productsCents),
          discountPercent,
          coupon?.discountCents ?? 0,
        )
      : null;
  const needsBranch = chosenCarrier?.service === "sucursal" && !chosenCarrier.branches.some((b) => b.id === branchId);
  const canSubmit =
    termsAccepted && totals !== null && !blocked && !check.pending && !!payment && !submitting && !needsBranch;

  const errors = actionData?.errors ?? {};
  const fieldErrors = actionData?.fieldErrors ?? {};
  const values = actionData?.values ?? prefill;
  // ARCA asks to identify a final consumer whose purchase reaches its threshold (the server checks it again).
  const askDni =
    config.identificationThresholdCents !== null &&
    ((totals !== null && needsBuyerIdentification(totals.totalCents, config.identificationThresholdCents)) ||
      Boolean(fieldErrors.dni));

  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      className="mt-6 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]"
      onInput={(e) => {
        const target = e.target as HTMLInputElement;
        if (target.name === `${CHECKOUT_FIELD_PREFIX}zip`) setPostalCode(target.value);
      }}
      // Enter in a field submits the form, but not while "Confirmar pedido" is disabled: with the
      // terms unticked the browser would do nothing at all, so the shopper is told why (spec).
      onKeyDown={(e) => {
        const target = e.target as HTMLElement;
        if (e.key !== "Enter" || e.defaultPrevented || termsAccepted || target.tagName !== "INPUT") return;
        if (["checkbox", "radio", "button", "submit"].includes((target as HTMLInputElement).type)) return;
        e.preventDefault();
        toast(TERMS_TOAST);
      }}
    >
      <input type="hidden" name="lines" value={linesJson} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {totals ? <input type="hidden" name="expectedTotal" value={totals.totalCents} /> : null}

      <div className="space-y-6">
        <fieldset className="rounded-lg border border-slate-200 p-4 sm:p-5">
          <legend className="px-1 text-lg font-semibold text-slate-900">Datos de facturación y envío</legend>
          <p className="mt-1 text-sm text-slate-600">Los campos sin la aclaración “opcional” son obligatorios.</p>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            {config.fields.map((field) => (
              <Fragment key={field.name}>
                <CheckoutFieldInput
                  field={field}
                  defaultValue={values[field.name] ?? prefill[field.name]}
                  error={fieldErrors[field.name]}
                />
                {/* The IVA condition goes beside the CUIT it asks for. */}
                {field.name === "cuit" && config.askIvaCondition ? (
                  <IvaConditionField
                    initial={values.ivaCondition}
                    error={fieldErrors.iva_condition}
                    sellerIvaCondition={config.sellerIvaCondition}
                  />
                ) : null}
              </Fragment>
            ))}
            {askDni ? (
              <div>
                <CheckoutFieldInput field={DNI_FIELD} defaultValue={values.dni} error={fieldErrors.dni} />
                <p className="mt-1 text-xs text-slate-600">
                  Por el monto de tu compra, ARCA pide tu DNI o CUIT, nombre y dirección en la factura.
                </p>
              </div>
            ) : null}
          </div>
        </fieldset>

        <MethodOptions
          legend="Método de envío"
          name="shippingMethod"
          value={shippingMethod}
          onChange={setShippingMethod}
          error={errors.shippingMethod}
          options={[
            ...storeOptions.map((m) => {
              const cost = shippingCostFor(m, productsCents);
              return { value: m.name, label: m.name, detail: cost > 0 ? formatARS(cost) : "Gratis" };
            }),
            ...carriers.options.map((o) => ({
              value: carrierMethodValue(o),
              label: o.serviceName,
              detail: <CarrierOptionDetail option={o} />,
            })),
          ]}
        >
          <p className="mt-3 text-sm text-slate-600" aria-live="polite">
            {!config.shippingZones.length
              ? null
              : quote?.ok
                ? `Costos para ${quote.provinceName} (código postal ${quote.postalCode}).`
                : quote && quote.error !== INVALID_POSTAL_CODE
                  ? quote.error
                  : "Completá tu código postal para ver el costo de envío a tu zona."}
            {carriers.pending ? " Consultando correos…" : null}
          </p>
          {carriers.notes.map((note) => (
            <p key={note} className="mt-1 text-sm text-slate-600">
              {note}
            </p>
          ))}
          {chosenCarrier?.service === "sucursal" ? (
            <CarrierBranchPicker option={chosenCarrier} value={branchId} onChange={setBranchId} />
          ) : null}
        </MethodOptions>

        <MethodOptions
          legend="Método de pago"
          name="paymentMethod"
          value={paymentMethod}
          onChange={setPaymentMethod}
          error={errors.paymentMethod}
          options={config.paymentMethods.map((m) => ({
            value: m.name,
            label: paymentMethodLabel(m.name),
            detail: m.discountPercent ? `${formatPercent(m.discountPercent)} de descuento` : undefined,
          }))}
        >
          {payment?.kind === "mercadopago" ? (
            <p className="mt-3 text-sm text-slate-700" aria-live="polite">
              Al confirmar te llevamos a Mercado Pago para pagar con tarjeta, en cuotas o con dinero en cuenta. Tenés{" "}
              {payment.expiryMinutes ?? DEFAULT_PAYMENT_EXPIRY_MINUTES} minutos para pagar: después el pedido se
              cancela.
            </p>
          ) : payment?.instructions ? (
            <p className="mt-3 text-sm text-slate-700" aria-live="polite">
              {payment.instructions}
            </p>
          ) : null}
          {isBankTransfer(paymentMethod) ? (
            <BankTransferDetails bank={config.bank} salesEmail={config.salesEmail} headingLevel={2} />
          ) : null}
        </MethodOptions>

        {signedIn ? null : <AccountFieldset error={errors.password} />}
      </div>

      <div className="space-y-4 lg:sticky lg:top-4">
        <CheckoutSummary
          lines={summaryLines}
          totals={totals}
          totalWithoutTaxes={
            totals
              ? totalWithoutNationalTaxes([
                  ...summaryLines.map((l) =>
                    l.check.status === "ok"
                      ? {
                          // The coupon spread over the lines, then the payment discount, as the server takes them.
                          amount: priceWithDiscount(
                            (l.check.unitPrice * l.quantity * (totals.subtotalCents - totals.couponCents)) /
                              (totals.subtotalCents || 1),
                            discountPercent,
                          ),
                          ivaRate: l.check.ivaRate,
                        }
                      : { amount: 0 },
                  ),
                  { amount: fromCents(totals.shippingCents) },
                ])
              : null
          }
          shippingMethod={chosenCarrier?.serviceName ?? shippingMethod}
          couponCode={coupon?.code}
          discountLabel={
            discountPercent
              ? `${paymentMethodLabel(paymentMethod).toLowerCase()}, ${formatPercent(discountPercent)}`
              : undefined
          }
          onRemove={cart.remove}
          onAdjust={cart.setQuantity}
          onEditCart={cart.open}
        />
        {couponOpen ? (
          <CouponField
            linesJson={linesJson}
            paymentMethod={paymentMethod}
            email={() =>
              (formRef.current?.elements.namedItem(`${CHECKOUT_FIELD_PREFIX}email`) as HTMLInputElement | null)
                ?.value ?? ""
            }
            applied={coupon}
            onChange={setCoupon}
            refusal={actionData?.code === "coupon" ? actionData.toast?.description : undefined}
          />
        ) : (
          <button
            type="button"
            className="text-sm font-medium text-brand-700 underline underline-offset-2"
            onClick={() => setCouponOpen(true)}
          >
            ¿Tenés un cupón?
          </button>
        )}
        {check.failed ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
            No pudimos verificar los precios de tu carrito.{" "}
            <button type="button" className="font-semibold underline" onClick={() => recheck()}>
              Reintentar
            </button>
          </p>
        ) : null}

        <div>
          <label className="flex cursor-pointer items-start gap-3 text-sm">
            <Checkbox
              name="terms"
              checked={termsAccepted}
              onChange={(e) => setTermsAccepted(e.target.checked)}
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? "checkout-terms-error" : undefined}
              className="mt-0.5"
            />
            <span className="text-slate-800">
              Acepto los{" "}
              <Link to="/terminos-y-condiciones" target="_blank" className="font-medium text-brand-700 underline">
                Términos y Condiciones
                <span className="sr-only"> (se abre en una pestaña nueva)</span>
              </Link>{" "}
              y la{" "}
              <Link to="/politica-de-privacidad" target="_blank" className="font-medium text-brand-700 underline">
                Política de Privacidad
                <span className="sr-only"> (se abre en una pestaña nueva)</span>
              </Link>
              .
            </span>
          </label>
          {errors.terms ? (
            <p id="checkout-terms-error" className="mt-1 text-sm text-red-700">
              {errors.terms}
            </p>
          ) : null}
        </div>

        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={!canSubmit}
          aria-describedby="checkout-submit-hint"
        >
          {submitting ? "Procesando pedido..." : "Confirmar pedido"}
        </Button>
        <p id="checkout-submit-hint" className="text-center text-xs text-slate-600" aria-live="polite">
          {submitHint({ termsAccepted, blocked, pricing: check.pending || totals === null, needsBranch })}
        </p>
      </div>
    </Form>
  );
}

function submitHint({
  termsAccepted,
  blocked,
  pricing,
  needsBranch,
}: {
  termsAccepted: boolean;
  blocked: boolean;
  pricing: boolean;
  needsBranch: boolean;
}): string {
  if (blocked) return "Revisá los productos marcados en el resumen para continuar.";
  if (pricing) return "Verificando precios y stock...";
  if (needsBranch) return "Elegí la sucursal donde vas a retirar tu pedido.";
  if (!termsAccepted) return "Aceptá los términos para confirmar el pedido.";
  return "Vas a ver la confirmación con tu número de pedido.";
}
