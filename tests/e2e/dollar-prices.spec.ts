import { type Page, expect, test } from "@playwright/test";
import { signInAsAdmin, uniqueWord } from "./admin";

// [22/25] Prices pegged to the dollar (ADR 0020), as a clerk uses them: a USD price and a markup in the
// product dialog, a rate in Configuración, and the product page follows. The product is this spec's own;
// the rate card is put back as it was at the end.

function rateCard(page: Page) {
  return page.getByRole("region", { name: "Cotización del dólar" });
}

async function saveRate(page: Page, fill: { rate: string; showUsd: boolean }) {
  await page.goto("/admin/configuracion");
  const card = rateCard(page);
  await card.getByLabel("Cotización (pesos por dólar)").fill(fill.rate);
  await card.getByLabel("Mostrar USD junto al precio").setChecked(fill.showUsd);
  await card.getByRole("button", { name: "Guardar" }).click();
  await expect(card.getByRole("status")).toHaveText("Cambios guardados.");
}

test("a USD price and markup follow the rate set in Configuración, and the store shows USD when asked", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await page.goto("/admin/configuracion");
  const before = {
    rate: await rateCard(page).getByLabel("Cotización (pesos por dólar)").inputValue(),
    showUsd: await rateCard(page).getByLabel("Mostrar USD junto al precio").isChecked(),
  };

  try {
    await saveRate(page, { rate: "1000", showUsd: false });

    const word = uniqueWord("Dolr");
    const name = `Notebook ${word} importada`;
    await page.goto("/admin/productos");
    await page.getByRole("button", { name: "Agregar Producto" }).click();
    const dialog = page.getByRole("dialog", { name: "Nuevo Producto" });
    await dialog.getByRole("textbox", { name: "Nombre", exact: true }).fill(name);
    await dialog.getByRole("textbox", { name: "Precio", exact: true }).fill("1");
    await dialog.getByRole("spinbutton", { name: "Stock", exact: true }).fill("3");
    await dialog.getByLabel("Estado").selectOption("published");
    await dialog.getByLabel("Precio de lista en USD").fill("100");
    await dialog.getByLabel("Margen (%)").fill("10");
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expect(dialog).toBeHidden();

    // Saved with the rate of the day: 100 USD × 1.000 + 10 % = $ 110.000 (the typed $ 1 does not count).
    await page.goto(`/search?q=${encodeURIComponent(word)}`);
    await page
      .getByRole("link", { name: new RegExp(name) })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const productUrl = page.url();
    await expect(page.getByTestId("product-price")).toHaveText(/110\.000/);
    await expect(page.getByTestId("usd-price")).toHaveCount(0);

    // A new rate re-prices it, and with the toggle on the page shows the dollars too.
    await saveRate(page, { rate: "1500", showUsd: true });
    await expect(page.getByText("Cotización guardada", { exact: true })).toBeVisible();
    await page.goto(productUrl);
    await expect(page.getByTestId("product-price")).toHaveText(/165\.000/);
    await expect(page.getByTestId("usd-price")).toHaveText("USD 110");
  } finally {
    await saveRate(page, before);
    await page.goto("/admin/configuracion");
    await expect(rateCard(page).getByLabel("Cotización (pesos por dólar)")).toHaveValue(before.rate);
    await expect(rateCard(page).getByLabel("Mostrar USD junto al precio")).toBeChecked({ checked: before.showUsd });
  }
});
