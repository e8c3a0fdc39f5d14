import { expect, test } from "@playwright/test";
import { cuitCheckDigit } from "../../app/domain/cuit";
import { orderRow, signInAsAdmin, uniqueWord } from "./admin";
import { saveInvoicingMode, withInvoicingTurn } from "./invoicing-turn";
import { addIdeapadToCart, fillCustomer, signUpAndSignIn } from "./shop";

// [25/25] The reseller's walk (ADR 0022): a reseller's buyer signs in and sees the group's price
// in the cart, asks for a quote from it, staff price it in Admin > Cotizaciones, and the buyer
// accepts it into an order at the quoted price, paid by transfer and invoiced to the company
// with a Factura A. The test creates its own account, company (a random valid CUIT) and group.

function randomCuit(): string {
  for (;;) {
    const first10 = `30${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const digit = cuitCheckDigit(first10);
    if (digit !== null && digit < 10) return `${first10}${digit}`;
  }
}

test("a reseller sees its prices, asks for a quote, staff price it, and the accepted order gets a Factura A", async ({
  page,
  browser,
  baseURL,
}) => {
  // Long: two people's walks, and a turn at the store's invoicing setting (invoicing-turn.ts).
  test.setTimeout(300_000);
  const email = `cotiza.${Date.now()}@example.com`;
  const legalName = `Cotizadora ${uniqueWord("q")} SRL`;
  const group = `Revendedor ${uniqueWord("g")}`;
  await signUpAndSignIn(page, { name: "Pablo Ruiz", email, password: "clave-de-cotizacion" });
  await page.goto("/empresas/registro");
  await page.getByLabel("CUIT").fill(randomCuit());
  await page.getByLabel("Razón social").fill(legalName);
  await page.getByLabel("Teléfono").fill("11 4555-1234");
  await page.getByRole("button", { name: "Enviar solicitud" }).click();
  await expect(page.getByText("Recibimos la solicitud de tu empresa", { exact: true })).toBeVisible();

  // Staff approve the company into a group of its own.
  const staff = await (await browser.newContext()).newPage();
  await signInAsAdmin(staff);
  await staff.goto("/admin/empresas");
  await staff.getByLabel("Nuevo grupo").fill(group);
  await staff.getByLabel("Descuento general (%)").fill("10");
  await staff.getByRole("button", { name: "Crear grupo" }).click();
  await expect(staff.getByText("Grupo creado", { exact: true })).toBeVisible();
  await staff.getByRole("link", { name: `Revisar ${legalName}` }).click();
  const review = staff.getByRole("region", { name: `Revisar ${legalName}` });
  await review.getByLabel("Estado").selectOption("approved");
  await review.getByLabel("Grupo de clientes").selectOption({ label: group });
  await review.getByRole("button", { name: "Guardar revisión" }).click();
  await expect(staff.getByText("Empresa revisada", { exact: true })).toBeVisible();

  // The buyer sees the group's price in the cart (the IdeaPad 8GB: $ 849.999 public, 10 % off),
  // and asks for a quote from it.
  await addIdeapadToCart(page);
  // The product page prices the combination picked: 16GB is $ 929.999 public.
  await expect(page.getByTestId("product-price")).toHaveText(/764\.999,10/);
  const memory = page.getByRole("group", { name: "Memoria RAM" });
  await memory.getByText("16GB", { exact: true }).click();
  await expect(page.getByTestId("product-price")).toHaveText(/836\.999,10/);
  await memory.getByText("8GB", { exact: true }).click();
  await expect(page.getByTestId("product-price")).toHaveText(/764\.999,10/);
  await page.getByRole("button", { name: /^Abrir carrito/ }).click();
  const drawer = page.getByRole("dialog", { name: "Carrito de Compras" });
  await expect(drawer.getByTestId("cart-line-price")).toHaveText(/764\.999,10/);
  await page.getByRole("link", { name: "Pedir cotización" }).click();
  await expect(page.getByRole("heading", { name: "Pedir cotización" })).toBeVisible();
  await expect(page.getByText(legalName)).toBeVisible();
  await page.getByLabel(/Nota para nuestro equipo/).fill("Necesitamos 1 para la oficina, ¿precio especial?");
  await page.getByRole("button", { name: "Pedir cotización" }).click();
  await expect(page.getByText(/^Pediste la cotización N° \d+$/)).toBeVisible();
  const heading = await page.getByRole("heading", { level: 1, name: /^Cotización N° \d+$/ }).textContent();
  const number = heading!.replace(/\D/g, "");
  await expect(page.getByText("Pedida", { exact: true })).toBeVisible();
  const quoteUrl = page.url();

  // Staff price it in Admin > Cotizaciones.
  await staff.getByRole("navigation", { name: "Administración" }).getByRole("link", { name: "Cotizaciones" }).click();
  await staff.getByRole("link", { name: `Cotización ${number}`, exact: true }).click();
  await expect(staff.getByRole("heading", { name: `Cotización ${number}` })).toBeVisible();
  await expect(staff.getByText("Necesitamos 1 para la oficina").first()).toBeVisible();
  await staff.getByLabel(/^Precio cotizado de .*IdeaPad/).fill("700.000");
  await staff.getByLabel("Válida hasta").fill("2099-12-31");
  await staff.getByLabel(/Condiciones/).fill("Entrega en 48 h hábiles.");
  await staff.getByRole("button", { name: "Enviar cotización" }).click();
  await expect(staff.getByText(`Cotización N° ${number} enviada.`, { exact: true })).toBeVisible();
  await expect(staff.getByText("Enviada", { exact: true }).first()).toBeVisible();

  // The buyer sees it priced, and accepts it.
  await page.goto(quoteUrl);
  await expect(page.getByText("Enviada", { exact: true })).toBeVisible();
  await expect(page.getByTestId("quote-total")).toHaveText(/700\.000/);
  await expect(page.getByText("Válida hasta el 31/12/2099").first()).toBeVisible();
  await fillCustomer(page, email);
  await page.getByLabel("Envío").selectOption("Envío a domicilio CABA y GBA");
  await page.getByLabel("Medio de pago").selectOption({ label: "Transferencia bancaria" });
  await page.getByRole("button", { name: "Aceptar cotización" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "¡Gracias por tu compra!" })).toBeVisible();

  // The quote is accepted and its order, at the quoted price, says where it came from.
  await page.goto(quoteUrl);
  await expect(page.getByText("Aceptada", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Aceptar cotización" })).toHaveCount(0);
  await page.getByRole("link", { name: "Ver el pedido" }).click();
  await expect(page.getByText(`Desde la cotización ${number}`)).toBeVisible();
  await expect(page.getByText(/700\.000/).first()).toBeVisible();
  const orderUrl = page.url();
  const orderId = orderUrl.split("/").pop()!;
  await page.goto("/cuenta?tab=cotizaciones");
  await expect(page.getByRole("link", { name: `Cotización N° ${number}` })).toBeVisible();

  // Staff confirm the transfer with the store invoicing on payment: the company gets a Factura A
  // to its CUIT, which the buyer finds in Mi Cuenta once ARCA authorised it.
  await withInvoicingTurn(async () => {
    await saveInvoicingMode(staff, baseURL!, "on_payment");
    try {
      const orderNumber = orderId.slice(0, 8);
      await staff.goto(`/admin/ordenes?q=${orderNumber}`);
      const row = orderRow(staff, orderNumber);
      await row.getByRole("button", { name: /Ver Detalles/ }).click();
      await staff.locator(`#order-details-${orderId}`).getByLabel("Estado del pedido").selectOption("processing");
      await expect(staff.getByText("Estado actualizado", { exact: true })).toBeVisible();
      await expect(async () => {
        await page.goto(orderUrl);
        await expect(page.getByRole("link", { name: "Descargar factura" })).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
    } finally {
      await saveInvoicingMode(staff, baseURL!, "off");
    }
  });
  const invoices = page.getByRole("region", { name: "Comprobantes" });
  await expect(invoices).toContainText(/Factura A\s*\d{5}-\d{8}/);
  await invoices.getByRole("link", { name: "Ver" }).click();
  await expect(page.getByTestId("invoice-letter")).toHaveText("A");
  await expect(page.getByText(legalName).first()).toBeVisible();
});
