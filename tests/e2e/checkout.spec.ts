import { expect, test } from "@playwright/test";
import { addIdeapadFromSearch, fillCustomer } from "./shop";

// The demo product used here: Notebook Lenovo IdeaPad 3 at $ 849.999,00 (8GB option), stock 14.

test.describe("checkout", () => {
  test("a guest buys with a bank transfer, sees the confirmation, and still sees it after a reload", async ({
    page,
  }) => {
    await addIdeapadFromSearch(page);
    await page.getByRole("button", { name: /Abrir carrito/ }).click();
    await page
      .getByRole("dialog", { name: "Carrito de Compras" })
      .getByRole("link", { name: "Finalizar Compra" })
      .click();

    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole("heading", { level: 1, name: "Finalizar compra" })).toBeVisible();
    const summary = page.getByRole("region", { name: "Resumen del pedido" });
    await expect(summary).toContainText("IdeaPad 3");
    // The first shipping method (pickup) is free and the first payment method, a transfer, takes
    // 10 % off: the total is the server's price of the notebook less 84.999,90.
    await expect(page.getByTestId("checkout-total")).toHaveText(/764\.999,10/);
    await expect(summary).toContainText("-$ 84.999,90");

    await fillCustomer(page, `invitada.${Date.now()}@example.com`);
    // The postal code decides which methods reach the address and what they cost there.
    const shippingGroup = page.getByRole("group", { name: "Método de envío" });
    await expect(shippingGroup.getByText("Envío a todo el país")).toHaveCount(0);
    await page.getByLabel("Código postal", { exact: true }).fill("Q8300");
    await expect(shippingGroup).toContainText("Costos para Neuquén");
    await expect(shippingGroup.getByText("Envío a domicilio CABA y GBA")).toHaveCount(0);
    await expect(shippingGroup.getByLabel(/Envío a todo el país/)).toBeVisible();
    await expect(shippingGroup).toContainText("16.900,00");
    await page.getByLabel("Código postal", { exact: true }).fill("C1043");
    await page.getByLabel(/Envío a domicilio CABA y GBA/).check();
    await expect(page.getByTestId("checkout-total")).toHaveText(/771\.499,10/);
    // Without the transfer there is no discount.
    await page.getByLabel("Mercado Pago").check();
    await expect(page.getByTestId("checkout-total")).toHaveText(/856\.499,00/);
    await page.getByLabel(/Transferencia bancaria/).check();
    await expect(page.getByTestId("checkout-total")).toHaveText(/771\.499,10/);
    await expect(page.getByText("VITEC.TIENDA.PESOS")).toBeVisible();
    await expect(page.getByText("Vitec S.R.L.")).toBeVisible();
    await expect(page.getByText(/Enviá el comprobante a/)).toContainText("ventas@vitec.com.ar");

    const submit = page.getByRole("button", { name: "Confirmar pedido" });
    await expect(submit).toBeDisabled();
    await expect(page.getByRole("main").getByRole("link", { name: /Términos y Condiciones/ })).toHaveAttribute(
      "href",
      "/terminos-y-condiciones",
    );
    await expect(page.getByRole("main").getByRole("link", { name: /Política de Privacidad/ })).toHaveAttribute(
      "href",
      "/politica-de-privacidad",
    );
    await page.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
    await expect(submit).toBeEnabled();
    await submit.click();

    await expect(page).toHaveURL(/\/success\?order=[0-9a-f-]{36}&token=[0-9a-f]{64}$/);
    await expect(page.getByRole("heading", { level: 1, name: "¡Gracias por tu compra!" })).toBeVisible();
    const number = (await page
      .getByText(/^#[0-9a-f]{8}$/)
      .first()
      .textContent())!;
    expect(page.url()).toContain(`order=${number.slice(1)}`);
    await expect(page.getByText("VITEC.TIENDA.PESOS")).toBeVisible();
    await expect(page.getByText(/Enviá el comprobante a/)).toContainText("ventas@vitec.com.ar");
    await expect(page.getByText("Envío a domicilio CABA y GBA").first()).toBeVisible();
    await expect(page.locator("main")).toContainText("771.499,10");
    await expect(page.locator("main")).toContainText("Descuento por pago con transferencia");
    await expect(page.getByRole("link", { name: "Seguir comprando" })).toHaveAttribute("href", "/store");
    await expect(page.getByRole("button", { name: "Imprimir" })).toBeVisible();
    // The cart was emptied.
    await expect(page.getByRole("button", { name: "Abrir carrito, 0 productos" })).toBeVisible();

    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "¡Gracias por tu compra!" })).toBeVisible();
    await expect(page.getByText(number, { exact: true }).first()).toBeVisible();

    // Without the right token, nobody else sees it.
    const other = await page.goto(page.url().replace(/token=[0-9a-f]+/, `token=${"0".repeat(64)}`));
    expect(other?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "No encontramos tu pedido." })).toBeVisible();
    await expect(page.getByRole("link", { name: "Volver al inicio" })).toHaveAttribute("href", "/");
  });

  test("the product page shows the transfer price and quotes shipping by postal code, which checkout keeps", async ({
    page,
  }) => {
    await addIdeapadFromSearch(page);
    await expect(page.getByTestId("discount-price")).toHaveText("$ 764.999,10 con transferencia (10 % de descuento)");
    const quote = page.getByRole("region", { name: "Calculá el costo de envío" });
    await quote.getByLabel("Código postal").fill("hola");
    await quote.getByRole("button", { name: "Calcular" }).click();
    await expect(quote).toContainText("Ingresá un código postal válido");
    await quote.getByLabel("Código postal").fill("X5000");
    await quote.getByRole("button", { name: "Calcular" }).click();
    await expect(quote).toContainText("Envíos a Córdoba:");
    await expect(quote.getByRole("listitem").filter({ hasText: "Envío a todo el país" })).toContainText("12.900,00");
    await expect(quote.getByRole("listitem").filter({ hasText: "Retiro en local" })).toContainText("Gratis");
    await expect(quote.getByRole("listitem").filter({ hasText: "CABA y GBA" })).toHaveCount(0);

    await page.goto("/checkout");
    await expect(page.getByLabel("Código postal", { exact: true })).toHaveValue("X5000");
    await expect(page.getByRole("group", { name: "Método de envío" })).toContainText("Costos para Córdoba");
  });

  test("an empty cart shows a message and a link to the store", async ({ page }) => {
    await page.goto("/checkout");
    await expect(page.getByText("Tu carrito está vacío.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Ir a la tienda" })).toHaveAttribute(
      "href",
      "/store",
    );
  });

  test("a failed account creation shows the error and places no order", async ({ page }) => {
    await addIdeapadFromSearch(page);
    await page.goto("/checkout");
    await fillCustomer(page, "admin@vitec.com.ar"); // the demo admin's e-mail is taken
    await page.getByLabel(/Crear una cuenta con estos datos/).check();
    await page.getByLabel("Contraseña", { exact: true }).fill("una-clave-segura");
    await page.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
    await page.getByRole("button", { name: "Confirmar pedido" }).click();

    await expect(
      page.getByText("Error al crear cuenta: Ya existe una cuenta con ese email.", { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);
    // Nothing was bought: the cart is still there.
    await expect(page.getByRole("button", { name: "Abrir carrito, 1 producto" })).toBeVisible();
  });

  test("a shopper creates an account at checkout and then finds the order in Mi Cuenta", async ({ page }) => {
    const email = `cuenta.${Date.now()}@example.com`;
    await addIdeapadFromSearch(page);
    await page.goto("/checkout");
    await fillCustomer(page, email);
    await page.getByLabel(/Crear una cuenta con estos datos/).check();
    await page.getByLabel("Contraseña", { exact: true }).fill("una-clave-segura");
    await page.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
    await page.getByRole("button", { name: "Confirmar pedido" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "¡Gracias por tu compra!" })).toBeVisible();
    const number = (await page
      .getByText(/^#[0-9a-f]{8}$/)
      .first()
      .textContent())!;

    await page.goto("/cuenta");
    await expect(page.getByRole("heading", { level: 1, name: "Mi Cuenta" })).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
    await expect(page.getByLabel("Nombre completo")).toHaveValue("Lucía Fernández");
    await page.getByRole("tab", { name: "Mis pedidos" }).click();
    const order = page.getByRole("article", { name: `Pedido ${number}` });
    await expect(order).toContainText("Pendiente");
    await expect(order).toContainText(/1 × Notebook Lenovo IdeaPad 3/);
    await expect(order).toContainText("764.999,10");
    await order.getByRole("link", { name: "Ver Detalles" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Pedido ${number}` })).toBeVisible();
    await expect(page.locator("main")).toContainText("Retiro en local");

    await page.goto("/cuenta");
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/cuenta");
    await expect(page).toHaveURL(/\/login/);
  });
});
