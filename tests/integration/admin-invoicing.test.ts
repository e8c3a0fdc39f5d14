import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settings } from "~/db/schema/content";
import { invoices } from "~/db/schema/invoices";
import { parseCsvText } from "~/domain/csv";
import { toStoreLocalInput } from "~/domain/dates";
import { runInvoicing } from "~/jobs/invoicing.server";
import { storeArcaConfig } from "~/models/invoice-admin.server";
import { afterResponseSettled } from "~/utils/after-response.server";
import { queueCreditNote } from "~/models/invoices.server";
import { getSetting, saveSetting } from "~/models/settings.server";
import { loader as bookLoader } from "~/routes/admin/invoicing";
import { loader as bookExport } from "~/routes/admin/invoicing-export";
import { action as ordersAction, loader as ordersLoader } from "~/routes/admin/orders";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings";
import { resetEnv } from "~/utils/env.server";
import { type ArcaDouble, startArcaDouble } from "../doubles/arca";
import { setupTestDatabase } from "../setup/db";
import { insertOrder, insertProduct } from "../setup/factories";
import { args, formRequest, getRequest, outcome, signedInAdmin, signedInCustomer } from "../setup/routes";

// [20/25] The admin side of ARCA invoicing: Configuración > Facturación (the setting, the
// certificate upload, Probar conexión), Facturar in Admin > Órdenes (one order and the selected
// ones) with the job authorising against the ARCA double, the "sin facturar" filter, and the
// Facturación screen with its Libro IVA Ventas CSV, to the cent. Staff only.

const t = setupTestDatabase();
let arca: ArcaDouble;
let admin: { cookie: string };
let customer: { cookie: string };
let notebook: { id: string };
let book: { id: string };
const ENV_KEYS = [
  "ARCA_WSAA_URL",
  "ARCA_WSFE_URL",
  "ARCA_KEY_ENCRYPTION_KEY",
  "ARCA_CERT_PATH",
  "ARCA_KEY_PATH",
  "ARCA_CUIT",
];
const savedEnv = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
const today = toStoreLocalInput(new Date()).slice(0, 10);

