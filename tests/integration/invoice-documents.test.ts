import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxEmails } from "~/db/schema/content";
import { invoices } from "~/db/schema/invoices";
import { decodeQrUrl } from "~/domain/arca-qr";
import { SYSTEM_ACTOR } from "~/models/audit.server";
import { getSetting, saveSetting } from "~/models/settings.server";
import { parseSettingForm } from "~/schemas/settings";
import { type InvoicingSettings, queueFactura } from "~/models/invoices.server";
import { applyOrderEvent } from "~/models/order-life.server";
import { placeOrder } from "~/models/place-order.server";
import { loader as orderLoader } from "~/routes/account/order";
import { loader as invoicePageLoader } from "~/routes/account/invoice";
import { loader as pdfLoader } from "~/routes/resources/invoice-pdf";
import type { ArcaConfig } from "~/services/arca/config.server";
import { type ArcaDouble, doubleClientConfig, startArcaDouble } from "../doubles/arca";
import { setupTestDatabase } from "../setup/db";
import { insertProduct } from "../setup/factories";
import { BUYER_FIELDS, drainInvoicing, withInvoicing } from "../setup/invoicing";
import { args, getRequest, outcome, signedInAdmin, signedInCustomer } from "../setup/routes";

// An authorised factura as its printable page and PDF: the customer whose order it is, the guest
// holding the order's link and staff open it; another customer, a stranger or a wrong token get
// 404, the same answer as a missing one. The QR encodes ARCA's JSON of that invoice.

const t = setupTestDatabase();
let arca: ArcaDouble;
let config: ArcaConfig;
let ana: Awaited<ReturnType<typeof signedInCustomer>>;
let bruno: Awaited<ReturnType<typeof signedInCustomer>>;
let admin: { cookie: string };
let anasOrder: { id: string; accessToken: string };
let guestOrder: { id: string; accessToken: string };
let anasFactura: string;
let guestFactura: string;
let product: { id: string };

const RI: InvoicingSettings = {
  sellerIvaCondition: "responsable_inscripto",
  puntoVenta: 2,
  identificationThresholdCents: 10_000_000_00,
};
const FIELDS = { ...BUYER_FIELDS, cuit: "20-12345678-6", company: "Gómez SRL" };

function orderFor(userId: string | null) {
  return placeOrder({
    idempotencyKey: randomUUID(),
    lines: [{ cartId: randomUUID(), productId: product.id, quantity: 2, selectedOptions: [] }],
    shippingMethod: "Retiro en local",
    paymentMethod: "Efectivo al retirar",
    fields: FIELDS,
    ivaCondition: "responsable_inscripto",
    userId,
  });
}

beforeAll(async () => {
  arca = await startArcaDouble();
  config = doubleClientConfig(arca);
  product = await insertProduct({ name: "Switch 24 bocas", price: "121000", stock: 100, ivaRate: 21 });
  ana = await signedInCustomer();
  bruno = await signedInCustomer();
  admin = await signedInAdmin();
  anasOrder = await orderFor(ana.id);
  guestOrder = await orderFor(null);
  anasFactura = (await queueFactura(anasOrder.id, RI)).id;
  guestFactura = (await queueFactura(guestOrder.id, RI)).id;
  await drainInvoicing(config);
});
afterAll(async () => {
  await arca.close();
});

const pdf = (id: string, cookie?: string, query = "") =>
  outcome(() => pdfLoader(args(getRequest(`/comprobantes/${id}/pdf${query}`, cookie), { params: { id } }) as never));
const page = (id: string, cookie?: string, query = "") =>
  outcome(() =>
    invoicePageLoader(args(getRequest(`/comprobantes/${id}${query}`, cookie), { params: { id } }) as never),
  );

describe("who opens an invoice", () => {
  it("the customer whose order it is gets the PDF", async () => {
    const answer = await pdf(anasFactura, ana.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("application/pdf");
    expect(String(answer.body).startsWith("%PDF-")).toBe(true);
  });

  it("another customer, a visitor without the link and a wrong token get 404, like a missing invoice", async () => {
    const missing = await pdf(randomUUID(), bruno.cookie);
    expect(missing.status).toBe(404);
    for (const answer of [
      await pdf(anasFactura, bruno.cookie),
      await pdf(anasFactura),
      await pdf(guestFactura, undefined, "?token=wrong"),
      await pdf(guestFactura, bruno.cookie, `?token=${anasOrder.accessToken}`),
      await page(anasFactura, bruno.cookie),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(missing.body);
    }
  });

  it("a guest opens theirs with the order's link, and staff open any", async () => {
    expect((await pdf(guestFactura, undefined, `?token=${guestOrder.accessToken}`)).status).toBe(200);
    expect((await page(guestFactura, undefined, `?token=${guestOrder.accessToken}`)).status).toBe(200);
    expect((await pdf(anasFactura, admin.cookie)).status).toBe(200);
  });
});

describe("what the invoice shows", () => {
  it("Factura A with its number, CAE, IVA of each rate and ARCA's QR for that invoice", async () => {
    const answer = await page(anasFactura, ana.cookie);
    const { doc } = answer.body as Awaited<ReturnType<typeof invoicePageLoader>>;
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, anasFactura));
    expect(doc).toMatchObject({ title: "Factura A", letter: "A", code: "Cód. 01", cae: row!.cae, showsIva: true });
    expect(doc.number).toBe(`00002-${String(row!.number).padStart(8, "0")}`);
    expect(doc.buyer).toMatchObject({ name: "Gómez SRL", document: "CUIT 20-12345678-6" });
    expect(doc.amounts.iva).toEqual([{ id: 5, rate: 21, baseCents: 200_000_00, amountCents: 42_000_00 }]);
    expect(doc.lines.reduce((sum, l) => sum + l.totalCents, 0)).toBe(242_000_00);
    expect(decodeQrUrl(doc.qrUrl)).toMatchObject({
      ver: 1,
      fecha: row!.issuedOn,
      ptoVta: 2,
      tipoCmp: 1,
      nroCmp: row!.number,
      importe: 242_000,
      moneda: "PES",
      ctz: 1,
      tipoDocRec: 80,
      nroDocRec: 20123456786,
      tipoCodAut: "E",
      codAut: Number(row!.cae),
    });
  });

  it("Mi Cuenta lists the order's factura to download", async () => {
    const answer = await outcome(() =>
      orderLoader(
        args(getRequest(`/cuenta/pedidos/${anasOrder.id}`, ana.cookie), { params: { id: anasOrder.id } }) as never,
      ),
    );
    expect((answer.body as { invoices: unknown[] }).invoices).toEqual([
      expect.objectContaining({ id: anasFactura, label: "Factura A" }),
    ]);
  });
});

