import { parseArgs } from "node:util";
import { startMercadoPagoDouble } from "./mercadopago";

// npm run mp:sandbox: the local Mercado Pago double, for trying online payment on the demo store
// without an account (README "Mercado Pago"). The browser tests start it the same way.

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.MP_SANDBOX_PORT ?? "3300" },
    token: { type: "string", default: "TEST-sandbox-access-token" },
    secret: { type: "string", default: "sandbox-webhook-secret" },
  },
});

const double = await startMercadoPagoDouble({
  port: Number(values.port),
  host: "localhost",
  accessToken: values.token!,
  webhookSecret: values.secret!,
});

console.log(`Mercado Pago (simulado) escucha en ${double.url}

Iniciá la tienda apuntando a él (en otra terminal):

  MERCADOPAGO_API_URL=${double.url} \\
  MERCADOPAGO_ACCESS_TOKEN=${values.token} \\
  MERCADOPAGO_WEBHOOK_SECRET=${values.secret} \\
  npm start

Después, en Admin > Configuración > Métodos de pago, cambiá el tipo de "Mercado Pago" a
"Mercado Pago (pago online)" y guardá. Al confirmar un pedido con ese método, la tienda te lleva
a esta página simulada, donde elegís aprobar, rechazar o dejar pendiente el pago.`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void double.close().then(() => process.exit(0)));
}
