import { type Locator, expect, test } from "@playwright/test";
import { orderRow, signInAsAdmin } from "./admin";
import { addIdeapadToCart, buyIdeapad } from "./shop";

// The store and the admin on a phone (390 x 844, an iPhone 14's viewport), as the spec walk used them.

test.use({ viewport: { width: 390, height: 844 } });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

test("the '¡Agregado al carrito!' toast never covers the cart drawer's first line", async ({ page }) => {
  await addIdeapadToCart(page);
  const toast = page.getByText("¡Agregado al carrito! 🛒", { exact: true });
  await expect(toast).toBeVisible();
  await page
    .getByRole("button", { name: /Abrir carrito/ })
    .first()
    .click();
  const drawer = page.getByRole("dialog", { name: "Carrito de Compras" });
  const firstLine = drawer.getByRole("listitem").first();
  await expect(firstLine).toContainText("IdeaPad 3");
  // Whatever toast is still on screen lies clear of the first line (both measured at the same instant).
  const firstLineBox = await box(firstLine);
  const covering = await page.evaluate((line) => {
    const toasts = [...document.querySelectorAll("li")].filter((li) =>
      li.textContent?.includes("¡Agregado al carrito!"),
    );
    return toasts.some((li) => {
      const r = li.getBoundingClientRect();
      const shown = r.width > 0 && getComputedStyle(li).visibility !== "hidden" && getComputedStyle(li).opacity !== "0";
      return shown && r.x < line.x + line.width && line.x < r.right && r.y < line.y + line.height && line.y < r.bottom;
    });
  }, firstLineBox);
  expect(covering).toBe(false);
  await expect(toast).toBeHidden();
  await expect(firstLine.getByRole("button", { name: /Quitar|Eliminar/ }).first()).toBeVisible();
});

test("Admin > Órdenes: every order's 'Ver Detalles' is within reach and opens its details", async ({ page }) => {
  const number = await buyIdeapad(page, `telefono.${Date.now()}@example.com`);
  await signInAsAdmin(page);
  await page.goto(`/admin/ordenes?q=${number}`);
  const row = orderRow(page, number);
  const details = row.getByRole("button", { name: `Ver Detalles de la orden #${number}` });
  await expect(details).toBeVisible();
  await page.screenshot({ path: "test-results/admin-orders-390.png", fullPage: true });
  // Within the phone's width without scrolling the whole page sideways.
  const reach = await box(details);
  expect(reach.x).toBeGreaterThanOrEqual(0);
  expect(reach.x + reach.width).toBeLessThanOrEqual(390);
  await details.click();
  await expect(row.getByRole("button", { name: `Ocultar Detalles de la orden #${number}` })).toBeVisible();
  await expect(page.getByText("Datos del cliente").first()).toBeVisible();
  // The page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("every admin list fits a phone: the page never scrolls sideways and each table's last column can be reached", async ({
  page,
}) => {
  // A long walk through several screens: more time on a loaded machine.
  test.slow();
  await signInAsAdmin(page);
  for (const path of [
    "/admin/dashboard",
    "/admin/productos",
    "/admin/categorias",
    "/admin/cupones",
    "/admin/ordenes",
    "/admin/clientes",
    "/admin/consultas",
    "/admin/opiniones",
    "/admin/auditoria",
    "/admin/configuracion",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    for (const table of await page.getByRole("table").all()) {
      // The table scrolls inside its own box: its last header (Acciones, most often) comes into view.
      const last = table.getByRole("columnheader").last();
      if ((await last.count()) === 0) continue;
      await last.scrollIntoViewIfNeeded();
      const reach = await box(last);
      expect(reach.x + reach.width, `${path}: ${await last.textContent()}`).toBeLessThanOrEqual(391);
    }
  }
});
