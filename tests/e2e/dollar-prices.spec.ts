import { type Page, expect, test } from "@playwright/test";
import { startBcraDouble } from "../doubles/bcra";
import { signInAsAdmin, uniqueWord } from "./admin";

// [22/25] Prices pegged to the dollar (ADR 0020), as a clerk uses them: a USD price and a markup in the
// product dialog, a rate in Configuración, and the product page follows. The product is this spec's own;
// the rate card is put back as it was at the end.

function rateCard(page: Page) {
  return page.getByRole("region", { name: "Cotización del dólar" });
}

type RateFields = { rate: string; showUsd: boolean; source?: string; date?: string };

async function readRate(page: Page): Promise<Required<RateFields>> {
  await page.goto("/admin/configuracion");
  const card = rateCard(page);
  return {
    rate: await card.getByLabel("Cotización (pesos por dólar)").inputValue(),
    showUsd: await card.getByLabel("Mostrar USD junto al precio").isChecked(),
    source: await card.getByLabel("Fuente").inputValue(),
    date: await card.getByLabel("Fecha de la cotización").inputValue(),
  };
}

async function saveRate(page: Page, fill: RateFields) {
  await page.goto("/admin/configuracion");
  const card = rateCard(page);
  await card.getByLabel("Cotización (pesos por dólar)").fill(fill.rate);
  await card.getByLabel("Mostrar USD junto al precio").setChecked(fill.showUsd);
  if (fill.source !== undefined) await card.getByLabel("Fuente").fill(fill.source);
  if (fill.date !== undefined) await card.getByLabel("Fecha de la cotización").fill(fill.date);
  await card.getByRole("button", { name: "Guardar" }).click();
  await expect(card.getByRole("status")).toHaveText("Cambios guardados.");
}

test("a USD price and markup follow the rate set in Configuración, and the store shows USD when asked", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const before = await readRate(page);

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
    await page.goto(`/search?q=${encodeURIComponent(word)}`);
    await expect(
      page
        .getByRole("article")
        .filter({ hasText: name })
        .getByText(/110\.000/)
        .first(),
    ).toBeVisible();
    await expect(page.getByTestId("card-usd-price")).toHaveCount(0);

    // A new rate re-prices it, and with the toggle on the page shows the dollars too.
    await saveRate(page, { rate: "1500", showUsd: true });
    await expect(page.getByText("Cotización guardada", { exact: true })).toBeVisible();
    await page.goto(productUrl);
    await expect(page.getByTestId("product-price")).toHaveText(/165\.000/);
    await expect(page.getByTestId("usd-price")).toHaveText("USD 110");
    // Its card says so too, smaller, beside the pesos.
    await page.goto(`/search?q=${encodeURIComponent(word)}`);
    const card = page.getByRole("article").filter({ hasText: name });
    await expect(card.getByText(/165\.000/).first()).toBeVisible();
    await expect(card.getByTestId("card-usd-price")).toHaveText("USD 110");
  } finally {
    await saveRate(page, before);
    await page.goto("/admin/configuracion");
    await expect(rateCard(page).getByLabel("Cotización (pesos por dólar)")).toHaveValue(before.rate);
    await expect(rateCard(page).getByLabel("Mostrar USD junto al precio")).toBeChecked({ checked: before.showUsd });
  }
});

test("«Traer cotización» shows the BCRA's rate, saves it only when staff confirm, and says so when the BCRA fails", async ({
  page,
}) => {
  test.slow();
  const bcra = await startBcraDouble({ port: Number(process.env.E2E_BCRA_PORT), host: "localhost" });
  bcra.usd = 1234.5;
  bcra.fecha = "2026-11-25";
  await signInAsAdmin(page);
  const before = await readRate(page);
  try {
    await page.goto("/admin/configuracion");
    const card = rateCard(page);
    await card.getByRole("button", { name: "Traer cotización" }).click();
    await expect(card.getByTestId("quoted-rate")).toHaveText(/1\.234,50/);
    await expect(card.getByText("BCRA (referencia)", { exact: false })).toBeVisible();
    // Shown, not saved: the fields still hold the stored rate.
    await expect(card.getByLabel("Cotización (pesos por dólar)")).toHaveValue(before.rate);

    await card.getByRole("button", { name: "Usar esta cotización" }).click();
    await expect(card.getByText(/^Cotización guardada\./)).toBeVisible();
    await expect(card.getByLabel("Cotización (pesos por dólar)")).toHaveValue(/^1\.?234,50?$/);
    await expect(card.getByLabel("Fuente")).toHaveValue("BCRA (referencia)");
    await expect(card.getByLabel("Fecha de la cotización")).toHaveValue("2026-11-25");

    bcra.failure = "error500";
    await card.getByRole("button", { name: "Traer cotización" }).click();
    await expect(card.getByText(/No pudimos comunicarnos con el BCRA/).first()).toBeVisible();
    await expect(card.getByRole("button", { name: "Usar esta cotización" })).toHaveCount(0);
  } finally {
    await bcra.close();
    await saveRate(page, before);
    const after = await readRate(page);
    expect(after).toEqual(before);
  }
});
