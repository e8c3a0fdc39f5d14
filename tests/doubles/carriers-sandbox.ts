import { parseArgs } from "node:util";
import { MICORREO_TEST, startMiCorreoDouble } from "./micorreo";
import { OCA_TEST, startOcaDouble } from "./oca";

// npm run carriers:sandbox: the local doubles of OCA e-Pak and Correo Argentino MiCorreo (with
// Paq.ar's labels), for trying live shipping quotes, branches, labels and tracking on the demo
// store without the carriers' credentials. It prints the variables that point the store at them.

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.CARRIERS_SANDBOX_PORT ?? "3500" },
    origin: { type: "string", default: "1043" },
  },
});

const port = Number(values.port);
const oca = await startOcaDouble({ port });
const correo = await startMiCorreoDouble({ port: port + 1 });

console.log(`OCA e-Pak (simulado) escucha en ${oca.url}; Correo Argentino MiCorreo y Paq.ar (simulados) en ${correo.url}.

Iniciá la tienda apuntando a ellos (en otra terminal):

  CARRIER_ORIGIN_POSTAL_CODE=${values.origin} \\
  OCA_API_URL=${oca.apiUrl} \\
  OCA_CUIT=${OCA_TEST.cuit} \\
  OCA_OPERATIVA_DOMICILIO=${OCA_TEST.operativaDomicilio} \\
  OCA_OPERATIVA_SUCURSAL=${OCA_TEST.operativaSucursal} \\
  OCA_USER=${OCA_TEST.user} OCA_PASSWORD=${OCA_TEST.password} OCA_ACCOUNT=${OCA_TEST.account} \\
  MICORREO_API_URL=${correo.apiUrl} \\
  MICORREO_USER=${MICORREO_TEST.user} MICORREO_PASSWORD=${MICORREO_TEST.password} \\
  MICORREO_CUSTOMER_ID=${MICORREO_TEST.customerId} \\
  PAQAR_API_URL=${correo.paqarUrl} PAQAR_API_KEY=${MICORREO_TEST.paqarApiKey} PAQAR_AGREEMENT=${MICORREO_TEST.paqarAgreement} \\
  npm start

Los precios son inventados (OCA sin IVA, como el real; la tienda le suma el 21 %). Los envíos creados
y sus seguimientos viven en memoria: se olvidan al cerrar el simulador.`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void Promise.all([oca.close(), correo.close()]).then(() => process.exit(0)));
}
