import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./admin";
import { signUpAndSignIn } from "./shop";

// [25/25] A reseller's group price after hydration on a card, on the product page (one sold with
// options too, its card as well) and in the cart, after a reload too; a guest browsing the same
// pages at the same time sees the public price (ADR 0022).
// The company, its group (10 % off everything) and the accounts are created by the test.

/** A CUIT no other run uses, with a valid check digit. */
function uniqueCuit(): string {
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  for (;;) {
    const body = `30${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const sum = [...body].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
    const check = (11 - (sum % 11)) % 11;
    if (check !== 10) return `${body}${check}`;
  }
}

test("a reseller sees the group price on a card, the product page and the cart; a guest the public price", async ({
  page,
  browser,
}) => {
  test.slow();
  const stamp = Date.now();
  const legalName = `Reventa ${stamp} SRL`;
  const group = `Revendedor ${stamp}`;
  await signUpAndSignIn(page, {
    name: "Mario Reventa",
    email: `reventa.${stamp}@example.com`,
    password: "clave-de-reventa",
  });
  await page.goto("/empresas/registro");
  await page.getByLabel("CUIT").fill(uniqueCuit());
  await page.getByLabel("Razón social").fill(legalName);
  await page.getByLabel("Teléfono").fill("11 4555-1234");
  await page.getByRole("button", { name: "Enviar solicitud" }).click();
  await expect(page.getByText("Recibimos la solicitud de tu empresa", { exact: true })).toBeVisible();

  // Staff put it in a group with 10 % off every product.
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

  // The webcam: $ 119.999 for everyone, $ 107.999,10 for the reseller.
  const guest = await (await browser.newContext()).newPage();
  for (const shopper of [page, guest]) await shopper.goto("/search?q=C920");
  const card = (p: typeof page) => p.getByRole("article").filter({ hasText: "Cámara Web Logitech C920" }).first();
  await expect(card(page).getByTestId("card-price")).toHaveText(/107\.999,10/);
  await expect(card(page)).toContainText("Precio público");
  await expect(card(guest).getByTestId("card-price")).toHaveText(/119\.999/);
  await expect(card(guest)).not.toContainText("107.999,10");

  await page
    .getByRole("link", { name: /Cámara Web Logitech C920/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: /Cámara Web Logitech C920/ })).toBeVisible();
  await expect(page.getByTestId("product-price")).toHaveText(/107\.999,10/);
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await page.getByRole("button", { name: /Abrir carrito/ }).click();
  const drawer = page.getByRole("dialog", { name: "Carrito de Compras" });
  await expect(drawer.getByTestId("cart-line-price")).toHaveText(/107\.999,10/);

  // A product sold with options: its card shows the member's price too (both colours at one price,
  // so no "Desde"), and the page prices the combination picked with the member's list.
  await page.goto("/search?q=switch");
  const switchCard = (p: typeof page) =>
    p.getByRole("article").filter({ hasText: "Consola Nintendo Switch OLED 64GB" }).first();
  await expect(switchCard(page).getByTestId("card-price")).toHaveText(/^\$\s?674\.999,10$/);
  await expect(switchCard(page)).toContainText("Precio público");
  await page
    .getByRole("link", { name: /Consola Nintendo Switch OLED 64GB/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: /Consola Nintendo Switch OLED 64GB/ })).toBeVisible();
  await expect(page.getByTestId("product-price")).toHaveText(/674\.999,10/);

  // After a reload the cart stored in the browser holds no group price: until the drawer's check
  // answers (held here), a line and the total say the price is being worked out, never the public
  // price as the member's; then the member's.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/cart/check", async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await page.getByRole("button", { name: /Abrir carrito/ }).click();
  await expect(drawer.getByTestId("cart-line-price")).toHaveText("Calculando tu precio…");
  await expect(drawer.getByTestId("cart-total")).toHaveText("Calculando tu precio…");
  await expect(drawer).not.toContainText("119.999");
  release();
  await expect(drawer.getByTestId("cart-line-price")).toHaveText(/107\.999,10/);
  await expect(drawer.getByTestId("cart-total")).toHaveText(/107\.999,10/);
  await page.unroute("**/api/cart/check");

  await guest
    .getByRole("link", { name: /Cámara Web Logitech C920/ })
    .first()
    .click();
  await expect(guest.getByRole("heading", { level: 1, name: /Cámara Web Logitech C920/ })).toBeVisible();
  await expect(guest.getByTestId("product-price")).toHaveText(/119\.999/);
  await guest.goto("/search?q=switch");
  await expect(switchCard(guest).getByTestId("card-price")).toHaveText(/^\$\s?749\.999,00$/);
  await expect(switchCard(guest)).not.toContainText("674.999,10");
});
