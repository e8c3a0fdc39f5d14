import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/quote";
import { CheckoutFieldInput, CheckoutSelect, controlClass } from "~/components/checkout/checkout-field-input";
import { QuoteLinesTable, QuoteStatusBadge, QuoteTimeline } from "~/components/quotes/quote-parts";
import { Button } from "~/components/ui/button";
import { useActionResult } from "~/components/use-action-result";
import { activeCheckoutFields } from "~/domain/checkout-fields";
import { paymentMethodLabel } from "~/domain/payment";
import { checkBuyerMove, todayInStore } from "~/domain/quotes";
import { checkoutPrefill, getProfile } from "~/models/profile.server";
import { acceptQuote, getQuote, mayOpenQuote, requestQuoteChanges } from "~/models/quotes.server";
import { getSettings } from "~/models/settings.server";
import { checkoutFieldValues } from "~/schemas/checkout";
import { QUOTE_NOTE_MAX, QuoteAcceptSchema, QuoteBuyerIntentSchema, QuoteChangesSchema } from "~/schemas/quotes";
import type { ToastInput } from "~/schemas/toast";
import { mercadoPagoConfig } from "~/services/mercadopago.server";
import { getSessionUser } from "~/utils/auth.server";
import { parseForm, readForm } from "~/utils/request.server";
import { originFrom, seo } from "~/utils/seo";

// [25/25] /cotizaciones/:id[?t=token]: the buyer's quote (ADR 0022 "Quotes"), for a signed-in
// member of its company or the holder of the e-mailed link. Within its validity the buyer accepts
// it (an order at the quoted prices, with the shipping and payment chosen here) or asks for changes.

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Cotización | Vitec",
    description: "Tu cotización de Vitec.",
    path: "/cotizaciones",
    origin: originFrom(matches),
    noindex: true,
  });

