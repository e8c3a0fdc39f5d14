import { createHash } from "node:crypto";
import { and, asc, eq, gt, inArray, lt } from "drizzle-orm";
import { type DbOrTx, getDb } from "~/db/client.server";
import { productVariants, products } from "~/db/schema/catalog";
import { orders } from "~/db/schema/orders";
import { carrierShipments, shippingQuotes } from "~/db/schema/shipping";
import { cancelsByApi } from "~/domain/carrier-labels";
import { CARRIER_NAMES, type CarrierId, type CarrierService, carrierPostalCode } from "~/domain/carrier-quotes";
import { fromCents, toCents } from "~/domain/money";
import { type Box, type Parcel, type ParcelLine, boxesSignature, buildParcels } from "~/domain/parcels";
import { INVALID_POSTAL_CODE, type ShippingOption, quoteShipping } from "~/domain/shipping";
import { isUuid } from "~/domain/uuid";
import { CarrierError, asCarrierError } from "~/services/carriers/errors";
import { configuredCarriers } from "~/services/carriers/index.server";
import type { Branch, CarrierAdapter, CarrierOption, ShipmentRequest } from "~/services/carriers/types";
import { getSettings } from "./settings.server";

// Live carrier quotes at checkout ([21/25], ADR 0018). All configured carriers are asked at once
// within a time budget (3 s by default); a carrier that fails, is slow or cannot take the cart is
// left out with a sentence for the shopper, and the store's own methods from the zone table are
// always there. Every option quoted is a row of shipping_quotes with an id: the checkout sends the
// id back, and the order transaction re-prices from that row (findQuoteForOrder), never from a
// price the browser sent. The same rows are the cache, shared by every server process: while a
// quote for the same carrier, postal code, cart and declared value stays valid, nobody asks again.

/** A cached quote is reused only while it stays valid this much longer (time for the shopper to pay). */
const REUSE_MARGIN_MS = 10 * 60_000;
/** No quote is kept longer than this, whatever the carrier says. */
const MAX_VALIDITY_MS = 24 * 60 * 60_000;

export type CarrierQuote = {
  quoteId: string;
  carrier: CarrierId;
  carrierName: string;
  service: CarrierService;
  serviceName: string;
  /** With IVA, in cents. */
  priceCents: number;
  deliveryDaysMin: number | null;
  deliveryDaysMax: number | null;
  validUntil: Date;
};

export type CarrierUnavailable = { carrier: CarrierId; carrierName: string; message: string; staffMessage: string };

export type ShippingOptions =
  | {
      ok: true;
      /** The 4-digit code carriers were asked with. */
      postalCode: string;
      parcelsHash: string;
      /** The store's own methods for the zone (moto, retiro en local…): always offered, the fallback. */
      zoneOptions: ShippingOption[];
      carrierOptions: CarrierQuote[];
      /** Carriers left out this time, and why (slow, failing, the cart over their limits). */
      unavailable: CarrierUnavailable[];
    }
  | { ok: false; error: string };

/**
 * A cart's lines as parcels need them: each product's box and, for a variant, its own override,
 * read from the catalogue (the checkout's quote and the order's re-pricing both start here).
 * Lines of products that no longer exist are left out (the order refuses them anyway).
 */
