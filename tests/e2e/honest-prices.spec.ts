import { type Locator, type Page, expect, test } from "@playwright/test";
import { DEMO_ADMIN, signInAsAdmin, uniqueWord } from "./admin";

// [22/25] Honest prices (ADR 0019): financed prices state their cost with the CFT in the largest
// type (Res. SC 51-E/2017), and a sale only strikes a regular price that held 30 days before it.

async function openHpNotebook(page: Page) {
  await page.goto("/search?q=15-fd0000la");
  await page
    .getByRole("link", { name: /Notebook HP 15-fd0000la/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: /Notebook HP 15-fd0000la/ })).toBeVisible();
}

const fontSize = (locator: Locator) => locator.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));

test("a 15 % plan in six cuotas shows precio contado, the cuotas, total financiado, TEA and the CFT five times their size", async ({
  page,
}) => {
  await openHpNotebook(page);
  await page.getByLabel("Financiación").selectOption({ label: "6 cuotas" });
  const terms = page.getByTestId("installment-line");
  await expect(terms.getByTestId("cash-price")).toHaveText("$ 649.999,00");
  await expect(terms.getByTestId("installment-amount")).toHaveText("6 cuotas de $ 124.583,14");
  await expect(terms.getByTestId("financed-total")).toHaveText("$ 747.498,85");
  await expect(terms.getByTestId("tea")).toHaveText("TEA 50,14 %");
  await expect(terms.getByTestId("cft")).toHaveText("CFT 62,81 %");
  await expect(terms).not.toContainText(/sin inter[eé]s/i);

  const cft = await fontSize(terms.getByTestId("cft"));
  expect(cft).toBeGreaterThanOrEqual(5 * (await fontSize(terms.getByTestId("installment-amount"))));
  expect(cft).toBeGreaterThanOrEqual(5 * (await fontSize(terms.getByTestId("tea"))));
});

test("a sale that has just begun shows the sale price alone, with no struck-through antes price", async ({ page }) => {
  // The demo catalogue is seeded when the server starts: its sale prices are all fresh.
  await openHpNotebook(page);
  await expect(page.getByTestId("product-price")).toHaveText("$ 649.999,00");
  await expect(page.locator("main s")).toHaveCount(0);
  await expect(page.getByText("$ 689.999,00")).toHaveCount(0);
});

test("variants at different prices: the card says Desde the lowest; a fresh sale strikes nothing; staff see who changed the price and the Hot Sale warning", async ({
  page,
}) => {
  // Three screens and two saves: longer than one page's check.
  test.slow();
  await signInAsAdmin(page);
  const word = uniqueWord("Desde");
  const name = `Parlante ${word}`;
  await page.goto("/admin/productos");
  await page.getByRole("button", { name: "Agregar Producto" }).click();
  const dialog = page.getByRole("dialog", { name: "Nuevo Producto" });
  await dialog.getByRole("textbox", { name: "Nombre", exact: true }).fill(name);
  await dialog.getByRole("textbox", { name: "Precio", exact: true }).fill("50000");
  await dialog.getByRole("tab", { name: "Opciones" }).click();
  await dialog.getByRole("button", { name: "Agregar grupo" }).click();
  await dialog.getByLabel("Título del grupo").fill("Color");
  for (const [i, color] of ["Negro", "Blanco"].entries()) {
    await dialog.getByRole("button", { name: "Agregar opción" }).click();
    await dialog.getByLabel("Nombre de la opción").nth(i).fill(color);
  }
  const variants = dialog.getByRole("region", { name: /Variantes/ });
  await variants.getByLabel("Stock para todas").fill("5");
  await variants.getByRole("button", { name: "Aplicar el stock a todas las variantes" }).click();
  await variants.getByRole("textbox", { name: "Precio de Color: Blanco", exact: true }).fill("47000");
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(dialog).toBeHidden();

  // A sale begins today on the product's price (Negro follows it).
  await page.getByLabel("Buscar por nombre o SKU").fill(word);
  const row = page.getByRole("row").filter({ hasText: name });
  await row.getByRole("button", { name: `Editar ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Editar Producto" });
  await edit.getByRole("textbox", { name: "Precio de oferta", exact: true }).fill("45000");
  await edit.getByRole("button", { name: "Guardar" }).click();
  await expect(edit).toBeHidden();

  // The history: every change, by the demo admin, from the panel; the chart beside it.
  await row.getByRole("button", { name: `Editar ${name}` }).click();
  await edit.getByRole("tab", { name: "Historial de precios" }).click();
  const history = edit.getByRole("table", { name: "Historial de precios" });
  await expect(history.getByRole("row")).toHaveCount(5); // header, product twice, two variants
  await expect(history.getByRole("row").nth(1)).toContainText("$ 45.000,00");
  await expect(history).toContainText(DEMO_ADMIN.email);
  await expect(history).toContainText("Edición en el panel");
  await expect(history).toContainText("Color: Blanco");
  await expect(edit.getByRole("img", { name: /Precio pagado desde/ })).toBeVisible();
  await page.keyboard.press("Escape");

  // The Hot Sale report: on sale since today, no price a period ago, a struck price not backed.
  await page.goto("/admin/productos/hot-sale");
  const line = page.getByRole("row").filter({ hasText: name });
  await expect(line).toContainText("No hay precio registrado al inicio del período.");
  await expect(line).toContainText("El precio tachado no estuvo vigente todo el período antes de la oferta.");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Descargar CSV" }).click();
  expect((await download).suggestedFilename()).toBe("precios-hot-sale-30-dias.csv");

  // The card: "Desde" the lowest price in stock (Negro on sale at $ 45.000), nothing struck.
  await page.goto(`/search?q=${encodeURIComponent(word)}`);
  const card = page.getByRole("article").filter({ hasText: name });
  await expect(card.getByText("Desde $ 45.000,00")).toBeVisible();
  await expect(card.locator("s")).toHaveCount(0);
  await expect(card.getByRole("link", { name: `Elegir opciones de ${name}` })).toBeVisible();

  // The page: the sale price alone until the regular price has held the period before the sale.
  await card.getByRole("link", { name, exact: true }).click();
  await page.getByRole("group", { name: "Color" }).getByText("Negro").click();
  await expect(page.getByTestId("product-price")).toHaveText("$ 45.000,00");
  await expect(page.locator("main s")).toHaveCount(0);
});