/** The viewer, when they may open the quote; otherwise the answer (sign in, or 404). */
async function viewerOf(request: Request, id: string) {
  const user = await getSessionUser(request);
  const url = new URL(request.url);
  const token = url.searchParams.get("t");
  if (await mayOpenQuote(id, { userId: user?.id ?? null, token })) return { user, token };
  if (!user && !token) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname)}`);
  throw data("No encontramos la cotización.", { status: 404 });
}

const CHECKOUT_SETTINGS = ["checkout_fields", "shipping_methods", "payment_methods"] as const;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, token } = await viewerOf(request, params.id);
  const [quote, settings, profile] = await Promise.all([
    getQuote(params.id),
    getSettings(CHECKOUT_SETTINGS),
    user ? getProfile(user.id) : null,
  ]);
  if (!quote) throw data("No encontramos la cotización.", { status: 404 });
  const move = checkBuyerMove({ ...quote, companyStatus: quote.company.status }, todayInStore());
  // The company's CUIT and razón social go on the order from the company itself.
  const fields = activeCheckoutFields(settings.checkout_fields).filter(
    (f) => f.name !== "cuit" && f.name !== "company",
  );
  return {
    quote: { ...quote, events: quote.events.map((e) => ({ ...e, actor: "" })), requesterEmail: null },
    open: move.ok,
    refusal: move.ok ? null : move.message,
    token,
    fields,
    prefill: user ? checkoutPrefill(profile, user.email) : {},
    shippingMethods: settings.shipping_methods.filter((m) => m.name).map((m) => m.name),
    paymentMethods: settings.payment_methods
      .filter((m) => m.name && (m.kind !== "mercadopago" || mercadoPagoConfig() !== null))
      .map((m) => ({ value: m.name, label: paymentMethodLabel(m.name) })),
  };
}

type ActionData = { toast: ToastInput; fieldErrors?: Record<string, string>; values?: Record<string, string> };

export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await viewerOf(request, params.id);
  const form = await readForm(request);
  const intent = parseForm(QuoteBuyerIntentSchema, form);
  if (!intent.ok) return data<ActionData>({ toast: { type: "error", title: "Acción desconocida." } }, { status: 400 });
  const quote = await getQuote(params.id);
  const actorEmail = user?.email ?? quote?.requesterEmail ?? "Cliente";
  if (intent.data.intent === "changes") {
    const parsed = parseForm(QuoteChangesSchema, form);
    if (!parsed.ok) {
      return data<ActionData>(
        { toast: { type: "error", title: "No se pudieron pedir los cambios.", description: parsed.errors.note } },
        { status: 400 },
      );
    }
    const result = await requestQuoteChanges(actorEmail, params.id, parsed.data.note);
    return data<ActionData>(
      { toast: { type: result.ok ? "success" : "error", title: result.message } },
      { status: result.ok ? 200 : result.status },
    );
  }
  const values = checkoutFieldValues(form);
  const parsed = parseForm(QuoteAcceptSchema, form);
  if (!parsed.ok) {
    return data<ActionData>(
      {
        values,
        toast: {
          type: "error",
          title: "No se pudo aceptar la cotización.",
          description: Object.values(parsed.errors)[0],
        },
      },
      { status: 400 },
    );
  }
  const result = await acceptQuote(actorEmail, params.id, { ...parsed.data, fields: values });
  if (!result.ok) {
    return data<ActionData>(
      { values, toast: { type: "error", title: "No se pudo aceptar la cotización.", description: result.message } },
      { status: result.status },
    );
  }
  return redirect(
    `/success?${new URLSearchParams({ order: result.order.id, token: result.order.accessToken, nuevo: "1" })}`,
  );
}

export default function QuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const { quote, open, refusal, token, fields, prefill, shippingMethods, paymentMethods } = loaderData;
  const navigation = useNavigation();
  const answer = actionData as ActionData | undefined;
  useActionResult(answer, navigation.state);
  const busy = navigation.state !== "idle";
  const values = { ...prefill, ...answer?.values };
  const pdf = `/cotizaciones/${quote.id}/pdf${token ? `?t=${token}` : ""}`;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Cotización N° {quote.number}</h1>
      <p className="mt-2 flex flex-wrap items-center gap-3 text-slate-700">
        <QuoteStatusBadge status={quote.status} label={quote.statusLabel} />
        <span>{quote.company.legalName}</span>
        {quote.validUntilLabel ? <span>Válida hasta el {quote.validUntilLabel}</span> : null}
        {quote.status !== "requested" ? (
          <a href={pdf} className="font-semibold text-brand-700 underline">
            Descargar PDF
          </a>
        ) : null}
      </p>
      <div className="mt-6">
        <QuoteLinesTable lines={quote.lines} totalCents={quote.totalCents} />
      </div>
      {quote.conditions ? (
        <p className="mt-4 text-sm whitespace-pre-line">
          <strong>Condiciones:</strong> {quote.conditions}
        </p>
      ) : null}
      {quote.orderId ? (
        <p className="mt-4 rounded-md bg-green-50 p-3 text-green-900">
          La aceptaste: es el pedido #{quote.orderNumber}.{" "}
          <Link to={`/cuenta/pedidos/${quote.orderId}`} className="font-semibold underline">
            Ver el pedido
          </Link>
        </p>
      ) : refusal && quote.status !== "accepted" ? (
        <p className="mt-4 rounded-md bg-slate-50 p-3 text-slate-800" role="status">
          {refusal}
        </p>
      ) : null}

      {open ? (
        <div className="mt-8 grid gap-8 lg:grid-cols-2">
          <Form method="post" className="space-y-4 rounded-lg border border-slate-200 p-4">
            <h2 className="text-lg font-semibold">Aceptar la cotización</h2>
            <p className="text-sm text-slate-600">
              Se crea el pedido a los precios cotizados, con factura a nombre de {quote.company.legalName}.
            </p>
            <div className="grid gap-3 sm:grid-cols-2">
              {fields.map((field) => (
                <CheckoutFieldInput key={field.name} field={field} defaultValue={values[field.name]} />
              ))}
            </div>
            <CheckoutSelect
              id="quote-shipping"
              label="Envío"
              name="shippingMethod"
              options={shippingMethods.map((name) => ({ value: name, label: name }))}
            />
            <CheckoutSelect id="quote-payment" label="Medio de pago" name="paymentMethod" options={paymentMethods} />
            <Button type="submit" name="intent" value="accept" size="lg" disabled={busy}>
              Aceptar cotización
            </Button>
          </Form>
          <Form method="post" className="space-y-4 rounded-lg border border-slate-200 p-4">
            <h2 className="text-lg font-semibold">¿Necesitás cambios?</h2>
            <div>
              <label htmlFor="quote-changes" className="block text-sm font-medium text-slate-800">
                Contanos qué querés cambiar
              </label>
              <textarea
                id="quote-changes"
                name="note"
                rows={4}
                required
                maxLength={QUOTE_NOTE_MAX}
                className={controlClass}
              />
            </div>
            <Button type="submit" name="intent" value="changes" variant="outline" disabled={busy}>
              Pedir cambios
            </Button>
          </Form>
        </div>
      ) : null}
      <QuoteTimeline events={quote.events} showActor={false} />
    </div>
  );
}
