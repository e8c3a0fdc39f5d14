import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { outboxEmails } from "~/db/schema/content";
import { orders, withdrawalRequests } from "~/db/schema/orders";
import { carrierShipments } from "~/db/schema/shipping";
import { auditLog } from "~/db/schema/staff";
import { cancelCarrierShipments } from "~/jobs/carrier-cancellation.server";
import { trackOpenShipments } from "~/jobs/carrier-tracking.server";
import { updateOrderField } from "~/models/admin-orders.server";
import { SYSTEM_ACTOR } from "~/models/audit.server";
import { CANCEL_MAX_ATTEMPTS } from "~/domain/carrier-labels";
import { generateLabels, orderLabelPdf, orderLabelViews, retryShipmentCancel } from "~/models/carrier-labels.server";
import { carriersStatus, testCarrierConnection } from "~/models/carrier-settings.server";
import { applyOrderEvent } from "~/models/order-life.server";
import { getOrderForConfirmation } from "~/models/order.server";
import { getOrderTimeline } from "~/models/order-timeline.server";
import { placeOrder } from "~/models/place-order.server";
import { startOnlinePayment } from "~/models/payment.server";
import { saveSetting } from "~/models/settings.server";
import { DEFAULT_SETTINGS } from "~/db/seed/default-settings";
import { resetCarriers } from "~/services/carriers/index.server";
import { resetEnv } from "~/utils/env.server";
import { afterResponseSettled } from "~/utils/after-response.server";
import { requestWithdrawal } from "~/models/withdrawal.server";
import { action as ordersAction } from "~/routes/admin/orders";
import { miCorreoCarrier } from "~/services/carriers/micorreo.server";
import { ocaCarrier } from "~/services/carriers/oca.server";
import type { CarrierAdapter } from "~/services/carriers/types";
import { noFaults } from "../doubles/carrier-http";
import { type MiCorreoDouble, miCorreoDoubleConfig, startMiCorreoDouble } from "../doubles/micorreo";
import { OCA_TEST, type OcaDouble, ocaDoubleConfig, startOcaDouble } from "../doubles/oca";
import { setupTestDatabase } from "../setup/db";
import { insertProduct } from "../setup/factories";
import { BUYER_FIELDS } from "../setup/invoicing";
import { setupMercadoPagoStore } from "../setup/mercadopago-store";
import { args, formRequest, outcome, signedInAdmin } from "../setup/routes";

// Admin > Órdenes "Generar etiqueta" and the tracking job against the OCA and MiCorreo doubles:
// orders are placed through the checkout's model, then given the carrier service the shopper
// would have chosen (the columns the checkout step writes).

const t = setupTestDatabase();
const mp = setupMercadoPagoStore();
const ONLINE = "Mercado Pago online";
const STAFF = { id: null, email: "deposito@vitec.com.ar" };
let oca: OcaDouble;
let correo: MiCorreoDouble;
let carriers: CarrierAdapter[];
let product: { id: string };

beforeAll(async () => {
  oca = await startOcaDouble();
  correo = await startMiCorreoDouble();
  carriers = [ocaCarrier(ocaDoubleConfig(oca)), miCorreoCarrier(miCorreoDoubleConfig(correo))];
  product = await insertProduct({ name: "Router Wi-Fi 6", price: "85000", stock: 100 });
  await saveSetting("payment_methods", [
    ...DEFAULT_SETTINGS.payment_methods,
    { name: ONLINE, instructions: "", discountPercent: 0, kind: "mercadopago", expiryMinutes: 60 },
  ]);
});
afterAll(async () => {
  await oca?.close();
  await correo?.close();
});
afterEach(() => {
  Object.assign(oca.faults, noFaults());
});

/**
 * An order placed at checkout, confirmed (processing: by staff, or paid at the Mercado Pago
 * double when `online`), sent with this carrier service.
 */