export async function parcelLinesFor(
  db: DbOrTx,
  items: readonly { productId: string; variantId?: string | null; quantity: number }[],
): Promise<ParcelLine[]> {
  const productIds = [...new Set(items.map((i) => i.productId))].filter(isUuid);
  const variantIds = [...new Set(items.flatMap((i) => (i.variantId ? [i.variantId] : [])))].filter(isUuid);
  const box = {
    weightGrams: products.weightGrams,
    lengthCm: products.lengthCm,
    widthCm: products.widthCm,
    heightCm: products.heightCm,
  };
  const productRows = productIds.length
    ? await db
        .select({ id: products.id, name: products.name, ...box })
        .from(products)
        .where(inArray(products.id, productIds))
    : [];
  const variantRows = variantIds.length
    ? await db
        .select({
          id: productVariants.id,
          productId: productVariants.productId,
          weightGrams: productVariants.weightGrams,
          lengthCm: productVariants.lengthCm,
          widthCm: productVariants.widthCm,
          heightCm: productVariants.heightCm,
        })
        .from(productVariants)
        .where(inArray(productVariants.id, variantIds))
    : [];
  return items.flatMap((item): ParcelLine[] => {
    const product = productRows.find((p) => p.id === item.productId);
    if (!product || item.quantity <= 0) return [];
    const { id: _, name, ...productBox } = product;
    const variant = variantRows.find((v) => v.id === item.variantId && v.productId === item.productId);
    const variantBox = variant
      ? {
          weightGrams: variant.weightGrams,
          lengthCm: variant.lengthCm,
          widthCm: variant.widthCm,
          heightCm: variant.heightCm,
        }
      : null;
    return [{ label: name, quantity: item.quantity, product: productBox, variant: variantBox }];
  });
}

/** The hash of a cart's boxes that keys the cache and ties a quote id to its cart. */
export function parcelsHash(lines: readonly ParcelLine[], fallback: Box): string {
  return createHash("sha256").update(boxesSignature(lines, fallback)).digest("hex");
}

type QuoteInput = {
  postalCode: string;
  lines: readonly ParcelLine[];
  declaredValueCents: number;
  /** Default: the carriers configured in the environment. */
  carriers?: readonly CarrierAdapter[];
  /** Default: CARRIER_QUOTE_BUDGET_MS (3 s). */
  budgetMs?: number;
  /** How long a quote lasts when the carrier does not say; default CARRIER_QUOTE_TTL_MINUTES (60). */
  ttlMinutes?: number;
  now?: Date;
};

/** Every carrier's options and the zone table's, for this postal code and cart. */
export async function quoteShippingOptions(input: QuoteInput): Promise<ShippingOptions> {
  const postalCode = carrierPostalCode(input.postalCode);
  if (!postalCode) return { ok: false, error: INVALID_POSTAL_CODE };
  const settings = await getSettings(["shipping_methods", "shipping_zones", "default_parcel"]);
  const zone = quoteShipping(input.postalCode, settings.shipping_methods, settings.shipping_zones);
  const configured = input.carriers ? null : configuredCarriers();
  const carriers = input.carriers ?? configured!.adapters;
  const budgetMs = input.budgetMs ?? configured?.config.budgetMs ?? 3000;
  const ttlMs = (input.ttlMinutes ?? configured?.config.quoteTtlMinutes ?? 60) * 60_000;
  const hash = parcelsHash(input.lines, settings.default_parcel);
  const now = input.now ?? new Date();

  const budget = new AbortController();
  const timer = setTimeout(() => budget.abort(), budgetMs);
  const outOfTime = new Promise<never>((_, reject) => {
    budget.signal.addEventListener("abort", () => reject(new Error("budget")), { once: true });
  });
  outOfTime.catch(() => {}); // only raced below
  try {
    const results = await Promise.all(
      carriers.map(async (carrier) => {
        try {
          const quotes = await Promise.race([
            quoteCarrier(carrier, {
              postalCode,
              hash,
              lines: input.lines,
              fallback: settings.default_parcel,
              declaredValueCents: input.declaredValueCents,
              ttlMs,
              now,
              signal: budget.signal,
            }),
            outOfTime,
          ]);
          return { quotes, unavailable: null };
        } catch (error) {
          const reason =
            error instanceof ParcelsRefused
              ? { message: error.message, staffMessage: error.message }
              : budget.signal.aborted
                ? {
                    message: `No pudimos cotizar con ${CARRIER_NAMES[carrier.id]} en este momento.`,
                    staffMessage: `${CARRIER_NAMES[carrier.id]} no respondió dentro de ${budgetMs} ms.`,
                  }
                : (() => {
                    const failure = asCarrierError(carrier.id, error);
                    return { message: failure.shopperMessage, staffMessage: failure.staffMessage };
                  })();
          return {
            quotes: [] as CarrierQuote[],
            unavailable: { carrier: carrier.id, carrierName: CARRIER_NAMES[carrier.id], ...reason },
          };
        }
      }),
    );
    const carrierOptions = results.flatMap((r) => r.quotes).sort((a, b) => a.priceCents - b.priceCents);
    const zoneOptions = zone.ok ? zone.options : [];
    if (carrierOptions.length === 0 && !zone.ok) return { ok: false, error: zone.error };
    return {
      ok: true,
      postalCode,
      parcelsHash: hash,
      zoneOptions,
      carrierOptions,
      unavailable: results.flatMap((r) => (r.unavailable ? [r.unavailable] : [])),
    };
  } finally {
    clearTimeout(timer);
  }
}

