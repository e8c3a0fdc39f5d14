import { Undo2 } from "lucide-react";
import { useActionResult } from "~/components/use-action-result";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { OrderStatus } from "~/domain/order-status";
import type { OrderWithdrawal } from "~/models/order.server";
import type { OrderActionData } from "./editable-field";

/** The "Arrepentimiento" flag of an order with a withdrawal request (orange until handled). */
export function WithdrawalBadge({ withdrawal }: { withdrawal: OrderWithdrawal }) {
  const handled = withdrawal.handledAtLabel !== null;
  return (
    <span
      title={`${withdrawal.code}${handled ? " (atendida)" : " (sin atender)"}`}
      className={
        handled
          ? "inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-400/40 ring-inset"
          : "inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-orange-100 px-2 py-0.5 text-xs font-semibold text-orange-900 ring-1 ring-orange-600/30 ring-inset"
      }
    >
      <Undo2 aria-hidden className="size-3" />
      Arrepentimiento
      <span className="sr-only">{handled ? " (atendido)" : " (sin atender)"}</span>
    </span>
  );
}

/**
 * In the expanded row: the request's code, date, e-mail and reason; "Aceptar el arrepentimiento"
 * (the order is cancelled: its units go back to the stock, or come back with the parcel when it
 * was shipped; a paid order then offers its refund), "Recibí la devolución" (a shipped order's
 * parcel is back: its units return to the stock) and "Marcar como atendida".
 */
export function WithdrawalPanel({
  orderId,
  orderStatus,
  awaitingReturn,
  withdrawal,
}: {
  orderId: string;
  orderStatus: OrderStatus;
  /** Withdrawn after it was shipped: the parcel is on its way back. */
  awaitingReturn: boolean;
  withdrawal: OrderWithdrawal;
}) {
  const fetcher = useFetcher<OrderActionData>();
  const [confirming, setConfirming] = useState<"accept" | "return" | null>(null);
  useActionResult(fetcher.data, fetcher.state, () => {
    setConfirming(null);
  });
  const saving = fetcher.state !== "idle";
  const shipped = orderStatus === "shipped" || orderStatus === "delivered";
  return (
    <section
      aria-label="Solicitud de arrepentimiento"
      className="rounded-lg border border-orange-300 bg-orange-50 p-4 text-sm text-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="flex items-center gap-2 font-bold">
          Solicitud de arrepentimiento <WithdrawalBadge withdrawal={withdrawal} />
        </h3>
        {orderStatus !== "cancelled" ? (
          <Button
            type="button"
            size="sm"
            variant="destructive"
            disabled={saving}
            onClick={() => setConfirming("accept")}
          >
            Aceptar el arrepentimiento
          </Button>
        ) : null}
        {awaitingReturn ? (
          <Button type="button" size="sm" disabled={saving} onClick={() => setConfirming("return")}>
            Recibí la devolución
          </Button>
        ) : null}
        {withdrawal.handledAtLabel ? (
          <p className="text-green-800">Atendida el {withdrawal.handledAtLabel}</p>
        ) : (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="withdrawal-handled" />
            <input type="hidden" name="orderId" value={orderId} />
            <Button type="submit" size="sm" variant="outline" disabled={saving}>
              {saving ? "Guardando..." : "Marcar como atendida"}
            </Button>
          </fetcher.Form>
        )}
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-600">Código</dt>
        <dd className="font-mono font-semibold">{withdrawal.code}</dd>
        <dt className="font-medium text-slate-600">Solicitada</dt>
        <dd>
          <time dateTime={withdrawal.createdAt}>{withdrawal.createdAtLabel}</time>
        </dd>
        <dt className="font-medium text-slate-600">Email</dt>
        <dd className="break-all">{withdrawal.email}</dd>
        <dt className="font-medium text-slate-600">Motivo</dt>
        <dd className="whitespace-pre-line break-words">{withdrawal.reason || "No indicó un motivo."}</dd>
      </dl>
      {awaitingReturn ? (
        <p className="mt-3 text-orange-900">
          Las unidades salieron con el envío: cuando recibas el paquete, tocá «Recibí la devolución» y vuelven al stock.
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming === "return"}
        onOpenChange={(open) => setConfirming(open ? "return" : null)}
        title="Recibí la devolución"
        confirmLabel="Volver las unidades al stock"
        pending={saving}
        onConfirm={() => fetcher.submit({ intent: "return-received", orderId }, { method: "post" })}
      >
        <p>Las unidades del pedido vuelven al stock y se pueden vender otra vez.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === "accept"}
        onOpenChange={(open) => setConfirming(open ? "accept" : null)}
        title="Aceptar el arrepentimiento"
        confirmLabel="Aceptar y cancelar el pedido"
        pending={saving}
        onConfirm={() => fetcher.submit({ intent: "withdrawal-accept", orderId }, { method: "post" })}
      >
        <p>
          El pedido pasa a Cancelado y la solicitud queda atendida.{" "}
          {shipped
            ? "Sus unidades ya salieron: vuelven al stock cuando marques que recibiste la devolución."
            : "Sus unidades vuelven al stock."}{" "}
          Si está pagado con Mercado Pago, después podés reembolsar el pago desde el pedido.
        </p>
      </ConfirmDialog>
    </section>
  );
}