async function carrierOrder(carrier: "oca" | "micorreo" | null, confirm = true, online = false): Promise<string> {
  const placed = await placeOrder({
    idempotencyKey: randomUUID(),
    lines: [{ cartId: randomUUID(), productId: product.id, quantity: 1, selectedOptions: [] }],
    shippingMethod: "Retiro en local",
    paymentMethod: online ? ONLINE : "Efectivo al retirar",
    fields: BUYER_FIELDS,
    userId: null,
  });
  if (carrier) {
    await t.db
      .update(orders)
      .set({
        shippingCarrier: carrier,
        shippingService: "domicilio",
        shippingQuote: {
          quoteId: randomUUID(),
          serviceName: carrier === "oca" ? "OCA a domicilio" : "Correo Argentino Clásico a domicilio",
          carrierRef: carrier === "oca" ? OCA_TEST.operativaDomicilio : "CP-D",
          postalCode: "1043",
          price: "9813.10",
          netPrice: null,
          deliveryDaysMin: 2,
          deliveryDaysMax: 2,
          parcels: [{ weightGrams: 900, volumeCm3: 4800, lengthCm: 30, widthCm: 20, heightCm: 8, units: 1 }],
        },
      })
      .where(eq(orders.id, placed.id));
  }
  if (confirm && online) {
    await startOnlinePayment(placed.id);
    expect(await mp.double.notify(mp.double.pay(mp.double.preferences.at(-1)!.id, "approved").id)).toBe(200);
  } else if (confirm) {
    await t.db.transaction((tx) => applyOrderEvent(tx, SYSTEM_ACTOR, placed.id, { kind: "process" }));
  }
  return placed.id;
}

const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const label = (id: string) => generateLabels(STAFF, [id], { carriers });

