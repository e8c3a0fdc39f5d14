import { expect, test } from "@playwright/test";
import { signInAsAdmin, uniqueWord } from "./admin";
import { addIdeapadToCart, signUpAndSignIn } from "./shop";

// The cache of public storefront pages (ADR 0005) through the real server: every visitor gets the
// page from the cache, an admin's change shows at once, and what is personal comes from the browser.

test("an anonymous visitor gets the cached product page, and the admin's new price at once", async ({
  page,
  browser,
  baseURL,
}) => {
  const word = uniqueWord("Cache");
  const name = `Router ${word} WiFi 6`;
  await signInAsAdmin(page);
  await page.goto("/admin/productos");
  await page.getByRole("button", { name: "Agregar Producto" }).click();
  const dialog = page.getByRole("dialog", { name: "Nuevo Producto" });
  await dialog.getByRole("textbox", { name: "Nombre", exact: true }).fill(name);
  await dialog.getByRole("textbox", { name: "Precio", exact: true }).fill("10000");
  await dialog.getByRole("spinbutton", { name: "Stock", exact: true }).fill("5");
  await dialog.getByLabel("Estado").selectOption("published");
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(dialog).toBeHidden();

  // A visitor with no cookies at all.
  const visitor = await browser.newContext({ baseURL, locale: "es-AR" });
  const anonymous = await visitor.newPage();
  await anonymous.goto(`/search?q=${encodeURIComponent(word)}`);
  await anonymous
    .getByRole("link", { name: new RegExp(name) })
    .first()
    .click();
  await expect(anonymous.getByRole("heading", { level: 1, name })).toBeVisible();
  const productUrl = anonymous.url();
  // Served from the cache on a repeat visit (polled: another test's change elsewhere in the store
  // may renew the cache between two visits).
  await expect
    .poll(async () => (await anonymous.goto(productUrl))?.headers()["x-page-cache"], { timeout: 10_000 })
    .toBe("hit");
  await expect(anonymous.getByText(/\$\s10\.000,00/).first()).toBeVisible();

  // The admin changes the price.
  await page.getByLabel("Buscar por nombre o SKU").fill(word);
  const row = page.getByRole("row").filter({ hasText: name });
  await row.getByRole("button", { name: `Editar ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Editar Producto" });
  await edit.getByRole("textbox", { name: "Precio", exact: true }).fill("12500");
  await edit.getByRole("button", { name: "Guardar" }).click();
  await expect(edit).toBeHidden();

  // The visitor's very next visit shows it.
  const after = await anonymous.goto(productUrl);
  expect(after?.headers()["x-page-cache"]).toBe("miss");
  await expect(anonymous.getByText(/\$\s12\.500,00/).first()).toBeVisible();

  // A signed-in visitor (here the admin) gets the same public page from the cache; the account
  // link in the header comes from /api/viewer, asked for by the browser.
  await expect
    .poll(async () => (await page.goto(productUrl))?.headers()["x-page-cache"], { timeout: 10_000 })
    .toBe("hit");
  await expect(page.getByRole("link", { name: "Mi cuenta" }).first()).toBeVisible();
  await visitor.close();
});

test("a signed-in customer gets the cached pages with their own account and saved checkout data", async ({ page }) => {
  const email = `cacheada.${Date.now()}@example.com`;
  await signUpAndSignIn(page, { name: "Paula Cacheada", email, password: "una-clave-segura" });
  const home = await page.goto("/");
  expect(home?.headers()["x-page-cache"]).toMatch(/hit|miss/);
  await expect(page.getByRole("link", { name: "Mi cuenta" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Ingresar" })).toHaveCount(0);

  // The checkout is public too: the form comes filled with the account's data, and offers no new account.
  await addIdeapadToCart(page);
  const checkout = await page.goto("/checkout");
  expect(checkout?.headers()["x-page-cache"]).toMatch(/hit|miss/);
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await expect(page.getByLabel("Nombre", { exact: true })).toHaveValue("Paula");
  await expect(page.getByLabel(/Crear una cuenta con estos datos/)).toHaveCount(0);

  // Signed out, the same pages show the visitor's header again.
  await page.goto("/cuenta");
  await page.getByRole("button", { name: "Cerrar sesión" }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Ingresar" }).first()).toBeVisible();
});
