import path from "node:path";
import { type Page, expect, test } from "@playwright/test";
import { orderRow, signInAsAdmin } from "./admin";
import { withInvoicingTurn } from "./invoicing-turn";
import { buyIdeapad } from "./shop";

// [20/25] A clerk sets up ARCA invoicing and invoices an order, against the local ARCA double
// that playwright.config.ts starts (its test CA issued the certificate and key uploaded here):
// Configuración > Facturación, the certificate upload, Probar conexión with ARCA's points of
// sale, Facturar in Admin > Órdenes, the number and CAE, and the Facturación totals.

const sandbox = path.join(process.env.E2E_DATA_DIR!, "arca-sandbox");

test("a clerk uploads the ARCA certificate, tests the connection and invoices a paid order", async ({
  page,
  baseURL,
}) => {
  // Heavy: a purchase, the settings page, and the invoicing job's round (at once after Facturar, else within 30 s).
  test.setTimeout(240_000);
  const email = `factura.${Date.now()}@example.com`;
  const number = await buyIdeapad(page, { email, name: "Tomás", lastName: "Acosta" });

  // The invoicing setting is the whole store's: specs that switch it take turns.
  await withInvoicingTurn(async () => {
    await signInAsAdmin(page);
    await page.goto("/admin/configuracion");
    const card = page.getByRole("region", { name: "Facturación" });
    await expect(card).toContainText("Homologación (pruebas)");
    await card.getByLabel("Cuándo facturar").selectOption("manual");
    await card.getByLabel("Condición frente al IVA de la tienda").selectOption("responsable_inscripto");
    // A CUIT with a wrong check digit is refused with the reason.
    await card.getByLabel("CUIT de la tienda").fill("30-71234567-2");
    await card.getByLabel("Punto de venta").fill("2");
    // High, so that the other specs' checkouts running meanwhile are not asked for a DNI.
    await card.getByLabel("Monto de identificación (Factura B)").fill("10.000.000,00");
    await card.getByRole("button", { name: "Guardar" }).click();
    await expect(card.getByText("El CUIT no es válido: revisá los 11 dígitos.")).toBeVisible();
    await card.getByLabel("CUIT de la tienda").fill("30-71234567-1");
    await card.getByRole("button", { name: "Guardar" }).click();
    await expect(card.getByRole("status")).toHaveText("Cambios guardados.");
    try {
      await uploadAndInvoice(page, email, number);
    } finally {
      // The other specs' orders are not invoiced.
      const off = await page.request.post("/admin/configuracion", {
        headers: { Origin: baseURL! },
        form: {
          intent: "save",
          key: "invoicing",
          mode: "off",
          sellerIvaCondition: "responsable_inscripto",
          puntoVenta: "1",
          identificationThreshold: "10000000",
        },
      });
      expect(off.ok()).toBe(true);
    }
  });
});

async function uploadAndInvoice(page: Page, email: string, number: string) {
  const certificate = page.getByRole("region", { name: "Certificado de ARCA" });
  // (A retry finds the certificate the first attempt uploaded.)
  if (test.info().retry === 0) await expect(certificate).toContainText("Todavía no se cargó un certificado.");
  await certificate.getByLabel("Certificado (.crt o .pem)").setInputFiles(path.join(sandbox, "cert.pem"));
  await certificate.getByLabel("Clave privada (.key)").setInputFiles(path.join(sandbox, "key.pem"));
  await certificate.getByRole("button", { name: "Subir certificado" }).click();
  await expect(certificate.getByTestId("arca-credentials-status")).toContainText("Clave cargada.");
  await expect(certificate.getByTestId("arca-credentials-status")).toContainText("CN=vitec");
  await expect(certificate).not.toContainText("PRIVATE KEY");

  await certificate.getByRole("button", { name: "Probar conexión" }).click();
  await expect(certificate.getByRole("status")).toContainText("Conexión correcta con ARCA.");
  await expect(certificate.getByRole("status")).toContainText(
    "Puntos de venta: 1 (CAE - Ws), 2 (CAE - Ws), 3 (CAE - Ws)",
  );

  // The order: paid (staff confirm the transfer), then Facturar in its details.
  await page.goto(`/admin/ordenes?q=${encodeURIComponent(email)}`);
  const row = orderRow(page, number);
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: /Ver Detalles/ }).click();
  const detailsId = (await row.getByRole("button", { name: /Detalles/ }).getAttribute("aria-controls"))!;
  const details = page.locator(`#${detailsId}`);
  const invoice = details.getByRole("region", { name: "Factura electrónica" });
  await expect(invoice).toContainText("Sin facturar");
  await expect(invoice).toContainText("Se puede facturar cuando el pago está aprobado.");
  await details.getByLabel("Estado del pedido").selectOption("processing");
  await expect(page.getByText("Estado actualizado", { exact: true })).toBeVisible();
  // Above ARCA's identification threshold a final consumer is identified: the buyer's CUIT.
  await details.getByRole("button", { name: "Editar CUIT" }).click();
  await details.getByLabel("CUIT", { exact: true }).fill("20-12345678-6");
  await details.getByRole("button", { name: "Confirmar CUIT" }).click();
  await expect(page.getByText("Actualizado", { exact: true })).toBeVisible();

  // "Sin facturar" lists it.
  await page.goto(`/admin/ordenes?factura=sin&q=${encodeURIComponent(email)}`);
  await expect(orderRow(page, number)).toHaveCount(1);
  // Facturar from the whole list (on the "sin facturar" one, an invoice authorised at once takes its
  // row, and the answer's toast, away).
  await page.goto(`/admin/ordenes?q=${encodeURIComponent(email)}`);
  await orderRow(page, number)
    .getByRole("button", { name: /Ver Detalles/ })
    .click();
  await invoice.getByRole("button", { name: "Facturar" }).click();
  await expect(page.getByText(`La orden #${number} está en cola para facturar.`, { exact: true })).toBeVisible();

  // The job asks the ARCA double at once: the order shows its number and CAE.
  await page.goto(`/admin/ordenes?q=${encodeURIComponent(email)}&open=${detailsId.replace("order-details-", "")}`);
  await expect(async () => {
    await page.reload();
    await expect(invoice).toContainText("Facturada", { timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  // (Another browser test may save the card's point of sale meanwhile: any point of sale.)
  await expect(invoice).toContainText(/Factura B \d{4}-\d{8}/);
  await expect(invoice).toContainText(/CAE\s*\d{14}/);
  const label = (await invoice.getByText(/Factura B \d{4}-\d{8}/).textContent())!;
  await expect(orderRow(page, number)).toContainText(label);

  // Invoiced: no longer "sin facturar", and Facturar again is refused.
  await page.goto(`/admin/ordenes?factura=sin&q=${encodeURIComponent(email)}`);
  await expect(page.getByText("No hay órdenes que coincidan con la búsqueda.")).toBeVisible();

  // Facturación: the invoice in the period's list and totals.
  await page.getByRole("link", { name: "Facturación" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Facturación" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: label })).toHaveCount(1);
  await expect(page.getByTestId("totals-by-type")).toContainText(/Factura B \(\d+\)/);
  await expect(page.getByTestId("totals-by-rate")).toContainText("21 %");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Exportar Libro IVA Ventas (CSV)" }).click();
  expect((await download).suggestedFilename()).toMatch(/^libro-iva-ventas-.*\.csv$/);
}