class ParcelsRefused extends Error {}

async function quoteCarrier(
  carrier: CarrierAdapter,
  input: {
    postalCode: string;
    hash: string;
    lines: readonly ParcelLine[];
    fallback: Box;
    declaredValueCents: number;
    ttlMs: number;
    now: Date;
    signal: AbortSignal;
  },
): Promise<CarrierQuote[]> {
  const db = getDb();
  const declaredValue = fromCents(input.declaredValueCents).toFixed(2);
  const cached = await db
    .select()
    .from(shippingQuotes)
    .where(
      and(
        eq(shippingQuotes.carrier, carrier.id),
        eq(shippingQuotes.postalCode, input.postalCode),
        eq(shippingQuotes.parcelsHash, input.hash),
        eq(shippingQuotes.declaredValue, declaredValue),
        gt(shippingQuotes.validUntil, new Date(input.now.getTime() + REUSE_MARGIN_MS)),
      ),
    )
    .orderBy(asc(shippingQuotes.createdAt));
  if (cached.length > 0) {
    // The newest answer of this carrier for this cart: one row per service it offered then.
    const newest = cached.at(-1)!.createdAt.getTime();
    return cached.filter((row) => row.createdAt.getTime() === newest).map(toCarrierQuote);
  }

  const parcels = buildParcels(input.lines, input.fallback, carrier.limits);
  if (!parcels.ok) throw new ParcelsRefused(`${CARRIER_NAMES[carrier.id]}: ${parcels.message}`);
  const options = await carrier.quote({
    postalCode: input.postalCode,
    parcels: parcels.parcels,
    declaredValueCents: input.declaredValueCents,
    signal: input.signal,
  });
  if (options.length === 0) {
    throw new CarrierError("rejected", carrier.id, "no_service", "No ofrece servicio a ese código postal.");
  }
  const createdAt = new Date();
  const rows = await db
    .insert(shippingQuotes)
    .values(
      options.map((option) => ({
        carrier: carrier.id,
        service: option.service,
        serviceName: option.serviceName,
        carrierRef: option.carrierRef,
        postalCode: input.postalCode,
        parcelsHash: input.hash,
        parcels: parcels.parcels,
        declaredValue,
        price: fromCents(option.priceCents).toFixed(2),
        netPrice: option.netPriceCents === null ? null : fromCents(option.netPriceCents).toFixed(2),
        deliveryDaysMin: option.deliveryDaysMin,
        deliveryDaysMax: option.deliveryDaysMax,
        validUntil: validity(option, input.now, input.ttlMs),
        createdAt,
      })),
    )
    .returning();
  return rows.map(toCarrierQuote);
}

function validity(option: CarrierOption, now: Date, ttlMs: number): Date {
  const latest = now.getTime() + MAX_VALIDITY_MS;
  const until = option.validUntil?.getTime() ?? now.getTime() + ttlMs;
  return new Date(Math.min(until, latest));
}

function toCarrierQuote(row: typeof shippingQuotes.$inferSelect): CarrierQuote {
  return {
    quoteId: row.id,
    carrier: row.carrier,
    carrierName: CARRIER_NAMES[row.carrier],
    service: row.service,
    serviceName: row.serviceName,
    priceCents: toCents(row.price),
    deliveryDaysMin: row.deliveryDaysMin,
    deliveryDaysMax: row.deliveryDaysMax,
    validUntil: row.validUntil,
  };
}

// ------------------------------------------------------------------ the order's side

