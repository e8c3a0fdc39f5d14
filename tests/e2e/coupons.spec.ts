import { expect, test } from "@playwright/test";
import { createFixedCoupon, signInAsAdmin, uniqueWord } from "./admin";
import { addIdeapadToCart, fillCustomer } from "./shop";

// Staff create a coupon in Admin > Cupones; a shopper applies it at checkout, sees the total the
// server will charge, and the order and its confirmation carry it.

test("a coupon created in Admin > Cupones takes its discount off at checkout", async ({ page, browser }) => {
  // A long walk through several screens: more time on a loaded machine.
  test.slow();
  const code = uniqueWord("CUPON").toUpperCase();
  const staff = await (await browser.newContext()).newPage();
  await signInAsAdmin(staff);
  await createFixedCoupon(staff, { code, amount: "50.000", minPurchase: "900.000", uses: "100" });
  const row = staff.getByRole("row").filter({ hasText: code });
  await expect(row).toContainText("$ 50.000,00 de descuento");
  await expect(row).toContainText("0 de 100");
  await expect(row).toContainText("Activo");

  // The shopper: the IdeaPad ($ 849.999) is under the minimum; with two it applies.
  await addIdeapadToCart(page);
  await page.goto("/checkout");
  await fillCustomer(page, `cupon.${Date.now()}@example.com`);
  // Efectivo: the coupon does not add to the transfer discount.
  await page.getByRole("radio", { name: /Efectivo al retirar/ }).check();
  await page.getByRole("button", { name: "¿Tenés un cupón?" }).click();
  await page.getByLabel("¿Tenés un cupón?").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Aplicar" }).click();
  await expect(page.getByText(/Este cupón requiere una compra mínima de \$\s900\.000,00\./)).toBeVisible();
  await expect(page.getByTestId("checkout-total")).toHaveText(/849\.999,00/);

  // A second IdeaPad in the cart, back to the checkout, and the coupon again.
  await addIdeapadToCart(page);
  await page.goto("/checkout");
  await fillCustomer(page, `cupon.${Date.now()}@example.com`);
  await page.getByRole("radio", { name: /Efectivo al retirar/ }).check();
  await page.getByRole("button", { name: "¿Tenés un cupón?" }).click();
  await page.getByLabel("¿Tenés un cupón?").fill(code);
  await page.getByRole("button", { name: "Aplicar" }).click();
  await expect(page.getByText(`Cupón ${code} aplicado`)).toBeVisible();
  const summary = page.getByRole("region", { name: "Resumen del pedido" });
  await expect(summary).toContainText(`Cupón ${code}`);
  await expect(page.getByTestId("checkout-total")).toHaveText(/1\.649\.998,00/);

  await page.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
  await page.getByRole("button", { name: "Confirmar pedido" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "¡Gracias por tu compra!" })).toBeVisible();
  await expect(page.getByText(`Cupón ${code}`)).toBeVisible();
  await expect(page.getByText(/1\.649\.998,00/).first()).toBeVisible();

  // Staff see the use.
  await staff.goto("/admin/cupones");
  await expect(staff.getByRole("row").filter({ hasText: code })).toContainText("1 de 100");
});
