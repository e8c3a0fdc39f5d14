import { and, eq, inArray, sql } from "drizzle-orm";
import { type DbOrTx, type Tx, getDb } from "~/db/client.server";
import { orderItems, orders } from "~/db/schema/orders";
import { type ShipmentStatus, carrierShipments } from "~/db/schema/shipping";
import {
  type CancelState,
  cancelsByApi,
  carrierDisplayName,
  labelRefusal,
  shipmentCancelNote,
  splitStreet,
} from "~/domain/carrier-labels";
import { CARRIER_NAMES, type CarrierId, type CarrierService, SERVICE_LABELS } from "~/domain/carrier-quotes";
import { customerFullName } from "~/domain/checkout-fields";
import { toCents } from "~/domain/money";
import { buildParcels } from "~/domain/parcels";
import { isUuid } from "~/domain/uuid";
import { asCarrierError } from "~/services/carriers/errors";
import { configuredCarriers } from "~/services/carriers/index.server";
import type { CarrierAdapter, LabelFormat, ShipmentRequest } from "~/services/carriers/types";
import { getEnv } from "~/utils/env.server";
import { type AuditActor, recordAudit, recordChange } from "./audit.server";
import { refreshWaitingStatusEmails } from "./order-notifications.server";
import { orderNumber, statusOf } from "./order.server";
import { getSettings } from "./settings.server";
import { createShipmentOnce, parcelLinesFor } from "./shipping-quotes.server";

// "Generar etiqueta" in Admin > Órdenes ([21/25], ADR 0018): for an order the shopper sent with a
// carrier, the shipment is created with that carrier once (createShipmentOnce), its tracking number
// is written on the order as a clerk's typed one is (carrier + tracking_number, audited, the
// waiting shipped e-mail refreshed with the link), and the label PDF is read from the carrier when
// staff open it. A carrier that refuses leaves the order as it was; its reason goes to staff.

/** The carriers to use: the configured ones, or those a test passes. */
type Options = { carriers?: readonly CarrierAdapter[] };

function adapterFor(carrier: CarrierId, options: Options): CarrierAdapter | null {
  return (options.carriers ?? configuredCarriers().adapters).find((a) => a.id === carrier) ?? null;
}

export type LabelResult = {
  orderId: string;
  number: string;
  ok: boolean;
  message: string;
  trackingNumber?: string | null;
};

const labelColumns = {
  id: orders.id,
  status: orders.status,
  shippingCarrier: orders.shippingCarrier,
  shippingService: orders.shippingService,
  shippingBranch: orders.shippingBranch,
  shippingQuote: orders.shippingQuote,
  carrier: orders.carrier,
  trackingNumber: orders.trackingNumber,
  customerName: orders.customerName,
  customerLastname: orders.customerLastname,
  customerEmail: orders.customerEmail,
  customerPhone: orders.customerPhone,
  address: orders.address,
  subtotal: orders.subtotal,
};
type LabelOrder = Awaited<ReturnType<typeof readOrders>>[number];

function readOrders(db: DbOrTx, ids: readonly string[]) {
  return db
    .select(labelColumns)
    .from(orders)
    .where(inArray(orders.id, [...ids]));
}