export const QUOTE_NOT_FOUND = "No encontramos el envío que elegiste. Elegí el envío de nuevo.";
export const QUOTE_EXPIRED = "El precio del envío venció. Elegí el envío de nuevo para ver el precio actual.";
export const QUOTE_MISMATCH =
  "El envío que elegiste era para otro código postal u otros productos. Elegí el envío de nuevo.";

export type QuoteForOrder = CarrierQuote & { carrierRef: string; parcels: Parcel[]; postalCode: string };

/**
 * The quote an order is charged, looked up by the id the browser sent: refused when it does not
 * exist, has expired, or was given for another postal code or another cart (`parcelsHash` is
 * computed again by the server from the order's own lines; with `declaredValueCents`, for another
 * insured value too). Meant to run inside the order's
 * transaction (pass `tx`); the price to charge is `priceCents`.
 */
export async function findQuoteForOrder(
  db: DbOrTx,
  input: {
    quoteId: string;
    postalCode: string;
    parcelsHash: string;
    /** The order's products value, when the caller wants the insured value checked too. */
    declaredValueCents?: number;
    now?: Date;
  },
): Promise<{ ok: true; quote: QuoteForOrder } | { ok: false; error: string }> {
  if (!isUuid(input.quoteId)) return { ok: false, error: QUOTE_NOT_FOUND };
  const [row] = await db.select().from(shippingQuotes).where(eq(shippingQuotes.id, input.quoteId));
  if (!row) return { ok: false, error: QUOTE_NOT_FOUND };
  if (row.validUntil.getTime() <= (input.now ?? new Date()).getTime()) return { ok: false, error: QUOTE_EXPIRED };
  const otherValue = input.declaredValueCents !== undefined && toCents(row.declaredValue) !== input.declaredValueCents;
  if (row.postalCode !== carrierPostalCode(input.postalCode) || row.parcelsHash !== input.parcelsHash || otherValue) {
    return { ok: false, error: QUOTE_MISMATCH };
  }
  return {
    ok: true,
    quote: { ...toCarrierQuote(row), carrierRef: row.carrierRef, parcels: row.parcels, postalCode: row.postalCode },
  };
}

/** Forgets quotes expired more than a day ago (orders keep what they were charged on their own row). */
export async function pruneExpiredQuotes(now: Date = new Date()): Promise<number> {
  const rows = await getDb()
    .delete(shippingQuotes)
    .where(lt(shippingQuotes.validUntil, new Date(now.getTime() - 24 * 60 * 60_000)))
    .returning({ id: shippingQuotes.id });
  return rows.length;
}

// ------------------------------------------------------------------ branches and shipments

/** A carrier's branches near a postal code, or a sentence for the shopper. */
export async function branchesNear(
  carrier: CarrierAdapter,
  postalCode: string,
  budgetMs: number = configuredCarriers().config.budgetMs,
): Promise<{ ok: true; branches: Branch[] } | { ok: false; error: string }> {
  const code = carrierPostalCode(postalCode);
  if (!code) return { ok: false, error: INVALID_POSTAL_CODE };
  try {
    const branches = await carrier.branches(code, AbortSignal.timeout(budgetMs));
    if (branches.length === 0) {
      return { ok: false, error: `${CARRIER_NAMES[carrier.id]} no tiene sucursales cerca de ese código postal.` };
    }
    return { ok: true, branches };
  } catch (error) {
    return { ok: false, error: asCarrierError(carrier.id, error).shopperMessage };
  }
}

/** While one process creates a shipment, the others wait this long before they may take it over. */
const SHIPMENT_LEASE_MS = 2 * 60_000;

export type ShipmentOutcome =
  | { ok: true; created: boolean; carrierShipmentId: string | null; trackingNumber: string | null }
  | { ok: false; error: string };

/**
 * Creates the order's shipment with the carrier once: the row is claimed first (one per order), so
 * two clicks or two clerks create one; a created shipment is returned as it is; a failure is kept
 * with the carrier's reason for staff and may be tried again. Nothing of the order itself changes
 * here: the label step stores the tracking number on the order through its own model.
 */
