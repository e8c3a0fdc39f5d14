import { randomUUID } from "node:crypto";
import { InvalidWebhookSignatureError, WebhookSignatureValidator } from "mercadopago";
import type { PaymentResponse } from "mercadopago/dist/clients/payment/commonTypes";
import type { RefundResponse } from "mercadopago/dist/clients/paymentRefund/commonTypes";
import type { PreferenceRequest, PreferenceResponse } from "mercadopago/dist/clients/preference/commonTypes";
import { getEnv } from "~/utils/env.server";

// Mercado Pago's REST API (Checkout Pro preferences, payments, refunds) and its webhook
// signature. The official SDK's types describe every request and answer, and its
// WebhookSignatureValidator checks x-signature; the calls are made with fetch because the SDK's
// base URL is fixed and the tests point the store at a local double of the API (ADR 0007).
// Configuration is read from the environment only, never from settings or the browser.

export type MercadoPagoConfig = { accessToken: string; webhookSecret: string; apiUrl: string };

/** The credentials, or null when the store has none (online payment cannot be turned on). */
export function mercadoPagoConfig(): MercadoPagoConfig | null {
  const env = getEnv();
  if (!env.MERCADOPAGO_ACCESS_TOKEN || !env.MERCADOPAGO_WEBHOOK_SECRET) return null;
  return {
    accessToken: env.MERCADOPAGO_ACCESS_TOKEN,
    webhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET,
    apiUrl: (env.MERCADOPAGO_API_URL ?? "https://api.mercadopago.com").replace(/\/+$/, ""),
  };
}

/** Mercado Pago did not answer, or answered with an error: nothing was charged or changed by us. */
export class MercadoPagoError extends Error {
  readonly status: number | null;

  constructor(message: string, status: number | null) {
    super(message);
    this.name = "MercadoPagoError";
    this.status = status;
  }
}

const TIMEOUT_MS = 15_000;

async function call<T>(
  method: "GET" | "POST",
  path: string,
  body?: unknown,
  idempotencyKey?: string,
  config: MercadoPagoConfig | null = mercadoPagoConfig(),
): Promise<T> {
  if (!config) throw new MercadoPagoError("Mercado Pago is not configured", null);
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${config.accessToken}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(idempotencyKey ? { "X-Idempotency-Key": idempotencyKey } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new MercadoPagoError(`${method} ${path}: ${error instanceof Error ? error.message : String(error)}`, null);
  }
  const text = await response.text();
  if (!response.ok) {
    throw new MercadoPagoError(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 300)}`, response.status);
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new MercadoPagoError(`${method} ${path}: the answer is not JSON`, response.status);
  }
}

/** Creates a Checkout Pro preference; the shopper pays at its init_point. */
export async function createPreference(
  request: PreferenceRequest,
  idempotencyKey: string = randomUUID(),
): Promise<{ id: string; initPoint: string }> {
  const preference = await call<PreferenceResponse>("POST", "/checkout/preferences", request, idempotencyKey);
  if (!preference.id || !preference.init_point) {
    throw new MercadoPagoError("POST /checkout/preferences: no id or init_point in the answer", 200);
  }
  return { id: preference.id, initPoint: preference.init_point };
}

/** One payment as Mercado Pago has it now. */
export async function getPayment(paymentId: string): Promise<PaymentResponse> {
  if (!/^\d{1,20}$/.test(paymentId)) throw new MercadoPagoError(`Not a payment id: ${paymentId}`, 400);
  return call<PaymentResponse>("GET", `/v1/payments/${paymentId}`);
}

/** Refunds a payment in full. The same idempotency key never refunds twice. */
export async function refundPayment(paymentId: string, idempotencyKey: string): Promise<RefundResponse> {
  if (!/^\d{1,20}$/.test(paymentId)) throw new MercadoPagoError(`Not a payment id: ${paymentId}`, 400);
  return call<RefundResponse>("POST", `/v1/payments/${paymentId}/refunds`, {}, idempotencyKey);
}

export type WebhookCheck = { ok: true } | { ok: false; reason: string };

/**
 * Checks a notification's x-signature: HMAC-SHA256, with the webhook secret, of
 * "id:<data.id>;request-id:<x-request-id>;ts:<ts>;" (Mercado Pago's documented manifest; an
 * alphanumeric data.id is taken in lower case). No age limit: a replayed notification only makes
 * the store read the payment from the API again, which changes nothing (ADR 0007).
 */
export function checkWebhookSignature(input: {
  signature: string | null;
  requestId: string | null;
  dataId: string | null;
  config?: MercadoPagoConfig | null;
}): WebhookCheck {
  const config = input.config === undefined ? mercadoPagoConfig() : input.config;
  if (!config) return { ok: false, reason: "not_configured" };
  try {
    WebhookSignatureValidator.validate({
      xSignature: input.signature,
      xRequestId: input.requestId,
      dataId: input.dataId && /^[0-9a-z]+$/i.test(input.dataId) ? input.dataId.toLowerCase() : input.dataId,
      secret: config.webhookSecret,
    });
    return { ok: true };
  } catch (error) {
    if (error instanceof InvalidWebhookSignatureError) return { ok: false, reason: error.reason };
    throw error;
  }
}
