import { expect, test } from "@playwright/test";
import pg from "pg";
import { orderRow, signInAsAdmin } from "./admin";
import { buyIdeapad } from "./shop";

// "Generar etiqueta" ([21/25]): a customer's order sent with OCA a domicilio, staff confirm it and
// generate the label against the OCA double; the order gets OCA's tracking number, the label opens
// as a PDF, and the customer follows the parcel on OCA's page from Mi Cuenta. Staff then cancel the
// order: its shipment is cancelled with OCA and the label is no longer offered.
//
// The checkout's carrier options are another step's work: the order is placed by the normal
// checkout and then given the carrier service the shopper would have chosen, in the database.
// The store's embedded PGlite cannot be opened by a second process, so this runs where the
// browser tests run on PostgreSQL (DATABASE_URL).

const databaseUrl = process.env.DATABASE_URL;
const schema = process.env.E2E_DATABASE_SCHEMA;

/** The order placed as if the shopper had chosen "OCA a domicilio" at checkout. */
async function sendWithOca(orderId: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const quote = {
      quoteId: "00000000-0000-4000-8000-000000000001",
      serviceName: "OCA a domicilio",
      carrierRef: "64665",
      postalCode: "1043",
      price: "9813.10",
      netPrice: "8110.00",
      deliveryDaysMin: 2,
      deliveryDaysMax: 2,
      parcels: [{ weightGrams: 2200, volumeCm3: 7200, lengthCm: 40, widthCm: 30, heightCm: 6, units: 1 }],
    };
    await client.query(
      `update "${schema}".orders set shipping_carrier = 'oca', shipping_service = 'domicilio', shipping_quote = $2 where id = $1`,
      [orderId, JSON.stringify(quote)],
    );
  } finally {
    await client.end();
  }
}

test("staff generate an OCA label for a carrier order; the customer follows it from Mi Cuenta", async ({
  page,
  browser,
}) => {
  test.skip(!databaseUrl || !schema, "The order's carrier columns are set in PostgreSQL (run with DATABASE_URL).");
  const email = `etiqueta.${Date.now()}@example.com`;
  const number = await buyIdeapad(page, email, "clave-segura-123");

  const staff = await (await browser.newContext()).newPage();
  await signInAsAdmin(staff);
  await staff.goto(`/admin/ordenes?q=${number}`);
  const row = orderRow(staff, number);
  const id = (await row.getByRole("button", { name: /Detalles/ }).getAttribute("aria-controls"))!.replace(
    "order-details-",
    "",
  );
  await sendWithOca(id);
  await staff.reload();
  await row.getByRole("button", { name: /Ver Detalles/ }).click();
  const details = staff.locator(`#order-details-${id}`);
  const label = details.getByRole("group", { name: "Etiqueta del transportista" });
  await expect(label).toContainText("OCA · a domicilio");

  // Not paid or confirmed yet: no label. Staff confirm the payment, then generate it.
  await expect(label).toContainText("La etiqueta se genera cuando el pago está aprobado o confirmado.");
  await details.getByLabel("Estado del pedido").selectOption("processing");
  await expect(staff.getByText("Estado actualizado", { exact: true })).toBeVisible();
  await label.getByRole("button", { name: "Generar etiqueta" }).click();
  await expect(staff.getByText(/tiene etiqueta de OCA: seguimiento \d{19}/).first()).toBeVisible();

  // The order now has OCA's number, its tracking link and the label to print.
  const tracking = details.getByText(/^\d{19}$/);
  await expect(tracking).toBeVisible();
  const trackingNumber = (await tracking.textContent())!;
  await expect(details.getByRole("link", { name: /Seguir envío/ })).toHaveAttribute(
    "href",
    `https://www.oca.com.ar/Busquedas/Envios?numero=${trackingNumber}`,
  );
  const labelLink = label.getByRole("link", { name: /Ver etiqueta \(10x15\)/ });
  await expect(labelLink).toHaveAttribute("href", `/admin/ordenes/${id}/etiqueta`);
  await expect(label.getByRole("button", { name: "Generar etiqueta" })).toHaveCount(0);
  const pdf = await staff.request.get(`/admin/ordenes/${id}/etiqueta`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  // The label is for staff only.
  expect((await page.request.get(`/admin/ordenes/${id}/etiqueta`, { maxRedirects: 0 })).status()).not.toBe(200);

  // The customer: Mi Cuenta > the order, with OCA's number and its tracking link.
  await page.goto("/cuenta?tab=pedidos");
  await page.getByRole("link", { name: "Ver Detalles" }).first().click();
  const shipment = page.getByRole("region", { name: "Tu envío" });
  await expect(shipment).toContainText("OCA");
  await expect(shipment).toContainText(trackingNumber);
  await expect(shipment.getByRole("link", { name: /Seguir mi envío/ })).toHaveAttribute(
    "href",
    `https://www.oca.com.ar/Busquedas/Envios?numero=${trackingNumber}`,
  );

  // Staff cancel the order: the OCA shipment is cancelled after the order's transaction (the
  // carrier-cancellation job, started at once), and the label is no longer offered.
  await details.getByLabel("Estado del pedido").selectOption("cancelled");
  await expect(staff.getByText("Estado actualizado", { exact: true }).first()).toBeVisible();
  await expect(async () => {
    await staff.reload();
    await row.getByRole("button", { name: /Ver Detalles/ }).click();
    await expect(label).toContainText("Envío anulado con OCA.", { timeout: 1000 });
  }).toPass();
  await expect(label.getByRole("link", { name: /Ver etiqueta/ })).toHaveCount(0);
  expect((await staff.request.get(`/admin/ordenes/${id}/etiqueta`)).status()).toBe(404);
});
