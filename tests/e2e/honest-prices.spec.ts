import { type Locator, type Page, expect, test } from "@playwright/test";

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
