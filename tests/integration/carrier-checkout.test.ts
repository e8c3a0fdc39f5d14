import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "~/db/schema/orders";
import { shippingQuotes } from "~/db/schema/shipping";
import { outboxEmails as emailOutbox } from "~/db/schema/content";
import type { CheckoutShipping } from "~/models/checkout-shipping.server";
import { BRANCH_REQUIRED } from "~/models/checkout-shipping.server";
import { QUOTE_EXPIRED, QUOTE_MISMATCH, QUOTE_NOT_FOUND } from "~/models/shipping-quotes.server";
import { action as checkoutAction } from "~/routes/checkout/checkout";
import { action as quotesAction } from "~/routes/resources/shipping-quotes";
import { resetCarriers } from "~/services/carriers/index.server";
import { resetEnv } from "~/utils/env.server";
import { MICORREO_TEST, type MiCorreoDouble, startMiCorreoDouble } from "../doubles/micorreo";
import { OCA_TEST, type OcaDouble, startOcaDouble } from "../doubles/oca";
import { setupTestDatabase } from "../setup/db";
import { insertProduct } from "../setup/factories";
import { args, formRequest, outcome } from "../setup/routes";

// The checkout with carriers on ([21/25]): the quotes the page shows come from
// /api/shipping-quotes, and the order charges the quote's stored price for its own cart and postal
// code, never the browser's; "retiro en sucursal" needs one of that carrier's branches near it.

const t = setupTestDatabase();

let oca: OcaDouble;
let correo: MiCorreoDouble;
const ENV = [
  "CARRIER_ORIGIN_POSTAL_CODE",
  "OCA_API_URL",
  "OCA_CUIT",
  "OCA_OPERATIVA_DOMICILIO",
  "OCA_OPERATIVA_SUCURSAL",
  "MICORREO_API_URL",
  "MICORREO_USER",
  "MICORREO_PASSWORD",
  "MICORREO_CUSTOMER_ID",
] as const;
const saved = Object.fromEntries(ENV.map((n) => [n, process.env[n]]));

let router: { id: string }; // 50000, 1 kg by default
let ip = 0;

beforeAll(async () => {
  oca = await startOcaDouble();
  correo = await startMiCorreoDouble();
  Object.assign(process.env, {
    CARRIER_ORIGIN_POSTAL_CODE: "1043",
    OCA_API_URL: oca.apiUrl,
    OCA_CUIT: OCA_TEST.cuit,
    OCA_OPERATIVA_DOMICILIO: OCA_TEST.operativaDomicilio,
    OCA_OPERATIVA_SUCURSAL: OCA_TEST.operativaSucursal,
    MICORREO_API_URL: correo.apiUrl,
    MICORREO_USER: MICORREO_TEST.user,
    MICORREO_PASSWORD: MICORREO_TEST.password,
    MICORREO_CUSTOMER_ID: MICORREO_TEST.customerId,
  });
  resetEnv();
  resetCarriers();
  router = await insertProduct({ name: "Router", price: "50000", stock: 100, status: "published" });
});

afterAll(async () => {
  for (const name of ENV) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetEnv();
  resetCarriers();
  await oca?.close();
  await correo?.close();
});

const cart = (quantity = 1) => [{ cartId: randomUUID(), productId: router.id, quantity, selectedOptions: [] }];

async function quotes(postalCode: string, quantity = 1): Promise<Extract<CheckoutShipping, { ok: true }>> {
  const request = new Request("http://localhost/api/shipping-quotes", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ lines: cart(quantity), postalCode }),
  });
  const answer = await outcome(() => quotesAction(args(request, { ip: `198.19.0.${++ip}` }) as never));
  expect(answer.status).toBe(200);
  const body = answer.body as CheckoutShipping;
  if (!body.ok) throw new Error(body.error);
  return body;
}

function option(answer: Extract<CheckoutShipping, { ok: true }>, serviceName: string) {
  const found = answer.carrierOptions.find((o) => o.serviceName === serviceName);
  if (!found) throw new Error(`${serviceName} not offered: ${answer.carrierOptions.map((o) => o.serviceName)}`);
  return found;
}

function checkout(form: Record<string, string>, quantity = 1) {
  return outcome(() =>
    checkoutAction(
      args(
        formRequest("/checkout", {
          lines: JSON.stringify(cart(quantity)),
          paymentMethod: "Efectivo al retirar",
          terms: "on",
          idempotencyKey: randomUUID(),
          field_first_name: "Lucía",
          field_last_name: "Fernández",
          field_email: "lucia@example.com",
          field_phone: "11 5555-1234",
          field_address: "Calle 7 1234",
          field_city: "La Plata",
          field_state: "Buenos Aires",
          field_zip: "B1900AAA",
          ...form,
        }),
        { ip: `198.19.1.${++ip}` },
      ) as never,
    ),
  );
}

async function placed(location: string) {
  const id = new URL(location, "http://localhost").searchParams.get("order")!;
  const [order] = await t.db.select().from(orders).where(eq(orders.id, id));
  return order!;
}

const countOrders = () => t.db.$count(orders);