beforeAll(async () => {
  arca = await startArcaDouble();
  for (const key of ENV_KEYS) delete process.env[key];
  process.env.ARCA_WSAA_URL = arca.wsaaUrl;
  process.env.ARCA_WSFE_URL = arca.wsfeUrl;
  process.env.ARCA_KEY_ENCRYPTION_KEY = "una-clave-de-prueba-de-32-caracteres-o-mas";
  resetEnv();
  admin = await signedInAdmin();
  customer = await signedInCustomer();
  notebook = await insertProduct({ name: "Notebook", price: "1210000.00", ivaRate: 21 });
  book = await insertProduct({ name: "Manual", price: "11050.00", ivaRate: 10.5 });
});
afterAll(async () => {
  for (const [key, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnv();
  await arca.close();
});

/** Posts as staff; the work the answer started afterwards (Facturar's round with ARCA) is done when it resolves. */
const post = async (
  fn: (a: never) => unknown,
  path: string,
  fields: Record<string, string> | FormData,
  cookie = admin.cookie,
) => {
  const answer = await outcome(() => fn(args(formRequest(path, fields, { cookie })) as never));
  await afterResponseSettled();
  return answer;
};
const get = (fn: (a: never) => unknown, path: string, cookie = admin.cookie) =>
  outcome(() => fn(args(getRequest(path, cookie)) as never));

/** A consumer above ARCA's identification threshold gave a DNI at checkout. */
const WITH_DNI = { customer_details: { dni: "30123456" } };

/** An order in `status`: a notebook (21 %) and a manual (10,5 %), shipping $ 5.000. */
function order(values: Parameters<typeof insertOrder>[0] = {}): Promise<string> {
  return insertOrder(
    { status: "processing", subtotal: "1221050.00", shippingCost: "5000.00", total: "1226050.00", ...values },
    [
      { productId: notebook.id, name: "Notebook", price: "1210000.00", quantity: 1 },
      { productId: book.id, name: "Manual", price: "11050.00", quantity: 1 },
    ],
  );
}

function credentialsForm(certPem: string, keyPem: string): FormData {
  const form = new FormData();
  form.append("intent", "arca-credentials");
  form.append("certificate", new File([certPem], "vitec.crt"));
  form.append("privateKey", new File([keyPem], "vitec.key"));
  return form;
}

async function drain(): Promise<void> {
  const config = await storeArcaConfig();
  while ((await runInvoicing(config, 20)).authorised > 0);
}

describe("Admin invoicing", () => {
  it("refuses every screen and action to a customer", async () => {
    const id = await order();
    for (const answered of [
      await post(settingsAction, "/admin/configuracion", { intent: "arca-test" }, customer.cookie),
      await post(
        settingsAction,
        "/admin/configuracion",
        credentialsForm(arca.merchant.certPem, arca.merchant.keyPem),
        customer.cookie,
      ),
      await post(ordersAction, "/admin/ordenes", { intent: "invoice", orderId: id }, customer.cookie),
      await get(bookLoader, "/admin/facturacion", customer.cookie),
      await get(bookExport, "/admin/facturacion/exportar", customer.cookie),
    ]) {
      expect([302, 403]).toContain(answered.status);
    }
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, id))).toEqual([]);
    const [stored] = await t.db.select().from(settings).where(eq(settings.key, "arca_credentials"));
    expect(stored).toBeUndefined();
  });

  it("saves the Facturación card, refusing a bad CUIT and reading the threshold the Argentine way", async () => {
    const card = {
      intent: "save",
      key: "invoicing",
      mode: "manual",
      sellerIvaCondition: "responsable_inscripto",
      puntoVenta: "3",
      identificationThreshold: "417.288,50",
    };
    const bad = await post(settingsAction, "/admin/configuracion", { ...card, cuit: "30-71234567-2" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: { cuit: "El CUIT no es válido: revisá los 11 dígitos." } });
    const decimalPoint = await post(settingsAction, "/admin/configuracion", {
      ...card,
      identificationThreshold: "12.5",
    });
    expect(decimalPoint.status).toBe(400);

    const saved = await post(settingsAction, "/admin/configuracion", { ...card, cuit: "30-71234567-1" });
    expect(saved.status).toBe(200);
    const page = await get(settingsLoader, "/admin/configuracion");
    expect(page.body).toMatchObject({
      settings: {
        invoicing: { mode: "manual", puntoVenta: 3, identificationThreshold: 417288.5, cuit: arca.merchant.cuit },
      },
      arca: { environment: "homologacion", fromEnvironment: false, canStore: true, uploaded: null },
    });
  });

  it("stores the certificate with the key encrypted, shows only its subject, and Probar conexión lists ARCA's points of sale", async () => {
    // Without the encryption key the upload says why it cannot keep the key.
    delete process.env.ARCA_KEY_ENCRYPTION_KEY;
    resetEnv();
    const refused = await post(
      settingsAction,
      "/admin/configuracion",
      credentialsForm(arca.merchant.certPem, arca.merchant.keyPem),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ ok: false, message: expect.stringContaining("ARCA_KEY_ENCRYPTION_KEY") });
    process.env.ARCA_KEY_ENCRYPTION_KEY = "una-clave-de-prueba-de-32-caracteres-o-mas";
    resetEnv();

    const mismatched = await post(
      settingsAction,
      "/admin/configuracion",
      credentialsForm(arca.merchant.certPem, arca.stranger.keyPem),
    );
    expect(mismatched.body).toMatchObject({ ok: false, message: "La clave privada no corresponde a ese certificado." });

    const saved = await post(
      settingsAction,
      "/admin/configuracion",
      credentialsForm(arca.merchant.certPem, arca.merchant.keyPem),
    );
    expect(saved).toMatchObject({ status: 200, body: { ok: true } });
    const [stored] = await t.db.select().from(settings).where(eq(settings.key, "arca_credentials"));
    const keyBody = arca.merchant.keyPem.split("\n")[1]!;
    expect(JSON.stringify(stored!.value)).not.toContain(keyBody);

    const page = await get(settingsLoader, "/admin/configuracion");
    expect(JSON.stringify(page.body)).not.toContain(keyBody);
    expect(page.body).toMatchObject({ arca: { uploaded: { subject: expect.stringContaining("vitec") } } });

    const test = await post(settingsAction, "/admin/configuracion", { intent: "arca-test" });
    expect(test.body).toMatchObject({ ok: true, pointsOfSale: [{ number: 1 }, { number: 2 }, { number: 3 }] });

    // ARCA down: its own error, not a crash.
    arca.faults.down = true;
    try {
      const down = await post(settingsAction, "/admin/configuracion", { intent: "arca-test" });
      expect(down.body).toMatchObject({ ok: false, message: expect.stringContaining("http_503") });
    } finally {
      arca.faults.down = false;
    }
  });

  it("Facturar is refused while invoicing with ARCA is off", async () => {
    const before = await getSetting("invoicing");
    await saveSetting("invoicing", { ...before, mode: "off" });
    try {
      const paid = await order({ ivaCondition: "responsable_inscripto", billingCuit: "20-12345678-6" });
      const answer = await post(ordersAction, "/admin/ordenes", { intent: "invoice", orderId: paid });
      expect(answer.body).toMatchObject({ ok: false });
      expect(JSON.stringify(answer.body)).toContain("la facturación con ARCA está apagada");
      expect(await t.db.select().from(invoices).where(eq(invoices.orderId, paid))).toEqual([]);
    } finally {
      await saveSetting("invoicing", before);
    }
  });

  it("Facturar queues paid orders only, one by one or in bulk, and the job gets their CAE from ARCA", async () => {
    const ri = await order({
      ivaCondition: "responsable_inscripto",
      billingCuit: "20-12345678-6",
      customerName: "Ana",
    });
    const consumer = await order({ ivaCondition: "consumidor_final", customerName: "Beto", meta: WITH_DNI });
    const unpaid = await order({ status: "pending" });
    const cancelled = await order({ status: "cancelled" });

    const single = await post(ordersAction, "/admin/ordenes", { intent: "invoice", orderId: ri });
    expect(single).toMatchObject({ status: 200, body: { ok: true } });
    // Facturar asks ARCA right after answering, without waiting for the worker's next round.
    const [asked] = await t.db.select().from(invoices).where(eq(invoices.orderId, ri));
    expect(asked).toMatchObject({ status: "authorised", cae: expect.stringMatching(/^\d{14}$/) });

    const bulk = new FormData();
    bulk.append("intent", "invoice");
    for (const id of [consumer, unpaid, cancelled, ri]) bulk.append("orderId", id);
    const answered = await post(ordersAction, "/admin/ordenes", bulk);
    expect(answered.body).toMatchObject({ ok: false });
    const message = (answered.body as { message: string }).message;
    expect(message).toContain("todavía no está paga");
    expect(message).toContain("está cancelada");
    expect(message).toContain("ya está facturada");

    expect((await t.db.select().from(invoices)).map((i) => i.orderId).sort()).toEqual([ri, consumer].sort());
    await drain();

    const list = await get(ordersLoader, "/admin/ordenes");
    const rows = (list.body as { list: { orders: { id: string; invoice: unknown }[] } }).list.orders;
    const invoiceOf = (id: string) => rows.find((r) => r.id === id)?.invoice;
    expect(invoiceOf(ri)).toMatchObject({
      status: "authorised",
      label: "Factura A 0003-00000001",
      cae: expect.stringMatching(/^\d{14}$/),
    });
    expect(invoiceOf(consumer)).toMatchObject({ status: "authorised", label: "Factura B 0003-00000001" });
    expect(invoiceOf(unpaid)).toBeNull();
    const atArca = arca.comprobantes.find((c) => c.cbteTipo === 1 && c.puntoVenta === 3);
    expect((invoiceOf(ri) as { cae: string }).cae).toBe(atArca?.cae);

    const again = await post(ordersAction, "/admin/ordenes", { intent: "invoice", orderId: ri });
    expect(again.body).toMatchObject({ ok: false, message: expect.stringContaining("ya está facturada") });

    // "Sin facturar": the orders with no authorised factura.
    const uninvoiced = await get(ordersLoader, "/admin/ordenes?factura=sin&size=50");
    const ids = (uninvoiced.body as { list: { orders: { id: string }[] } }).list.orders.map((o) => o.id);
    expect(ids).toContain(unpaid);
    expect(ids).toContain(cancelled);
    expect(ids).not.toContain(ri);
    expect(ids).not.toContain(consumer);
  });

  it("shows an ARCA refusal on the order with ARCA's code, and Facturar asks again", async () => {
    const id = await order({ ivaCondition: "consumidor_final", meta: WITH_DNI });
    arca.pointsOfSale.delete(3);
    try {
      await post(ordersAction, "/admin/ordenes", { intent: "invoice", orderId: id });
      await runInvoicing(await storeArcaConfig(), 5);
      const list = await get(ordersLoader, "/admin/ordenes");
      const row = (list.body as { list: { orders: { id: string; invoice: unknown }[] } }).list.orders.find(
        (o) => o.id === id,
      );
      expect(row?.invoice).toMatchObject({ status: "failed", errorCode: "11002", errorText: expect.any(String) });
    } finally {
      arca.pointsOfSale.add(3);
    }
    const retried = await post(ordersAction, "/admin/ordenes", { intent: "invoice", orderId: id });
    expect(retried.body).toMatchObject({ ok: true });
    await drain();
    const [row] = await t.db.select().from(invoices).where(eq(invoices.orderId, id));
    expect(row).toMatchObject({ status: "authorised", number: 2, cbteTipo: 6 });
  });

  it("totals the period by type and rate and exports the Libro IVA Ventas, to the cent", async () => {
    // A partial credit note of the Factura A: $ 100.000 back.
    const [factura] = await t.db.select().from(invoices).where(eq(invoices.cbteTipo, 1));
    await queueCreditNote(factura!.id, 100_000_00);
    await drain();

    const page = await get(bookLoader, `/admin/facturacion?desde=${today}&hasta=${today}`);
    const body = page.body as {
      list: unknown[];
      totals: { byType: { label: string; count: number; totalCents: number }[]; byRate: unknown[]; totalCents: number };
    };
    expect(body.list).toHaveLength(4);
    expect(body.totals.byType).toEqual([
      { label: "Factura A", count: 1, totalCents: 1_226_050_00 },
      { label: "Nota de crédito A", count: 1, totalCents: 100_000_00 },
      { label: "Factura B", count: 2, totalCents: 2_452_100_00 },
    ]);
    expect(body.totals.totalCents).toBe(3 * 1_226_050_00 - 100_000_00);

    const response = (await bookExport(
      args(getRequest(`/admin/facturacion/exportar?desde=${today}&hasta=${today}`, admin.cookie)) as never,
    )) as Response;
    expect(response.status).toBe(200);
    const [header, ...rows] = parseCsvText(await response.text());
    const col = (name: string) => header!.findIndex((h) => h.replace(/^\uFEFF/, "") === name);
    const cents = (text: string) => Math.round(Number(text.replace(",", ".")) * 100);
    const sum = (name: string) => rows.reduce((acc, r) => acc + cents(r[col(name)]!), 0);
    expect(rows).toHaveLength(4);
    const note = rows.find((r) => r[col("Tipo")] === "Nota de crédito A")!;
    expect(note[col("Total")]).toBe("-100000,00");
    expect(rows.find((r) => r[col("Tipo")] === "Factura A")![col("Doc. número")]).toBe("20123456786");
    // Each row adds up: net and IVA of each rate, plus what is not taxed, make its total.
    for (const row of rows) {
      const parts = [
        "Neto gravado 21 %",
        "IVA 21 %",
        "Neto gravado 10,5 %",
        "IVA 10,5 %",
        "No gravado / exento",
        "Importe Factura C",
      ];
      expect(parts.reduce((acc, name) => acc + cents(row[col(name)]!), 0)).toBe(cents(row[col("Total")]!));
    }
    expect(sum("Total")).toBe(body.totals.totalCents);
    const rate21 = body.totals.byRate[0] as { netCents: number; ivaCents: number };
    expect(sum("Neto gravado 21 %")).toBe(rate21.netCents);
    expect(sum("IVA 21 %")).toBe(rate21.ivaCents);
  });
});
