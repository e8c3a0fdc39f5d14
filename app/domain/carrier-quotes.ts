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

/**
 * A carrier's date as an instant: "2026-11-26 20:30:00", "2026-11-26T20:30", "26-11-2026 20:30"
 * or "26/11/2026 20:30" in Argentina's time (UTC-3, no daylight saving) when it has no offset, as
 * OCA and MiCorreo write them; null when it is none of those.
 */
export function argentineTime(value: string): Date | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  const local = /^(\d{2})[-/](\d{2})[-/](\d{4})\s+(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  const p = iso
    ? [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6]]
    : local
      ? [local[3], local[2], local[1], local[4], local[5], local[6]]
      : null;
  if (!p) return null;
  const offset = iso && /(Z|[+-]\d{2}:?\d{2})$/.exec(value.trim())?.[1];
  const date = new Date(`${p[0]}-${p[1]}-${p[2]}T${p[3]}:${p[4]}:${p[5] ?? "00"}${offset ?? "-03:00"}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A carrier's branch where the shopper picks the parcel up (kept on the order as the carrier described it then). */
export type CarrierBranch = {
  id: string;
  name: string;
  address: string;
  locality: string;
  postalCode: string;
  /** As the carrier gives it ("Lun a Vie 9 a 18"); empty when it does not. */
  hours: string;
};

/** A branch as orders, e-mails and screens name it: "OCA La Plata, Calle 7 1234, La Plata (Lun a Vie 9 a 18)". */
export function branchText(branch: { name: string; address: string; locality: string; hours: string }): string {
  const place = [branch.name, branch.address, branch.locality].filter(Boolean).join(", ");
  return branch.hours ? `${place} (${branch.hours})` : place;
}
