import { parseArgs } from "node:util";
import { startBcraDouble } from "./bcra";

// npm run bcra:sandbox: the local BCRA exchange-rate double, for trying "Traer cotización"
// (Configuración > Cotización del dólar) without reaching api.bcra.gob.ar (README, ADR 0020).

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.BCRA_SANDBOX_PORT ?? "3400" },
    usd: { type: "string", default: "1452.5" },
  },
});

const double = await startBcraDouble({ port: Number(values.port), host: "localhost" });
double.usd = Number(values.usd);
double.fecha = new Date().toISOString().slice(0, 10);

console.log(`BCRA (simulado) escucha en ${double.url}: dólar a ${double.usd} del ${double.fecha}.

Iniciá la tienda apuntando a él (en otra terminal):

  BCRA_API_URL=${double.url} npm start

Después, en Admin > Configuración > Cotización del dólar, tocá "Traer cotización".`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void double.close().then(() => process.exit(0)));
}
