import { ORDER_STATUS_LABELS, type OrderStatus } from "~/domain/order-status";
import { cn } from "~/utils/cn";

// Admin status badge: shipped blue, delivered green, cancelled destructive, the rest yellow.
const COLORS: Partial<Record<OrderStatus, string>> = {
  shipped: "bg-blue-100 text-blue-800 ring-blue-600/20",
  delivered: "bg-green-100 text-green-800 ring-green-600/20",
  cancelled: "bg-red-700 text-white ring-red-800",
};
const OTHER = "bg-yellow-100 text-yellow-900 ring-yellow-600/30";

export function AdminOrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={cn(
        "inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        COLORS[status] ?? OTHER,
      )}
    >
      {ORDER_STATUS_LABELS[status] ?? ORDER_STATUS_LABELS.pending}
    </span>
  );
}
