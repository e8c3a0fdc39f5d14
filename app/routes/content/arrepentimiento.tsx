import { CircleCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, data } from "react-router";
import type { Route } from "./+types/arrepentimiento";
import { PageHero } from "~/components/content/page-hero";
import { WithdrawalForm } from "~/components/forms/withdrawal-form";
import { WITHDRAWAL_WINDOW_DAYS } from "~/domain/withdrawal";
import { WITHDRAWAL_NOT_FOUND, requestWithdrawal, withdrawalExpiredMessage } from "~/models/withdrawal.server";
import type { EnquiryValues } from "~/schemas/contact";
import {
  WITHDRAWAL_FIELDS,
  type WithdrawalReceipt,
  type WithdrawalResult,
  WithdrawalSchema,
} from "~/schemas/withdrawal";
import { clientAddress, rateLimit } from "~/utils/rate-limit.server";
import { originFrom, seo } from "~/utils/seo";
import { echoFields, filledByBot, parseForm, readForm } from "~/utils/request.server";
import type { FieldErrors } from "~/domain/field-errors";

// Botón de arrepentimiento (Res. 424/2020): the public form, no account needed. Works without
// JavaScript: a plain POST answered with the code, or with the reason it was not accepted.

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Botón de arrepentimiento | Vitec",
    description: `Arrepentite de tu compra dentro de los ${WITHDRAWAL_WINDOW_DAYS} días corridos, sin costo y sin necesidad de una cuenta: ingresá tu número de pedido y tu email y recibí al instante tu código de solicitud.`,
    path: "/arrepentimiento",
    origin: originFrom(matches),
  });

/**
 * Every well-formed attempt counts, wrong pairs included, so nobody can try order numbers in
 * bulk; a shopper fixing a typo in the form's fields is never counted.
 */
export const WITHDRAWAL_RATE_LIMIT = { limit: 10, windowSeconds: 600 } as const;

export const WITHDRAWAL_RATE_LIMITED =
  "Hiciste demasiados intentos. Esperá unos minutos y volvé a intentar, o escribinos desde la página de Contacto.";
const FAILURE_TITLE = "No pudimos registrar tu solicitud";
const SAVE_FAILED = "Hubo un problema al registrar tu solicitud. Por favor, intentá de nuevo en unos minutos.";

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const values: EnquiryValues = echoFields(formData, WITHDRAWAL_FIELDS, 2000);
  const fail = (errors: FieldErrors, description: string, status: number, headers?: HeadersInit) =>
    data<WithdrawalResult>(
      {
        ok: false,
        errors,
        values,
        toast: { id: crypto.randomUUID(), type: "error", title: FAILURE_TITLE, description },
      },
      { status, headers },
    );

  // A bot filled the hidden field: nothing is looked up nor kept.
  if (filledByBot(formData)) return fail({ form: WITHDRAWAL_NOT_FOUND }, WITHDRAWAL_NOT_FOUND, 400);

  const parsed = parseForm(WithdrawalSchema, formData);
  if (!parsed.ok) return fail(parsed.errors, "Revisá los campos marcados e intentá de nuevo.", 400);

  const limit = await rateLimit(
    `withdrawal:${clientAddress(context)}`,
    WITHDRAWAL_RATE_LIMIT.limit,
    WITHDRAWAL_RATE_LIMIT.windowSeconds,
  );
  if (!limit.allowed) {
    return fail({ form: WITHDRAWAL_RATE_LIMITED }, WITHDRAWAL_RATE_LIMITED, 429, {
      "Retry-After": String(limit.retryAfterSeconds),
    });
  }

  try {
    const outcome = await requestWithdrawal(parsed.data);
    switch (outcome.kind) {
      case "not_found":
        return fail({ form: WITHDRAWAL_NOT_FOUND }, WITHDRAWAL_NOT_FOUND, 404);
      case "expired": {
        const message = withdrawalExpiredMessage(outcome.lastDayLabel);
        return fail({ form: message }, message, 422);
      }
      default:
        return data<WithdrawalResult>({
          ok: true,
          receipt: outcome.receipt,
          toast: {
            id: crypto.randomUUID(),
            type: "success",
            title: outcome.kind === "created" ? "Solicitud registrada" : "Solicitud ya registrada",
            description: `Tu código es ${outcome.receipt.code}.`,
          },
        });
    }
  } catch (error) {
    console.error("[withdrawal] could not register a request:", error);
    return fail({ form: SAVE_FAILED }, SAVE_FAILED, 500);
  }
}

