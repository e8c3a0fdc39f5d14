import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, numeric, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import type { Parcel } from "~/domain/parcels";
import { CARRIER_IDS, CARRIER_SERVICES } from "~/domain/carrier-quotes";
import { orders } from "./orders";

// Live carrier quotes and shipments ([21/25], ADR 0018).

/** A tracking event as kept on its shipment: the instant as ISO text. */
export type StoredTrackingEvent = { at: string; description: string; place: string; delivered: boolean };

/**
 * Every option a carrier quoted, with an id the checkout sends back. The same row is the cache:
 * while valid, a quote for the same carrier, postal code and cart (parcels_hash, declared value)
 * is read from here instead of asking the carrier again, by any server process. The order looks
 * the id up and charges this row's price, never one the browser sent.
 */
export const shippingQuotes = pgTable(
  "shipping_quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    carrier: text("carrier", { enum: CARRIER_IDS }).notNull(),
    service: text("service", { enum: CARRIER_SERVICES }).notNull(),
    // What the shopper reads ("OCA a domicilio", "Correo Argentino Clásico a sucursal").
    serviceName: text("service_name").notNull(),
    // The carrier's own code of the service (OCA's operativa, MiCorreo's productType).
    carrierRef: text("carrier_ref").notNull(),
    postalCode: text("postal_code").notNull(),
    // sha256 of the cart's boxes (~/domain/parcels boxesSignature): same cart, same hash.
    parcelsHash: text("parcels_hash").notNull(),
    parcels: jsonb("parcels").$type<Parcel[]>().notNull(),
    declaredValue: numeric("declared_value", { precision: 12, scale: 2 }).notNull(),
    // With IVA: what the shopper pays. netPrice: the carrier's price without IVA when it quotes so (OCA).
    price: numeric("price", { precision: 12, scale: 2 }).notNull(),
    netPrice: numeric("net_price", { precision: 12, scale: 2 }),
    deliveryDaysMin: integer("delivery_days_min"),
    deliveryDaysMax: integer("delivery_days_max"),
    validUntil: timestamp("valid_until", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("shipping_quotes_lookup_idx").on(t.carrier, t.postalCode, t.parcelsHash, t.validUntil),
    index("shipping_quotes_valid_until_idx").on(t.validUntil),
    check("shipping_quotes_carrier_valid", sql`${t.carrier} in ('oca', 'micorreo')`),
    check("shipping_quotes_service_valid", sql`${t.service} in ('domicilio', 'sucursal')`),
    check("shipping_quotes_price_non_negative", sql`${t.price} >= 0`),
  ],
);

/** A shipment's life: created once, then cancelled with the carrier when its order is (migration 0039). */
export const SHIPMENT_STATUSES = [
  "creating",
  "created",
  "failed",
  "cancelling",
  "cancelled",
  "cancel_failed",
  "cancel_by_hand",
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/**
 * One shipment per order with a carrier, claimed before the carrier is asked, so that asking twice
 * (two clicks, two clerks, a retry after a lost answer) creates it once. status: creating while a
 * process holds it (claimed_until), created with the carrier's references, failed with its reason.
 * When its order is cancelled: cancelling until the carrier-cancellation job asks the carrier
 * (cancel_after: its claim and backoff), then cancelled, or cancel_failed with the carrier's reason
 * in error; cancel_by_hand where the carrier has no cancel by API (MiCorreo).
 */
export const carrierShipments = pgTable(
  "carrier_shipments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    carrier: text("carrier", { enum: CARRIER_IDS }).notNull(),
    // The number the carrier knows the order by (our order number: MiCorreo's extOrderId, OCA's remito).
    orderNumber: text("order_number").notNull(),
    status: text("status", { enum: SHIPMENT_STATUSES }).notNull().default("creating"),
    // The carrier's references: OCA's OrdenRetiro and NumeroEnvio; MiCorreo none until Correo assigns one.
    carrierShipmentId: text("carrier_shipment_id"),
    trackingNumber: text("tracking_number"),
    error: text("error"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    // The carrier's tracking events already written to the order's timeline (migration 0024), and
    // when the tracking job last read them: each event is written once, however often it runs.
    trackingEvents: jsonb("tracking_events").$type<StoredTrackingEvent[]>().notNull().default([]),
    trackedAt: timestamp("tracked_at", { withTimezone: true }),
    cancelAttempts: integer("cancel_attempts").notNull().default(0),
    cancelAfter: timestamp("cancel_after", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("carrier_shipments_order_unique").on(t.orderId),
    index("carrier_shipments_tracked_at_idx")
      .on(t.trackedAt)
      .where(sql`${t.status} = 'created'`),
    check("carrier_shipments_carrier_valid", sql`${t.carrier} in ('oca', 'micorreo')`),
    index("carrier_shipments_cancelling_idx")
      .on(t.cancelAfter)
      .where(sql`${t.status} = 'cancelling'`),
    check(
      "carrier_shipments_status_valid",
      sql`${t.status} in ('creating', 'created', 'failed', 'cancelling', 'cancelled', 'cancel_failed', 'cancel_by_hand')`,
    ),
  ],
);
