import { CircleAlert, CircleCheck, Clock } from "lucide-react";
import { useEffect } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { formatARS } from "~/domain/money";
import type { OrderPaymentView } from "~/models/order.server";
import { cn } from "~/utils/cn";

/** What Mercado Pago said when it sent the shopper back (query `status`), or that it could not be reached. */
export type PaymentReturn = "approved" | "pending" | "rejected" | "error" | null;

export function paymentReturnFrom(params: URLSearchParams): PaymentReturn {
  if (params.get("pago") === "error") return "error";
  const status = params.get("status") ?? params.get("collection_status");
  if (status === "approved") return "approved";
  if (status === "pending" || status === "in_process") return "pending";
  if (status === "rejected" || status === "null") return "rejected";
  return null;
}

type Tone = "ok" | "wait" | "bad";

/** What the panel says about an online order's payment (its title and text), from what the store knows. */
export function paymentPanelText(
  payment: OrderPaymentView,
  returned: PaymentReturn,
  orderCancelled: boolean,
): { tone: Tone; title: string; text: string; waiting: boolean } {
  const paidWith = [
    payment.amount !== null ? formatARS(payment.amount) : null,
    payment.installments && payment.installments > 1 ? `en ${payment.installments} cuotas` : null,
  ]
    .filter(Boolean)
    .join(" ");
  // Paid, but the order is cancelled (the payment came after it expired, or staff cancelled it):
  // never "we are preparing your order".
  if (orderCancelled && (payment.status === "approved" || payment.status === "in_mediation")) {
    return {
      tone: "wait",
      title: "Recibimos tu pago, pero el pedido está cancelado",
      text: `Mercado Pago acreditó tu pago${paidWith ? ` de ${paidWith}` : ""} cuando el pedido ya estaba cancelado. Lo estamos revisando: reactivamos tu pedido o te devolvemos el dinero, y te avisamos por email.`,
      waiting: false,
    };
  }
  switch (payment.status) {
    case "approved":
      return {
        tone: "ok",
        title: "¡Pago aprobado!",
        text: `Mercado Pago acreditó tu pago${paidWith ? ` de ${paidWith}` : ""}. Ya estamos preparando tu pedido.`,
        waiting: false,
      };
    case "pending":
      return {
        tone: "wait",
        title: "Tu pago está pendiente de acreditación",
        text: "Mercado Pago todavía está procesando tu pago. Te avisamos por email cuando se acredite.",
        waiting: true,
      };
    case "refunded":
      return {
        tone: "wait",
        title: "Pago reembolsado",
        text: "Te devolvimos el dinero por Mercado Pago.",
        waiting: false,
      };
    case "charged_back":
    case "in_mediation":
      return {
        tone: "bad",
        title: "Pago en revisión",
        text: "Tu pago tiene un reclamo abierto en Mercado Pago. Si necesitás ayuda, escribinos.",
        waiting: false,
      };
    default:
      break;
  }
  if (orderCancelled) {
    return {
      tone: "bad",
      title: "El pedido fue cancelado",
      text: "Venció el plazo para pagarlo o lo cancelamos. Si querés los productos, hacé un pedido nuevo.",
      waiting: false,
    };
  }
  // No payment confirmed by Mercado Pago yet: what the return said is shown while its notification arrives.
  if (returned === "approved") {
    return {
      tone: "wait",
      title: "Estamos confirmando tu pago",
      text: "Mercado Pago nos está avisando del pago. Esta página se actualiza sola en unos segundos.",
      waiting: true,
    };
  }
  if (returned === "pending") {
    return {
      tone: "wait",
      title: "Tu pago está pendiente de acreditación",
      text: "Mercado Pago todavía está procesando tu pago. Te avisamos por email cuando se acredite.",
      waiting: true,
    };
  }
  if (payment.status === "rejected" || payment.status === "cancelled" || returned === "rejected") {
    return {
      tone: "bad",
      title: "Tu pago fue rechazado",
      text: "Mercado Pago no aprobó el pago. Podés intentar de nuevo con otra tarjeta o medio de pago.",
      waiting: false,
    };
  }
  if (returned === "error") {
    return {
      tone: "bad",
      title: "No pudimos conectarnos con Mercado Pago",
      text: "Tu pedido quedó registrado y reservamos los productos. Intentá pagar de nuevo en unos minutos.",
      waiting: false,
    };
  }
  return {
    tone: "wait",
    title: "Falta pagar tu pedido",
    text: "Pagalo con Mercado Pago para que lo preparemos.",
    waiting: false,
  };
}

const TONES: Record<Tone, { box: string; Icon: typeof CircleCheck }> = {
  ok: { box: "border-green-200 bg-green-50 text-green-900", Icon: CircleCheck },
  wait: { box: "border-amber-200 bg-amber-50 text-amber-900", Icon: Clock },
  bad: { box: "border-red-200 bg-red-50 text-red-900", Icon: CircleAlert },
};

/**
 * An online order's payment as the shopper sees it (confirmation page, Mi Cuenta): paid, pending,
 * rejected with "Reintentar el pago", or unpaid with "Pagar ahora" until it expires. While a
 * payment Mercado Pago reported on the return is not confirmed by its notification yet, the page
 * reloads its data every few seconds and offers no way to pay again.
 */
export function OnlinePaymentPanel({
  payment,
  returned,
  confirming = false,
  orderStatus,
  error,
}: {
  payment: OrderPaymentView;
  returned: PaymentReturn;
  /** Mercado Pago sent the shopper back with a payment the store has not heard of yet: no second payment is offered. */
  confirming?: boolean;
  orderStatus: string;
  /** Why paying did not start (the action's answer). */
  error?: string | null;
}) {
  const { tone, title, text, waiting } = paymentPanelText(payment, returned, orderStatus === "cancelled");
  const { Icon, box } = TONES[tone];
  const navigation = useNavigation();
  const starting = navigation.state !== "idle" && navigation.formData?.get("intent") === "pay";
  const retry = payment.status === "rejected" || payment.status === "cancelled" || returned === "rejected";

  const revalidator = useRevalidator();
  useEffect(() => {
    if (!waiting) return;
    let rounds = 0;
    const timer = window.setInterval(() => {
      if (++rounds > 60) window.clearInterval(timer);
      else if (revalidator.state === "idle") void revalidator.revalidate();
    }, 3000);
    return () => window.clearInterval(timer);
  }, [waiting, revalidator]);

  return (
    <section aria-labelledby="payment-state-title" className={cn("rounded-lg border p-4", box)}>
      <h2 id="payment-state-title" className="flex items-center gap-2 text-lg font-semibold">
        <Icon aria-hidden className="size-5 shrink-0" />
        {title}
      </h2>
      <p className="mt-1 text-sm" role="status">
        {text}
      </p>
      {payment.canPay && !confirming ? (
        <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="pay" />
          <Button type="submit" disabled={starting}>
            {starting ? "Abriendo Mercado Pago..." : retry ? "Reintentar el pago" : "Pagar ahora"}
          </Button>
          {payment.expiresAtLabel ? (
            <span className="text-sm">Podés pagarlo hasta el {payment.expiresAtLabel}.</span>
          ) : null}
        </Form>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </section>
  );
}
