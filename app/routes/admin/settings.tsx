import { useEffect } from "react";
import { data } from "react-router";
import { reloadArrived, skipAfterPreview } from "~/utils/revalidation";
import { useActionResult } from "~/components/use-action-result";
import { loadFailedToast } from "~/schemas/toast";
import type { Route } from "./+types/settings";
import { CarriersCard } from "~/components/admin/settings/carriers-card";
import { ShippingCarriersCard } from "~/components/admin/settings/shipping-carriers-card";
import { CheckoutFieldsCard } from "~/components/admin/settings/checkout-fields-card";
import { ExchangeRateCard } from "~/components/admin/settings/exchange-rate-card";
import { FeedsCard } from "~/components/admin/settings/feeds-card";
import { ArcaCredentialsCard, InvoicingCard } from "~/components/admin/settings/invoicing-card";
import { EmailTemplateCard } from "~/components/admin/settings/email-template-card";
import { PaymentMethodsCard } from "~/components/admin/settings/payment-methods-card";
import { PriceReferenceCard } from "~/components/admin/settings/price-reference-card";
import type { SettingActionData } from "~/components/admin/settings/settings-card";
import type { RateQuoteData } from "~/components/admin/settings/exchange-rate-card";
import { ShippingMethodsCard } from "~/components/admin/settings/shipping-methods-card";
import { ShippingZonesCard } from "~/components/admin/settings/shipping-zones-card";
import { StoreCard } from "~/components/admin/settings/store-card";
import { WinBackCard } from "~/components/admin/settings/win-back-card";
import {
  MARKETING_EMAIL_KEYS,
  SETTING_KEYS,
  STATUS_EMAIL_KEYS,
  STATUS_EMAIL_STATUSES,
  type SettingKey,
  type SettingValues,
} from "~/domain/settings";
import { arcaAdminAction, credentialsStatus } from "~/models/invoice-admin.server";
import { carriersStatus, testCarrierConnection } from "~/models/carrier-settings.server";
import { applyQuotedRate, quoteDollarRate, repricePegged, repriceSummary } from "~/models/dollar-pricing.server";
import { getSettings, updateSetting, updateShippingMethods, updateShippingZones } from "~/models/settings.server";
import {
  CarrierTestSchema,
  EMAIL_TEMPLATE_KEYS,
  EmailTemplateSchema,
  MERCADOPAGO_NOT_CONFIGURED,
  QuotedRateSchema,
  SETTINGS_LOAD_ERROR,
  SETTING_SAVED_TITLE,
  SettingSaveSchema,
  isStatusEmailKey,
  parseSettingForm,
  readRows,
  settingFailedText,
  settingSavedText,
} from "~/schemas/settings";
import { mercadoPagoConfig } from "~/services/mercadopago.server";
import { requireAdmin } from "~/utils/auth.server";
import { baseUrl } from "~/utils/env.server";
import { sanitizeRichText } from "~/domain/rich-text";
import { parseForm, readForm } from "~/utils/request.server";
import { parseFields } from "~/domain/field-errors";

export const meta: Route.MetaFunction = () => [{ title: "Configuración | Admin Vitec" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return {
      settings: await getSettings(SETTING_KEYS),
      onlinePayments: mercadoPagoConfig() !== null,
      siteUrl: baseUrl(),
      arca: await credentialsStatus(),
      carriers: carriersStatus(),
      error: null,
      toast: null,
    };
  } catch (error) {
    console.error("[admin settings] load failed:", error);
    return {
      settings: null,
      onlinePayments: false,
      siteUrl: baseUrl(),
      arca: null,
      carriers: null,
      error: SETTINGS_LOAD_ERROR,
      toast: loadFailedToast(SETTINGS_LOAD_ERROR),
    };
  }
}

