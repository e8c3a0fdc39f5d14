import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FALLBACK_PARCEL, type ParcelLine } from "~/domain/parcels";
import {
  QUOTE_EXPIRED,
  QUOTE_MISMATCH,
  QUOTE_NOT_FOUND,
  branchesNear,
  createShipmentOnce,
  findQuoteForOrder,
  parcelLinesFor,
  parcelsHash,
  pruneExpiredQuotes,
  quoteShippingOptions,
} from "~/models/shipping-quotes.server";
import type { MiCorreoConfig, OcaConfig } from "~/services/carriers/config.server";
import { CarrierError } from "~/services/carriers/errors";
import { configuredCarriers, resetCarriers } from "~/services/carriers/index.server";
import { resetEnv } from "~/utils/env.server";
import { miCorreoCarrier } from "~/services/carriers/micorreo.server";
import { ocaCarrier } from "~/services/carriers/oca.server";
import type { CarrierAdapter, ShipmentRequest } from "~/services/carriers/types";
import { noFaults } from "../doubles/carrier-http";
import { MICORREO_TEST, type MiCorreoDouble, miCorreoDoubleConfig, startMiCorreoDouble } from "../doubles/micorreo";
import { OCA_TEST, type OcaDouble, ocaDoubleConfig, startOcaDouble } from "../doubles/oca";
import { insertOrder, insertProduct, variantsOf } from "../setup/factories";
import { setupTestDatabase } from "../setup/db";

const database = setupTestDatabase();

let oca: OcaDouble;
let correo: MiCorreoDouble;
let ocaConfig: OcaConfig;
let correoConfig: MiCorreoConfig;
let carriers: CarrierAdapter[];

beforeAll(async () => {
  oca = await startOcaDouble();
  correo = await startMiCorreoDouble();
  ocaConfig = ocaDoubleConfig(oca);
  correoConfig = miCorreoDoubleConfig(correo);
  carriers = [ocaCarrier(ocaConfig), miCorreoCarrier(correoConfig)];
});

afterAll(async () => {
  await oca?.close();
  await correo?.close();
});

afterEach(() => {
  Object.assign(oca.faults, noFaults());
  Object.assign(correo.faults, noFaults());
});

const notebook = (quantity = 1): ParcelLine => ({
  label: "Notebook",
  quantity,
  product: { weightGrams: 2200, lengthCm: 40, widthCm: 30, heightCm: 6 },
});

/** A cart no other test quotes, so the cache of another test does not answer. */
let carts = 0;
const freshCart = (): ParcelLine[] => [
  notebook(),
  {
    label: `Funda ${++carts}`,
    quantity: 1,
    product: { weightGrams: 100 + carts, lengthCm: 20, widthCm: 10, heightCm: 2 },
  },
];

const quote = (lines: ParcelLine[], postalCode = "B1900AAA", extra: { budgetMs?: number } = {}) =>
  quoteShippingOptions({ postalCode, lines, declaredValueCents: 100_000_00, carriers, budgetMs: 5_000, ...extra });

