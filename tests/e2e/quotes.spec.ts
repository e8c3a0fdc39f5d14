import { expect, test } from "@playwright/test";
import { cuitCheckDigit } from "../../app/domain/cuit";
import { signInAsAdmin, uniqueWord } from "./admin";
import { addIdeapadToCart, fillCustomer, signUpAndSignIn } from "./shop";

// [25/25] Quotes (ADR 0022 "Quotes"): a reseller's buyer asks for a quote from the cart, staff
// price it in Admin > Cotizaciones, and the buyer accepts it and sees the order at the quoted
// price. The test creates its own account, company (a random valid CUIT) and group.

function randomCuit(): string {
  for (;;) {
    const first10 = `30${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const digit = cuitCheckDigit(first10);
    if (digit !== null && digit < 10) return `${first10}${digit}`;
  }
}

test("a reseller asks for a quote, staff price it and the reseller accepts it into an order", async ({
  page,
  browser,
}) => {
  test.slow();
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
  await staff.getByLabel("Descuento general (%)").fill("0");
  await staff.getByRole("button", { name: "Crear grupo" }).click();
  await expect(staff.getByText("Grupo creado", { exact: true })).toBeVisible();
  await staff.getByRole("link", { name: `Revisar ${legalName}` }).click();
  const review = staff.getByRole("region", { name: `Revisar ${legalName}` });
  await review.getByLabel("Estado").selectOption("approved");
  await review.getByLabel("Grupo de clientes").selectOption({ label: group });
  await review.getByRole("button", { name: "Guardar revisión" }).click();
  await expect(staff.getByText("Empresa revisada", { exact: true })).toBeVisible();

  // The buyer asks for a quote from the cart.
  await addIdeapadToCart(page);
  await page.getByRole("button", { name: /^Abrir carrito/ }).click();
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
  await page.goto("/cuenta?tab=cotizaciones");
  await expect(page.getByRole("link", { name: `Cotización N° ${number}` })).toBeVisible();
});
