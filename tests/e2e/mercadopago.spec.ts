import { type Page, expect, test } from "@playwright/test";
import { createFixedCoupon, orderRow, signInAsAdmin, uniqueWord } from "./admin";
import { addIdeapadToCart, fillCustomer } from "./shop";

// Paying online with Mercado Pago, in the browser, against the local double of Mercado Pago
// (playwright.config.ts starts it beside the store): staff turn on an online method, a guest
// pays at the double's checkout page and comes back, the notification marks the order paid.

// Its own name: the demo's manual "Mercado Pago" method stays as it is for the other tests.
const METHOD = "Tarjeta online";

test.describe.configure({ mode: "serial" });

async function buyWithOnlineMethod(page: Page, email: string): Promise<string> {
  await addIdeapadToCart(page);
  await page.goto("/checkout");
  await fillCustomer(page, email);
  await page.getByRole("radio", { name: new RegExp(METHOD) }).check();
  await expect(page.getByText(/Al confirmar te llevamos a Mercado Pago/)).toBeVisible();
  const total = (await page.getByTestId("checkout-total").textContent())!;
  await page.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
  await page.getByRole("button", { name: "Confirmar pedido" }).click();
  // Mercado Pago's checkout (the double), charging what the store priced.
  await expect(page.getByRole("heading", { name: "Mercado Pago (simulado)" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("mp-total")).toHaveText(total.trim());
  return total;
}

test("staff turn on online payment with Mercado Pago", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/configuracion");
  const card = page.getByRole("region", { name: "Métodos de pago" });
  // A retry of this test finds the method there already.
  let row = card.locator(`li:has(input[value="${METHOD}"])`);
  if ((await row.count()) === 0) {
    await card.getByRole("button", { name: "Agregar método de pago" }).click();
    row = card.locator("li").last();
    await row.getByLabel("Nombre").fill(METHOD);
  }
  await row.getByLabel("Tipo").selectOption({ label: "Mercado Pago (pago online)" });
  await expect(row.getByLabel("Vence (min)")).toHaveValue("60");
  await card.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Configuración 'payment_methods' actualizada con éxito.", { exact: true })).toBeVisible();
});

test("a guest pays with Mercado Pago, comes back to '¡Pago aprobado!', and staff see the order paid", async ({
  page,
}) => {
  const email = `mp.aprobado.${Date.now()}@example.com`;
  await buyWithOnlineMethod(page, email);
  await page.getByRole("button", { name: "Pagar (aprobado)" }).click();

  await expect(page).toHaveURL(/\/success\?order=.*status=approved/);
  await expect(page.getByRole("heading", { level: 1, name: "¡Gracias por tu compra!" })).toBeVisible();
  // The notification arrives a moment after the return: the page updates by itself.
  await expect(page.getByRole("heading", { name: "¡Pago aprobado!" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("status").filter({ hasText: /en 3 cuotas/ })).toBeVisible();
  const number = (await page
    .getByText(/^#[0-9a-f]{8}$/)
    .first()
    .textContent())!.slice(1);
  // The cart was emptied before leaving for Mercado Pago.
  await expect(page.getByRole("button", { name: /Abrir carrito, 0 productos/ }).first()).toBeVisible();

  await signInAsAdmin(page);
  await page.goto(`/admin/ordenes?q=${number}&payment=approved`);
  const row = orderRow(page, number);
  await expect(row).toContainText("Pagado");
  await expect(row).toContainText("Procesando");
  await row.getByRole("button", { name: /Ver Detalles/ }).click();
  const panel = page.getByRole("region", { name: "Pago con Mercado Pago" });
  await expect(panel).toContainText("visa");
  await expect(panel).toContainText(/Cuotas\s*3/);
});

test("a guest pays a coupon order for a variant with Mercado Pago: charged the checkout's total, '¡Pago aprobado!', paid in admin at that amount", async ({
  page,
  browser,
}) => {
  const code = uniqueWord("MP").toUpperCase();
  const staff = await (await browser.newContext()).newPage();
  await signInAsAdmin(staff);
  await createFixedCoupon(staff, { code, amount: "10.000" });

  // The IdeaPad with its 8GB memory: a variant with its own stock.
  await addIdeapadToCart(page);
  await page.goto("/checkout");
  await fillCustomer(page, `mp.cupon.${Date.now()}@example.com`);
  await page.getByRole("radio", { name: new RegExp(METHOD) }).check();
  await page.getByRole("button", { name: "¿Tenés un cupón?" }).click();
  await page.getByLabel("¿Tenés un cupón?").fill(code);
  await page.getByRole("button", { name: "Aplicar" }).click();
  await expect(page.getByText(`Cupón ${code} aplicado`)).toBeVisible();
  const total = (await page.getByTestId("checkout-total").textContent())!.trim();
  // $ 849.999,00 - $ 10.000,00 (shipping as the method gives it).
  expect(total).not.toContain("849.999,00");
  await page.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
  await page.getByRole("button", { name: "Confirmar pedido" }).click();

  // Mercado Pago charges what the checkout showed, coupon included.
  await expect(page.getByRole("heading", { name: "Mercado Pago (simulado)" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("mp-total")).toHaveText(total);
  await expect(page.getByText(new RegExp(`Memoria RAM: 8GB.*cupón ${code}`))).toBeVisible();
  await page.getByRole("button", { name: "Pagar (aprobado)" }).click();

  await expect(page).toHaveURL(/\/success\?order=.*status=approved/);
  await expect(page.getByRole("heading", { name: "¡Pago aprobado!" })).toBeVisible({ timeout: 20_000 });
  // Never a second payment offered on the way.
  await expect(page.getByRole("button", { name: /Pagar ahora|Reintentar el pago/ })).toHaveCount(0);
  const number = (await page
    .getByText(/^#[0-9a-f]{8}$/)
    .first()
    .textContent())!.slice(1);

  await staff.goto(`/admin/ordenes?q=${number}`);
  const row = orderRow(staff, number);
  await expect(row).toContainText("Pagado");
  await expect(row).toContainText("Procesando");
  await expect(row).toContainText(total);
  await row.getByRole("button", { name: /Ver Detalles/ }).click();
  const panel = staff.getByRole("region", { name: "Pago con Mercado Pago" });
  await expect(panel).toContainText(total);
  await expect(panel.getByRole("alert")).toHaveCount(0);
});

test("a rejected payment offers 'Reintentar el pago', which goes back to Mercado Pago", async ({ page }) => {
  await buyWithOnlineMethod(page, `mp.rechazado.${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Pagar (rechazado)" }).click();

  await expect(page).toHaveURL(/\/success\?order=.*status=rejected/);
  await expect(page.getByRole("heading", { name: "Tu pago fue rechazado" })).toBeVisible();
  await page.getByRole("button", { name: "Reintentar el pago" }).click();
  await expect(page.getByRole("heading", { name: "Mercado Pago (simulado)" })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Pagar (aprobado)" }).click();
  await expect(page.getByRole("heading", { name: "¡Pago aprobado!" })).toBeVisible({ timeout: 20_000 });
});
