import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/mercadopago-webhook";
import { cancelShipmentsSoon } from "~/jobs/carrier-cancellation.server";
import { syncPayment } from "~/models/payment.server";
import { MercadoPagoError, checkWebhookSignature } from "~/services/mercadopago.server";

// Mercado Pago's webhook (POST /api/webhooks/mercadopago?data.id=...&type=payment): the signature
// is checked first (a missing or wrong one is refused with 401 and logged), then the payment is
// read from Mercado Pago's API by its id and applied to its order. The payment id is the URL's
// data.id, the one the signature covers; the body, which the signature does not cover, is never
// read for it nor for the payment's state ([16/25]). An API failure answers 502, so Mercado Pago
// delivers the notification again.

const BodySchema = z
  .object({
    type: z.string().max(50).optional(),
    action: z.string().max(50).optional(),
    data: z.object({ id: z.union([z.string().max(40), z.number()]).optional() }).optional(),
  })
  .catch({});

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Método no permitido." }, { status: 405 });
  const url = new URL(request.url);
  const body = BodySchema.parse(await request.json().catch(() => ({})));
  const dataId = url.searchParams.get("data.id");
  const requestId = request.headers.get("x-request-id");

  const check = checkWebhookSignature({
    signature: request.headers.get("x-signature"),
    requestId,
    dataId,
  });
  if (!check.ok) {
    console.warn(
      `[mercadopago] webhook refused: ${check.reason} (x-request-id ${requestId ?? "none"}, data.id ${dataId ?? "none"})`,
    );
    return data({ error: "Firma inválida." }, { status: 401 });
  }
  const type = url.searchParams.get("type") ?? body.type;
  if (type !== "payment" || !dataId || !/^\d{1,20}$/.test(dataId)) return data({ ignored: true });

  try {
    const outcome = await syncPayment(dataId);
    if (outcome.kind === "ignored") console.warn(`[mercadopago] payment ${dataId} ignored: ${outcome.reason}`);
    // Cancelled before shipping with a carrier's label: its shipment is cancelled right away.
    if (outcome.kind === "applied" && outcome.cancelled) cancelShipmentsSoon();
    return data({ ok: true });
  } catch (error) {
    if (error instanceof MercadoPagoError) {
      console.error(`[mercadopago] payment ${dataId} could not be read: ${error.message}`);
      return data({ error: "Mercado Pago no respondió." }, { status: 502 });
    }
    throw error;
  }
}
