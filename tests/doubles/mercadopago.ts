import { createHmac, randomUUID } from "node:crypto";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for the part of Mercado Pago's API the store uses, speaking the same protocol
// (no network here): Checkout Pro preferences (POST /checkout/preferences), the checkout page
// the shopper is sent to (init_point, with buttons that approve, reject or leave the payment
// pending), payments (GET /v1/payments/:id), refunds (POST /v1/payments/:id/refunds), and
// webhooks sent to the preference's notification_url, signed as Mercado Pago documents:
// x-signature "ts=<seconds>,v1=<hex HMAC-SHA256 of id:<data.id>;request-id:<x-request-id>;ts:<ts>;>".
// Tests start it in-process; `npm run mp:sandbox` starts it for a person to try the demo store.

export type DoublePaymentStatus = "pending" | "in_process" | "approved" | "rejected" | "cancelled" | "refunded";

export type DoublePayment = {
  id: number;
  status: DoublePaymentStatus;
  status_detail: string;
  transaction_amount: number;
  transaction_amount_refunded: number;
  currency_id: string;
  external_reference: string;
  payment_method_id: string;
  payment_type_id: string;
  installments: number;
  date_created: string;
  date_approved: string | null;
  date_last_updated: string;
  notification_url: string | null;
};

type Preference = {
  id: string;
  items: { id?: string; title: string; quantity: number; unit_price: number; currency_id?: string }[];
  external_reference?: string;
  notification_url?: string;
  back_urls?: { success?: string; pending?: string; failure?: string };
  auto_return?: string;
  payer?: { email?: string; name?: string; surname?: string };
  expiration_date_to?: string;
  /** Every request body, as received (the tests read what the store sent). */
  raw: Record<string, unknown>;
};

export type MercadoPagoDouble = {
  url: string;
  preferences: Preference[];
  payments: Map<number, DoublePayment>;
  /** Refund requests by idempotency key. */
  refunds: Map<string, { id: number; payment_id: number; amount: number }>;
  /** Webhooks delivered (or tried) and the status the store answered. */
  deliveries: { paymentId: number; status: number; signed: boolean }[];
  /** A payment of a preference, as if the shopper paid at Mercado Pago (no webhook: see notify). */
  pay: (preferenceId: string, outcome: "approved" | "rejected" | "pending", amount?: number) => DoublePayment;
  /** Changes a payment as Mercado Pago would (a later date_last_updated). */
  update: (paymentId: number, patch: Partial<DoublePayment>) => DoublePayment;
  /** Sends the signed webhook of a payment to its notification_url; returns the store's HTTP status. */
  notify: (paymentId: number, options?: { secret?: string; signature?: string | null }) => Promise<number>;
  close: () => Promise<void>;
};

export type DoubleOptions = {
  accessToken: string;
  webhookSecret: string;
  port?: number;
  host?: string;
  /** Delay before the webhook of a payment made on the checkout page (the return comes first, as in real life). */
  webhookDelayMs?: number;
};

