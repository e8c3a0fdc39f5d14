import { expect, test } from "@playwright/test";

test("a visitor's wishlist is kept in the browser and joins the account at sign-in", async ({ page }) => {
  await page.goto("/search?q=playstation");
  await page
    .getByRole("link", { name: /PlayStation 5 Slim/ })
    .first()
    .click();
  const heart = page.getByRole("button", { name: /mi lista de deseos/ }).first();
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  const productUrl = page.url();

  // Still there after a reload, as a visitor.
  await page.reload();
  await expect(page.getByRole("button", { name: /mi lista de deseos/ }).first()).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  const email = `deseos.${Date.now()}@example.com`;
  await page.goto("/login?mode=signup");
  await page.getByLabel("Nombre completo").fill("Paula Deseos");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Contraseña").fill("una-clave-segura");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
  await page.getByLabel("Contraseña").fill("una-clave-segura");
  await page.getByRole("button", { name: "Ingresar" }).click();
  await expect(page.getByText("¡Bienvenido de nuevo!", { exact: true })).toBeVisible();

  // The merge moved the list into the account: the browser's copy is emptied...
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem("vitec_wishlist_v1"))).toBeNull();
  // ...and the product is still on the list, now from the server.
  await page.goto(productUrl);
  await expect(page.getByRole("button", { name: /mi lista de deseos/ }).first()).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  // Mi Cuenta lists it; its editions differ in price ([22/25]: "Desde"), so the card leads to
  // its page to choose one, and from there to the cart. Taking it off the list empties the tab.
  await page.goto("/cuenta?tab=deseos");
  const tab = page.getByRole("tabpanel", { name: "Lista de deseos" });
  await expect(tab.getByRole("link", { name: "Consola PlayStation 5 Slim 1TB", exact: true })).toBeVisible();
  await expect(tab.getByText(/^Desde \$/)).toBeVisible();
  await tab.getByRole("link", { name: /Elegir opciones de .*PlayStation 5 Slim/ }).click();
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await expect(page.getByRole("button", { name: /Abrir carrito/ })).toContainText("1");
  await page.goto("/cuenta?tab=deseos");
  await tab.getByRole("button", { name: /mi lista de deseos/ }).click();
  await expect(tab).toContainText("Todavía no guardaste productos.");
});
