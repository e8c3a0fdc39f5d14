import { type Page, expect, test } from "@playwright/test";

function parseARS(text: string): number {
  return Number(text.replace(/[^\d,]/g, "").replace(",", "."));
}

async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.locator("article").locator("p span.text-lg").allTextContents();
  return texts.map(parseARS);
}

test.describe("catalogue", () => {
  test("filters, sorts and pages through the catalogue with the state in the URL", async ({ page }) => {
    await page.goto("/store");
    await expect(page.getByRole("heading", { level: 1, name: "Tienda" })).toBeVisible();
    await expect(page.locator("article")).toHaveCount(12);

    await page.getByRole("complementary", { name: "Filtros" }).getByLabel("Gaming").check();
    await expect(page).toHaveURL(/category=pcol_GAMING/);
    await expect(page.getByRole("heading", { level: 1, name: "Gaming" })).toBeVisible();

    await page.getByLabel("Ordenar por").selectOption("price_asc");
    await expect(page).toHaveURL(/sort=price_asc/);
    await expect(page).toHaveURL(/category=pcol_GAMING/);
    const prices = await cardPrices(page);
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    // The whole catalogue has more than one page: Siguiente goes to page 2, a filter change back to 1.
    await page.goto("/store?sort=price_desc");
    await page.getByRole("navigation", { name: "Paginación" }).getByRole("link", { name: "Siguiente" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole("link", { name: "2", exact: true })).toHaveAttribute("aria-current", "page");
    await page.getByRole("complementary", { name: "Filtros" }).getByLabel("Máximo").fill("100000");
    await page.getByRole("complementary", { name: "Filtros" }).getByRole("button", { name: "Aplicar precio" }).click();
    await expect(page).toHaveURL(/maxPrice=100000/);
    await expect(page).not.toHaveURL(/page=/);
    for (const price of await cardPrices(page)) expect(price).toBeLessThanOrEqual(100000);

    // A page past the last one shows the last page, consistently.
    await page.goto("/store?page=999");
    await expect(page.locator("article").first()).toBeVisible();
    const pagination = page.getByRole("navigation", { name: "Paginación" });
    await expect(pagination.getByRole("link", { name: "Siguiente" })).toHaveCount(0);
    await expect(pagination.getByRole("link", { name: "Anterior" })).toBeVisible();
    await expect(page.getByText("No se encontraron productos.")).toHaveCount(0);

    // Nonsense in the URL falls back to defaults instead of an error page.
    const response = await page.goto("/store?page=-3&minPrice=abc&sort=nope&category=zzz");
    expect(response?.status()).toBe(200);
    await expect(page.locator("article")).toHaveCount(12);
  });
});

test.describe("product and cart", () => {
  test("search, choose an option, add twice, change quantities in the drawer, reload, remove", async ({ page }) => {
    await page.goto("/");
    const search = page.getByRole("searchbox", { name: "Buscar productos" }).first();
    await search.fill("playstation");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=playstation/);
    await page
      .getByRole("link", { name: /PlayStation 5 Slim/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: /PlayStation 5 Slim/ })).toBeVisible();

    const price = page.getByTestId("product-price");
    await expect(price).toHaveText(/1\.199\.999,00/);
    await page.getByText("Digital", { exact: true }).click();
    await expect(price).toHaveText(/999\.999,00/);
    await expect(page.locator("main img").first()).toHaveAttribute("src", /digital/);

    const add = page.getByRole("button", { name: "Agregar al carrito" });
    await add.click();
    await expect(page.getByText("¡Agregado al carrito! 🛒", { exact: true })).toBeVisible();
    await add.click();
    const cartButton = page.getByRole("button", { name: /Abrir carrito/ });
    await expect(cartButton).toContainText("2");

    await cartButton.click();
    const drawer = page.getByRole("dialog", { name: "Carrito de Compras" });
    await expect(drawer).toBeVisible();
    // Same product and same option: one line with quantity 2.
    await expect(drawer.getByRole("listitem")).toHaveCount(1);
    await expect(drawer).toContainText("Edición: Digital");
    await expect(drawer).toContainText("Cantidad: 2");
    await drawer.getByRole("button", { name: "Sumar uno" }).click();
    await expect(drawer).toContainText("Cantidad: 3");
    await expect(drawer).toContainText("2.999.997,00");
    await drawer.getByRole("button", { name: "Restar uno" }).click();
    await expect(drawer).toContainText("Cantidad: 2");
    await expect(drawer).toContainText("1.999.998,00");

    await page.reload();
    await expect(page.getByRole("button", { name: /Abrir carrito/ })).toContainText("2");
    await page.getByRole("button", { name: /Abrir carrito/ }).click();
    await page
      .getByRole("dialog", { name: "Carrito de Compras" })
      .getByRole("button", { name: "Quitar del carrito" })
      .click();
    await expect(page.getByText("Producto eliminado", { exact: true })).toBeVisible();
    await expect(page.getByText("Tu carrito está vacío.")).toBeVisible();
  });

  test("Agregar on a card adds a product with options with each group's first option", async ({ page }) => {
    await page.goto("/search?q=switch");
    await page.getByRole("button", { name: "Agregar Consola Nintendo Switch OLED 64GB al carrito" }).click();
    await expect(page.getByText("🛒 ¡Producto agregado!", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: /Abrir carrito/ }).click();
    const drawer = page.getByRole("dialog", { name: "Carrito de Compras" });
    await expect(drawer).toContainText("Color: Blanca");
    await expect(drawer).toContainText("749.999,00");
    // The server check accepts the line: nothing is flagged as gone.
    await expect(drawer).not.toContainText("Ya no está disponible");
    await expect(drawer.getByRole("link", { name: "Finalizar Compra" })).toBeVisible();
  });

  test("moving from one product to another starts the new one afresh", async ({ page }) => {
    await page.goto("/search?q=switch");
    await page
      .getByRole("link", { name: /Nintendo Switch OLED/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: /Switch OLED/ })).toBeVisible();
    await page.getByText("Neón", { exact: true }).click();
    await page.getByRole("button", { name: "Sumar uno" }).click();
    await expect(page.getByRole("spinbutton", { name: "Cantidad" })).toHaveValue("2");

    await page
      .getByRole("region", { name: "Productos relacionados" })
      .getByRole("link", { name: "Consola PlayStation 5 Slim 1TB", exact: true })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: /PlayStation 5 Slim/ })).toBeVisible();
    await expect(page.getByRole("spinbutton", { name: "Cantidad" })).toHaveValue("1");
    await expect(page.getByRole("radio", { name: "Estándar con lectora" })).toBeChecked();
    await expect(page.getByTestId("product-price")).toHaveText(/1\.199\.999,00/);
    await expect(page.locator("main img").first()).not.toHaveAttribute("src", /neon/);
  });

  test("a missing product answers 404 with the not-found view", async ({ page }) => {
    const response = await page.goto("/product/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "No encontrado" })).toBeVisible();
  });
});
