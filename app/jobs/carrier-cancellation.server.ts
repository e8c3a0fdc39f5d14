import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type Database, getDb } from "~/db/client.server";
import { orders } from "~/db/schema/orders";
import { carrierShipments } from "~/db/schema/shipping";
import { CANCEL_MAX_ATTEMPTS, cancelBackoffMs } from "~/domain/carrier-labels";
import { recordAudit } from "~/models/audit.server";
import { orderNumber } from "~/models/order.server";
import { asCarrierError } from "~/services/carriers/errors";
import { configuredCarriers } from "~/services/carriers/index.server";
import type { CarrierAdapter } from "~/services/carriers/types";
import { afterResponse } from "~/utils/after-response.server";
import { carrierActor } from "./carrier-tracking.server";
import { every } from "./every.server";

// Cancels with the carrier the shipments of cancelled orders (ADR 0018). The order's transaction
// only marks its shipment "cancelling" (markShipmentCancelling); this job asks the carrier after
// the commit (OCA's AnularOrdenGenerada) and records the answer: "cancelled" (the order's
// tracking number, now dead, is taken off it, so a reopened order can get a new label), or
// "cancel_failed" with the carrier's reason for staff, who may try again. A network error, a
// timeout or an answer we cannot read is tried again later, waiting longer each time
// (cancelBackoffMs), up to CANCEL_MAX_ATTEMPTS. A shipment is claimed by one process at a time
// (cancel_after moved ahead under FOR UPDATE SKIP LOCKED), so two runs at once ask the carrier once.

/** How long a claimed shipment is left to the process asking the carrier (longer than its timeout). */
const CLAIM_MS = 2 * 60_000;

type Options = {
  carriers?: readonly CarrierAdapter[];
  /** Only this order's shipment (staff's "Reintentar anulación"). */
  orderId?: string;
  limit?: number;
};

export type CancelRound = { cancelled: number; failed: number; retrying: number };

type Claimed = Awaited<ReturnType<typeof claimDue>>[number];

async function claimDue(db: Database, limit: number, orderId?: string) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: carrierShipments.id,
        orderId: carrierShipments.orderId,
        carrier: carrierShipments.carrier,
        carrierShipmentId: carrierShipments.carrierShipmentId,
        trackingNumber: carrierShipments.trackingNumber,
        attempts: carrierShipments.cancelAttempts,
      })
      .from(carrierShipments)
      .where(
        and(
          eq(carrierShipments.status, "cancelling"),
          sql`(${carrierShipments.cancelAfter} is null or ${carrierShipments.cancelAfter} <= now())`,
          orderId ? eq(carrierShipments.orderId, orderId) : undefined,
        ),
      )
      .orderBy(sql`${carrierShipments.cancelAfter} asc nulls first`, asc(carrierShipments.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length > 0) {
      await tx
        .update(carrierShipments)
        .set({ cancelAfter: sql`now() + make_interval(secs => ${CLAIM_MS / 1000})` })
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

type Outcome = { kind: "cancelled" } | { kind: "failed"; reason: string } | { kind: "retry"; reason: string };

/** Writes the carrier's answer on the shipment (and, when final, on the order's timeline). */
async function record(db: Database, shipment: Claimed, outcome: Outcome): Promise<void> {
  await db.transaction(async (tx) => {
    if (outcome.kind === "retry") {
      const attempts = shipment.attempts + 1;
      await tx
        .update(carrierShipments)
        .set({
          error: outcome.reason,
          cancelAttempts: attempts,
          cancelAfter: sql`now() + make_interval(secs => ${cancelBackoffMs(attempts) / 1000})`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(carrierShipments.id, shipment.id), eq(carrierShipments.status, "cancelling")));
      return;
    }
    const cancelled = outcome.kind === "cancelled";
    const moved = await tx
      .update(carrierShipments)
      .set({
        status: cancelled ? "cancelled" : "cancel_failed",
        error: cancelled ? null : outcome.reason,
        cancelAfter: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(carrierShipments.id, shipment.id), eq(carrierShipments.status, "cancelling")))
      .returning({ id: carrierShipments.id });
    if (moved.length === 0) return;
    let trackingNumber: string | null = null;
    if (cancelled && shipment.trackingNumber) {
      const cleared = await tx
        .update(orders)
        .set({ trackingNumber: null, updatedAt: sql`now()` })
        .where(and(eq(orders.id, shipment.orderId), eq(orders.trackingNumber, shipment.trackingNumber)))
        .returning({ id: orders.id });
      if (cleared.length > 0) trackingNumber = shipment.trackingNumber;
    }
    await recordAudit(tx, carrierActor(shipment.carrier), {
      action: "order.shipment_cancel",
      entityType: "order",
      entityId: shipment.orderId,
      entityLabel: `#${orderNumber(shipment.orderId)}`,
      before: trackingNumber ? { tracking_number: trackingNumber } : null,
      after: cancelled
        ? { carrier: shipment.carrier, outcome: "cancelled", ...(trackingNumber ? { tracking_number: null } : {}) }
        : { carrier: shipment.carrier, outcome: "failed", reason: outcome.reason },
    });
  });
}

/** One round: asks the carriers to cancel the due shipments and records their answers. */
export async function cancelCarrierShipments(options: Options = {}, db: Database = getDb()): Promise<CancelRound> {
  const round: CancelRound = { cancelled: 0, failed: 0, retrying: 0 };
  const carriers = options.carriers ?? configuredCarriers().adapters;
  const due = await claimDue(db, options.limit ?? 20, options.orderId);
  for (const shipment of due) {
    const adapter = carriers.find((c) => c.id === shipment.carrier);
    let outcome: Outcome;
    try {
      if (!adapter) throw new Error("no configurado");
      await adapter.cancelShipment(shipment);
      outcome = { kind: "cancelled" };
    } catch (error) {
      const failure = asCarrierError(shipment.carrier, error);
      const passing = ["network", "timeout", "malformed"].includes(failure.kind);
      outcome =
        passing && adapter && shipment.attempts + 1 < CANCEL_MAX_ATTEMPTS
          ? { kind: "retry", reason: failure.staffMessage }
          : { kind: "failed", reason: adapter ? failure.staffMessage : "El transportista no está configurado." };
      console.error(`[carrier-cancellation] #${orderNumber(shipment.orderId)}: ${failure.staffMessage}`);
    }
    await record(db, shipment, outcome);
    round[outcome.kind === "retry" ? "retrying" : outcome.kind]++;
  }
  return round;
}

/** Cancels the due shipments every `intervalMs` (server/serve.ts). */
export function startCarrierCancellationWorker(intervalMs = 60_000): () => void {
  return every("carrier-cancellation", intervalMs, () => cancelCarrierShipments());
}

/**
 * An order was just cancelled (staff's status change, an accepted withdrawal, a refund or
 * chargeback notice) and its shipment may be marked: a round now, after the answer, instead of at
 * the worker's next one. Like invoiceSoon, it runs in the process that answered (the route's copy
 * of this module is not the one server/serve.ts started the worker from, so the worker cannot be
 * nudged from here); it claims its rows as any round does, so the worker's round and this one
 * never ask the carrier twice.
 */
export function cancelShipmentsSoon(): void {
  afterResponse("carrier-cancellation", () => cancelCarrierShipments());
}
