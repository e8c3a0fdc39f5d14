import { type CarriersConfig, carriersConfig } from "./config.server";
import { miCorreoCarrier } from "./micorreo.server";
import { ocaCarrier } from "./oca.server";
import type { CarrierAdapter } from "./types";

// The carriers the store is set up for (config.server.ts), one adapter each, made once per process
// (MiCorreo's adapter keeps its token). Andreani would be one more line here.

let cached: { config: CarriersConfig; adapters: CarrierAdapter[] } | undefined;

export function carriersFrom(config: CarriersConfig): CarrierAdapter[] {
  return [config.oca && ocaCarrier(config.oca), config.micorreo && miCorreoCarrier(config.micorreo)].filter(
    (adapter): adapter is CarrierAdapter => Boolean(adapter),
  );
}

/** The configured carriers and the quoting budget, read from the environment once. */
export function configuredCarriers(): { config: CarriersConfig; adapters: CarrierAdapter[] } {
  if (!cached) {
    const config = carriersConfig();
    cached = { config, adapters: carriersFrom(config) };
  }
  return cached;
}

/** Forgets the carriers read from the environment (tests that change it). */
export function resetCarriers(): void {
  cached = undefined;
}
