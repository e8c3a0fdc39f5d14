import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { invoices } from "~/db/schema/invoices";
import { orders } from "~/db/schema/orders";
import { orderItems } from "~/db/schema/orders";
import { runInvoicing } from "~/jobs/invoicing.server";
import { SYSTEM_ACTOR } from "~/models/audit.server";
import { applyOrderEvent, recordRefund } from "~/models/order-life.server";
import { saveSetting } from "~/models/settings.server";
import { type InvoicingSettings, queueCreditNote, queueFactura } from "~/models/invoices.server";
import type { ArcaConfig } from "~/services/arca/config.server";
import { type ArcaDouble, doubleClientConfig, startArcaDouble } from "../doubles/arca";
import { setupTestDatabase } from "../setup/db";
import { insertOrder, insertProduct } from "../setup/factories";
import { withInvoicing } from "../setup/invoicing";

// The invoicing job (app/jobs/invoicing.server.ts) against the ARCA double: numbers stay
// consecutive with two runners at once, an answer lost after ARCA authorised gives one invoice,
// ARCA down leaves the order waiting with ARCA's error, a refund gives its credit note.

const t = setupTestDatabase();
let arca: ArcaDouble;
let config: ArcaConfig;
let notebook: { id: string };
let book: { id: string };

const RI: InvoicingSettings = {
  sellerIvaCondition: "responsable_inscripto",
  puntoVenta: 1,
  identificationThresholdCents: 10_000_000_00,
};

beforeAll(async () => {
  arca = await startArcaDouble();
  config = doubleClientConfig(arca);
  notebook = await insertProduct({ name: "Notebook", price: "1210000.00", ivaRate: 21 });
  book = await insertProduct({ name: "Manual", price: "11050.00", ivaRate: 10.5 });
});
afterAll(async () => {
  await arca.close();
});
beforeEach(() => {
  Object.assign(arca.faults, { slowAfterAuthorise: 0, slowMs: 0, transaccionActiva: 0, down: false });
});

/** A paid order: a notebook (21 %) and a manual (10,5 %), shipping $ 5.000. */
async function paidOrder(values: Parameters<typeof insertOrder>[0] = {}): Promise<string> {
  const id = await insertOrder({
    status: "processing",
    subtotal: "1221050.00",
    shippingCost: "5000.00",
    total: "1226050.00",
    ...values,
  });
  await t.db.insert(orderItems).values([
    { orderId: id, productId: notebook.id, name: "Notebook", price: "1210000.00", quantity: 1, subtotal: "1210000.00" },
    { orderId: id, productId: book.id, name: "Manual", price: "11050.00", quantity: 1, subtotal: "11050.00" },
  ]);
  return id;
}

async function invoiceOf(id: string) {
  const [row] = await t.db.select().from(invoices).where(eq(invoices.id, id));
  return row!;
}

