import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices } from "~/db/schema/invoices";
import { orderItems, orders, withdrawalRequests } from "~/db/schema/orders";
import { invoiceLabel } from "~/domain/libro-iva";
import { SYSTEM_ACTOR } from "~/models/audit.server";
import { invoiceOrders, orderInvoices, uninvoicedCondition } from "~/models/invoice-admin.server";
import { type InvoicingSettings, queueFactura } from "~/models/invoices.server";
import { applyOrderEvent, recordRefund } from "~/models/order-life.server";
import { orderNumber } from "~/models/order.server";
import { OrderError, placeOrder } from "~/models/place-order.server";
import type { ArcaConfig } from "~/services/arca/config.server";
import { type ArcaDouble, doubleClientConfig, startArcaDouble } from "../doubles/arca";
import { setupTestDatabase } from "../setup/db";
import { insertOrder, insertProduct } from "../setup/factories";
import { BUYER_FIELDS, drainInvoicing, withInvoicing } from "../setup/invoicing";

// Credit notes after invoicing (staff cancel, an arrepentimiento, a refund), each associated with
// its factura at ARCA (CbtesAsoc); a Monotributo store's Factura C; and the checkout's DNI above
// ARCA's identification threshold.

const t = setupTestDatabase();
let arca: ArcaDouble;
let config: ArcaConfig;
let notebook: { id: string };

const RI: InvoicingSettings = {
  sellerIvaCondition: "responsable_inscripto",
  puntoVenta: 2,
  identificationThresholdCents: 10_000_000_00,
};
const RI_BUYER = { ivaCondition: "responsable_inscripto", billingCuit: "20-12345678-6" } as const;

beforeAll(async () => {
  arca = await startArcaDouble();
  config = doubleClientConfig(arca);
  notebook = await insertProduct({ name: "Notebook", price: "1210000.00", ivaRate: 21, stock: 50 });
});
afterAll(async () => {
  await arca.close();
});

async function paidOrder(values: Parameters<typeof insertOrder>[0] = {}): Promise<string> {
  const id = await insertOrder({ status: "processing", subtotal: "1210000.00", total: "1210000.00", ...values });
  await t.db.insert(orderItems).values({
    orderId: id,
    productId: notebook.id,
    name: "Notebook",
    price: "1210000.00",
    quantity: 1,
    subtotal: "1210000.00",
  });
  return id;
}

async function notesOf(facturaId: string) {
  return t.db.select().from(invoices).where(eq(invoices.associatedInvoiceId, facturaId));
}

async function invoicedOrder(settings: InvoicingSettings = RI, buyer: Parameters<typeof insertOrder>[0] = RI_BUYER) {
  const order = await paidOrder(buyer);
  const factura = await queueFactura(order, settings);
  await drainInvoicing(config);
  const [row] = await t.db.select().from(invoices).where(eq(invoices.id, factura.id));
  return { order, factura: row! };
}

const STAFF = { id: null, email: "facturacion@vitec.com.ar" };

const event = (orderId: string, input: Parameters<typeof applyOrderEvent>[3]) =>
  t.db.transaction((tx) => applyOrderEvent(tx, SYSTEM_ACTOR, orderId, input));