function isTemplateKey(key: SettingKey): key is (typeof EMAIL_TEMPLATE_KEYS)[number] {
  return (EMAIL_TEMPLATE_KEYS as readonly string[]).includes(key);
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  // The certificate upload and "Probar conexión" (Configuración > Facturación).
  const arcaAnswer = await arcaAdminAction(admin, form);
  if (arcaAnswer) return data(arcaAnswer, { status: arcaAnswer.ok ? 200 : 400 });
  // "Probar conexión" of a carrier (Configuración > Envíos).
  const carrierTest = parseForm(CarrierTestSchema, form);
  if (carrierTest.ok) {
    const result = await testCarrierConnection(carrierTest.data.carrier);
    const toast = result.ok
      ? ({ type: "success", title: "Conexión correcta", description: result.message } as const)
      : ({ type: "error", title: "Sin conexión", description: result.message } as const);
    return data({ ...result, intent: "carrier-test" as const, toast }, { status: result.ok ? 200 : 400 });
  }
  // "Traer cotización" and "Usar esta cotización" (Cotización del dólar, ADR 0020): the server asks the BCRA.
  if (form.get("intent") === "rate-quote") {
    const result = await quoteDollarRate();
    return data<RateQuoteData>(
      result.ok
        ? { intent: "rate-quote", ok: true, quote: result.quote, message: "", toast: null }
        : {
            intent: "rate-quote",
            ok: false,
            quote: null,
            message: result.message,
            toast: rateFailedToast(result.message),
          },
      { status: result.ok ? 200 : 502 },
    );
  }
  if (form.get("intent") === "rate-apply") {
    const parsed = parseForm(QuotedRateSchema, form);
    if (!parsed.ok) return rateNotApplied(parsed.errors.expected ?? "Traé la cotización de nuevo.", 400);
    try {
      const result = await applyQuotedRate(admin, parsed.data.expected);
      if (!result.ok) return rateNotApplied(result.message, result.quote ? 409 : 502, result.quote);
      const description = repriceSummary(result.report);
      return data<RateQuoteData>({
        intent: "rate-apply",
        ok: true,
        quote: result.quote,
        message: description,
        toast: { type: "success", title: "Cotización guardada", description },
      });
    } catch (error) {
      console.error("[admin settings] applying the fetched rate failed:", error);
      return rateNotApplied("No se pudo guardar la cotización o recalcular todos los precios: probá de nuevo.", 500);
    }
  }
  const save = parseForm(SettingSaveSchema, form);
  const failed = (label: string, errors: SettingActionData["errors"], status: number) =>
    data<SettingActionData>(
      {
        ok: false,
        key: label,
        errors,
        toast: { type: "error", title: "Error", description: settingFailedText(label) },
      },
      { status },
    );

  if (!save.ok) return failed(String(form.get("key") ?? ""), {}, 400);
  const { key } = save.data;

  const parsed = parseSettingForm(key, form);
  if (!parsed.ok) return failed(key, parsed.errors, 400);
  let value = parsed.data;
  if (key === "payment_methods" && !mercadoPagoConfig()) {
    // Online payment needs the server's credentials: without them the kind cannot be chosen.
    const methods = value as SettingValues["payment_methods"];
    const online = methods.findIndex((m) => m.kind === "mercadopago");
    if (online >= 0) return failed(key, { [`rows.${online}.kind`]: MERCADOPAGO_NOT_CONFIGURED }, 400);
  }
  if (isTemplateKey(key)) {
    // Stored HTML always goes through the one sanitizer; what is left must still be a template.
    const clean = parseFields(EmailTemplateSchema, sanitizeRichText(value as string), () => "value");
    if (!clean.ok) return failed(key, clean.errors, 400);
    value = clean.data;
  }
  if (isStatusEmailKey(key)) {
    const template = value as SettingValues[typeof key];
    const clean = parseFields(EmailTemplateSchema, sanitizeRichText(template.html), () => "value");
    if (!clean.ok) return failed(key, clean.errors, 400);
    value = { ...template, html: clean.data };
  }
  try {
    if (key === "shipping_methods") {
      // Each row's name when the form was opened: a renamed method keeps its zone costs.
      const previousNames = readRows(form).map((row) => row.previousName);
      await updateShippingMethods(admin, value as SettingValues["shipping_methods"], previousNames);
    } else if (key === "shipping_zones") {
      await updateShippingZones(admin, value as SettingValues["shipping_zones"]);
    } else {
      await updateSetting(admin, key, value as SettingValues[typeof key]);
    }
  } catch (error) {
    console.error(`[admin settings] saving ${key} failed:`, error);
    return failed(key, {}, 500);
  }
  if (key === "exchange_rate") {
    // A new rate re-prices the pegged products (ADR 0020); what changed goes in the toast and the audit log.
    try {
      const report = await repricePegged(admin);
      return data<SettingActionData>({
        ok: true,
        key,
        toast: { type: "success", title: "Cotización guardada", description: repriceSummary(report) },
      });
    } catch (error) {
      console.error("[admin settings] re-pricing failed:", error);
      return failed(
        key,
        { rate: "La cotización se guardó, pero no se pudieron recalcular todos los precios: guardá de nuevo." },
        500,
      );
    }
  }
  return data<SettingActionData>({
    ok: true,
    key,
    toast: { type: "success", title: SETTING_SAVED_TITLE, description: settingSavedText(key) },
  });
}

