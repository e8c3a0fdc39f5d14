import { PROVINCES, parsePostalCode } from "./postal-code";
import type { ShippingMethod, ShippingZone } from "./settings";

// Shipping quote by postal code: the postal code gives the province (the CPA's first letter, or
// the numeric range table), the province gives the zone (shipping_zones setting), and the zone
// gives each shipping method's cost. A method without a cost for the zone costs its base cost; a
// method marked as not offered in the zone is left out. The product page, the cart, the checkout
// summary and the server's order all quote through this one function.

/** freeOver: the products' subtotal from which this method costs nothing (null: it always costs). */
export type ShippingOption = { name: string; cost: number; freeOver?: number | null };

export type ShippingQuote =
  | {
      ok: true;
      postalCode: string;
      province: string;
      provinceName: string;
      zone: string | null;
      options: ShippingOption[];
    }
  | { ok: false; error: string };

export const INVALID_POSTAL_CODE =
  "Ingresá un código postal válido: el CPA (por ejemplo C1043AAZ) o los 4 números (por ejemplo 1043).";
export const NO_SHIPPING_FOR_ZONE = "No tenemos envíos a esa zona por ahora. Escribinos por WhatsApp y lo coordinamos.";

/** The zone that lists this province (first match), or null. */
export function zoneForProvince(zones: readonly ShippingZone[], province: string): ShippingZone | null {
  return zones.find((z) => z.provinces.includes(province)) ?? null;
}

/** Each method's cost in a zone: the zone's own cost, the base cost when it has none, absent when not offered. */
export function shippingOptionsForZone(
  methods: readonly ShippingMethod[],
  zone: ShippingZone | null,
): ShippingOption[] {
  const options: ShippingOption[] = [];
  for (const method of methods) {
    const own = zone?.costs[method.name];
    if (own === null) continue; // not offered in this zone
    options.push({
      name: method.name,
      cost: own ?? method.cost,
      ...(method.freeOver ? { freeOver: method.freeOver } : {}),
    });
  }
  return options;
}

export function quoteShipping(
  postalCode: string,
  methods: readonly ShippingMethod[],
  zones: readonly ShippingZone[],
): ShippingQuote {
  const parsed = parsePostalCode(postalCode);
  if (!parsed) return { ok: false, error: INVALID_POSTAL_CODE };
  const zone = zoneForProvince(zones, parsed.province);
  const options = shippingOptionsForZone(methods, zone);
  if (options.length === 0) return { ok: false, error: NO_SHIPPING_FOR_ZONE };
  return {
    ok: true,
    postalCode: parsed.code,
    province: parsed.province,
    provinceName: PROVINCES[parsed.province] ?? parsed.province,
    zone: zone?.name ?? null,
    options,
  };
}

/**
 * The zones after the shipping methods are saved. Zone costs are kept by method name, so a
 * renamed method keeps its costs under its new name, and a removed method's costs go (a method
 * added later with that name starts without them). `previousNames[i]` is the name `methods[i]`
 * had when the admin opened the form (empty or missing: the row's own name). Costs of names that
 * were not a method before are dropped too.
 */
export function carryZoneCosts(
  zones: readonly ShippingZone[],
  before: readonly ShippingMethod[],
  methods: readonly ShippingMethod[],
  previousNames: readonly (string | undefined)[],
): ShippingZone[] {
  const existed = new Set(before.map((m) => m.name));
  const newName = new Map<string, string>();
  methods.forEach((method, index) => {
    const previous = previousNames[index] || method.name;
    if (existed.has(previous) && !newName.has(previous)) newName.set(previous, method.name);
  });
  return zones.map((zone) => ({
    ...zone,
    costs: Object.fromEntries(
      Object.entries(zone.costs).flatMap(([name, cost]) => {
        const to = newName.get(name);
        return to === undefined ? [] : [[to, cost]];
      }),
    ),
  }));
}

/** Only the costs of methods that exist: a zone table opened before a method was renamed or removed. */
export function withExistingMethods(
  zones: readonly ShippingZone[],
  methods: readonly ShippingMethod[],
): ShippingZone[] {
  const names = new Set(methods.map((m) => m.name));
  return zones.map((zone) => ({
    ...zone,
    costs: Object.fromEntries(Object.entries(zone.costs).filter(([name]) => names.has(name))),
  }));
}

/**
 * What a shipping option costs for products worth `productsCents` (their subtotal, before any
 * discount): nothing from its free-shipping amount on, else its cost. The checkout's summary and
 * the server's order both ask this.
 */
export function shippingCostFor(option: ShippingOption, productsCents: number): number {
  if (option.freeOver && productsCents >= Math.round(option.freeOver * 100)) return 0;
  return option.cost;
}

/** The lowest free-shipping amount among the methods (null: none is ever free). */
export function freeShippingFrom(methods: readonly ShippingMethod[]): number | null {
  const amounts = methods.map((m) => m.freeOver ?? 0).filter((a) => a > 0);
  return amounts.length ? Math.min(...amounts) : null;
}

/** "Te faltan $ X para el envío gratis": the cents still missing (null: no free shipping, or already there). */
export function missingForFreeShipping(freeFrom: number | null, productsCents: number): number | null {
  if (freeFrom === null) return null;
  const missing = Math.round(freeFrom * 100) - productsCents;
  return missing > 0 ? missing : null;
}