describe("credit notes", () => {
  it("cancelling an invoiced order issues the Nota de crédito A of the whole factura, associated with it", async () => {
    const { order, factura } = await invoicedOrder();
    expect(factura.status).toBe("authorised");
    expect(await event(order, { kind: "cancel" })).toMatchObject({ ok: true, applied: true });
    await drainInvoicing(config);
    const notes = await notesOf(factura.id);
    expect(notes).toMatchObject([{ kind: "nota_credito", cbteTipo: 3, status: "authorised", docNro: "20123456786" }]);
    expect(notes[0]!.amounts).toEqual(factura.amounts);
    expect(arca.comprobantes.find((c) => c.cae === notes[0]!.cae)).toMatchObject({
      associated: { tipo: 1, ptoVta: 2, nro: factura.number },
      impTotal: 1_210_000,
    });
  });

  it("a withdrawal (arrepentimiento) accepted by staff issues the credit note", async () => {
    const { order, factura } = await invoicedOrder();
    await t.db
      .insert(withdrawalRequests)
      .values({ code: `ARR-${randomUUID().slice(0, 8)}`, orderId: order, email: "a@b.c" });
    expect(await event(order, { kind: "withdraw" })).toMatchObject({ ok: true, applied: true });
    await drainInvoicing(config);
    expect(await notesOf(factura.id)).toMatchObject([{ cbteTipo: 3, status: "authorised" }]);
  });

  it("a refund after the cancellation credits nothing twice", async () => {
    const { order, factura } = await invoicedOrder();
    await event(order, { kind: "cancel" });
    await t.db.transaction((tx) => recordRefund(tx, SYSTEM_ACTOR, order, "mp-77", false));
    await drainInvoicing(config);
    const notes = await notesOf(factura.id);
    expect(notes.map((n) => n.amounts.impTotalCents)).toEqual([1_210_000_00]);
  });

  it("an order cancelled while its factura waited for the CAE gets its credit note once the CAE comes", async () => {
    const order = await paidOrder(RI_BUYER);
    const factura = await queueFactura(order, RI);
    await event(order, { kind: "cancel" });
    expect(await notesOf(factura.id)).toEqual([]);
    await drainInvoicing(config);
    expect(await notesOf(factura.id)).toMatchObject([{ cbteTipo: 3, status: "authorised" }]);
  });

  it("a cancelled order reopened as sold is invoiced again: the credited factura keeps its note, a new one stands", async () => {
    await withInvoicing({ puntoVenta: 2 }, async () => {
      const { order, factura } = await invoicedOrder();
      await event(order, { kind: "cancel" });
      await drainInvoicing(config);
      expect(await notesOf(factura.id)).toMatchObject([{ status: "authorised" }]);
      const sinFacturar = () =>
        t.db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.id, order), uninvoicedCondition(t.db)));
      // Its factura credited in full, nothing stands: "Sin facturar" lists it, as any order without one.
      expect(await sinFacturar()).toEqual([{ id: order }]);

      // Staff reopen it as paid: its credited factura is no longer the sale's, a new one is queued.
      expect(await event(order, { kind: "reopen", to: "processing" })).toMatchObject({ ok: true, applied: true });
      expect(await sinFacturar()).toEqual([{ id: order }]);
      await drainInvoicing(config);
      const facturas = await t.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, order), eq(invoices.kind, "factura")))
        .orderBy(asc(invoices.issue));
      expect(facturas).toMatchObject([
        { id: factura.id, issue: 1, status: "authorised" },
        { issue: 2, status: "authorised", cbteTipo: 1, number: factura.number! + 1 },
      ]);
      expect(facturas[1]!.amounts).toEqual(factura.amounts);
      expect(await sinFacturar()).toEqual([]);
      expect((await orderInvoices([order], t.db)).get(order)?.label).toBe(invoiceLabel(facturas[1]!));
      expect(await invoiceOrders(STAFF, [order], t.db)).toMatchObject([
        { ok: false, message: `La orden #${orderNumber(order)} ya está facturada.` },
      ]);

      // Cancelled again: the credit note is the new factura's.
      await event(order, { kind: "cancel" });
      await drainInvoicing(config);
      expect(await notesOf(facturas[1]!.id)).toMatchObject([{ status: "authorised", cbteTipo: 3 }]);
      expect(await notesOf(factura.id)).toHaveLength(1);
    });
  });

  it("a Monotributo store issues Factura C and its Nota de crédito C, with no IVA", async () => {
    const mono = { ...RI, sellerIvaCondition: "monotributo" as const, puntoVenta: 3 };
    const { order, factura } = await invoicedOrder(mono, { ivaCondition: "consumidor_final" });
    expect(factura).toMatchObject({ invoiceClass: "C", cbteTipo: 11, status: "authorised", docTipo: 99 });
    expect(factura.amounts).toMatchObject({ impNetoCents: 1_210_000_00, impIvaCents: 0, iva: [] });
    await event(order, { kind: "cancel" });
    await drainInvoicing(config);
    const [note] = await notesOf(factura.id);
    expect(note).toMatchObject({ cbteTipo: 13, status: "authorised" });
    expect(arca.comprobantes.find((c) => c.cae === note!.cae)).toMatchObject({
      associated: { tipo: 11, ptoVta: 3, nro: factura.number },
    });
  });
});

describe("the checkout above ARCA's identification threshold", () => {
  const order = (overrides: { buyerDni?: string; fields?: Record<string, string> } = {}) =>
    placeOrder({
      idempotencyKey: randomUUID(),
      lines: [{ cartId: randomUUID(), productId: notebook.id, quantity: 1, selectedOptions: [] }],
      shippingMethod: "Retiro en local",
      paymentMethod: "transferencia",
      fields: overrides.fields ?? BUYER_FIELDS,
      buyerDni: overrides.buyerDni,
    });

  it("asks a final consumer for a DNI (in Spanish) and keeps it for the factura", async () => {
    await withInvoicing({ sellerIvaCondition: "monotributo", puntoVenta: 3 }, async () => {
      const refused = await order().catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(OrderError);
      expect((refused as OrderError).fieldErrors).toEqual({
        dni: "Tu compra llega al monto en que ARCA pide identificarte: ingresá tu DNI o tu CUIT.",
      });
      const placed = await order({ buyerDni: "12.345.678" });
      const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
      expect(row!.meta.customer_details).toMatchObject({ dni: "12345678" });
      // The class the seller and the buyer give: a Monotributo store's Factura C.
      expect(row!.invoiceType).toBe("C");
    });
  });

  it("asks nothing while the store does not invoice", async () => {
    const placed = await order();
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row!.invoiceType).toBe("B");
  });
});