export function signWebhook(secret: string, dataId: string, requestId: string, ts: number): string {
  const manifest = `id:${dataId};request-id:${requestId};ts:${ts};`;
  return `ts=${ts},v1=${createHmac("sha256", secret).update(manifest).digest("hex")}`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const money = (n: number) => new Intl.NumberFormat("es-AR", { style: "currency", currency: "ARS" }).format(n);

export async function startMercadoPagoDouble(options: DoubleOptions): Promise<MercadoPagoDouble> {
  const preferences: Preference[] = [];
  const payments = new Map<number, DoublePayment>();
  const refunds = new Map<string, { id: number; payment_id: number; amount: number }>();
  const deliveries: MercadoPagoDouble["deliveries"] = [];
  let nextPaymentId = 1_300_000_000 + Math.floor(Math.random() * 1_000_000);
  let nextRefundId = 1;
  let clock = Date.now();
  // Every change gets a later date_last_updated than the one before, as Mercado Pago's do.
  const now = () => new Date((clock = Math.max(clock + 1, Date.now()))).toISOString();

  const total = (pref: Preference) =>
    Math.round(pref.items.reduce((sum, i) => sum + i.unit_price * i.quantity, 0) * 100) / 100;

  const pay: MercadoPagoDouble["pay"] = (preferenceId, outcome, amount) => {
    const pref = preferences.find((p) => p.id === preferenceId);
    if (!pref) throw new Error(`no preference ${preferenceId}`);
    const at = now();
    const payment: DoublePayment = {
      id: nextPaymentId++,
      status: outcome,
      status_detail: {
        approved: "accredited",
        rejected: "cc_rejected_insufficient_amount",
        pending: "pending_contingency",
      }[outcome],
      transaction_amount: amount ?? total(pref),
      transaction_amount_refunded: 0,
      currency_id: "ARS",
      external_reference: pref.external_reference ?? "",
      payment_method_id: "visa",
      payment_type_id: "credit_card",
      installments: outcome === "approved" ? 3 : 1,
      date_created: at,
      date_approved: outcome === "approved" ? at : null,
      date_last_updated: at,
      notification_url: pref.notification_url ?? null,
    };
    payments.set(payment.id, payment);
    return payment;
  };

  const update: MercadoPagoDouble["update"] = (paymentId, patch) => {
    const payment = payments.get(paymentId);
    if (!payment) throw new Error(`no payment ${paymentId}`);
    Object.assign(payment, patch, { date_last_updated: now() });
    if (patch.status === "approved" && !payment.date_approved) payment.date_approved = payment.date_last_updated;
    return payment;
  };

  const notify: MercadoPagoDouble["notify"] = async (paymentId, opts = {}) => {
    const payment = payments.get(paymentId);
    if (!payment?.notification_url) throw new Error(`payment ${paymentId} has no notification_url`);
    const url = new URL(payment.notification_url);
    url.searchParams.set("data.id", String(paymentId));
    url.searchParams.set("type", "payment");
    const requestId = randomUUID();
    const ts = Math.floor(Date.now() / 1000);
    const signature =
      opts.signature === undefined
        ? signWebhook(opts.secret ?? options.webhookSecret, String(paymentId), requestId, ts)
        : opts.signature;
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "x-request-id": requestId,
        ...(signature === null ? {} : { "x-signature": signature }),
      },
      body: JSON.stringify({
        action: "payment.updated",
        api_version: "v1",
        data: { id: String(paymentId) },
        date_created: new Date().toISOString(),
        id: Date.now(),
        live_mode: false,
        type: "payment",
        user_id: "123456789",
      }),
    });
    await response.arrayBuffer();
    deliveries.push({ paymentId, status: response.status, signed: signature !== null });
    return response.status;
  };

  /** Like Mercado Pago: a notification the store did not take (not 2xx) is sent again, a few times. */
  const deliver = async (paymentId: number) => {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        const status = await notify(paymentId);
        if (status >= 200 && status < 300) return;
      } catch {
        // the store is restarting or unreachable: try again
      }
      await new Promise((r) => setTimeout(r, 500 * (attempt + 1)));
    }
  };

  const authorized = (req: IncomingMessage) => req.headers.authorization === `Bearer ${options.accessToken}`;

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://double");
      const path = url.pathname;

      if (req.method === "POST" && path === "/checkout/preferences") {
        if (!authorized(req)) return send(res, 401, { message: "invalid access token", status: 401 });
        const body = JSON.parse((await readBody(req)) || "{}") as Record<string, unknown>;
        const items = body.items as Preference["items"] | undefined;
        const bad =
          !Array.isArray(items) ||
          items.length === 0 ||
          items.some((i) => !(i.unit_price > 0) || !Number.isInteger(i.quantity) || i.quantity < 1 || !i.title);
        if (bad) return send(res, 400, { message: "invalid items", error: "bad_request", status: 400 });
        const id = `${123456789}-${randomUUID()}`;
        preferences.push({ ...(body as Omit<Preference, "id" | "raw">), items: items!, id, raw: body });
        const initPoint = `${address}/checkout/v1/redirect?pref_id=${id}`;
        return send(res, 201, { id, init_point: initPoint, sandbox_init_point: initPoint, ...body });
      }

      const paymentPath = /^\/v1\/payments\/(\d+)$/.exec(path);
      if (req.method === "GET" && paymentPath) {
        if (!authorized(req)) return send(res, 401, { message: "invalid access token", status: 401 });
        const payment = payments.get(Number(paymentPath[1]));
        if (!payment) return send(res, 404, { message: "Payment not found", error: "not_found", status: 404 });
        const { notification_url: _hidden, ...visible } = payment;
        return send(res, 200, visible);
      }

      const refundPath = /^\/v1\/payments\/(\d+)\/refunds$/.exec(path);
      if (req.method === "POST" && refundPath) {
        if (!authorized(req)) return send(res, 401, { message: "invalid access token", status: 401 });
        const key = String(req.headers["x-idempotency-key"] ?? "");
        if (!key) return send(res, 400, { message: "X-Idempotency-Key required", status: 400 });
        const previous = refunds.get(key);
        if (previous) return send(res, 201, { ...previous, status: "approved" });
        const payment = payments.get(Number(refundPath[1]));
        if (!payment) return send(res, 404, { message: "Payment not found", status: 404 });
        if (payment.status !== "approved") return send(res, 400, { message: "Payment not refundable", status: 400 });
        const refund = { id: nextRefundId++, payment_id: payment.id, amount: payment.transaction_amount };
        refunds.set(key, refund);
        update(payment.id, {
          status: "refunded",
          status_detail: "refunded",
          transaction_amount_refunded: payment.transaction_amount,
        });
        void deliver(payment.id);
        return send(res, 201, { ...refund, status: "approved", date_created: now() });
      }

      if (req.method === "GET" && path === "/checkout/v1/redirect") {
        const pref = preferences.find((p) => p.id === url.searchParams.get("pref_id"));
        if (!pref) {
          res.writeHead(404, { "Content-Type": "text/html; charset=utf-8" });
          return res.end("<!doctype html><title>Mercado Pago</title><p>Link de pago inválido.</p>");
        }
        const rows = pref.items
          .map((i) => `<li>${i.quantity} × ${escape(i.title)}: ${money(i.unit_price * i.quantity)}</li>`)
          .join("");
        const button = (outcome: string, label: string) =>
          `<button name="outcome" value="${outcome}" type="submit">${label}</button>`;
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        return res.end(
          `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Mercado Pago (simulado)</title></head>` +
            `<body><main><h1>Mercado Pago (simulado)</h1><p>Estás pagando una compra de prueba.</p><ul>${rows}</ul>` +
            `<p>Total: <strong data-testid="mp-total">${money(total(pref))}</strong></p>` +
            `<form method="post" action="/checkout/v1/pay"><input type="hidden" name="pref_id" value="${escape(pref.id)}">` +
            `${button("approved", "Pagar (aprobado)")} ${button("rejected", "Pagar (rechazado)")} ${button("pending", "Pagar (pendiente)")}` +
            `</form></main></body></html>`,
        );
      }

      if (req.method === "POST" && path === "/checkout/v1/pay") {
        const form = new URLSearchParams(await readBody(req));
        const outcome = form.get("outcome");
        const pref = preferences.find((p) => p.id === form.get("pref_id"));
        if (!pref || (outcome !== "approved" && outcome !== "rejected" && outcome !== "pending")) {
          return send(res, 400, { message: "bad request", status: 400 });
        }
        const payment = pay(pref.id, outcome);
        setTimeout(() => void deliver(payment.id), options.webhookDelayMs ?? 300);
        const back = {
          approved: pref.back_urls?.success,
          rejected: pref.back_urls?.failure,
          pending: pref.back_urls?.pending,
        }[outcome];
        if (!back) return send(res, 200, { payment_id: payment.id, status: outcome });
        const target = new URL(back);
        for (const [k, v] of Object.entries({
          collection_id: String(payment.id),
          collection_status: outcome,
          payment_id: String(payment.id),
          status: outcome,
          external_reference: pref.external_reference ?? "",
          payment_type: "credit_card",
          preference_id: pref.id,
          site_id: "MLA",
          processing_mode: "aggregator",
        })) {
          target.searchParams.set(k, v);
        }
        res.writeHead(302, { Location: target.toString() });
        return res.end();
      }

      send(res, 404, { message: "not found", status: 404 });
    } catch (error) {
      send(res, 500, { message: error instanceof Error ? error.message : String(error), status: 500 });
    }
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const address = `http://${options.host === "0.0.0.0" ? "localhost" : (options.host ?? "127.0.0.1")}:${port}`;

  return {
    url: address,
    preferences,
    payments,
    refunds,
    deliveries,
    pay,
    update,
    notify,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