/** What the carrier needs to take the order's parcels: sender, recipient, service, parcels. */
async function shipmentRequest(
  db: DbOrTx,
  order: LabelOrder,
  adapter: CarrierAdapter,
): Promise<{ ok: true; request: ShipmentRequest } | { ok: false; message: string }> {
  const number = orderNumber(order.id);
  const quote = order.shippingQuote;
  if (!quote || !order.shippingService) {
    return { ok: false, message: `La orden #${number} no tiene guardada la cotización de ${adapter.name}.` };
  }
  const { store, default_parcel } = await getSettings(["store", "default_parcel"], db);
  let parcels = quote.parcels;
  if (!parcels?.length) {
    const items = await db
      .select({ productId: orderItems.productId, variantId: orderItems.variantId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    const built = buildParcels(
      await parcelLinesFor(
        db,
        items.flatMap((i) => (i.productId ? [{ ...i, productId: i.productId }] : [])),
      ),
      default_parcel,
      adapter.limits,
    );
    if (!built.ok) return { ok: false, message: `La orden #${number}: ${built.message}` };
    parcels = built.parcels;
  }
  const origin = getEnv().CARRIER_ORIGIN_POSTAL_CODE ?? "";
  const senderStreet = splitStreet(store.address.split("\n")[0] ?? "");
  const recipientStreet = splitStreet(order.address.line1 ?? "");
  return {
    ok: true,
    request: {
      orderNumber: number,
      service: order.shippingService,
      carrierRef: quote.carrierRef,
      branchId: order.shippingService === "sucursal" ? (order.shippingBranch?.id ?? null) : null,
      sender: {
        name: store.name,
        street: senderStreet.street,
        number: senderStreet.number,
        floorApartment: senderStreet.floorApartment,
        locality: "",
        province: "",
        postalCode: origin,
        phone: store.phone,
        email: store.email,
      },
      recipient: {
        name: customerFullName(order),
        street: recipientStreet.street,
        number: recipientStreet.number,
        floorApartment: recipientStreet.floorApartment,
        locality: order.address.city ?? "",
        province: order.address.state ?? "",
        postalCode: order.address.zip ?? quote.postalCode,
        phone: order.customerPhone ?? undefined,
        email: order.customerEmail ?? undefined,
      },
      parcels,
      declaredValueCents: toCents(order.subtotal),
    },
  };
}

/**
 * "Generar etiqueta" for one order or the selected ones: each order gets its shipment created
 * once, or is refused with its reason (not a carrier order, cancelled, not paid or confirmed,
 * already labelled, the carrier not configured, the carrier's own refusal). In order.
 */
export async function generateLabels(
  actor: AuditActor,
  orderIds: readonly unknown[],
  options: Options = {},
  db = getDb(),
): Promise<LabelResult[]> {
  const ids = [...new Set(orderIds.filter((id): id is string => typeof id === "string" && isUuid(id)))];
  const found = await readOrders(db, ids);
  const results: LabelResult[] = [];
  for (const orderId of ids) {
    const number = orderNumber(orderId);
    const refuse = (message: string) => results.push({ orderId, number, ok: false, message });
    const order = found.find((o) => o.id === orderId);
    if (!order) {
      refuse("No existe la orden.");
      continue;
    }
    const refusal = labelRefusal({
      number,
      status: statusOf(order.status),
      shippingCarrier: order.shippingCarrier,
      trackingNumber: order.trackingNumber,
    });
    if (refusal) {
      refuse(refusal);
      continue;
    }
    const carrier = order.shippingCarrier!;
    const adapter = adapterFor(carrier, options);
    if (!adapter) {
      refuse(
        `La orden #${number}: ${CARRIER_NAMES[carrier]} no está configurado en el servidor (Configuración > Envíos).`,
      );
      continue;
    }
    const prepared = await shipmentRequest(db, order, adapter);
    if (!prepared.ok) {
      refuse(prepared.message);
      continue;
    }
    const outcome = await createShipmentOnce(orderId, adapter, prepared.request);
    if (!outcome.ok) {
      refuse(`La orden #${number}: ${outcome.error}`);
      continue;
    }
    if (!outcome.trackingNumber) {
      // MiCorreo without Paq.ar: imported, the number comes from Correo later.
      if (outcome.created) {
        await recordAudit(db, actor, {
          action: "order.label",
          entityType: "order",
          entityId: orderId,
          entityLabel: `#${number}`,
          before: null,
          after: { carrier, imported: true },
        });
      }
      results.push({
        orderId,
        number,
        ok: true,
        trackingNumber: null,
        message: `La orden #${number} se cargó en ${adapter.name}: imprimí la etiqueta en MiCorreo y cargá acá el número de seguimiento que asigne Correo Argentino.`,
      });
      continue;
    }
    await storeTrackingNumber(db, actor, orderId, carrierDisplayName(carrier), outcome.trackingNumber);
    results.push({
      orderId,
      number,
      ok: true,
      trackingNumber: outcome.trackingNumber,
      message: `La orden #${number} tiene etiqueta de ${adapter.name}: seguimiento ${outcome.trackingNumber}.`,
    });
  }
  return results;
}

/** The carrier and its number on the order, as a clerk's typed ones are (audited, e-mails refreshed). */
async function storeTrackingNumber(
  db: ReturnType<typeof getDb>,
  actor: AuditActor,
  orderId: string,
  carrier: string,
  trackingNumber: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ carrier: orders.carrier, tracking_number: orders.trackingNumber })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!before) return;
    await tx
      .update(orders)
      .set({ carrier, trackingNumber, updatedAt: sql`now()` })
      .where(eq(orders.id, orderId));
    await recordChange(
      tx,
      actor,
      { action: "order.update", entityType: "order", entityId: orderId, entityLabel: `#${orderNumber(orderId)}` },
      before,
      { carrier, tracking_number: trackingNumber },
      ["carrier", "tracking_number"],
    );
    await refreshWaitingStatusEmails(tx, orderId);
  });
}

