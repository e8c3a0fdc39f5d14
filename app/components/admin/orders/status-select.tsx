import { useEffect, useId, useRef, useState } from "react";
import { useActionResult } from "~/components/use-action-result";
import { useFetcher } from "react-router";
import { Select } from "~/components/ui/field";
import { ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from "~/domain/order-status";
import type { OrderActionData } from "./editable-field";

/**
 * "Estado del pedido": saved as soon as it changes. The new value shows at once; if the save
 * fails, the previous value comes back and an error toast says why.
 */
export function StatusSelect({ orderId, status }: { orderId: string; status: OrderStatus }) {
  const fetcher = useFetcher<OrderActionData>();
  const id = useId();
  const [selected, setSelected] = useState(status);
  const previous = useRef(status);

  // A newer value from the server (after revalidation) wins.
  useEffect(() => {
    setSelected(status);
    previous.current = status;
  }, [status]);

  useActionResult(fetcher.data, fetcher.state, (answered) => {
    if (answered.ok) previous.current = selected;
    else setSelected(previous.current);
  });

  const saving = fetcher.state !== "idle";
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        Estado del pedido
      </label>
      <Select
        id={id}
        value={selected}
        aria-busy={saving || undefined}
        className="mt-1 sm:w-56"
        onChange={(event) => {
          const next = event.currentTarget.value as OrderStatus;
          setSelected(next);
          fetcher.submit({ intent: "update-status", orderId, status: next }, { method: "post" });
        }}
      >
        {ORDER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {ORDER_STATUS_LABELS[s]}
          </option>
        ))}
      </Select>
      <p role="status" className="sr-only">
        {saving ? "Guardando estado…" : ""}
      </p>
    </div>
  );
}