describe("carrier options at checkout", () => {
  it("offers each carrier's home and branch delivery with the nearest branches, beside the store's own methods", async () => {
    const answer = await quotes("B1900AAA");
    expect(answer.zoneOptions.map((o) => o.name)).toContain("Retiro en local");
    expect(answer.carrierOptions.map((o) => o.serviceName).sort()).toEqual([
      "Correo Argentino Clásico a domicilio",
      "Correo Argentino Clásico a sucursal",
      "OCA a domicilio",
      "OCA retiro en sucursal",
    ]);
    const branch = option(answer, "OCA retiro en sucursal");
    expect(branch.branches.map((b) => b.name)).toEqual(["OCA 1900 Centro", "OCA 1900 Norte"]);
    expect(branch.branches[0]).toMatchObject({
      address: expect.stringContaining("Corrientes"),
      hours: expect.any(String),
    });
    expect(option(answer, "OCA a domicilio").deliveryText).toBe("2 días hábiles");
    expect(answer.notes).toEqual([]);
  });

  it("still answers with the store's methods and the other carrier when one is slow", async () => {
    oca.faults.slow = true;
    process.env.CARRIER_QUOTE_BUDGET_MS = "300";
    resetEnv();
    resetCarriers();
    try {
      const answer = await quotes("B1900AAA", 7);
      expect(new Set(answer.carrierOptions.map((o) => o.carrier))).toEqual(new Set(["micorreo"]));
      expect(answer.zoneOptions.length).toBeGreaterThan(0);
      expect(answer.notes).toContain("No pudimos cotizar con OCA en este momento.");
    } finally {
      oca.faults.slow = false;
      delete process.env.CARRIER_QUOTE_BUDGET_MS;
      resetEnv();
      resetCarriers();
    }
  });
});

describe("the order re-prices the carrier's quote", () => {
  it("charges the stored quote, keeps carrier, service, branch and quote on the order, and names the branch in the e-mail", async () => {
    const answer = await quotes("B1900AAA");
    const chosen = option(answer, "OCA retiro en sucursal");
    const result = await checkout({
      shippingMethod: `quote:${chosen.quoteId}`,
      shippingBranch: chosen.branches[1]!.id,
      // What a tampered browser might add: none of it counts.
      shippingCost: "1",
      price: "1",
    });
    expect(result.status).toBe(302);
    const order = await placed(result.location!);
    expect(Number(order.shippingCost)).toBe(chosen.price);
    expect(Number(order.total)).toBe(50000 + chosen.price);
    expect(order).toMatchObject({
      shippingMethod: "OCA retiro en sucursal",
      shippingCarrier: "oca",
      shippingService: "sucursal",
      shippingBranch: { id: chosen.branches[1]!.id, name: "OCA 1900 Norte" },
      shippingQuote: { quoteId: chosen.quoteId, price: chosen.price.toFixed(2), postalCode: "1900" },
    });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id));
    expect(mails.find((m) => m.kind === "order_customer")?.html).toContain("Retirás en: OCA 1900 Norte");
  });

  it("charges a home delivery with no branch", async () => {
    const chosen = option(await quotes("B1900AAA"), "Correo Argentino Clásico a domicilio");
    const result = await checkout({ shippingMethod: `quote:${chosen.quoteId}` });
    expect(result.status).toBe(302);
    expect(await placed(result.location!)).toMatchObject({
      shippingCarrier: "micorreo",
      shippingService: "domicilio",
      shippingBranch: null,
      shippingCost: chosen.price.toFixed(2),
    });
  });

  const refused = async (form: Record<string, string>, message: string, quantity = 1) => {
    const before = await countOrders();
    const result = await checkout(form, quantity);
    expect(result.status).toBe(409);
    expect((result.body as { errors: Record<string, string> }).errors.shippingMethod).toBe(message);
    expect(await countOrders()).toBe(before);
  };

  it("refuses a quote given for another cart (a cheaper one) and creates nothing", async () => {
    const small = option(await quotes("B1900AAA", 1), "OCA a domicilio");
    await refused({ shippingMethod: `quote:${small.quoteId}` }, QUOTE_MISMATCH, 20);
  });

  it("refuses a quote given for another postal code", async () => {
    const elsewhere = option(await quotes("X5000AAA"), "OCA a domicilio");
    await refused({ shippingMethod: `quote:${elsewhere.quoteId}` }, QUOTE_MISMATCH);
  });

  it("refuses an expired quote and an unknown one", async () => {
    const chosen = option(await quotes("B1900AAA", 3), "Correo Argentino Clásico a domicilio");
    await t.db
      .update(shippingQuotes)
      .set({ validUntil: sql`now() - interval '1 minute'` })
      .where(eq(shippingQuotes.id, chosen.quoteId));
    await refused({ shippingMethod: `quote:${chosen.quoteId}` }, QUOTE_EXPIRED, 3);
    await refused({ shippingMethod: `quote:${randomUUID()}` }, QUOTE_NOT_FOUND);
    await refused({ shippingMethod: "quote:1; drop table orders" }, QUOTE_NOT_FOUND);
  });

  it("asks for a branch for retiro en sucursal, and only one of that carrier's near the postal code", async () => {
    const chosen = option(await quotes("B1900AAA"), "OCA retiro en sucursal");
    await refused({ shippingMethod: `quote:${chosen.quoteId}` }, BRANCH_REQUIRED);
    await refused(
      { shippingMethod: `quote:${chosen.quoteId}`, shippingBranch: "50001" },
      "La sucursal elegida no es una de OCA cerca de tu código postal. Elegí otra sucursal.",
    );
  });

  it("keeps the store's own methods working as before", async () => {
    const result = await checkout({ shippingMethod: "Retiro en local" });
    expect(result.status).toBe(302);
    expect(await placed(result.location!)).toMatchObject({
      shippingMethod: "Retiro en local",
      shippingCarrier: null,
      shippingQuote: null,
    });
  });
});