// ------------------------------------------------------------------ what Admin > Órdenes shows

export type OrderLabelView = {
  carrier: CarrierId;
  carrierName: string;
  service: CarrierService | null;
  /** "OCA · a domicilio", "Correo Argentino · retiro en sucursal (Centro, Av. Corrientes 1234)". */
  serviceText: string;
  /**
   * none: no shipment yet; creating; created; failed (with the carrier's reason); and once the
   * order is cancelled: cancelling, cancelled, cancel_failed (staff may try again), cancel_by_hand.
   */
  state: "none" | ShipmentStatus;
  error: string | null;
  /** What staff read about the shipment of a cancelled order ("Envío anulado con OCA."), else null. */
  cancelNote: string | null;
  /** The label can be opened (the shipment exists and has a number; the carrier gives labels by API). */
  labelUrl: string | null;
  /** A sentence for staff when the carrier gives no label by API (MiCorreo without Paq.ar). */
  note: string | null;
};

/** The carrier, service and shipment of each carrier order among these (others are absent). */
export async function orderLabelViews(
  orderIds: readonly string[],
  options: Options = {},
  db: DbOrTx = getDb(),
): Promise<Map<string, OrderLabelView>> {
  const result = new Map<string, OrderLabelView>();
  if (orderIds.length === 0) return result;
  const [rows, shipments] = await Promise.all([
    db
      .select({
        id: orders.id,
        shippingCarrier: orders.shippingCarrier,
        shippingService: orders.shippingService,
        shippingBranch: orders.shippingBranch,
        trackingNumber: orders.trackingNumber,
      })
      .from(orders)
      .where(inArray(orders.id, [...orderIds])),
    db
      .select({
        orderId: carrierShipments.orderId,
        status: carrierShipments.status,
        error: carrierShipments.error,
        trackingNumber: carrierShipments.trackingNumber,
      })
      .from(carrierShipments)
      .where(inArray(carrierShipments.orderId, [...orderIds])),
  ]);
  const paqar = Boolean(configuredCarriers().config.micorreo?.paqar);
  for (const row of rows) {
    if (!row.shippingCarrier) continue;
    const shipment = shipments.find((s) => s.orderId === row.id);
    const carrierName = CARRIER_NAMES[row.shippingCarrier];
    const branch = row.shippingBranch ? ` (${row.shippingBranch.name}, ${row.shippingBranch.address})` : "";
    const service = row.shippingService;
    const number = shipment?.trackingNumber ?? row.trackingNumber;
    const printable = row.shippingCarrier === "oca" || paqar;
    const adapterThere = Boolean(adapterFor(row.shippingCarrier, options));
    const state = shipment?.status ?? "none";
    const cancelState = isCancelState(state) ? state : null;
    result.set(row.id, {
      carrier: row.shippingCarrier,
      carrierName,
      service,
      serviceText: `${carrierName}${service ? ` · ${SERVICE_LABELS[service]}${service === "sucursal" ? branch : ""}` : ""}`,
      state,
      error: state === "failed" ? shipment!.error : null,
      cancelNote: cancelState
        ? shipmentCancelNote(row.shippingCarrier, cancelState, shipment!.error, shipment!.trackingNumber)
        : null,
      labelUrl:
        shipment?.status === "created" && number && printable && adapterThere
          ? `/admin/ordenes/${row.id}/etiqueta`
          : null,
      note:
        row.shippingCarrier === "micorreo" && !paqar
          ? "MiCorreo no da etiquetas por API: al generarla, el envío se carga en MiCorreo; imprimí la etiqueta ahí y cargá el número de seguimiento que asigne Correo Argentino."
          : null,
    });
  }
  return result;
}

// ------------------------------------------------------------------ cancelling the shipment

function isCancelState(state: string): state is CancelState {
  return ["cancelling", "cancelled", "cancel_failed", "cancel_by_hand"].includes(state);
}

/**
 * In the transaction that cancels the order (applyOrderEvent): its created shipment is marked to
 * be cancelled with the carrier after the commit (the carrier-cancellation job), or, where the
 * carrier cancels nothing by API (MiCorreo), to be cancelled there by staff. The carrier is never
 * called here.
 *
 * A shipment cancelled by hand is dead for the store from now (no answer will come back to say
 * so, as OCA's does through the job): the order's tracking number (staff typed it from MiCorreo,
 * or Paq.ar gave it) leaves the order, as a number OCA cancelled does, so a reopened order shows
 * no tracking and can get its new one. The number stays on the shipment row (staff's note names
 * it, to cancel it in MiCorreo) and in the audit entry (the order's history).
 */
