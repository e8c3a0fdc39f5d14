import type { ArcaConfig } from "./config.server";
import { ArcaError } from "./errors";
import { getTicket } from "./wsaa.server";
import { type PointOfSale, feDummy, pointsOfSale } from "./wsfe.server";

// "Probar conexión" (Configuración > Facturación): ARCA's servers up (FEDummy), the certificate
// accepted (a WSAA login, or the shared ticket), and the points of sale ARCA has for the store.

export type ConnectionCheck =
  | { ok: true; pointsOfSale: PointOfSale[] }
  | { ok: false; step: "servers" | "login" | "points_of_sale"; code: string; text: string };

export async function checkConnection(config: ArcaConfig): Promise<ConnectionCheck> {
  const steps = [
    [
      "servers",
      async () => {
        const status = await feDummy(config);
        const down = Object.entries(status).filter(([, value]) => value !== "OK");
        if (down.length > 0)
          throw new ArcaError(
            "network",
            "dummy",
            `ARCA informa servidores caídos: ${down.map(([k]) => k).join(", ")}.`,
          );
      },
    ],
    ["login", () => getTicket(config)],
  ] as const;
  for (const [step, run] of steps) {
    try {
      await run();
    } catch (error) {
      if (!(error instanceof ArcaError)) throw error;
      return { ok: false, step, code: error.code, text: error.text };
    }
  }
  try {
    return { ok: true, pointsOfSale: await pointsOfSale(config) };
  } catch (error) {
    if (!(error instanceof ArcaError)) throw error;
    return { ok: false, step: "points_of_sale", code: error.code, text: error.text };
  }
}
