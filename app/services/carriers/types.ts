import type { CarrierBranch, CarrierId, CarrierService } from "~/domain/carrier-quotes";
import type { Parcel, ParcelLimits } from "~/domain/parcels";

// The carrier interface ([21/25], ADR 0018): every carrier the store ships with is one adapter of
// this shape (OCA e-Pak and Correo Argentino MiCorreo today; Andreani would be one more). Adapters
// speak their carrier's protocol, check each answer with Zod and throw CarrierError (./errors) for
// anything else; callers never see the carrier's URLs, headers or formats.

export type QuoteRequest = {
  /** The destination's 4-digit postal code (~/domain/carrier-quotes carrierPostalCode). */
  postalCode: string;
  parcels: Parcel[];
  /** The goods' value in cents (insurance). */
  declaredValueCents: number;
  /** Aborted when the checkout's time budget runs out. */
  signal?: AbortSignal;
};

/** One way the carrier can take the parcels there. */
export type CarrierOption = {
  service: CarrierService;
  /** What the shopper reads: "OCA a domicilio", "Correo Argentino Clásico a sucursal". */
  serviceName: string;
  /** The carrier's own code for it (OCA's operativa, MiCorreo's productType + deliveredType). */
  carrierRef: string;
  /** What the shopper pays, IVA included, in cents. */
  priceCents: number;
  /** The carrier's price without IVA when it quotes net (OCA), in cents; null when it quotes final prices. */
  netPriceCents: number | null;
  deliveryDaysMin: number | null;
  deliveryDaysMax: number | null;
  /** Until when the carrier holds this price (null: it does not say; the store's own validity applies). */
  validUntil: Date | null;
};

/** A branch where the shopper can pick the parcel up. */
export type Branch = CarrierBranch;

export type ShipmentAddress = {
  name: string;
  street: string;
  number: string;
  floorApartment?: string;
  locality: string;
  province: string;
  postalCode: string;
  phone?: string;
  email?: string;
};

export type ShipmentRequest = {
  /** The store's order number: the carrier's reference, so that a repeat creates nothing new. */
  orderNumber: string;
  service: CarrierService;
  /** The quote's carrierRef (operativa / product). */
  carrierRef: string;
  /** The branch chosen for "retiro en sucursal". */
  branchId?: string | null;
  sender: ShipmentAddress;
  recipient: ShipmentAddress;
  parcels: Parcel[];
  declaredValueCents: number;
};

export type ShipmentResult = {
  /** The carrier's id of the shipment (OCA's OrdenRetiro); null when it gives none. */
  carrierShipmentId: string | null;
  /** The number to follow it; null when the carrier assigns it later (MiCorreo without Paq.ar). */
  trackingNumber: string | null;
  /** The carrier already had it (created before with this order number). */
  alreadyExisted: boolean;
};

export type TrackingEvent = {
  /** When it happened, as an instant. */
  at: Date;
  /** The carrier's words ("En distribución", "Entregado"). */
  description: string;
  /** Where (a branch), when the carrier says. */
  place: string;
  /** The carrier says the parcel reached the recipient. */
  delivered: boolean;
};

export type LabelFormat = "10x15" | "a4";

export type CarrierAdapter = {
  id: CarrierId;
  name: string;
  /** How the carrier takes parcels: over these a cart is split, or refused ("excede"). */
  limits: ParcelLimits;
  quote(request: QuoteRequest): Promise<CarrierOption[]>;
  branches(postalCode: string, signal?: AbortSignal): Promise<Branch[]>;
  createShipment(request: ShipmentRequest): Promise<ShipmentResult>;
  /** The label as a PDF. Throws CarrierError("unsupported") where the carrier gives none by API. */
  label(
    shipment: { carrierShipmentId: string | null; trackingNumber: string | null },
    format: LabelFormat,
  ): Promise<Buffer>;
  tracking(trackingNumber: string): Promise<TrackingEvent[]>;
  /**
   * Cancels a created shipment with the carrier (its order was cancelled). A shipment the carrier
   * already cancelled is not an error. Throws CarrierError: "rejected" with the carrier's reason,
   * "unsupported" where the carrier has no cancel by API (MiCorreo: staff cancel it there).
   */
  cancelShipment(shipment: { carrierShipmentId: string | null; trackingNumber: string | null }): Promise<void>;
};
