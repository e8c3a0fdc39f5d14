import { getEnv } from "~/utils/env.server";

// Which carriers the store is set up for, from the environment (README "Configuration"; ADR 0018).
// A carrier without its variables is simply not offered. Later, staff may keep the credentials in
// Configuración > Envíos (encrypted like ARCA's key); this is the one place that reads them.

export const OCA_PRODUCTION_URL = "http://webservice.oca.com.ar/epak_tracking/Oep_TrackEPak.asmx";
export const MICORREO_PRODUCTION_URL = "https://api.correoargentino.com.ar/micorreo/v1";
export const PAQAR_PRODUCTION_URL = "https://api.correoargentino.com.ar/paqar/v1";

export type OcaConfig = {
  apiUrl: string;
  /** With dashes, as OCA takes it: 30-53625919-4. */
  cuit: string;
  /** Operativas: puerta a puerta (to the address) and puerta a sucursal (to a branch). */
  operativaDomicilio: string | null;
  operativaSucursal: string | null;
  /** e-Pak user, password and account (nrocuenta): only to create shipments and labels. */
  user: string | null;
  password: string | null;
  account: string | null;
  originPostalCode: string;
  timeoutMs: number;
};

export type MiCorreoConfig = {
  apiUrl: string;
  user: string;
  password: string;
  customerId: string;
  originPostalCode: string;
  /** Paq.ar (labels and tracking numbers), only where the merchant has that agreement. */
  paqar: { apiUrl: string; apiKey: string; agreement: string } | null;
  timeoutMs: number;
};

export type CarriersConfig = {
  oca: OcaConfig | null;
  micorreo: MiCorreoConfig | null;
  /** How long the checkout waits for all carriers together. */
  budgetMs: number;
  /** How long a quote is kept when the carrier does not say (OCA). */
  quoteTtlMinutes: number;
};

/** One call may take this long outside the checkout (labels, tracking). */
const CALL_TIMEOUT_MS = 15_000;

export function carriersConfig(): CarriersConfig {
  const env = getEnv();
  const origin = env.CARRIER_ORIGIN_POSTAL_CODE ?? null;
  const ocaOperativa = env.OCA_OPERATIVA_DOMICILIO ?? env.OCA_OPERATIVA_SUCURSAL;
  const oca: OcaConfig | null =
    origin && env.OCA_CUIT && ocaOperativa
      ? {
          apiUrl: env.OCA_API_URL ?? OCA_PRODUCTION_URL,
          cuit: env.OCA_CUIT,
          operativaDomicilio: env.OCA_OPERATIVA_DOMICILIO ?? null,
          operativaSucursal: env.OCA_OPERATIVA_SUCURSAL ?? null,
          user: env.OCA_USER ?? null,
          password: env.OCA_PASSWORD ?? null,
          account: env.OCA_ACCOUNT ?? null,
          originPostalCode: origin,
          timeoutMs: CALL_TIMEOUT_MS,
        }
      : null;
  const micorreo: MiCorreoConfig | null =
    origin && env.MICORREO_USER && env.MICORREO_PASSWORD && env.MICORREO_CUSTOMER_ID
      ? {
          apiUrl: env.MICORREO_API_URL ?? MICORREO_PRODUCTION_URL,
          user: env.MICORREO_USER,
          password: env.MICORREO_PASSWORD,
          customerId: env.MICORREO_CUSTOMER_ID,
          originPostalCode: origin,
          paqar:
            env.PAQAR_API_KEY && env.PAQAR_AGREEMENT
              ? {
                  apiUrl: env.PAQAR_API_URL ?? PAQAR_PRODUCTION_URL,
                  apiKey: env.PAQAR_API_KEY,
                  agreement: env.PAQAR_AGREEMENT,
                }
              : null,
          timeoutMs: CALL_TIMEOUT_MS,
        }
      : null;
  return {
    oca,
    micorreo,
    budgetMs: env.CARRIER_QUOTE_BUDGET_MS ?? 3000,
    quoteTtlMinutes: env.CARRIER_QUOTE_TTL_MINUTES ?? 60,
  };
}