describe("Generar etiqueta", () => {
  it("creates one OCA shipment however often staff click, keeps its number on the order and prints the label", async () => {
    const id = await carrierOrder("oca");
    const clicks = await Promise.all([label(id), label(id), label(id)]);
    const number = (await orderRow(id)).trackingNumber;
    expect(number).toMatch(/^\d{19}$/);
    expect(oca.shipments.filter((s) => s.numeroEnvio === number)).toHaveLength(1);
    const succeeded = clicks.flat().filter((r) => r.ok);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    expect(succeeded[0]!.message).toContain(`seguimiento ${number}`);
    // Once labelled, a further click is refused with the reason.
    const again = await label(id);
    expect(again[0]).toMatchObject({
      ok: false,
      message: expect.stringContaining(`ya tiene etiqueta (seguimiento ${number})`),
    });
    const order = await orderRow(id);
    expect(order.carrier).toBe("OCA");
    // The customer's timeline shows the shipment's data; staff see the label to print.
    const timeline = await getOrderTimeline(
      { id, createdAt: order.createdAt, customerEmail: order.customerEmail },
      "customer",
    );
    expect(timeline.map((e) => e.title)).toContain("Datos del envío");
    const view = (await orderLabelViews([id], { carriers })).get(id);
    expect(view).toMatchObject({ state: "created", labelUrl: `/admin/ordenes/${id}/etiqueta` });
    const pdf = await orderLabelPdf(id, "10x15", { carriers });
    expect(pdf.ok && pdf.pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("leaves the order as it was when OCA fails, shows staff OCA's reason, and works when tried again", async () => {
    const id = await carrierOrder("oca");
    const before = await orderRow(id);
    oca.faults.error500 = true;
    const [failed] = await label(id);
    expect(failed).toMatchObject({ ok: false, message: expect.stringContaining("No pudimos comunicarnos con OCA") });
    expect(await orderRow(id)).toEqual(before);
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "order.update"))),
    ).toEqual([]);
    const view = (await orderLabelViews([id], { carriers })).get(id);
    expect(view).toMatchObject({ state: "failed", labelUrl: null, error: expect.stringContaining("OCA") });
    oca.faults.error500 = false;
    const [retried] = await label(id);
    expect(retried).toMatchObject({ ok: true, trackingNumber: expect.stringMatching(/^\d{19}$/) });
  });

  it("refuses, each with its reason, an order of a store method, a cancelled one and one not yet confirmed", async () => {
    const own = await carrierOrder(null);
    const unpaid = await carrierOrder("oca", false);
    const cancelled = await carrierOrder("oca");
    await t.db.transaction((tx) => applyOrderEvent(tx, STAFF, cancelled, { kind: "cancel" }));
    const results = await generateLabels(STAFF, [own, unpaid, cancelled], { carriers });
    expect(results.map((r) => [r.ok, r.message.replace(/^La orden #\w+ /, "")])).toEqual([
      [false, expect.stringMatching(/^no se envía con un transportista integrado/)],
      [false, expect.stringMatching(/^todavía no está paga ni confirmada/)],
      [false, expect.stringMatching(/^está cancelada/)],
    ]);
    expect(await t.db.select().from(carrierShipments).where(eq(carrierShipments.orderId, unpaid))).toEqual([]);
  });

  it("imports a MiCorreo order and asks staff for the number Correo assigns (no label without Paq.ar)", async () => {
    const id = await carrierOrder("micorreo");
    const [result] = await label(id);
    expect(result).toMatchObject({ ok: true, trackingNumber: null });
    expect(result!.message).toMatch(/cargá acá el número de seguimiento/);
    expect(correo.imports.filter((i) => i.extOrderId === result!.number)).toHaveLength(1);
    expect((await orderRow(id)).trackingNumber).toBeNull();
    const view = (await orderLabelViews([id], { carriers })).get(id);
    expect(view).toMatchObject({
      state: "created",
      labelUrl: null,
      note: expect.stringMatching(/^MiCorreo no da etiquetas/),
    });
  });
});

describe("the tracking job", () => {
  it("writes the carrier's events to the timeline and delivers the order once, even with two runs at once", async () => {
    const id = await carrierOrder("oca");
    await label(id);
    const number = (await orderRow(id)).trackingNumber!;
    await t.db.transaction((tx) => applyOrderEvent(tx, STAFF, id, { kind: "ship" }));
    // The shipped e-mail goes with OCA's tracking page for the label's number.
    const [shipped] = await t.db
      .select({ html: outboxEmails.html })
      .from(outboxEmails)
      .where(and(eq(outboxEmails.orderId, id), like(outboxEmails.subject, "%está en camino")));
    expect(shipped!.html).toContain(`https://www.oca.com.ar/Busquedas/Envios?numero=${number}`);
    oca.addEvent(number, "En distribución");
    oca.addEvent(number, "Entregado");
    const runs = await Promise.all([
      trackOpenShipments({ carriers, minAgeMs: 0 }),
      trackOpenShipments({ carriers, minAgeMs: 0 }),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await orderRow(id)).status).toBe("delivered");
    const delivers = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "order.status")));
    expect(delivers.filter((a) => a.after?.event === "deliver")).toHaveLength(1);
    const order = await orderRow(id);
    const timeline = await getOrderTimeline(
      { id, createdAt: order.createdAt, customerEmail: order.customerEmail },
      "customer",
    );
    const titles = timeline.map((e) => e.title);
    expect(titles.filter((title) => title === "Seguimiento: Entregado")).toHaveLength(1);
    expect(titles.filter((title) => title === "Seguimiento: En distribución")).toHaveLength(1);
    expect(titles).toContain("Estado: Entregado");
    const delivered = await t.db
      .select()
      .from(outboxEmails)
      .where(
        and(
          eq(outboxEmails.orderId, id),
          eq(outboxEmails.subject, `Tu pedido #${delivers[0]!.entityLabel!.slice(1)} fue entregado`),
        ),
      );
    expect(delivered).toHaveLength(1);
    // A later run finds nothing new: the order is delivered, its shipment no longer open.
    expect(await trackOpenShipments({ carriers, minAgeMs: 0 })).toBe(0);
  });

  it("follows a MiCorreo parcel by the number staff typed and delivers it when Correo says so", async () => {
    const id = await carrierOrder("micorreo");
    const [result] = await label(id);
    const number = correo.assignTracking(result!.number);
    const typed = await updateOrderField(STAFF, { orderId: id, field: "tracking_number", value: number });
    expect(typed.ok).toBe(true);
    expect(await trackOpenShipments({ carriers, minAgeMs: 0 })).toBe(0);
    expect((await orderRow(id)).status).toBe("processing");
    correo.addEvent(number, "ENTREGADO");
    expect(await trackOpenShipments({ carriers, minAgeMs: 0 })).toBe(1);
    expect((await orderRow(id)).status).toBe("delivered");
  });
});