export async function createShipmentOnce(
  orderId: string,
  carrier: CarrierAdapter,
  request: ShipmentRequest,
  now: Date = new Date(),
): Promise<ShipmentOutcome> {
  const db = getDb();
  const claim = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(carrierShipments)
      .values({
        orderId,
        carrier: carrier.id,
        orderNumber: request.orderNumber,
        claimedUntil: new Date(now.getTime() + SHIPMENT_LEASE_MS),
      })
      .onConflictDoNothing()
      .returning({ id: carrierShipments.id });
    if (inserted.length > 0) return { take: true as const };
    const [row] = await tx.select().from(carrierShipments).where(eq(carrierShipments.orderId, orderId)).for("update");
    if (!row) return { take: false as const, outcome: { ok: false as const, error: QUOTE_NOT_FOUND } };
    // Reopened after its cancellation: the old shipment must be cancelled with the carrier first;
    // once it is (or staff cancel it in MiCorreo), this row is taken for a new shipment.
    if (row.status === "cancelling" || row.status === "cancel_failed") {
      return {
        take: false as const,
        outcome: {
          ok: false as const,
          error: `El envío anterior todavía no se anuló con ${CARRIER_NAMES[row.carrier]}: esperá a que se anule o reintentá la anulación.`,
        },
      };
    }
    if (row.status === "cancelled" || row.status === "cancel_by_hand") {
      await tx
        .update(carrierShipments)
        .set({
          carrier: carrier.id,
          orderNumber: request.orderNumber,
          status: "creating",
          carrierShipmentId: null,
          trackingNumber: null,
          error: null,
          trackingEvents: [],
          trackedAt: null,
          cancelAttempts: 0,
          cancelAfter: null,
          claimedUntil: new Date(now.getTime() + SHIPMENT_LEASE_MS),
          updatedAt: now,
        })
        .where(eq(carrierShipments.id, row.id));
      return { take: true as const };
    }
    if (row.carrier !== carrier.id) {
      return {
        take: false as const,
        outcome: { ok: false as const, error: `El pedido ya tiene un envío con ${CARRIER_NAMES[row.carrier]}.` },
      };
    }
    if (row.status === "created") {
      return {
        take: false as const,
        outcome: {
          ok: true as const,
          created: false,
          carrierShipmentId: row.carrierShipmentId,
          trackingNumber: row.trackingNumber,
        },
      };
    }
    if (row.status === "creating" && row.claimedUntil && row.claimedUntil > now) {
      return {
        take: false as const,
        outcome: { ok: false as const, error: "El envío de este pedido ya se está generando. Esperá un momento." },
      };
    }
    await tx
      .update(carrierShipments)
      .set({ status: "creating", claimedUntil: new Date(now.getTime() + SHIPMENT_LEASE_MS), updatedAt: now })
      .where(eq(carrierShipments.id, row.id));
    return { take: true as const };
  });
  if (!claim.take) return claim.outcome;

  try {
    const result = await carrier.createShipment(request);
    await db.transaction(async (tx) => {
      // Cancelled while the carrier was creating it: cancelled with the carrier in turn (ADR 0018).
      // The order's lock waits for a cancellation in flight, which could not yet see this shipment.
      const [order] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for("update");
      const cancelled = order?.status === "cancelled";
      await tx
        .update(carrierShipments)
        .set({
          status: !cancelled ? "created" : cancelsByApi(carrier.id) ? "cancelling" : "cancel_by_hand",
          carrierShipmentId: result.carrierShipmentId,
          trackingNumber: result.trackingNumber,
          error: null,
          claimedUntil: null,
          updatedAt: new Date(),
        })
        .where(eq(carrierShipments.orderId, orderId));
    });
    return {
      ok: true,
      created: true,
      carrierShipmentId: result.carrierShipmentId,
      trackingNumber: result.trackingNumber,
    };
  } catch (error) {
    const failure = asCarrierError(carrier.id, error);
    await db
      .update(carrierShipments)
      .set({ status: "failed", error: failure.staffMessage, claimedUntil: null, updatedAt: new Date() })
      .where(eq(carrierShipments.orderId, orderId));
    return { ok: false, error: failure.staffMessage };
  }
}
