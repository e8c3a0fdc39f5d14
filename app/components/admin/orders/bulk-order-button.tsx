import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { useActionResult } from "~/components/use-action-result";
import type { OrderActionData } from "./editable-field";

type BulkOrderButtonProps = {
  intent: "invoice" | "label" | "retry-cancel";
  orderIds: readonly string[];
  label: string;
  busyLabel: string;
  icon?: ReactNode;
  size?: "sm" | "default";
  variant?: "outline" | "default";
  show?: boolean;
};

/** What a screen gives one action's button: the orders, its label and look. */
export type OrdersButtonProps = Omit<BulkOrderButtonProps, "intent" | "busyLabel" | "icon">;

/**
 * One of Admin > Órdenes' actions on the orders given: one order (its details) or the selected
 * ones (the table's bulk buttons); the form posts every orderId. Hidden with `show` false but
 * still mounted, so the answer's toast shows once the order no longer needs it.
 */
export function BulkOrderButton({
  intent,
  orderIds,
  label,
  busyLabel,
  icon,
  size = "sm",
  variant = "outline",
  show = true,
}: BulkOrderButtonProps) {
  const fetcher = useFetcher<OrderActionData>();
  useActionResult(fetcher.data, fetcher.state);
  const busy = fetcher.state !== "idle";
  if (!show) return null;
  return (
    <fetcher.Form method="post" action="/admin/ordenes">
      <input type="hidden" name="intent" value={intent} />
      {orderIds.map((id) => (
        <input key={id} type="hidden" name="orderId" value={id} />
      ))}
      <Button type="submit" size={size} variant={variant} disabled={busy || orderIds.length === 0}>
        {icon}
        {busy ? busyLabel : label}
      </Button>
    </fetcher.Form>
  );
}