describe("cancelling an order with a label", () => {
  const cancel = (id: string) => t.db.transaction((tx) => applyOrderEvent(tx, STAFF, id, { kind: "cancel" }));
  const reopen = (id: string) =>
    t.db.transaction((tx) => applyOrderEvent(tx, STAFF, id, { kind: "reopen", to: "processing" }));
  const cancelRound = (orderId?: string) => cancelCarrierShipments({ carriers, orderId });
  const view = async (id: string) => (await orderLabelViews([id], { carriers })).get(id)!;
  const ocaShipment = (number: string) => oca.shipments.find((s) => s.numeroEnvio === number)!;
  /** Time passes: the shipment's next try is due now. */
  const due = (id: string) =>
    t.db.update(carrierShipments).set({ cancelAfter: null }).where(eq(carrierShipments.orderId, id));
  const timelineTitles = async (id: string, audience: "customer" | "staff") => {
    const order = await orderRow(id);
    const timeline = await getOrderTimeline(
      { id, createdAt: order.createdAt, customerEmail: order.customerEmail },
      audience,
    );
    return timeline.map((e) => e.title);
  };

  it("cancels the OCA shipment after the order's transaction, says so to staff and stops offering the label", async () => {
    const id = await carrierOrder("oca");
    await label(id);
    const number = (await orderRow(id)).trackingNumber!;
    const cancelsBefore = oca.cancels;
    expect((await cancel(id)).ok).toBe(true);
    // The order's transaction only marked it: OCA has not been asked yet.
    expect(ocaShipment(number).cancelled).toBe(false);
    expect(await view(id)).toMatchObject({ state: "cancelling", labelUrl: null, cancelNote: expect.any(String) });
    expect(await cancelRound(id)).toEqual({ cancelled: 1, failed: 0, retrying: 0 });
    expect(ocaShipment(number).cancelled).toBe(true);
    expect(await view(id)).toMatchObject({ state: "cancelled", labelUrl: null, cancelNote: "Envío anulado con OCA." });
    expect(await orderLabelPdf(id, "10x15", { carriers })).toMatchObject({ ok: false, status: 404 });
    // The dead number leaves the order; the customer's history says the shipment was cancelled.
    expect((await orderRow(id)).trackingNumber).toBeNull();
    expect(await timelineTitles(id, "customer")).toContain("Envío anulado con el transportista");
    // Run again: nothing more is asked of OCA.
    expect(await cancelRound()).toEqual({ cancelled: 0, failed: 0, retrying: 0 });
    expect(oca.cancels - cancelsBefore).toBe(1);
  });

  it("leaves the shipment of a delivered order alone when its buyer withdraws (the parcel already travelled)", async () => {
    const id = await carrierOrder("oca");
    await label(id);
    const number = (await orderRow(id)).trackingNumber!;
    await t.db.transaction((tx) => applyOrderEvent(tx, STAFF, id, { kind: "deliver" }));
    await t.db
      .insert(withdrawalRequests)
      .values({ orderId: id, code: `ARR-${randomUUID().slice(0, 8)}`, email: "a@b.ar" });
    const cancelsBefore = oca.cancels;
    const withdrawn = await t.db.transaction((tx) => applyOrderEvent(tx, STAFF, id, { kind: "withdraw" }));
    expect(withdrawn).toMatchObject({ ok: true, after: { status: "cancelled", stock: "shipped" } });
    expect(await cancelRound()).toEqual({ cancelled: 0, failed: 0, retrying: 0 });
    expect(oca.cancels).toBe(cancelsBefore);
    expect(ocaShipment(number).cancelled).toBe(false);
    expect((await view(id)).state).toBe("created");
  });

  it("tries again later when OCA cannot be reached, and staff may retry once the job gives up", async () => {
    const id = await carrierOrder("oca");
    await label(id);
    const number = (await orderRow(id)).trackingNumber!;
    await cancel(id);
    oca.faults.error500 = true;
    expect(await cancelRound(id)).toEqual({ cancelled: 0, failed: 0, retrying: 1 });
    expect(await view(id)).toMatchObject({
      state: "cancelling",
      cancelNote: expect.stringMatching(/^Anulando el envío con OCA: No pudimos comunicarnos con OCA.*solo\.$/),
    });
    // Not due yet: the job waits before asking again.
    expect(await cancelRound(id)).toEqual({ cancelled: 0, failed: 0, retrying: 0 });
    for (let attempt = 2; attempt <= CANCEL_MAX_ATTEMPTS; attempt++) {
      await due(id);
      await cancelRound(id);
    }
    expect(await view(id)).toMatchObject({
      state: "cancel_failed",
      cancelNote: expect.stringMatching(/^No se pudo anular el envío con OCA\. No pudimos comunicarnos/),
    });
    expect(ocaShipment(number).cancelled).toBe(false);
    // "Reintentar anulación" with OCA back.
    oca.faults.error500 = false;
    expect(await retryShipmentCancel(id)).toBe(true);
    expect(await cancelRound(id)).toEqual({ cancelled: 1, failed: 0, retrying: 0 });
    expect(ocaShipment(number).cancelled).toBe(true);
    expect(await retryShipmentCancel(id)).toBe(false);
  });

  it("records OCA's refusal for staff, and takes an order OCA already cancelled as cancelled", async () => {
    const refused = await carrierOrder("oca");
    await label(refused);
    await t.db
      .update(carrierShipments)
      .set({ carrierShipmentId: "999999" })
      .where(eq(carrierShipments.orderId, refused));
    await cancel(refused);
    expect(await cancelRound(refused)).toEqual({ cancelled: 0, failed: 1, retrying: 0 });
    expect(await view(refused)).toMatchObject({
      state: "cancel_failed",
      cancelNote: "No se pudo anular el envío con OCA. OCA rechazó el pedido: La orden de retiro no existe",
    });
    expect(await timelineTitles(refused, "staff")).toContain("El envío no se anuló con el transportista");
    expect(await timelineTitles(refused, "customer")).not.toContain("El envío no se anuló con el transportista");

    const gone = await carrierOrder("oca");
    await label(gone);
    ocaShipment((await orderRow(gone)).trackingNumber!).cancelled = true; // cancelled in OCA's own site
    await cancel(gone);
    expect(await cancelRound(gone)).toEqual({ cancelled: 1, failed: 0, retrying: 0 });
    expect((await view(gone)).state).toBe("cancelled");
  });

  it("asks OCA once when two job runners run at once", async () => {
    const id = await carrierOrder("oca");
    await label(id);
    await cancel(id);
    const cancelsBefore = oca.cancels;
    const rounds = await Promise.all([cancelRound(), cancelRound()]);
    expect(rounds.reduce((sum, r) => sum + r.cancelled + r.failed + r.retrying, 0)).toBe(1);
    expect(oca.cancels - cancelsBefore).toBe(1);
    expect((await view(id)).state).toBe("cancelled");
  });

  it("tells staff to cancel a MiCorreo shipment in MiCorreo, without calling Correo", async () => {
    const id = await carrierOrder("micorreo");
    await label(id);
    await cancel(id);
    expect(await view(id)).toMatchObject({
      state: "cancel_by_hand",
      cancelNote: expect.stringMatching(/^Anulalo en MiCorreo/),
    });
    expect(await cancelRound(id)).toEqual({ cancelled: 0, failed: 0, retrying: 0 });
    expect(await timelineTitles(id, "staff")).toContain("El envío no se anuló con el transportista");
  });

  it("takes the number staff typed for a MiCorreo shipment off the cancelled order, so reopened it shows none and takes a new one", async () => {
    const id = await carrierOrder("micorreo");
    const [result] = await label(id);
    const old = correo.assignTracking(result!.number);
    expect((await updateOrderField(STAFF, { orderId: id, field: "tracking_number", value: old })).ok).toBe(true);
    await cancel(id);
    // The shipment is left to staff in MiCorreo, and its number named for them there...
    expect(await view(id)).toMatchObject({
      state: "cancel_by_hand",
      cancelNote: expect.stringContaining(`Anulalo en MiCorreo (seguimiento ${old})`),
    });
    // ...but it is no longer the order's tracking, for staff or the customer.
    expect((await orderRow(id)).trackingNumber).toBeNull();
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "order.shipment_cancel")));
    expect(entry).toMatchObject({
      before: { tracking_number: old },
      after: { outcome: "by_hand", tracking_number: null },
    });

    // Reopened as Pendiente: still no tracking on the order nor on the customer's page.
    const reopened = await t.db.transaction((tx) => applyOrderEvent(tx, STAFF, id, { kind: "reopen", to: "pending" }));
    expect(reopened).toMatchObject({ ok: true, after: { status: "pending" } });
    const order = await orderRow(id);
    expect(order.trackingNumber).toBeNull();
    expect((await getOrderForConfirmation(id, order.accessToken))!.shipment.trackingNumber).toBeNull();
    // The old number stays in the customer's history of the order.
    const history = await getOrderTimeline(
      { id, createdAt: order.createdAt, customerEmail: order.customerEmail },
      "customer",
    );
    expect(history.some((e) => e.detail?.includes(old))).toBe(true);

    // Staff type the new number of the new shipment.
    const fresh = `${old.slice(0, -1)}${old.endsWith("9") ? "0" : "9"}`;
    expect((await updateOrderField(STAFF, { orderId: id, field: "tracking_number", value: fresh })).ok).toBe(true);
    expect((await getOrderForConfirmation(id, order.accessToken))!.shipment.trackingNumber).toBe(fresh);
  });

  it("cancels a shipment OCA was still creating when the order was cancelled", async () => {
    const id = await carrierOrder("oca");
    const ocaAdapter = carriers.find((c) => c.id === "oca")!;
    // The clerk cancels the order while OCA is taking the shipment.
    const slowOca = {
      ...ocaAdapter,
      async createShipment(request: Parameters<CarrierAdapter["createShipment"]>[0]) {
        const created = await ocaAdapter.createShipment(request);
        await cancel(id);
        return created;
      },
    };
    await generateLabels(STAFF, [id], { carriers: [slowOca] });
    expect((await view(id)).state).toBe("cancelling");
    expect(await cancelRound(id)).toEqual({ cancelled: 1, failed: 0, retrying: 0 });
    expect(oca.shipments.at(-1)!.cancelled).toBe(true);
  });

  it("gives a reopened order a new label once its old shipment is cancelled", async () => {
    const id = await carrierOrder("oca");
    await label(id);
    const first = (await orderRow(id)).trackingNumber!;
    await cancel(id);
    await reopen(id);
    // Reopened before the job ran: the old label is still on the order and still to be cancelled.
    expect((await label(id))[0]).toMatchObject({ ok: false });
    await cancelRound(id);
    expect(ocaShipment(first).cancelled).toBe(true);
    const [again] = await label(id);
    expect(again).toMatchObject({ ok: true, trackingNumber: expect.stringMatching(/^\d{19}$/) });
    expect(again!.trackingNumber).not.toBe(first);
    expect(ocaShipment(again!.trackingNumber!).cancelled).toBe(false);
    expect(await view(id)).toMatchObject({
      state: "created",
      cancelNote: null,
      labelUrl: `/admin/ordenes/${id}/etiqueta`,
    });
  });
});

