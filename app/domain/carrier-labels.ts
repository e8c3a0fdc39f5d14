import { CARRIER_NAMES, type CarrierId } from "./carrier-quotes";
import type { OrderStatus } from "./order-status";

// Labels and tracking after the order ([21/25], ADR 0018): which orders may get a carrier's label,
// the street of an address as carriers take it, and which tracking events are new. Pure; the
// labels model and the tracking job apply these rules.

/** The order as the label rules read it. */
export type LabelCandidate = {
  number: string;
  status: OrderStatus;
  /** The carrier the shopper chose at checkout (null: a store method, moto or retiro en local). */
  shippingCarrier: CarrierId | null;
  /** A tracking number the order already has (from a label, or typed by staff). */
  trackingNumber: string | null;
};

/** Why this order gets no label now, in a sentence for staff; null when it may. */
export function labelRefusal(order: LabelCandidate): string | null {
  const n = `La orden #${order.number}`;
  if (!order.shippingCarrier) {
    return `${n} no se envía con un transportista integrado (OCA o Correo Argentino): cargá el transportista y el número a mano.`;
  }
  if (order.status === "cancelled") return `${n} está cancelada: no se genera etiqueta.`;
  if (order.status === "pending") return `${n} todavía no está paga ni confirmada: la etiqueta se genera después.`;
  if (order.status === "delivered") return `${n} ya fue entregada.`;
  if (order.trackingNumber?.trim()) {
    return `${n} ya tiene etiqueta (seguimiento ${order.trackingNumber.trim()}).`;
  }
  return null;
}

/**
 * "Av. Corrientes 1234, 5° B" -> street "Av. Corrientes", number "1234", floor "5° B". Carriers
 * take the street and its number apart; an address with no number gives "S/N" (sin número), as
 * the carriers' own forms accept.
 */
export function splitStreet(line: string): { street: string; number: string; floorApartment: string } {
  const [main = "", ...rest] = line.split(",");
  const floor = rest.join(",").trim();
  const words = main.trim().split(/\s+/).filter(Boolean);
  // The number is the last word made of digits that has a street before it ("Calle 7 450": 450).
  let at = -1;
  for (let i = words.length - 1; i >= 1; i--) {
    if (/^\d+[a-zA-Z]?$/.test(words[i]!)) {
      at = i;
      break;
    }
  }
  if (at < 0) return { street: words.join(" "), number: "S/N", floorApartment: floor };
  return {
    street: words.slice(0, at).join(" "),
    number: words[at]!,
    floorApartment: [words.slice(at + 1).join(" "), floor].filter(Boolean).join(", "),
  };
}

/** A tracking event as the carrier gave it (instants as Date) or as kept (ISO text). */
type EventLike = { at: Date | string; description: string };

function eventKey(event: EventLike): string {
  const at = typeof event.at === "string" ? event.at : event.at.toISOString();
  return `${at}|${event.description.trim().toLowerCase()}`;
}

/** The events of `incoming` not among `seen` (same instant and words), oldest first, each once. */
export function newTrackingEvents<T extends EventLike>(seen: readonly EventLike[], incoming: readonly T[]): T[] {
  const keys = new Set(seen.map(eventKey));
  const fresh: T[] = [];
  for (const event of [...incoming].sort((a, b) => new Date(a.at).getTime() - new Date(b.at).getTime())) {
    const key = eventKey(event);
    if (keys.has(key)) continue;
    keys.add(key);
    fresh.push(event);
  }
  return fresh;
}

/** The carrier's name as orders keep it in `carrier` (a name of the carriers setting). */
export function carrierDisplayName(carrier: CarrierId): string {
  return CARRIER_NAMES[carrier];
}

/**
 * The carriers' public tracking pages, used when the store's carriers setting has no link for
 * them (staff may have removed it): the customer still gets a link.
 */
export const CARRIER_TRACKING_URLS: Record<string, string> = {
  [CARRIER_NAMES.oca]: "https://www.oca.com.ar/Busquedas/Envios?numero={tracking}",
  [CARRIER_NAMES.micorreo]: "https://www.correoargentino.com.ar/formularios/e-commerce?id={tracking}",
};

// ------------------------------------------------------------------ cancelling a shipment

/** The shipment states of a cancelled order (carrier_shipments.status, migration 0039). */
export type CancelState = "cancelling" | "cancelled" | "cancel_failed" | "cancel_by_hand";

/** Whether the carrier cancels a shipment by API (OCA's AnularOrdenGenerada); MiCorreo documents none. */
export function cancelsByApi(carrier: CarrierId): boolean {
  return carrier === "oca";
}

/** After this many network failures in a row, the job stops and staff see the last one. */
export const CANCEL_MAX_ATTEMPTS = 8;

/** How long the cancellation job waits after the n-th network failure: 1, 2, 4 ... up to 60 minutes. */
export function cancelBackoffMs(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1), 60) * 60_000;
}

/** What staff read about the shipment of a cancelled order, in a short sentence. */
export function shipmentCancelNote(
  carrier: CarrierId,
  state: CancelState,
  error: string | null,
  trackingNumber: string | null = null,
): string {
  const name = CARRIER_NAMES[carrier];
  switch (state) {
    case "cancelling":
      return error
        ? `Anulando el envío con ${name}: ${error} Lo volvemos a intentar solo.`
        : `Anulando el envío con ${name}...`;
    case "cancelled":
      return `Envío anulado con ${name}.`;
    case "cancel_failed":
      return `No se pudo anular el envío con ${name}. ${error ?? ""}`.trim();
    case "cancel_by_hand":
      return `Anulalo en MiCorreo${trackingNumber ? ` (seguimiento ${trackingNumber})` : ""}: la orden se canceló y ese envío no se anula desde acá.`;
  }
}