/** Runs the job until nothing is left to claim (a busy numbering lease is tried again). */
async function drain(): Promise<void> {
  for (;;) {
    const round = await runInvoicing(config, 10);
    if (round.authorised + round.failed + round.waiting + round.busy === 0) return;
    if (round.busy > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("invoicing paid orders", () => {
  it("gives each seller and buyer pair its class, with ARCA's CAE", async () => {
    const ri = await paidOrder({ ivaCondition: "responsable_inscripto", billingCuit: "20-12345678-6" });
    const mono = await paidOrder({ ivaCondition: "monotributista", billingCuit: "20-12345678-6" });
    const consumer = await paidOrder({ ivaCondition: "consumidor_final" });
    const fromMonotributo = await paidOrder({ ivaCondition: "responsable_inscripto", billingCuit: "20-12345678-6" });
    const queued = [
      await queueFactura(ri, { ...RI, puntoVenta: 3 }),
      await queueFactura(mono, { ...RI, puntoVenta: 3 }),
      await queueFactura(consumer, { ...RI, puntoVenta: 3 }),
      await queueFactura(fromMonotributo, { ...RI, sellerIvaCondition: "monotributo", puntoVenta: 3 }),
    ];
    await drain();
    const rows = await Promise.all(queued.map((q) => invoiceOf(q.id)));
    expect(rows.map((r) => [r.invoiceClass, r.cbteTipo, r.condicionIvaReceptorId, r.status])).toEqual([
      ["A", 1, 1, "authorised"],
      ["A", 1, 6, "authorised"],
      ["B", 6, 5, "authorised"],
      ["C", 11, 1, "authorised"],
    ]);
    expect(rows.map((r) => r.cae)).toEqual(rows.map((r) => arca.comprobantes.find((c) => c.cae === r.cae)?.cae));
    // Factura A carries the IVA of each rate; C carries none.
    expect(rows[0]!.amounts.iva.map((i) => i.id)).toEqual([5, 4]);
    expect(rows[3]!.amounts.iva).toEqual([]);
  });

  it("queues one factura per order however often it is asked", async () => {
    const order = await paidOrder();
    const first = await queueFactura(order, { ...RI, puntoVenta: 3 });
    const again = await queueFactura(order, { ...RI, puntoVenta: 3 });
    expect(again).toEqual({ id: first.id, created: false });
  });

  it("numbers 50 orders invoiced by two runners at once 1 to 50, with no gap and no duplicate", async () => {
    const queued = [];
    for (let i = 0; i < 50; i++) queued.push(await queueFactura(await paidOrder(), RI));
    await Promise.all([drain(), drain()]);
    const rows = await Promise.all(queued.map((q) => invoiceOf(q.id)));
    expect(rows.every((r) => r.status === "authorised")).toBe(true);
    const numbers = rows.map((r) => r.number!).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const atArca = arca.comprobantes.filter((c) => c.puntoVenta === 1 && c.cbteTipo === 6);
    expect(atArca.map((c) => c.number)).toEqual(numbers);
    for (const row of rows) expect(atArca.find((c) => c.number === row.number)?.cae).toBe(row.cae);
  });

  it("keeps one invoice when ARCA authorised it but the answer came too late", async () => {
    const { id } = await queueFactura(await paidOrder(), { ...RI, puntoVenta: 2 });
    Object.assign(arca.faults, { slowAfterAuthorise: 1, slowMs: 2_000 });
    expect(await runInvoicing({ ...config, timeoutMs: 300 }, 1)).toMatchObject({ waiting: 1 });
    const waiting = await invoiceOf(id);
    expect(waiting).toMatchObject({ status: "pending", number: 1, errorCode: "timeout" });
    // The retry's time comes: the job asks ARCA what it holds before anything else.
    await t.db.update(invoices).set({ nextAttemptAt: new Date() }).where(eq(invoices.id, id));
    await drain();
    const atArca = arca.comprobantes.filter((c) => c.puntoVenta === 2 && c.cbteTipo === 6);
    expect(atArca).toHaveLength(1);
    expect(await invoiceOf(id)).toMatchObject({ status: "authorised", number: 1, cae: atArca[0]!.cae });
  });

  it("leaves the order waiting with ARCA's error while ARCA is down, then invoices it", async () => {
    const { id } = await queueFactura(await paidOrder(), { ...RI, puntoVenta: 2 });
    arca.faults.down = true;
    expect(await runInvoicing(config, 1)).toMatchObject({ waiting: 1 });
    const waiting = await invoiceOf(id);
    expect(waiting).toMatchObject({ status: "pending", number: null, errorCode: "http_503", attempts: 1 });
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    arca.faults.down = false;
    await t.db.update(invoices).set({ nextAttemptAt: new Date() }).where(eq(invoices.id, id));
    await drain();
    expect(await invoiceOf(id)).toMatchObject({ status: "authorised", number: 2, errorCode: null });
  });

  it("marks an invoice ARCA refuses as failed, with ARCA's code and text", async () => {
    const { id } = await queueFactura(await paidOrder(), { ...RI, puntoVenta: 9 });
    expect(await runInvoicing(config, 1)).toMatchObject({ failed: 1 });
    expect(await invoiceOf(id)).toMatchObject({ status: "failed", number: null, errorCode: "11002" });
  });

  it("issues the credit note of a refund, associated with its invoice", async () => {
    const factura = await queueFactura(
      await paidOrder({ ivaCondition: "responsable_inscripto", billingCuit: "20-12345678-6" }),
      { ...RI, puntoVenta: 3 },
    );
    await drain();
    const note = await queueCreditNote(factura.id, 100_000_00);
    await drain();
    const invoice = await invoiceOf(factura.id);
    const row = await invoiceOf(note.id);
    expect(row).toMatchObject({ status: "authorised", kind: "nota_credito", cbteTipo: 3, invoiceClass: "A" });
    expect(row.amounts.impTotalCents).toBe(100_000_00);
    expect(arca.comprobantes.find((c) => c.cae === row.cae)).toMatchObject({
      associated: { tipo: 1, ptoVta: 3, nro: invoice.number },
      impTotal: 100_000,
    });
  });

  it("queues the factura when staff confirm a manual payment, if the store invoices on payment", async () => {
    const order = await paidOrder({
      status: "pending",
      ivaCondition: "responsable_inscripto",
      billingCuit: "20-12345678-6",
    });
    const withoutCuit = await paidOrder({ status: "pending", ivaCondition: "responsable_inscripto" });
    await saveSetting("invoicing", {
      mode: "on_payment",
      sellerIvaCondition: "responsable_inscripto",
      puntoVenta: 3,
      identificationThreshold: 417288,
    });
    try {
      for (const id of [order, withoutCuit]) {
        const result = await t.db.transaction((tx) => applyOrderEvent(tx, SYSTEM_ACTOR, id, { kind: "process" }));
        expect(result).toMatchObject({ ok: true, applied: true });
      }
    } finally {
      await saveSetting("invoicing", {
        mode: "off",
        sellerIvaCondition: "responsable_inscripto",
        puntoVenta: 1,
        identificationThreshold: 417288,
      });
    }
    const queued = await t.db.select().from(invoices).where(eq(invoices.orderId, order));
    expect(queued).toMatchObject([{ kind: "factura", invoiceClass: "A", puntoVenta: 3, status: "pending" }]);
    // Without the buyer's CUIT the payment still stands; the order waits to be invoiced by hand.
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, withoutCuit))).toEqual([]);
    const [confirmed] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, withoutCuit));
    expect(confirmed?.status).toBe("processing");
  });

  it("invoices a transfer shipped before its payment was confirmed, once, however it moves on", async () => {
    const shipped = await paidOrder({
      status: "pending",
      ivaCondition: "responsable_inscripto",
      billingCuit: "20-12345678-6",
    });
    const delivered = await paidOrder({ status: "pending" });
    const move = (id: string, kind: "ship" | "deliver" | "process" | "hold") =>
      t.db.transaction((tx) => applyOrderEvent(tx, SYSTEM_ACTOR, id, { kind }));
    await withInvoicing({ puntoVenta: 3, identificationThreshold: 10_000_000 }, async () => {
      // Staff send the goods while the transfer is still to be confirmed: it is sold, and owed.
      expect(await move(shipped, "ship")).toMatchObject({ ok: true, after: { status: "shipped" } });
      expect(await move(delivered, "deliver")).toMatchObject({ ok: true, after: { status: "delivered" } });
      // Back and forth afterwards (delivered, the shipment undone, held, shipped again): no second factura.
      for (const kind of ["deliver", "process", "hold", "ship"] as const) {
        expect(await move(shipped, kind)).toMatchObject({ ok: true });
      }
      await drain();
    });
    for (const [id, invoiceClass] of [
      [shipped, "A"],
      [delivered, "B"],
    ] as const) {
      const facturas = await t.db.select().from(invoices).where(eq(invoices.orderId, id));
      expect(facturas).toMatchObject([{ kind: "factura", invoiceClass, status: "authorised" }]);
      expect(facturas[0]!.amounts.impTotalCents).toBe(1_226_050_00);
    }
  });

  it("issues the credit note of the rest of the invoice when the payment is refunded, once", async () => {
    const order = await paidOrder({ ivaCondition: "responsable_inscripto", billingCuit: "20-12345678-6" });
    const factura = await queueFactura(order, { ...RI, puntoVenta: 3 });
    await drain();
    await queueCreditNote(factura.id, 100_000_00);
    await t.db.transaction((tx) => recordRefund(tx, SYSTEM_ACTOR, order, "mp-1", false));
    await t.db.transaction((tx) => recordRefund(tx, SYSTEM_ACTOR, order, "mp-1", false));
    await drain();
    const notes = await t.db.select().from(invoices).where(eq(invoices.associatedInvoiceId, factura.id));
    expect(notes.map((n) => n.amounts.impTotalCents).sort((a, b) => a - b)).toEqual([100_000_00, 1_126_050_00]);
    expect(notes.every((n) => n.status === "authorised" && n.cbteTipo === 3)).toBe(true);
  });
});