export default function Arrepentimiento({ actionData }: Route.ComponentProps) {
  const receipt = actionData?.ok ? actionData.receipt : null;
  return (
    <>
      <PageHero
        title="Botón de arrepentimiento"
        lead={`Si te arrepentiste de una compra, podés cancelarla dentro de los ${WITHDRAWAL_WINDOW_DAYS} días corridos desde que hiciste el pedido, sin costo y sin dar explicaciones. No necesitás una cuenta.`}
      />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-[3fr_2fr]">
        <section
          aria-labelledby="form-arrepentimiento"
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        >
          {receipt ? (
            <WithdrawalReceiptPanel receipt={receipt} />
          ) : (
            <>
              <h2 id="form-arrepentimiento" className="mb-4 text-xl font-bold text-slate-900">
                Solicitá la cancelación de tu compra
              </h2>
              <WithdrawalForm />
            </>
          )}
        </section>
        <section aria-labelledby="como-funciona">
          <h2 id="como-funciona" className="text-xl font-bold text-slate-900">
            Cómo funciona
          </h2>
          <ol className="mt-4 list-decimal space-y-3 pl-5 text-slate-700">
            <li>
              Ingresá el número de pedido y el email con el que compraste. El número figura en el email de confirmación
              y en la página de tu compra (por ejemplo, #1a2b3c4d).
            </li>
            <li>Te mostramos al instante el código de identificación de tu solicitud y te lo enviamos por email.</li>
            <li>
              Nos comunicamos con vos para coordinar la devolución del producto, que tiene que estar en las mismas
              condiciones en que lo recibiste, y el reintegro del dinero por el mismo medio de pago. La devolución no
              tiene costo para vos.
            </li>
          </ol>
          <p className="mt-4 text-sm text-slate-600">
            Es tu derecho según el artículo 34 de la Ley 24.240 de Defensa del Consumidor y la Resolución 424/2020 de la
            Secretaría de Comercio Interior. Más información en{" "}
            <Link
              to="/terminos-y-condiciones"
              className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
            >
              Términos y Condiciones
            </Link>
            .
          </p>
        </section>
      </div>
    </>
  );
}

/** The identification code, shown at once; also what a second request of the same order sees. */
function WithdrawalReceiptPanel({ receipt }: { receipt: WithdrawalReceipt }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen reader users land on the result.
  useEffect(() => heading.current?.focus(), [receipt.code]);
  return (
    <div role="status" className="space-y-4">
      <h2
        id="form-arrepentimiento"
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 text-xl font-bold text-slate-900 focus:outline-none"
      >
        <CircleCheck aria-hidden className="size-6 text-green-700" />
        {receipt.created ? "Registramos tu solicitud de arrepentimiento" : "Tu solicitud ya estaba registrada"}
      </h2>
      <div className="rounded-lg border border-green-200 bg-green-50 p-4 text-center">
        <p className="text-sm font-medium text-green-900">Código de identificación</p>
        <p data-testid="withdrawal-code" className="mt-1 font-mono text-3xl font-bold tracking-wider text-slate-900">
          {receipt.code}
        </p>
      </div>
      <p className="text-slate-700">
        {receipt.created
          ? `Pedido #${receipt.orderNumber}, solicitud registrada el ${receipt.requestedAtLabel}. Te enviamos este código por email a ${receipt.email}.`
          : `Ya habías pedido el arrepentimiento del pedido #${receipt.orderNumber} el ${receipt.requestedAtLabel}. Es el mismo código que te enviamos por email a ${receipt.email}.`}
      </p>
      <p className="text-slate-700">
        Guardalo: te lo vamos a pedir en cualquier consulta sobre tu solicitud. Nos vamos a comunicar con vos para
        coordinar la devolución y el reintegro.
      </p>
      <Link
        to="/store"
        className="inline-block rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
      >
        Volver a la tienda
      </Link>
    </div>
  );
}