describe("Admin > Órdenes: the clerk's cancellation reaches OCA at once", () => {
  // The route reads the carriers from the environment, as the server does: OCA is the double.
  const ENV = {
    CARRIER_ORIGIN_POSTAL_CODE: "1043",
    OCA_CUIT: OCA_TEST.cuit,
    OCA_OPERATIVA_DOMICILIO: OCA_TEST.operativaDomicilio,
    OCA_USER: OCA_TEST.user,
    OCA_PASSWORD: OCA_TEST.password,
    OCA_ACCOUNT: OCA_TEST.account,
  };
  const saved = Object.fromEntries(Object.keys(ENV).map((k) => [k, process.env[k]]));
  let admin: { cookie: string };
  beforeAll(async () => {
    Object.assign(process.env, { ...ENV, OCA_API_URL: oca.apiUrl });
    resetEnv();
    resetCarriers();
    admin = await signedInAdmin();
  });
  afterAll(() => {
    for (const [key, value] of Object.entries({ ...saved, OCA_API_URL: undefined })) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnv();
    resetCarriers();
  });

  /** Posts Admin > Órdenes' form as the clerk; no worker round runs here, only what the answer started. */
  const post = async (fields: Record<string, string>) => {
    const answer = await outcome(() => ordersAction(args(formRequest("/admin/ordenes", fields, admin)) as never));
    await afterResponseSettled();
    return answer;
  };
  const labelled = async () => {
    const id = await carrierOrder("oca");
    await label(id);
    return { id, number: (await orderRow(id)).trackingNumber! };
  };
  const ocaShipment = (number: string) => oca.shipments.find((s) => s.numeroEnvio === number)!;

  it("accepting a withdrawal before shipping cancels the OCA shipment with the answer, not a minute later", async () => {
    const { id, number } = await labelled();
    const row = await orderRow(id);
    await requestWithdrawal({ orderNumber: { kind: "id", value: id }, email: row.customerEmail!, reason: null });
    const cancelsBefore = oca.cancels;
    const answer = await post({ intent: "withdrawal-accept", orderId: id });
    expect(answer.status).toBe(200);
    expect((await orderRow(id)).status).toBe("cancelled");
    expect(oca.cancels - cancelsBefore).toBe(1);
    expect(ocaShipment(number).cancelled).toBe(true);
    expect((await orderLabelViews([id])).get(id)).toMatchObject({
      state: "cancelled",
      cancelNote: "Envío anulado con OCA.",
    });
    expect((await orderRow(id)).trackingNumber).toBeNull();
  });

  it("a refund notice before shipping (refunded at Mercado Pago) cancels the order and its OCA shipment with the webhook's answer", async () => {
    const id = await carrierOrder("oca", true, true);
    expect((await orderRow(id)).status).toBe("processing");
    await label(id);
    const number = (await orderRow(id)).trackingNumber!;
    const payment = [...mp.double.payments.values()].find((p) => p.external_reference === id)!;
    mp.double.update(payment.id, { status: "refunded" });
    expect(await mp.double.notify(payment.id)).toBe(200);
    await afterResponseSettled();
    expect((await orderRow(id)).status).toBe("cancelled");
    expect(ocaShipment(number).cancelled).toBe(true);
    expect((await orderLabelViews([id])).get(id)).toMatchObject({ state: "cancelled" });
  });

  it("cancelling it in Estado del pedido does the same", async () => {
    const { id, number } = await labelled();
    const answer = await post({ intent: "update-status", orderId: id, status: "cancelled" });
    expect(answer.status).toBe(200);
    expect(ocaShipment(number).cancelled).toBe(true);
    expect((await orderLabelViews([id])).get(id)).toMatchObject({ state: "cancelled" });
  });
});

