import { expect, test } from "@playwright/test";
import { signInAsAdmin, uniqueWord } from "./admin";

// The cache of anonymous storefront pages (ADR 0005) through the real server: a visitor without
// cookies gets the page from the cache, and an admin's change shows to that visitor at once.

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
  await dialog.getByRole("spinbutton", { name: "Precio", exact: true }).fill("10000");
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
  await anonymous.goto(productUrl);
  const again = await anonymous.goto(productUrl);
  expect(again?.headers()["x-page-cache"]).toBe("hit");
  await expect(anonymous.getByText(/\$\s10\.000,00/).first()).toBeVisible();

  // The admin changes the price.
  await page.getByLabel("Buscar por nombre o SKU").fill(word);
  const row = page.getByRole("row").filter({ hasText: name });
  await row.getByRole("button", { name: `Editar ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Editar Producto" });
  await edit.getByRole("spinbutton", { name: "Precio", exact: true }).fill("12500");
  await edit.getByRole("button", { name: "Guardar" }).click();
  await expect(edit).toBeHidden();

  // The visitor's very next visit shows it.
  const after = await anonymous.goto(productUrl);
  expect(after?.headers()["x-page-cache"]).toBe("miss");
  await expect(anonymous.getByText(/\$\s12\.500,00/).first()).toBeVisible();

  // The signed-in admin never gets the visitor's cached copy.
  const own = await page.goto(productUrl);
  expect(own?.headers()["x-page-cache"]).toBeUndefined();
  await visitor.close();
});
