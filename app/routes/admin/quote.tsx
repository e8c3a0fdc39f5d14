import { Form, Link, data, useNavigation } from "react-router";
import type { Route } from "./+types/quote";
import { AdminPage } from "~/components/admin/admin-page";
import { controlClass } from "~/components/checkout/checkout-field-input";
import { QuoteLinesTable, QuoteStatusBadge, QuoteTimeline } from "~/components/quotes/quote-parts";
import { Button } from "~/components/ui/button";
import { useActionResult } from "~/components/use-action-result";
import { fromCents } from "~/domain/money";
import { canCancel, canPrice, todayInStore } from "~/domain/quotes";
import { cancelQuote, getQuote, priceQuote } from "~/models/quotes.server";
import { QuoteAdminIntentSchema, QuotePricingSchema } from "~/schemas/quotes";
import type { ToastInput } from "~/schemas/toast";
import { requireAdmin } from "~/utils/auth.server";
import { parseForm, readForm } from "~/utils/request.server";

// [25/25] One quote in Admin > Cotizaciones: staff set each line's price, the validity and the
// conditions and send it (the requester gets the link and the PDF), or cancel it.

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.quote ? `Cotización ${data.quote.number}` : "Cotización"} | Admin Vitec` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const quote = await getQuote(params.id);
  if (!quote) throw data("No encontramos la cotización.", { status: 404 });
  return { quote, today: todayInStore() };
}

type ActionData = { ok: boolean; toast: ToastInput; errors?: Record<string, string> };

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  const intent = parseForm(QuoteAdminIntentSchema, form);
  if (!intent.ok) {
    return data<ActionData>({ ok: false, toast: { type: "error", title: "Acción desconocida." } }, { status: 400 });
  }
  const actor = { id: admin.id, email: admin.email };
  if (intent.data.intent === "cancel") {
    const result = await cancelQuote(actor, params.id);
    return data<ActionData>(
      { ok: result.ok, toast: { type: result.ok ? "success" : "error", title: result.message } },
      { status: result.ok ? 200 : result.status },
    );
  }
  const parsed = parseForm(QuotePricingSchema, form, { lists: ["lineId", "price"] });
  if (!parsed.ok) {
    const first = Object.values(parsed.errors)[0] ?? "Revisá los datos de la cotización.";
    return data<ActionData>(
      {
        ok: false,
        errors: parsed.errors,
        toast: { type: "error", title: "No se pudo enviar la cotización.", description: first },
      },
      { status: 400 },
    );
  }
  const result = await priceQuote(actor, params.id, parsed.data);
  if (!result.ok) {
    return data<ActionData>(
      { ok: false, toast: { type: "error", title: "No se pudo enviar la cotización.", description: result.message } },
      { status: result.status },
    );
  }
  return data<ActionData>({ ok: true, toast: { type: "success", title: result.message } });
}

/** "80000,5" as the es-AR amount field reads it. */
const amountText = (cents: number) => String(fromCents(cents)).replace(".", ",");

export default function AdminQuote({ loaderData, actionData }: Route.ComponentProps) {
  const { quote, today } = loaderData;
  const navigation = useNavigation();
  useActionResult(actionData as ActionData | undefined, navigation.state);
  const editable = canPrice(quote.status);
  const errors = (actionData as ActionData | undefined)?.errors ?? {};
  return (
    <AdminPage
      title={`Cotización ${quote.number}`}
      intro={
        <>
          {quote.company.legalName} (CUIT {quote.company.cuit}) · pedida el {quote.createdAtLabel}
          {quote.requesterEmail ? ` por ${quote.requesterEmail}` : ""}
        </>
      }
    >
      <p className="mt-3 flex flex-wrap items-center gap-3">
        <QuoteStatusBadge status={quote.status} label={quote.statusLabel} />
        {quote.validUntilLabel ? <span className="text-sm">Válida hasta el {quote.validUntilLabel}</span> : null}
        {quote.orderId ? (
          <Link to={`/admin/ordenes?open=${quote.orderId}`} className="text-sm font-semibold text-brand-700 underline">
            Ver el pedido #{quote.orderNumber}
          </Link>
        ) : null}
        <Link to="/admin/cotizaciones" className="text-sm text-slate-600 underline">
          Volver a Cotizaciones
        </Link>
      </p>
      {quote.buyerNote ? (
        <div className="mt-4 rounded-md bg-slate-50 p-3 text-sm">
          <p className="font-semibold">Nota de la empresa</p>
          <p className="whitespace-pre-line">{quote.buyerNote}</p>
        </div>
      ) : null}
      <Form method="post" className="mt-6 space-y-4">
        <QuoteLinesTable
          lines={quote.lines}
          totalCents={quote.totalCents}
          priceCell={
            editable
              ? (line) => (
                  <>
                    <input type="hidden" name="lineId" value={line.id} />
                    <label className="sr-only" htmlFor={`price-${line.id}`}>
                      Precio cotizado de {line.name}
                    </label>
                    <input
                      id={`price-${line.id}`}
                      name="price"
                      inputMode="decimal"
                      required
                      defaultValue={amountText(line.quotedUnitCents ?? line.publicUnitCents)}
                      className="w-32 rounded-md border border-slate-300 px-2 py-1 text-right"
                    />
                  </>
                )
              : undefined
          }
        />
        {editable ? (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor="validUntil" className="block text-sm font-medium text-slate-800">
                  Válida hasta
                </label>
                <input
                  id="validUntil"
                  name="validUntil"
                  type="date"
                  min={today}
                  required
                  defaultValue={quote.validUntil ?? ""}
                  aria-invalid={errors.validUntil ? true : undefined}
                  className={controlClass}
                />
                {errors.validUntil ? <p className="mt-1 text-sm text-red-700">{errors.validUntil}</p> : null}
              </div>
              <div className="sm:col-span-2">
                <label htmlFor="conditions" className="block text-sm font-medium text-slate-800">
                  Condiciones <span className="font-normal text-slate-600">(opcional)</span>
                </label>
                <textarea
                  id="conditions"
                  name="conditions"
                  rows={3}
                  maxLength={2000}
                  defaultValue={quote.conditions}
                  className={controlClass}
                />
              </div>
            </div>
            <div className="flex flex-wrap gap-3">
              <Button type="submit" name="intent" value="send" disabled={navigation.state !== "idle"}>
                {quote.status === "priced" ? "Enviar de nuevo" : "Enviar cotización"}
              </Button>
              {canCancel(quote.status) ? (
                <Button type="submit" name="intent" value="cancel" variant="outline" formNoValidate>
                  Cancelar cotización
                </Button>
              ) : null}
            </div>
          </>
        ) : quote.conditions ? (
          <p className="text-sm whitespace-pre-line">
            <strong>Condiciones:</strong> {quote.conditions}
          </p>
        ) : null}
      </Form>
      <QuoteTimeline events={quote.events} showActor />
    </AdminPage>
  );
}