describe("live quotes at checkout", () => {
  it("shows OCA (its net price plus 21 % IVA) and Correo Argentino, home and branch, beside the store's own methods", async () => {
    const result = await quote([notebook()]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.postalCode).toBe("1900");
    // OCA's double: Precio 7110 + Adicional 1000 (1 % of $ 100.000 declared) = 8110 without IVA.
    const byName = Object.fromEntries(result.carrierOptions.map((o) => [o.serviceName, o.priceCents]));
    expect(byName).toEqual({
      "OCA a domicilio": 981_310, // 8110 × 1.21 = 9813.10
      "OCA retiro en sucursal": 872_410, // (6210 + 1000) × 1.21
      "Correo Argentino Clásico a domicilio": 880_000,
      "Correo Argentino Clásico a sucursal": 730_000,
    });
    expect(result.carrierOptions.map((o) => o.priceCents)).toEqual(
      [...result.carrierOptions.map((o) => o.priceCents)].sort((a, b) => a - b),
    );
    expect(result.carrierOptions.find((o) => o.serviceName === "OCA a domicilio")).toMatchObject({
      carrier: "oca",
      service: "domicilio",
      deliveryDaysMin: 2,
      deliveryDaysMax: 2,
    });
    expect(result.zoneOptions.map((o) => o.name)).toEqual([
      "Retiro en local",
      "Envío a domicilio CABA y GBA",
      "Envío a todo el país",
    ]);
    expect(result.unavailable).toEqual([]);
  });

  it("answers the same cart again from the stored quotes, with the same ids, without asking the carriers", async () => {
    const lines = freshCart();
    const first = await quote(lines);
    const asked = oca.quotes;
    const second = await quote([...lines].reverse());
    expect(oca.quotes).toBe(asked);
    expect(second.ok && second.carrierOptions.map((o) => o.quoteId).sort()).toEqual(
      first.ok && first.carrierOptions.map((o) => o.quoteId).sort(),
    );
  });

  it("leaves out a carrier that does not answer within the budget and shows the others and the zone table", async () => {
    oca.faults.slow = true; // OCA never answers: the budget, not OCA, ends the wait
    const result = await quote(freshCart(), "B1900AAA", { budgetMs: 300 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(new Set(result.carrierOptions.map((o) => o.carrier))).toEqual(new Set(["micorreo"]));
    expect(result.unavailable).toEqual([
      {
        carrier: "oca",
        carrierName: "OCA",
        message: "No pudimos cotizar con OCA en este momento.",
        staffMessage: "OCA no respondió dentro de 300 ms.",
      },
    ]);
    expect(result.zoneOptions.length).toBe(3);
  });

  it("falls back to the zone table when every carrier fails", async () => {
    oca.faults.error500 = true;
    correo.faults.error500 = true;
    const result = await quote(freshCart(), "X5000AAA");
    expect(result).toMatchObject({ ok: true, carrierOptions: [] });
    if (!result.ok) return;
    expect(result.unavailable.map((u) => u.message)).toEqual([
      "No pudimos cotizar con OCA en este momento.",
      "No pudimos cotizar con Correo Argentino en este momento.",
    ]);
    expect(result.unavailable[0]!.staffMessage).toMatch(
      /No pudimos comunicarnos con OCA \(500 - Internal server error\./,
    );
    expect(result.zoneOptions.map((o) => [o.name, o.cost])).toEqual([
      ["Retiro en local", 0],
      ["Envío a todo el país", 12900],
    ]);
  });

  it("turns a carrier's nonsense into our error, never a crash", async () => {
    oca.faults.malformed = true;
    correo.faults.malformed = true;
    const parcels = [{ weightGrams: 1000, volumeCm3: 6000, lengthCm: 30, widthCm: 20, heightCm: 10, units: 1 }];
    const ask = { postalCode: "1900", parcels, declaredValueCents: 5000_00 };
    await expect(carriers[0]!.quote(ask)).rejects.toMatchObject({
      name: "CarrierError",
      kind: "malformed",
      carrier: "oca",
    });
    await expect(carriers[1]!.quote(ask)).rejects.toMatchObject({ kind: "malformed", carrier: "micorreo" });
    const result = await quote(freshCart());
    expect(result.ok && result.unavailable.map((u) => u.staffMessage)).toEqual([
      expect.stringMatching(/^OCA respondió algo que no entendemos/),
      expect.stringMatching(/^Correo Argentino respondió algo que no entendemos/),
    ]);
  });

  it("says which carrier cannot take a unit over its limits, and still offers the one that can", async () => {
    const rack: ParcelLine = {
      label: "Rack 42U",
      quantity: 1,
      product: { weightGrams: 30_000, lengthCm: 60, widthCm: 60, heightCm: 100 },
    };
    const result = await quote([rack]);
    expect(result.ok && new Set(result.carrierOptions.map((o) => o.carrier))).toEqual(new Set(["oca"]));
    expect(result.ok && result.unavailable).toEqual([
      expect.objectContaining({
        carrier: "micorreo",
        message: "Correo Argentino: Rack 42U pesa 30 kg: excede el máximo de 25 kg por paquete de este envío.",
      }),
    ]);
  });

  it("splits a cart over Correo Argentino's 25 kg into parcels and charges the sum of their rates", async () => {
    const monitors: ParcelLine = {
      label: "Monitor",
      quantity: 3,
      product: { weightGrams: 10_000, lengthCm: 60, widthCm: 40, heightCm: 15 },
    };
    const result = await quote([monitors], "B1900AAA");
    if (!result.ok) throw new Error("no quote");
    // Parcels of 20 kg and 10 kg: 5200 + 20 × 700 and 5200 + 10 × 700 at a branch.
    const branch = result.carrierOptions.find((o) => o.serviceName === "Correo Argentino Clásico a sucursal");
    expect(branch?.priceCents).toBe((5200 + 14_000 + 5200 + 7000) * 100);
    const found = await findQuoteForOrder(database.db, {
      quoteId: branch!.quoteId,
      postalCode: "1900",
      parcelsHash: result.parcelsHash,
    });
    expect(found.ok && found.quote.parcels.map((p) => p.weightGrams)).toEqual([20_000, 10_000]);
  });

  it("gives no carrier options for a postal code the carriers do not reach, and refuses one that is not a postal code", async () => {
    oca.unknownPostalCodes.add("9410");
    correo.unknownPostalCodes.add("9410");
    const result = await quote(freshCart(), "9410");
    expect(result.ok && result.carrierOptions).toEqual([]);
    expect(result.ok && result.unavailable.map((u) => u.message)).toEqual([
      "OCA no hace envíos a ese código postal con este pedido.",
      "Correo Argentino no hace envíos a ese código postal con este pedido.",
    ]);
    expect(await quote(freshCart(), "ABC")).toEqual({
      ok: false,
      error: expect.stringMatching(/^Ingresá un código postal válido/),
    });
  });
});

describe("weights and sizes in the catalogue", () => {
  it("reads each line's box from its variant over its product, and refuses a weight or side of zero", async () => {
    const product = await insertProduct({
      name: "Remera",
      weightGrams: 250,
      lengthCm: 30,
      widthCm: 25,
      heightCm: 2.5,
      meta: {
        option_groups: [
          {
            title: "Talle",
            options: [
              { name: "M", price: 0 },
              { name: "XXL", price: 0 },
            ],
          },
        ],
      },
    });
    const [, xxl] = await variantsOf(product.id);
    await database.db.execute(`update product_variants set weight_grams = 400 where id = '${xxl!.id}'`);
    const lines = await parcelLinesFor(database.db, [
      { productId: product.id, variantId: xxl!.id, quantity: 2 },
      { productId: product.id, quantity: 1 },
      { productId: randomUUID(), quantity: 1 },
    ]);
    expect(lines.map((l) => [l.quantity, l.variant?.weightGrams ?? null, l.product])).toEqual([
      [2, 400, { weightGrams: 250, lengthCm: 30, widthCm: 25, heightCm: 2.5 }],
      [1, null, { weightGrams: 250, lengthCm: 30, widthCm: 25, heightCm: 2.5 }],
    ]);
    await expect(insertProduct({ name: "Sin peso", weightGrams: 0 })).rejects.toThrow();
    await expect(insertProduct({ name: "Plano", lengthCm: 10, widthCm: 10, heightCm: 0 })).rejects.toThrow();
  });
});

describe("the order re-prices from the stored quote", () => {
  it("finds the quote by its id for the same postal code and cart, and refuses a tampered, mismatched or expired one", async () => {
    const lines = freshCart();
    const result = await quote(lines, "C1425BHA");
    if (!result.ok) throw new Error("no quote");
    const chosen = result.carrierOptions.find((o) => o.serviceName === "OCA a domicilio")!;
    const hash = parcelsHash(lines, FALLBACK_PARCEL);
    const db = database.db;

    const found = await findQuoteForOrder(db, { quoteId: chosen.quoteId, postalCode: "1425", parcelsHash: hash });
    expect(found).toMatchObject({
      ok: true,
      quote: { priceCents: chosen.priceCents, carrier: "oca", carrierRef: "64665" },
    });

    const refuse = (quoteId: string, postalCode = "C1425BHA", parcels = hash, now?: Date) =>
      findQuoteForOrder(db, { quoteId, postalCode, parcelsHash: parcels, now });
    expect(await refuse(randomUUID())).toEqual({ ok: false, error: QUOTE_NOT_FOUND });
    expect(await refuse("' or 1=1 --")).toEqual({ ok: false, error: QUOTE_NOT_FOUND });
    expect(await refuse(chosen.quoteId, "B1900AAA")).toEqual({ ok: false, error: QUOTE_MISMATCH });
    const biggerCart = parcelsHash([...lines, notebook()], FALLBACK_PARCEL);
    expect(await refuse(chosen.quoteId, "C1425BHA", biggerCart)).toEqual({ ok: false, error: QUOTE_MISMATCH });
    const cheaper = await findQuoteForOrder(db, {
      quoteId: chosen.quoteId,
      postalCode: "1425",
      parcelsHash: hash,
      declaredValueCents: 100_00,
    });
    expect(cheaper).toEqual({ ok: false, error: QUOTE_MISMATCH });
    expect(await refuse(chosen.quoteId, "C1425BHA", hash, new Date(chosen.validUntil.getTime() + 1))).toEqual({
      ok: false,
      error: QUOTE_EXPIRED,
    });
  });
});

describe("old quotes", () => {
  it("are forgotten a day after they expire, and not before", async () => {
    const result = await quote(freshCart(), "X5000AAA");
    if (!result.ok) throw new Error("no quote");
    const until = Math.max(...result.carrierOptions.map((o) => o.validUntil.getTime()));
    expect(await pruneExpiredQuotes(new Date(until + 60_000))).toBe(0);
    expect(await pruneExpiredQuotes(new Date(until + 25 * 3600_000))).toBeGreaterThanOrEqual(
      result.carrierOptions.length,
    );
    const gone = await findQuoteForOrder(database.db, {
      quoteId: result.carrierOptions[0]!.quoteId,
      postalCode: "X5000AAA",
      parcelsHash: result.parcelsHash,
    });
    expect(gone).toEqual({ ok: false, error: QUOTE_NOT_FOUND });
  });
});

describe("branches, shipments, labels and tracking", () => {
  const request = (
    orderNumber: string,
    carrierRef: string,
    service: "domicilio" | "sucursal" = "domicilio",
  ): ShipmentRequest => ({
    orderNumber,
    service,
    carrierRef,
    branchId: service === "sucursal" ? "C0002" : null,
    sender: {
      name: "Vitec",
      street: "Av. Corrientes",
      number: "1234",
      locality: "CABA",
      province: "CABA",
      postalCode: "C1043AAZ",
    },
    recipient: {
      name: "Lucía Fernández",
      street: "Calle 7",
      number: "100",
      locality: "La Plata",
      province: "Buenos Aires",
      postalCode: "B1900AAA",
      email: "lucia@example.com",
    },
    parcels: [{ weightGrams: 2200, volumeCm3: 7200, lengthCm: 40, widthCm: 30, heightCm: 6, units: 1 }],
    declaredValueCents: 100_000_00,
  });

  it("lists the branches near a postal code, nearest first, with address and hours", async () => {
    const near = await branchesNear(carriers[1]!, "C1425BHA", 5_000);
    expect(near.ok && near.branches[0]).toEqual({
      id: "C0002",
      name: "Palermo",
      address: "Av. Santa Fe 3800",
      locality: "CABA, CAPITAL FEDERAL",
      postalCode: "C1425BHA",
      hours:
        "Lun 09:00 a 18:00 · Mar 09:00 a 18:00 · Mié 09:00 a 18:00 · Jue 09:00 a 18:00 · Vie 09:00 a 18:00 · Sáb 09:00 a 13:00",
    });
    const ocaBranches = await branchesNear(carriers[0]!, "1900", 5_000);
    expect(ocaBranches.ok && ocaBranches.branches.map((b) => [b.name, b.address, b.hours])).toEqual([
      ["OCA 1900 Centro", "Av. Corrientes 1234", "Lun a Vie 9 a 18, Sáb 9 a 13"],
      ["OCA 1900 Norte", "Calle 7 450", "Lun a Vie 8 a 17"],
    ]);
    oca.unknownPostalCodes.add("9410");
    expect(await branchesNear(carriers[0]!, "V9410AAA", 5_000)).toEqual({
      ok: false,
      error: "OCA no tiene sucursales cerca de ese código postal.",
    });
  });

  it("creates an order's OCA shipment once however many times staff ask, and prints its label", async () => {
    const orderId = await insertOrder();
    const asks = await Promise.all(
      [1, 2, 3].map(() => createShipmentOnce(orderId, carriers[0]!, request("V-1001", "64665"))),
    );
    expect(oca.shipments.filter((s) => s.remito === "V-1001")).toHaveLength(1);
    const created = asks.filter((a) => a.ok && a.created);
    expect(created).toHaveLength(1);
    const again = await createShipmentOnce(orderId, carriers[0]!, request("V-1001", "64665"));
    expect(again).toEqual({ ...created[0], created: false });
    if (!again.ok) return;
    const pdf = await carriers[0]!.label(again, "10x15");
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("keeps a failed shipment's reason for staff and lets them try again", async () => {
    const orderId = await insertOrder();
    oca.faults.error500 = true;
    const failed = await createShipmentOnce(orderId, carriers[0]!, request("V-1002", "64665"));
    expect(failed).toEqual({ ok: false, error: expect.stringMatching(/^No pudimos comunicarnos con OCA/) });
    oca.faults.error500 = false;
    const retried = await createShipmentOnce(orderId, carriers[0]!, request("V-1002", "64665"));
    expect(retried).toMatchObject({ ok: true, created: true, trackingNumber: expect.stringMatching(/^\d{19}$/) });
  });

  it("imports a MiCorreo shipment once by the order number, even when asked again after the store forgot", async () => {
    const adapter = carriers[1]!;
    const first = await adapter.createShipment(request("V-2001", "CP-S", "sucursal"));
    const repeat = await adapter.createShipment(request("V-2001", "CP-S", "sucursal"));
    expect(first).toEqual({ carrierShipmentId: null, trackingNumber: null, alreadyExisted: false });
    expect(repeat).toEqual({ carrierShipmentId: null, trackingNumber: null, alreadyExisted: true });
    expect(correo.imports.filter((i) => i.extOrderId === "V-2001")).toHaveLength(1);
    expect(correo.imports[0]!.body.shipping).toMatchObject({ deliveryType: "S", productType: "CP", agency: "C0002" });
    expect(correo.tokensIssued).toBe(1);
  });

  it("says MiCorreo gives no label without Paq.ar, and prints it through Paq.ar where configured", async () => {
    await adapterLabel(carriers[1]!, "00050000001").then(
      () => expect.unreachable(),
      (error: unknown) => {
        expect(error).toBeInstanceOf(CarrierError);
        expect((error as CarrierError).kind).toBe("unsupported");
        expect((error as CarrierError).staffMessage).toMatch(/^MiCorreo no da etiquetas por API/);
      },
    );
    await carriers[1]!.createShipment(request("V-2002", "CP-D"));
    const number = correo.assignTracking("V-2002");
    const withPaqar = miCorreoCarrier({
      ...correoConfig,
      paqar: { apiUrl: correo.paqarUrl, apiKey: MICORREO_TEST.paqarApiKey, agreement: MICORREO_TEST.paqarAgreement },
    });
    const pdf = await adapterLabel(withPaqar, number);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("reads the tracking events of both carriers and sees when the parcel was delivered", async () => {
    const orderId = await insertOrder();
    const shipped = await createShipmentOnce(orderId, carriers[0]!, request("V-3001", "64665"));
    if (!shipped.ok || !shipped.trackingNumber) throw new Error("no OCA shipment");
    oca.addEvent(shipped.trackingNumber, "Entregado", "2026-11-28T11:05:00");
    const ocaEvents = await carriers[0]!.tracking(shipped.trackingNumber);
    expect(ocaEvents.at(-1)).toEqual({
      at: new Date("2026-11-28T14:05:00Z"),
      description: "Entregado",
      place: "SUCURSAL DESTINO",
      delivered: true,
    });
    expect(ocaEvents[0]!.delivered).toBe(false);

    await carriers[1]!.createShipment(request("V-3002", "CP-D"));
    const number = correo.assignTracking("V-3002");
    correo.addEvent(number, "ENTREGADO", "2026-11-29 16:40:00");
    const correoEvents = await carriers[1]!.tracking(number);
    expect(correoEvents.map((e) => [e.description, e.delivered])).toEqual([
      ["PREIMPOSICION", false],
      ["ENTREGADO", true],
    ]);
    expect(correoEvents[1]!.at).toEqual(new Date("2026-11-29T19:40:00Z"));
    await expect(carriers[1]!.tracking("999")).rejects.toMatchObject({
      kind: "rejected",
      text: "No se encontraron resultados para el envío",
    });
  });
});

function adapterLabel(adapter: CarrierAdapter, trackingNumber: string) {
  return adapter.label({ carrierShipmentId: null, trackingNumber }, "10x15");
}

describe("the carriers the environment sets up", () => {
  it("offers only a carrier whose variables are all there, and none without the origin postal code", () => {
    const names = ["CARRIER_ORIGIN_POSTAL_CODE", "OCA_CUIT", "OCA_OPERATIVA_DOMICILIO", "MICORREO_USER"] as const;
    const saved = Object.fromEntries(names.map((n) => [n, process.env[n]]));
    const read = (values: Partial<Record<(typeof names)[number], string>>) => {
      for (const name of names) process.env[name] = values[name] ?? "";
      resetEnv();
      resetCarriers();
      return configuredCarriers().adapters.map((a) => a.id);
    };
    try {
      const oca = { OCA_CUIT: OCA_TEST.cuit, OCA_OPERATIVA_DOMICILIO: OCA_TEST.operativaDomicilio };
      expect(read({ CARRIER_ORIGIN_POSTAL_CODE: "1043", ...oca, MICORREO_USER: "solo-usuario" })).toEqual(["oca"]);
      expect(read(oca)).toEqual([]);
      expect(configuredCarriers().config.budgetMs).toBe(3000);
    } finally {
      for (const name of names) process.env[name] = saved[name] ?? "";
      resetEnv();
      resetCarriers();
    }
  });
});