describe("Configuración > Envíos", () => {
  it("tests the connection with each carrier and says what failed", async () => {
    const ok = await testCarrierConnection("oca", carriers);
    expect(ok).toEqual({ ok: true, message: expect.stringMatching(/^Conexión con OCA correcta: \d+ sucursal/) });
    oca.faults.error500 = true;
    const down = await testCarrierConnection("oca", carriers);
    expect(down).toEqual({ ok: false, message: expect.stringMatching(/^No pudimos comunicarnos con OCA/) });
    expect(await testCarrierConnection("micorreo", [])).toEqual({
      ok: false,
      message: "Correo Argentino no está configurado: faltan sus variables de entorno en el servidor.",
    });
  });

  it("names the variables each carrier reads and whether they are set, never their values", () => {
    const env = {
      CARRIER_ORIGIN_POSTAL_CODE: "1043",
      OCA_CUIT: OCA_TEST.cuit,
      OCA_OPERATIVA_DOMICILIO: OCA_TEST.operativaDomicilio,
      OCA_PASSWORD: "secreto-de-oca",
    };
    Object.assign(process.env, env);
    resetEnv();
    resetCarriers();
    try {
      const status = carriersStatus();
      const ocaStatus = status.carriers.find((c) => c.carrier === "oca")!;
      expect(status.originPostalCode).toBe("1043");
      expect(ocaStatus).toMatchObject({ configured: true, labels: false });
      expect(ocaStatus.variables).toContainEqual({ name: "OCA_PASSWORD", set: true, required: false });
      expect(ocaStatus.variables).toContainEqual({ name: "OCA_USER", set: false, required: false });
      expect(status.carriers.find((c) => c.carrier === "micorreo")).toMatchObject({ configured: false });
      expect(JSON.stringify(status)).not.toContain("secreto-de-oca");
    } finally {
      for (const key of Object.keys(env)) delete process.env[key];
      resetEnv();
      resetCarriers();
    }
  });
});