export async function markShipmentCancelling(tx: Tx, actor: AuditActor, orderId: string): Promise<void> {
  const [shipment] = await tx
    .select({
      id: carrierShipments.id,
      carrier: carrierShipments.carrier,
      trackingNumber: carrierShipments.trackingNumber,
    })
    .from(carrierShipments)
    .where(and(eq(carrierShipments.orderId, orderId), eq(carrierShipments.status, "created")))
    .for("update");
  if (!shipment) return;
  const byApi = cancelsByApi(shipment.carrier);
  const dead = byApi ? null : await takeTrackingNumberOff(tx, orderId);
  await tx
    .update(carrierShipments)
    .set({
      status: byApi ? "cancelling" : "cancel_by_hand",
      ...(dead && !shipment.trackingNumber ? { trackingNumber: dead } : {}),
      error: null,
      cancelAttempts: 0,
      cancelAfter: null,
      updatedAt: sql`now()`,
    })
    .where(eq(carrierShipments.id, shipment.id));
  if (!byApi) {
    await recordAudit(tx, actor, {
      action: "order.shipment_cancel",
      entityType: "order",
      entityId: orderId,
      entityLabel: `#${orderNumber(orderId)}`,
      before: dead ? { tracking_number: dead } : null,
      after: { carrier: shipment.carrier, outcome: "by_hand", ...(dead ? { tracking_number: null } : {}) },
    });
  }
}

/** The order's tracking number, taken off it (the order row is locked by its cancellation); null when it had none. */
async function takeTrackingNumberOff(tx: Tx, orderId: string): Promise<string | null> {
  const [order] = await tx.select({ trackingNumber: orders.trackingNumber }).from(orders).where(eq(orders.id, orderId));
  const number = order?.trackingNumber?.trim() || null;
  if (!number) return null;
  await tx
    .update(orders)
    .set({ trackingNumber: null, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
  return number;
}

/**
 * "Reintentar anulación": a shipment the carrier did not cancel (its refusal, or the network
 * failing too often) goes back to the carrier-cancellation job. False when there is none.
 */
export async function retryShipmentCancel(orderId: string, db = getDb()): Promise<boolean> {
  if (!isUuid(orderId)) return false;
  const moved = await db
    .update(carrierShipments)
    .set({ status: "cancelling", cancelAttempts: 0, cancelAfter: null, updatedAt: sql`now()` })
    .where(and(eq(carrierShipments.orderId, orderId), eq(carrierShipments.status, "cancel_failed")))
    .returning({ id: carrierShipments.id });
  return moved.length > 0;
}

// ------------------------------------------------------------------ the label PDF

export type LabelPdf = { ok: true; pdf: Buffer; filename: string } | { ok: false; status: number; message: string };

/** The order's label as the carrier prints it (10x15 where it offers that size), or why not. */
export async function orderLabelPdf(
  orderId: string,
  format: LabelFormat,
  options: Options = {},
  db: DbOrTx = getDb(),
): Promise<LabelPdf> {
  if (!isUuid(orderId)) return { ok: false, status: 404, message: "No existe la orden." };
  const [row] = await db
    .select({
      carrier: carrierShipments.carrier,
      status: carrierShipments.status,
      carrierShipmentId: carrierShipments.carrierShipmentId,
      trackingNumber: carrierShipments.trackingNumber,
      orderTracking: orders.trackingNumber,
    })
    .from(carrierShipments)
    .innerJoin(orders, eq(orders.id, carrierShipments.orderId))
    .where(eq(carrierShipments.orderId, orderId));
  if (!row || row.status !== "created") {
    return { ok: false, status: 404, message: "Esta orden todavía no tiene etiqueta: generala primero." };
  }
  const adapter = adapterFor(row.carrier, options);
  if (!adapter) {
    return { ok: false, status: 409, message: `${CARRIER_NAMES[row.carrier]} no está configurado en el servidor.` };
  }
  try {
    const pdf = await adapter.label(
      { carrierShipmentId: row.carrierShipmentId, trackingNumber: row.trackingNumber ?? row.orderTracking },
      format,
    );
    return { ok: true, pdf, filename: `etiqueta-${orderNumber(orderId)}.pdf` };
  } catch (error) {
    return { ok: false, status: 502, message: asCarrierError(row.carrier, error).staffMessage };
  }
}
