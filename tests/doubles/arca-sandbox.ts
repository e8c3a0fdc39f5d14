import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { startArcaDouble } from "./arca";

// npm run arca:sandbox: the local ARCA double (WSAA + WSFEv1), for trying electronic invoicing on
// the demo store without ARCA credentials. It writes the merchant certificate and key its test CA
// issued to DATA_DIR/arca-sandbox/ and prints the variables that point the store at it.

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.ARCA_SANDBOX_PORT ?? "3400" },
    cuit: { type: "string", default: "30712345671" },
    dir: { type: "string", default: path.resolve(process.env.DATA_DIR ?? "data", "arca-sandbox") },
  },
});

const double = await startArcaDouble({ port: Number(values.port), cuit: values.cuit });
mkdirSync(values.dir!, { recursive: true });
const certPath = path.join(values.dir!, "cert.pem");
const keyPath = path.join(values.dir!, "key.pem");
writeFileSync(certPath, double.merchant.certPem);
writeFileSync(keyPath, double.merchant.keyPem, { mode: 0o600 });

console.log(`ARCA (simulado) escucha en ${double.url}: WSAA y WSFEv1, puntos de venta ${[...double.pointsOfSale].join(", ")}.

Iniciá la tienda apuntando a él (en otra terminal):

  ARCA_WSAA_URL=${double.wsaaUrl} \\
  ARCA_WSFE_URL=${double.wsfeUrl} \\
  ARCA_CUIT=${double.merchant.cuit} \\
  ARCA_CERT_PATH=${certPath} \\
  ARCA_KEY_PATH=${keyPath} \\
  npm start

El certificado y la clave los emitió la CA de prueba de este simulador: ARCA de verdad no los acepta.
Cada vez que lo iniciás genera otra CA: los tickets y comprobantes anteriores se olvidan.`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void double.close().then(() => process.exit(0)));
}
