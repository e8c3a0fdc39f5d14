import { ORDER_STATUS_LABELS, type OrderStatus } from "~/domain/order-status";
import { type BadgeTone, StatusBadge } from "./status-badge";

// Spec: delivered (and the legacy "completed") green, shipped blue, cancelled red, the rest yellow;
// for staff a cancelled order stands out (solid red).
const TONES: Partial<Record<string, BadgeTone>> = {
  delivered: "done",
  completed: "done",
  shipped: "moving",
  cancelled: "failed",
};

/** An order's status, in the customer's account and in the admin (`staff`). */
export function OrderStatusBadge({ status, staff = false }: { status: OrderStatus; staff?: boolean }) {
  const tone = staff && status === "cancelled" ? "alarm" : (TONES[status] ?? "waiting");
  return <StatusBadge tone={tone}>{ORDER_STATUS_LABELS[status] ?? ORDER_STATUS_LABELS.pending}</StatusBadge>;
}
