import { and, asc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { type Database, getDb } from "~/db/client.server";
import { orders } from "~/db/schema/orders";
import { type StoredTrackingEvent, carrierShipments } from "~/db/schema/shipping";
import { newTrackingEvents } from "~/domain/carrier-labels";
import { CARRIER_NAMES, type CarrierId } from "~/domain/carrier-quotes";
import { formatDateTime } from "~/domain/dates";
import { type AuditActor, recordAudit } from "~/models/audit.server";
import { applyOrderEvent } from "~/models/order-life.server";
import { orderNumber } from "~/models/order.server";
import { asCarrierError } from "~/services/carriers/errors";
import { configuredCarriers } from "~/services/carriers/index.server";
import type { CarrierAdapter, TrackingEvent } from "~/services/carriers/types";
import { every } from "./every.server";

// Follows the parcels ([21/25], ADR 0018): for each created shipment of an order still on its way
// (processing or shipped) with a tracking number, reads the carrier's events, writes the new ones
// to the order's timeline (audit entries "order.tracking", seen by the customer too) and, when the
// carrier says delivered, moves the order to delivered through the order's state machine. A
// shipment is claimed by one process for a round (tracked_at, FOR UPDATE SKIP LOCKED); the events
// are compared and written under the shipment's row lock, so two runs at once write each event
// once and deliver the order once.

/** The order moves of the tracking job are the carrier's ("OCA", "Correo Argentino"). */
export const carrierActor = (carrier: CarrierId): AuditActor => ({ id: null, email: CARRIER_NAMES[carrier] });

/** Orders whose parcels are still on their way. */
const OPEN_STATUSES = ["processing", "shipped"] as const;

type Options = {
  carriers?: readonly CarrierAdapter[];
  /** A shipment read less than this long ago waits for the next round (default: 10 minutes). */
  minAgeMs?: number;
  limit?: number;
};

/** Claims up to `limit` open shipments due for a reading; returns them. */
async function claimDue(db: Database, minAgeMs: number, limit: number) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: carrierShipments.id,
        orderId: carrierShipments.orderId,
        carrier: carrierShipments.carrier,
        trackingNumber: sql<string>`coalesce(${carrierShipments.trackingNumber}, ${orders.trackingNumber})`,
      })
      .from(carrierShipments)
      .innerJoin(orders, eq(orders.id, carrierShipments.orderId))
      .where(
        and(
          eq(carrierShipments.status, "created"),
          inArray(orders.status, [...OPEN_STATUSES]),
          or(isNotNull(carrierShipments.trackingNumber), sql`coalesce(trim(${orders.trackingNumber}), '') <> ''`),
          sql`(${carrierShipments.trackedAt} is null or ${carrierShipments.trackedAt} <= now() - make_interval(secs => ${minAgeMs / 1000}))`,
        ),
      )
      .orderBy(sql`${carrierShipments.trackedAt} asc nulls first`, asc(carrierShipments.id))
      .limit(limit)
      .for("update", { of: carrierShipments, skipLocked: true });
    if (due.length > 0) {
      await tx
        .update(carrierShipments)
        .set({ trackedAt: sql`now()` })
        .where(
          inArray(
            carrierShipments.id,
            due.map((d) => d.id),
          ),
        );
    }
    return due;
  });
}

/**
 * Writes a shipment's new events to its order's timeline and delivers the order when the carrier
 * says so, under the shipment's lock (a second run with the same events writes nothing).
 * Returns how many events were new and whether the order was delivered now.
 */
export async function recordTrackingEvents(
  shipmentId: string,
  events: readonly TrackingEvent[],
  db: Database = getDb(),
): Promise<{ added: number; delivered: boolean }> {
  return db.transaction(async (tx) => {
    const [shipment] = await tx
      .select({
        orderId: carrierShipments.orderId,
        carrier: carrierShipments.carrier,
        seen: carrierShipments.trackingEvents,
      })
      .from(carrierShipments)
      .where(eq(carrierShipments.id, shipmentId))
      .for("update");
    if (!shipment) return { added: 0, delivered: false };
    const fresh = newTrackingEvents(shipment.seen, events);
    if (fresh.length === 0) return { added: 0, delivered: false };
    const stored: StoredTrackingEvent[] = fresh.map((e) => ({
      at: e.at.toISOString(),
      description: e.description,
      place: e.place,
      delivered: e.delivered,
    }));
    await tx
      .update(carrierShipments)
      .set({ trackingEvents: [...shipment.seen, ...stored], updatedAt: new Date() })
      .where(eq(carrierShipments.id, shipmentId));
    const actor = carrierActor(shipment.carrier);
    await recordAudit(
      tx,
      actor,
      stored.map((e) => ({
        action: "order.tracking",
        entityType: "order",
        entityId: shipment.orderId,
        entityLabel: `#${orderNumber(shipment.orderId)}`,
        before: null,
        after: { event: e.description, place: e.place, at: e.at, atLabel: formatDateTime(new Date(e.at)) },
      })),
    );
    let delivered = false;
    if (stored.some((e) => e.delivered)) {
      const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, shipment.orderId));
      if (order && (OPEN_STATUSES as readonly string[]).includes(order.status)) {
        const moved = await applyOrderEvent(tx, actor, shipment.orderId, { kind: "deliver" });
        delivered = moved.ok;
        if (!moved.ok) console.error(`[carrier-tracking] #${orderNumber(shipment.orderId)}: ${moved.message}`);
      }
    }
    return { added: stored.length, delivered };
  });
}

/** One round: reads the due shipments' tracking and records it. Returns how many orders were delivered. */
export async function trackOpenShipments(options: Options = {}, db: Database = getDb()): Promise<number> {
  const carriers = options.carriers ?? configuredCarriers().adapters;
  if (carriers.length === 0) return 0;
  const due = await claimDue(db, options.minAgeMs ?? 10 * 60_000, options.limit ?? 50);
  let delivered = 0;
  for (const shipment of due) {
    const adapter = carriers.find((c) => c.id === shipment.carrier);
    if (!adapter) continue;
    try {
      const events = await adapter.tracking(shipment.trackingNumber);
      if ((await recordTrackingEvents(shipment.id, events, db)).delivered) delivered++;
    } catch (error) {
      // Tried again next round; a number Correo does not know yet is not an error worth more.
      console.error(
        `[carrier-tracking] #${orderNumber(shipment.orderId)}: ${asCarrierError(shipment.carrier, error).staffMessage}`,
      );
    }
  }
  return delivered;
}

/** Reads the carriers' tracking every `intervalMs` (CARRIER_TRACKING_POLL_MS, server/serve.ts). */
export function startCarrierTrackingWorker(intervalMs = 10 * 60_000): () => void {
  return every("carrier-tracking", intervalMs, () => trackOpenShipments({ minAgeMs: intervalMs }));
}
