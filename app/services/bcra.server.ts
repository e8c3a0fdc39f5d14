import { z } from "zod";
import { getEnv } from "~/utils/env.server";

// The BCRA's public "Estadísticas Cambiarias" API v1.0 (api.bcra.gob.ar, no token): the exchange
// rates the central bank publishes each business day. The store reads one thing from it, the
// dollar's rate of the latest day published, for Configuración > Cotización del dólar
// ("Traer cotización", ADR 0020). Turned on by BCRA_API_URL; the tests point it at the local
// double (tests/doubles/bcra.ts). Every answer is checked against the documented shape.

/** GET /estadisticascambiarias/v1.0/Cotizaciones: the latest day's rates, one row per currency. */
const COTIZACIONES_PATH = "/estadisticascambiarias/v1.0/Cotizaciones";
const TIMEOUT_MS = 10_000;

/** The source name saved with a rate read from here (Configuración's "Fuente"). */
export const BCRA_SOURCE = "BCRA (referencia)";

const CotizacionesAnswer = z.object({
  status: z.literal(200),
  results: z.object({
    fecha: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    detalle: z.array(
      z.object({
        codigoMoneda: z.string().nullable(),
        descripcion: z.string().nullable().optional(),
        tipoPase: z.number().nullable().optional(),
        tipoCotizacion: z.number().nullable(),
      }),
    ),
  }),
});

/** The BCRA's error body: { status, errorMessages: [...] }. */
const ErrorAnswer = z.object({ status: z.number(), errorMessages: z.array(z.string()) });

export type BcraRate = {
  /** Pesos per dollar, rounded to the cent. */
  rate: number;
  /** The day the BCRA published it, "2026-11-26". */
  date: string;
  source: string;
};

export type BcraErrorKind = "config" | "timeout" | "network" | "malformed" | "no_rate";

/** The rate could not be read; `message` is for staff, in Spanish. */
export class BcraError extends Error {
  readonly kind: BcraErrorKind;

  constructor(kind: BcraErrorKind, message: string) {
    super(message);
    this.name = "BcraError";
    this.kind = kind;
  }
}

/** Where the API is, or null when the store does not fetch rates (BCRA_API_URL unset). */
export function bcraApiUrl(): string | null {
  const url = getEnv().BCRA_API_URL;
  return url ? url.replace(/\/+$/, "") : null;
}

const UNREACHABLE = "No pudimos comunicarnos con el BCRA";
const TRY_LATER = "Probá de nuevo en unos minutos o cargá la cotización a mano.";

/** The dollar's rate of the latest day the BCRA published. Throws a BcraError. */
export async function fetchDollarRate(
  options: { baseUrl?: string | null; timeoutMs?: number } = {},
): Promise<BcraRate> {
  const baseUrl = options.baseUrl === undefined ? bcraApiUrl() : options.baseUrl;
  if (!baseUrl) {
    throw new BcraError(
      "config",
      "La consulta automática de la cotización no está configurada (variable BCRA_API_URL del servidor). Cargala a mano.",
    );
  }
  let status: number;
  let text: string;
  try {
    const response = await fetch(`${baseUrl}${COTIZACIONES_PATH}`, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
      throw new BcraError("timeout", `El BCRA no respondió a tiempo. ${TRY_LATER}`);
    }
    throw new BcraError("network", `${UNREACHABLE}. ${TRY_LATER}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (status !== 200) {
    const said = ErrorAnswer.safeParse(body);
    const detail = said.success && said.data.errorMessages.length ? `: ${said.data.errorMessages.join(" ")}` : "";
    throw new BcraError("network", `${UNREACHABLE} (respondió ${status}${detail.slice(0, 160)}). ${TRY_LATER}`);
  }
  const parsed = CotizacionesAnswer.safeParse(body);
  if (!parsed.success) {
    throw new BcraError("malformed", `El BCRA respondió algo que no entendemos. ${TRY_LATER}`);
  }
  const usd = parsed.data.results.detalle.find((row) => row.codigoMoneda === "USD");
  const value = usd?.tipoCotizacion;
  if (value === undefined || value === null || !Number.isFinite(value) || value <= 0) {
    throw new BcraError(
      "no_rate",
      `El BCRA no informó la cotización del dólar del ${parsed.data.results.fecha}. ${TRY_LATER}`,
    );
  }
  return { rate: Math.round(value * 100) / 100, date: parsed.data.results.fecha, source: BCRA_SOURCE };
}