describe("the seller on the comprobante", () => {
  function invoicingForm(values: Record<string, string>) {
    const form = new FormData();
    for (const [name, value] of Object.entries(values)) form.set(name, value);
    const parsed = parseSettingForm("invoicing", form);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    return parsed.data;
  }

  it("prints the razón social, CUIT, Ingresos Brutos and inicio de actividades it was issued with, whatever Configuración says later", async () => {
    const before = await getSetting("invoicing");
    const typed = {
      mode: before.mode,
      sellerIvaCondition: before.sellerIvaCondition,
      puntoVenta: String(before.puntoVenta),
      identificationThreshold: "417.288,00",
    };
    await saveSetting(
      "invoicing",
      invoicingForm({
        ...typed,
        cuit: "30-71234567-1",
        legalName: "Vitec Tecnología S.R.L.",
        grossIncome: "901-123456-7",
        activityStart: "2019-03-01",
      }),
    );
    try {
      const order = await orderFor(ana.id);
      const factura = (await queueFactura(order.id, RI)).id;
      await drainInvoicing(config);
      const issued = {
        name: "Vitec Tecnología S.R.L.",
        cuit: "30-71234567-1",
        grossIncome: "901-123456-7",
        activityStart: "01/03/2019",
        ivaCondition: "Responsable inscripto",
      };
      const first = ((await page(factura, ana.cookie)).body as Awaited<ReturnType<typeof invoicePageLoader>>).doc;
      expect(first.seller).toMatchObject(issued);
      expect(decodeQrUrl(first.qrUrl)).toMatchObject({ cuit: 30712345671 });

      // Staff change the store's fiscal data: the comprobante already issued does not change.
      await saveSetting(
        "invoicing",
        invoicingForm({
          ...typed,
          cuit: "20-12345678-6",
          legalName: "Otra Razón Social S.A.",
          grossIncome: "902-000000-1",
          activityStart: "2024-01-02",
        }),
      );
      const later = ((await page(factura, ana.cookie)).body as Awaited<ReturnType<typeof invoicePageLoader>>).doc;
      expect(later.seller).toEqual(first.seller);
      expect(decodeQrUrl(later.qrUrl)).toMatchObject({ cuit: 30712345671 });

      // One authorised before comprobantes kept their seller prints the settings of now.
      await t.db.update(invoices).set({ seller: null }).where(eq(invoices.id, factura));
      const legacy = ((await page(factura, ana.cookie)).body as Awaited<ReturnType<typeof invoicePageLoader>>).doc;
      expect(legacy.seller).toMatchObject({ name: "Otra Razón Social S.A.", cuit: "20-12345678-6" });
    } finally {
      await saveSetting("invoicing", before);
    }
  });

  it("refuses a start of activities that is not a day", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      mode: "manual",
      sellerIvaCondition: "responsable_inscripto",
      puntoVenta: "2",
      identificationThreshold: "417.288,00",
      activityStart: "2019-02-30",
    }))
      form.set(name, value);
    const parsed = parseSettingForm("invoicing", form);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(Object.values(parsed.errors)).toContain("La fecha de inicio de actividades no es válida.");
  });
});

describe("the payment approved e-mail", () => {
  it("says the factura will be on the order's page while ARCA has not authorised it", async () => {
    await withInvoicing({ puntoVenta: 2 }, async () => {
      const order = await orderFor(null);
      await t.db.transaction((tx) => applyOrderEvent(tx, SYSTEM_ACTOR, order.id, { kind: "process" }));
      const [email] = await t.db
        .select({ html: outboxEmails.html })
        .from(outboxEmails)
        .where(and(eq(outboxEmails.orderId, order.id), eq(outboxEmails.kind, "order_processing")));
      expect(email?.html).toContain("Tu factura electrónica va a estar en");
      expect(email?.html).toContain(`/success?order=${order.id}`);
    });
  });
});
