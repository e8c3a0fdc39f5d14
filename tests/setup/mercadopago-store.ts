import { type IncomingMessage, type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog } from "~/db/schema/staff";
import { action as webhook } from "~/routes/resources/mercadopago-webhook";
import { resetEnv } from "~/utils/env.server";
import { type MercadoPagoDouble, startMercadoPagoDouble } from "../doubles/mercadopago";
import { args, outcome } from "./routes";

// The store's Mercado Pago webhook served on a real loopback port, and the local double of
// Mercado Pago's API pointed at it, for a test file (its hooks registered here). Mercado Pago's
// signed notifications reach the real route, and the store reads payments back from the double.

export const MP_TOKEN = "TEST-1234567890-integration";
export const MP_SECRET = "integration-webhook-secret";

export function setupMercadoPagoStore(): { readonly double: MercadoPagoDouble; readonly storeUrl: string } {
  let double: MercadoPagoDouble | undefined;
  let store: Server | undefined;
  beforeAll(async () => {
    store = createServer(async (req: IncomingMessage, res) => {
      let body = "";
      for await (const chunk of req) body += chunk;
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const request = new Request(`http://localhost${req.url}`, { method: req.method, headers, body });
      const answer = await outcome(() => webhook(args(request) as never));
      res.writeHead(answer.status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => store!.listen(0, "127.0.0.1", resolve));
    double = await startMercadoPagoDouble({ accessToken: MP_TOKEN, webhookSecret: MP_SECRET });
    process.env.APP_URL = `http://127.0.0.1:${(store.address() as AddressInfo).port}`;
    process.env.MERCADOPAGO_API_URL = double.url;
    process.env.MERCADOPAGO_ACCESS_TOKEN = MP_TOKEN;
    process.env.MERCADOPAGO_WEBHOOK_SECRET = MP_SECRET;
    resetEnv();
  });
  afterAll(async () => {
    await double?.close();
    await new Promise((resolve) => store?.close(resolve));
    for (const key of ["APP_URL", "MERCADOPAGO_API_URL", "MERCADOPAGO_ACCESS_TOKEN", "MERCADOPAGO_WEBHOOK_SECRET"]) {
      delete process.env[key];
    }
    resetEnv();
  });
  return {
    get double() {
      if (!double) throw new Error("setupMercadoPagoStore: not started");
      return double;
    },
    get storeUrl() {
      return process.env.APP_URL!;
    },
  };
}

/** An order's audit entries of one action. */
export async function auditEntries(orderId: string, action: string) {
  return getDb()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, action)));
}
