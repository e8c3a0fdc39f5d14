import { type Page, expect, test } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { decodeQrUrl } from "../../app/domain/arca-qr";
import { orderRow, signInAsAdmin } from "./admin";
import { saveInvoicingMode, withInvoicingTurn } from "./invoicing-turn";
import { addIdeapadToCart, fillCustomer } from "./shop";

// Electronic invoicing in the browser, against the local double of ARCA (playwright.config.ts
// starts it beside the store): the store invoices when a payment is approved; a Responsable
// inscripto buyer pays by transfer, staff confirm the payment, and the order shows its Factura A
// with ARCA's CAE; the PDF opens, and the invoice's QR code decodes to ARCA's JSON for it.

test("a Responsable inscripto buyer gets a Factura A with its CAE, its PDF and ARCA's QR", async ({
  page,
  browser,
  baseURL,
}) => {
  // Long enough to wait for the invoicing turn of another spec (invoicing-turn.ts).
  test.setTimeout(240_000);
  // Staff: the store invoices when the payment is approved (Configuración > Facturación's setting).
  const staff = await (await browser.newContext()).newPage();
  await signInAsAdmin(staff);
  await withInvoicingTurn(async () => {
    await saveInvoicingMode(staff, baseURL!, "on_payment");
    try {
      await buyAndCheckFacturaA(page, staff);
    } finally {
      // The other specs' orders are not invoiced.
      await saveInvoicingMode(staff, baseURL!, "off");
    }
  });
});

async function buyAndCheckFacturaA(page: Page, staff: Page) {
  // The buyer: a company, Responsable inscripto, with its CUIT; an account made at checkout.
  const email = `factura.${Date.now()}@example.com`;
  await addIdeapadToCart(page);
  await page.goto("/checkout");
  await fillCustomer(page, email);
  await page.getByLabel(/^CUIT/).fill("20-12345678-6");
  await page.getByLabel(/^Empresa/).fill("Fernández Sistemas SRL");
  await page.getByLabel("Condición frente al IVA").selectOption("responsable_inscripto");
  await expect(page.getByText("Te enviamos Factura A.")).toBeVisible();
  await page.getByLabel(/Crear una cuenta con estos datos/).check();
  await page.getByLabel("Contraseña", { exact: true }).fill("clave-segura-123");
  await page.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
  await page.getByRole("button", { name: "Confirmar pedido" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "¡Gracias por tu compra!" })).toBeVisible();
  await expect(page.getByText(/Factura A/).first()).toBeVisible();
  const number = (await page
    .getByText(/^#[0-9a-f]{8}$/)
    .first()
    .textContent())!.slice(1);

  // Staff confirm the transfer: the order goes to Procesando and its factura is queued.
  await staff.goto(`/admin/ordenes?q=${number}`);
  const row = orderRow(staff, number);
  await row.getByRole("button", { name: /Ver Detalles/ }).click();
  const id = (await row.getByRole("button", { name: /Detalles/ }).getAttribute("aria-controls"))!.replace(
    "order-details-",
    "",
  );
  await staff.locator(`#order-details-${id}`).getByLabel("Estado del pedido").selectOption("processing");
  await expect(staff.getByText("Estado actualizado", { exact: true })).toBeVisible();

  // The buyer's order in Mi Cuenta shows the Factura A once ARCA authorised it (the job asks every second).
  await expect(async () => {
    await page.goto(`/cuenta/pedidos/${id}`);
    await expect(page.getByRole("link", { name: "Descargar factura" })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const invoices = page.getByRole("region", { name: "Comprobantes" });
  await expect(invoices).toContainText(/Factura A\s*00001-\d{8}/);

  // The printable invoice: letter A, its CAE, and the QR image.
  await invoices.getByRole("link", { name: "Ver" }).click();
  await expect(page.getByTestId("invoice-letter")).toHaveText("A");
  const cae = (await page.getByTestId("invoice-cae").textContent())!;
  expect(cae).toMatch(/^\d{14}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Factura A/);
  const shownNumber = (await page.getByText(/^N° \d{5}-\d{8}$/).textContent())!;

  // The PDF opens.
  const pdfHref = (await page.getByRole("link", { name: "Descargar PDF" }).getAttribute("href"))!;
  const pdf = await page.request.get(pdfHref);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // The QR code, read from its image (whole modules and a quiet zone, as a phone reads it), is ARCA's JSON for this invoice.
  const src = (await page.getByRole("img", { name: "Código QR de ARCA del comprobante" }).getAttribute("src"))!;
  const png = PNG.sync.read(Buffer.from(src.replace(/^data:image\/png;base64,/, ""), "base64"));
  const scanned = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(scanned).not.toBeNull();
  const [ptoVta, nro] = shownNumber.replace("N° ", "").split("-").map(Number);
  expect(decodeQrUrl(scanned!.data)).toEqual({
    ver: 1,
    fecha: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    cuit: 30712345671,
    ptoVta,
    tipoCmp: 1,
    nroCmp: nro,
    importe: expect.any(Number),
    moneda: "PES",
    ctz: 1,
    tipoDocRec: 80,
    nroDocRec: 20123456786,
    tipoCodAut: "E",
    codAut: Number(cae),
  });
}
