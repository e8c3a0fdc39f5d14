import { TriangleAlert } from "lucide-react";
import { useActionResult } from "~/components/use-action-result";
import { useState } from "react";
import { useFetcher } from "react-router";
import { type BadgeTone, StatusBadge } from "~/components/status-badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { formatARS } from "~/domain/money";
import type { OrderPaymentStatus } from "~/domain/payment";
import type { OrderPaymentView, OrderView } from "~/models/order.server";
import type { OrderActionData } from "./editable-field";

const TONES: Partial<Record<OrderPaymentStatus, BadgeTone>> = {
  approved: "done",
  refunded: "closed",
  rejected: "failed",
  cancelled: "failed",
  charged_back: "alarm",
  in_mediation: "check",
};

/** An online order's payment in the orders table: paid green, pending yellow, rejected red; a flag in orange. */
export function PaymentBadge({ payment }: { payment: OrderPaymentView }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <StatusBadge tone={TONES[payment.status] ?? "waiting"}>{payment.statusLabel}</StatusBadge>
      {payment.flags.length > 0 ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-orange-600 px-2 py-0.5 text-xs font-semibold text-white">
          <TriangleAlert aria-hidden className="size-3" /> Revisar pago
        </span>
      ) : null}
    </span>
  );
}

/**
 * In the expanded row of an online order: the payment's state, Mercado Pago's payment id, method
 * and installments, what staff must check (with the amounts), and what they can do about it:
 * "Reembolsar" for a paid order that was cancelled, "Reactivar" for one paid after it was
 * cancelled (its stock taken again), "Reembolsar el pago ..." for a payment it does not need
 * (paid twice, or of another amount). Each refund is a full one through Mercado Pago, after a
 * confirmation.
 */
export function PaymentPanel({
  order,
}: {
  order: Pick<OrderView, "id" | "number" | "status" | "total"> & { payment: OrderPaymentView };
}) {
  const { payment } = order;
  const fetcher = useFetcher<OrderActionData>();
  // The payment a confirmation is open for (null: the order's own payment).
  const [confirming, setConfirming] = useState<{ paymentId: string | null; amount: number } | null>(null);
  useActionResult(fetcher.data, fetcher.state, () => {
    setConfirming(null);
  });
  const busy = fetcher.state !== "idle";

  return (
    <section aria-label="Pago con Mercado Pago" className="rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex flex-wrap items-center gap-2 font-bold text-slate-900">
          Pago con Mercado Pago <PaymentBadge payment={payment} />
        </h2>
        <div className="flex flex-wrap gap-2">
          {payment.reopenable ? (
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() =>
                fetcher.submit({ intent: "update-status", orderId: order.id, status: "processing" }, { method: "post" })
              }
            >
              Reactivar (toma el stock de nuevo)
            </Button>
          ) : null}
          {payment.refundable ? (
            <Button
              size="sm"
              variant="destructive"
              onClick={() => setConfirming({ paymentId: null, amount: payment.amount ?? order.total })}
            >
              Reembolsar
            </Button>
          ) : null}
          {payment.extraPayments.map((extra) => (
            <Button key={extra.paymentId} size="sm" variant="destructive" onClick={() => setConfirming(extra)}>
              Reembolsar el pago {extra.paymentId}
            </Button>
          ))}
        </div>
      </div>
      {payment.flags.map((flag) => (
        <p key={flag} role="alert" className="mt-3 rounded-md bg-orange-100 p-3 font-medium text-orange-950">
          {flag}
        </p>
      ))}
      <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-600">ID de pago</dt>
        <dd className="font-mono">{payment.paymentId ?? "Todavía no hay un pago"}</dd>
        {payment.method ? (
          <>
            <dt className="font-medium text-slate-600">Medio</dt>
            <dd>
              {payment.method}
              {payment.paymentType ? ` (${payment.paymentType})` : ""}
            </dd>
          </>
        ) : null}
        {payment.installments ? (
          <>
            <dt className="font-medium text-slate-600">Cuotas</dt>
            <dd>{payment.installments}</dd>
          </>
        ) : null}
        {payment.amount !== null ? (
          <>
            <dt className="font-medium text-slate-600">Monto</dt>
            <dd className="tabular-nums">{formatARS(payment.amount)}</dd>
          </>
        ) : null}
        {payment.expiresAtLabel && payment.status !== "approved" ? (
          <>
            <dt className="font-medium text-slate-600">Vence</dt>
            <dd>{payment.expiresAtLabel}</dd>
          </>
        ) : null}
      </dl>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title="Reembolsar el pago"
        confirmLabel="Reembolsar"
        pending={busy}
        onConfirm={() =>
          fetcher.submit(
            {
              intent: "refund",
              orderId: order.id,
              ...(confirming?.paymentId ? { paymentId: confirming.paymentId } : {}),
            },
            { method: "post" },
          )
        }
      >
        <p>
          Se devuelven {formatARS(confirming?.amount ?? order.total)} al comprador por Mercado Pago
          {confirming?.paymentId ? ` (el pago ${confirming.paymentId}` : " (la orden #"}
          {confirming?.paymentId ? `, orden #${order.number})` : `${order.number})`}. No se puede deshacer.
        </p>
      </ConfirmDialog>
    </section>
  );
}
