import { CARRIER_NAMES, type CarrierId } from "~/domain/carrier-quotes";
import { asCarrierError } from "~/services/carriers/errors";
import { configuredCarriers } from "~/services/carriers/index.server";
import type { CarrierAdapter } from "~/services/carriers/types";
import { getEnv } from "~/utils/env.server";

// Configuración > Envíos ([21/25], ADR 0018): which carriers the server is set up for (their
// credentials live in the environment; the card names the variables that are set, never their
// values), the origin postal code, and "Probar conexión" per carrier.

type EnvKey = keyof ReturnType<typeof getEnv>;

/** The variables each carrier reads; the required ones offer it, the others add labels. */
const CARRIER_ENV: Record<CarrierId, { required: EnvKey[]; optional: EnvKey[]; labels: string }> = {
  oca: {
    required: ["OCA_CUIT", "OCA_OPERATIVA_DOMICILIO"],
    optional: ["OCA_OPERATIVA_SUCURSAL", "OCA_USER", "OCA_PASSWORD", "OCA_ACCOUNT", "OCA_API_URL"],
    labels: "Etiquetas con OCA_USER, OCA_PASSWORD y OCA_ACCOUNT (cuenta e-Pak).",
  },
  micorreo: {
    required: ["MICORREO_USER", "MICORREO_PASSWORD", "MICORREO_CUSTOMER_ID"],
    optional: ["PAQAR_API_KEY", "PAQAR_AGREEMENT", "MICORREO_API_URL", "PAQAR_API_URL"],
    labels:
      "Etiquetas con PAQAR_API_KEY y PAQAR_AGREEMENT (acuerdo Paq.ar); sin ellas, el envío se carga en MiCorreo y el número se escribe a mano.",
  },
};

export type CarrierStatus = {
  carrier: CarrierId;
  name: string;
  /** Offered at checkout: its variables and the origin postal code are set. */
  configured: boolean;
  /** Labels by API (OCA with its e-Pak account, MiCorreo with Paq.ar). */
  labels: boolean;
  /** Each variable the carrier reads and whether it is set (names only, never values). */
  variables: { name: string; set: boolean; required: boolean }[];
  labelsHint: string;
};

export type CarriersStatus = { originPostalCode: string | null; carriers: CarrierStatus[] };

export function carriersStatus(): CarriersStatus {
  const env = getEnv();
  const { config } = configuredCarriers();
  const isSet = (key: EnvKey) => env[key] !== undefined && env[key] !== "";
  return {
    originPostalCode: env.CARRIER_ORIGIN_POSTAL_CODE ?? null,
    carriers: (Object.keys(CARRIER_ENV) as CarrierId[]).map((carrier) => {
      const vars = CARRIER_ENV[carrier];
      return {
        carrier,
        name: CARRIER_NAMES[carrier],
        configured: Boolean(config[carrier]),
        labels:
          carrier === "oca"
            ? Boolean(config.oca?.user && config.oca.password && config.oca.account)
            : Boolean(config.micorreo?.paqar),
        variables: [
          ...vars.required.map((name) => ({ name, set: isSet(name), required: true })),
          ...vars.optional.map((name) => ({ name, set: isSet(name), required: false })),
        ],
        labelsHint: vars.labels,
      };
    }),
  };
}

/**
 * "Probar conexión": asks the carrier for its branches near the origin postal code (a read that
 * needs its credentials, MiCorreo's token included) and says what came back.
 */
export async function testCarrierConnection(
  carrier: unknown,
  adapters: readonly CarrierAdapter[] = configuredCarriers().adapters,
): Promise<{ ok: boolean; message: string }> {
  const adapter = adapters.find((a) => a.id === carrier);
  if (!adapter) {
    const name =
      typeof carrier === "string" && carrier in CARRIER_NAMES
        ? CARRIER_NAMES[carrier as CarrierId]
        : "Ese transportista";
    return { ok: false, message: `${name} no está configurado: faltan sus variables de entorno en el servidor.` };
  }
  const origin = getEnv().CARRIER_ORIGIN_POSTAL_CODE ?? "";
  try {
    const branches = await adapter.branches(origin, AbortSignal.timeout(10_000));
    return {
      ok: true,
      message: `Conexión con ${adapter.name} correcta: ${branches.length === 1 ? "1 sucursal" : `${branches.length} sucursales`} cerca del código postal ${origin}.`,
    };
  } catch (error) {
    return { ok: false, message: asCarrierError(adapter.id, error).staffMessage };
  }
}
