import { CARRIER_TRACKING_URLS } from "./carrier-labels";
import type { OrderStatus } from "./order-status";
import { type Carrier, STATUS_EMAIL_STATUSES, type StatusEmailStatus } from "./settings";

// After the order: where a parcel can be followed, and which status change the customer hears
// about. Pure rules; the order model applies them inside the transaction of the change.

/**
 * The carrier's tracking page for this number, or null (no carrier, no number, or no page). The
 * carriers setting decides; OCA and Correo Argentino keep their public page when it says nothing.
 */
export function trackingUrl(
  carriers: readonly Carrier[],
  carrierName: string | null | undefined,
  trackingNumber: string | null | undefined,
): string | null {
  const number = trackingNumber?.trim();
  if (!carrierName || !number) return null;
  const pattern =
    carriers.find((c) => c.name === carrierName)?.trackingUrl || (CARRIER_TRACKING_URLS[carrierName] ?? "");
  if (!pattern.includes("{tracking}")) return null;
  return pattern.replaceAll("{tracking}", encodeURIComponent(number));
}

/**
 * A status e-mail waits this long before it goes; a change undone meanwhile sends nothing
 * (a clerk who fixes a wrong click does not e-mail the customer twice).
 */
export const UNDO_WINDOW_SECONDS = 60;

/**
 * The status to e-mail the customer about after a change: none when the order is back where it
 * was a minute ago (`statusBefore`: its status before the first change of that minute), or when
 * the new status has no e-mail (pending).
 */
export function statusToAnnounce(statusBefore: OrderStatus, newStatus: OrderStatus): StatusEmailStatus | null {
  if (statusBefore === newStatus) return null;
  return (STATUS_EMAIL_STATUSES as readonly string[]).includes(newStatus) ? (newStatus as StatusEmailStatus) : null;
}
