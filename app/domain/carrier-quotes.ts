import { parsePostalCode } from "./postal-code";

// Live carrier quotes ([21/25], ADR 0018): the carriers the store can quote, their services, the
// IVA added where a carrier quotes net, and what the checkout shows. Pure; the carrier adapters
// (app/services/carriers/) and the quotes model apply these rules.

export const CARRIER_IDS = ["oca", "micorreo"] as const;
export type CarrierId = (typeof CARRIER_IDS)[number];

/** "domicilio": delivered to the address; "sucursal": the shopper picks it up at a branch. */
export const CARRIER_SERVICES = ["domicilio", "sucursal"] as const;
export type CarrierService = (typeof CARRIER_SERVICES)[number];

export const CARRIER_NAMES: Record<CarrierId, string> = { oca: "OCA", micorreo: "Correo Argentino" };

export const SERVICE_LABELS: Record<CarrierService, string> = {
  domicilio: "a domicilio",
  sucursal: "retiro en sucursal",
};

/** IVA on freight: the general rate (Ley 23.349, art. 28), in percent. */
export const FREIGHT_IVA_PERCENT = 21;

/**
 * A net price (cents) with IVA added, rounded to the cent (half up). OCA's Tarifar_Envio_Corporativo
 * answers without IVA; the shopper is charged with it, as the store's own prices are.
 */
export function withIva(netCents: number, percent: number = FREIGHT_IVA_PERCENT): number {
  return Math.round((netCents * (100 + percent)) / 100);
}

/**
 * The 4-digit numeric postal code carriers take (OCA, MiCorreo): "C1043AAZ" -> "1043", "1900" ->
 * "1900"; null when it is not an Argentine postal code.
 */
export function carrierPostalCode(input: string): string | null {
  const parsed = parsePostalCode(input);
  if (!parsed) return null;
  return /\d{4}/.exec(parsed.code)?.[0] ?? null;
}

/** Delivery days as the checkout says them: "2 a 4 días hábiles", "3 días hábiles", or null. */
export function deliveryDaysText(min: number | null, max: number | null): string | null {
  const low = min ?? max;
  const high = max ?? min;
  if (low === null || high === null) return null;
  if (low === high) return low === 1 ? "1 día hábil" : `${low} días hábiles`;
  return `${low} a ${high} días hábiles`;
}
