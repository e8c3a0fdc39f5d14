import { cartLinesInput } from "~/domain/cart";
import { useMemo, useSyncExternalStore } from "react";
import { Form, Link, data, useNavigation } from "react-router";
import type { Route } from "./+types/quote-request";
import { useCart } from "~/components/cart/cart-store";
import { controlClass } from "~/components/checkout/checkout-field-input";
import { Button } from "~/components/ui/button";
import { useActionResult } from "~/components/use-action-result";
import { quoteCompanyOf, requestQuote } from "~/models/quotes.server";
import { QUOTE_NOTE_MAX, QuoteRequestSchema } from "~/schemas/quotes";
import type { ToastInput } from "~/schemas/toast";
import { requireUser } from "~/utils/auth.server";
import { parseForm, readForm } from "~/utils/request.server";
import { originFrom, seo } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";

// [25/25] /cotizaciones/nueva: a member of an approved company sends the cart as a quote request
// with a note (ADR 0022 "Quotes"). The server re-reads the products; prices come later from staff.

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Pedir cotización | Vitec",
    description: "Pedí una cotización para tu empresa con los productos de tu carrito.",
    path: "/cotizaciones/nueva",
    origin: originFrom(matches),
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { company: await quoteCompanyOf(user.id) };
}

type ActionData = { toast: ToastInput; errors: Record<string, string> };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const parsed = parseForm(QuoteRequestSchema, await readForm(request));
  if (!parsed.ok) {
    const first = Object.values(parsed.errors)[0] ?? "Revisá el pedido.";
    return data<ActionData>(
      { errors: parsed.errors, toast: { type: "error", title: "No se pudo pedir la cotización.", description: first } },
      { status: 400 },
    );
  }
  const result = await requestQuote(user, parsed.data);
  if (!result.ok) {
    return data<ActionData>(
      { errors: {}, toast: { type: "error", title: "No se pudo pedir la cotización.", description: result.message } },
      { status: 409 },
    );
  }
  return redirectWithToast(`/cotizaciones/${result.id}`, {
    type: "success",
    title: `Pediste la cotización N° ${result.number}`,
    description: "Te avisamos por email cuando esté lista.",
  });
}

const subscribeNothing = () => () => undefined;

export default function QuoteRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { company } = loaderData;
  const navigation = useNavigation();
  useActionResult(actionData as ActionData | undefined, navigation.state);
  const hydrated = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  const { items } = useCart();
  const linesJson = useMemo(() => JSON.stringify(cartLinesInput(items)), [items]);
  return (
    <div className="mx-auto min-h-[60vh] max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Pedir cotización</h1>
      {!company ? (
        <p className="mt-4 rounded-lg bg-slate-50 p-4 text-slate-700">
          Las cotizaciones son para empresas aprobadas.{" "}
          <Link to="/empresas/registro" className="font-semibold text-brand-700 underline">
            Registrá tu empresa
          </Link>{" "}
          y, cuando la aprobemos, vas a poder pedirlas desde el carrito.
        </p>
      ) : !hydrated ? (
        <p className="mt-6 text-slate-600" role="status">
          Cargando tu carrito...
        </p>
      ) : items.length === 0 ? (
        <p className="mt-6 text-slate-700">
          Tu carrito está vacío.{" "}
          <Link to="/store" className="font-semibold text-brand-700 underline">
            Agregá productos
          </Link>{" "}
          y volvé para pedir la cotización.
        </p>
      ) : (
        <Form method="post" className="mt-6 space-y-4">
          <p className="text-slate-700">
            Para <strong>{company.legalName}</strong>. Te enviamos los precios, la validez y las condiciones por email.
          </p>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {items.map((item) => (
              <li key={item.cartId} className="flex justify-between gap-4 px-4 py-2 text-sm">
                <span>
                  {item.name}
                  {item.selectedOptions.length > 0
                    ? ` (${item.selectedOptions.map((o) => `${o.group}: ${o.option}`).join(", ")})`
                    : ""}
                </span>
                <span className="tabular-nums">× {item.quantity}</span>
              </li>
            ))}
          </ul>
          <input type="hidden" name="lines" value={linesJson} />
          <div>
            <label htmlFor="quote-note" className="block text-sm font-medium text-slate-800">
              Nota para nuestro equipo <span className="font-normal text-slate-600">(opcional)</span>
            </label>
            <textarea
              id="quote-note"
              name="note"
              rows={4}
              maxLength={QUOTE_NOTE_MAX}
              placeholder="Plazos, forma de pago, entregas parciales..."
              className={controlClass}
            />
          </div>
          <Button type="submit" size="lg" disabled={navigation.state !== "idle"}>
            Pedir cotización
          </Button>
        </Form>
      )}
    </div>
  );
}
