import { expect, test } from "@playwright/test";

test("the category grid shows the top-level categories, each linking to its catalogue", async ({ page }) => {
  await page.goto("/");
  const grid = page.locator("section[aria-labelledby='categorias'] ul").first();
  const tiles = grid.getByRole("link");
  await expect(tiles.first()).toHaveText("Notebooks");
  await expect(grid.getByRole("link", { name: "Gaming" })).toHaveAttribute("href", "/store?category=pcol_GAMING");
  await expect(grid.getByRole("link", { name: "Teclados" })).toHaveAttribute("href", "/store?category=pcol_TECLADOS");
  // Only top-level categories (other browser tests may add some: the demo's 10 are the least).
  expect(await tiles.count()).toBeGreaterThanOrEqual(10);
  for (const href of await tiles.evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
    expect(href).toMatch(/^\/store\?category=[^&]+$/);
  }
  // A subcategory (Consolas, under Gaming) is not a tile.
  await expect(grid.getByRole("link", { name: "Consolas" })).toHaveCount(0);
});

test("the brand ticker's button says whether it pauses or resumes", async ({ page }) => {
  await page.goto("/");
  const button = page.getByRole("button", { name: "Pausar marcas" });
  await button.click();
  await expect(page.getByRole("button", { name: "Reanudar marcas" })).toBeVisible();
  await page.getByRole("button", { name: "Reanudar marcas" }).click();
  await expect(page.getByRole("button", { name: "Pausar marcas" })).toBeVisible();
});

test.describe("footer on a phone", () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test("the sections fold with JavaScript", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    const toggle = footer.getByRole("button", { name: "Información" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(footer.getByRole("link", { name: "Políticas de Envío" })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(footer.getByRole("link", { name: "Políticas de Envío" })).toBeVisible();
  });

  test("every section is reachable without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await page.goto("/");
    const footer = page.locator("footer");
    await expect(footer.getByRole("heading", { name: "Información" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Políticas de Envío" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Tienda", exact: true })).toBeVisible();
    await expect(footer.locator("address")).toBeVisible();
    await context.close();
  });
});