const rateFailedToast = (description: string, title = "No se pudo traer la cotización") =>
  ({ type: "error", title, description }) as const;

/** "Usar esta cotización" saved nothing: why, with the rate the BCRA gave now when there is one. */
function rateNotApplied(message: string, status: number, quote: RateQuoteData["quote"] = null) {
  return data<RateQuoteData>(
    { intent: "rate-apply", ok: false, quote, message, toast: rateFailedToast(message, "Cotización no guardada") },
    { status },
  );
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { settings, onlinePayments, siteUrl, arca, carriers, error } = loaderData;
  useActionResult(loaderData, "idle");
  // New data on screen: a save's reload, if one was owed, has arrived.
  useEffect(() => reloadArrived(), [loaderData]);

  return (
    <div>
      <h1 className="text-2xl font-bold">Configuración de la Tienda</h1>
      <p className="mt-1 text-sm text-slate-600">Cada tarjeta se guarda por separado.</p>
      {!settings ? (
        <p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {error ?? SETTINGS_LOAD_ERROR}
        </p>
      ) : (
        <div className="mt-6 space-y-6">
          <CheckoutFieldsCard fields={settings.checkout_fields} />
          <ShippingMethodsCard methods={settings.shipping_methods} />
          {/* Its table has a column per method: a method renamed, added or removed starts it afresh. */}
          <ShippingZonesCard
            key={settings.shipping_methods.map((m) => m.name).join("\n")}
            zones={settings.shipping_zones}
            methods={settings.shipping_methods}
          />
          <PaymentMethodsCard methods={settings.payment_methods} onlineAvailable={onlinePayments} />
          <StoreCard store={settings.store} />
          <PriceReferenceCard value={settings.price_reference} />
          <CarriersCard carriers={settings.carriers} />
          {carriers ? <ShippingCarriersCard status={carriers} parcel={settings.default_parcel} /> : null}
          <ExchangeRateCard exchange={settings.exchange_rate} />
          {arca ? (
            <>
              <InvoicingCard invoicing={settings.invoicing} arca={arca} />
              <ArcaCredentialsCard arca={arca} />
            </>
          ) : null}
          <FeedsCard siteUrl={siteUrl} />
          {EMAIL_TEMPLATE_KEYS.map((key) => (
            <EmailTemplateCard key={key} templateKey={key} html={settings[key]} />
          ))}
          {STATUS_EMAIL_STATUSES.map((status) => {
            const key = STATUS_EMAIL_KEYS[status];
            const { html, ...rest } = settings[key];
            return <EmailTemplateCard key={key} templateKey={key} html={html} status={rest} />;
          })}
          <WinBackCard value={settings.win_back} />
          {MARKETING_EMAIL_KEYS.map((key) => {
            const { html, ...rest } = settings[key];
            return <EmailTemplateCard key={key} templateKey={key} html={html} status={rest} />;
          })}
        </div>
      )}
    </div>
  );
}

export const shouldRevalidate = skipAfterPreview;
