import { expect, test } from "@playwright/test";

test("a product page carries its own title, canonical URL, Open Graph tags and valid Product JSON-LD", async ({ page }) => {
  await page.goto("/search?q=playstation");
  await page.getByRole("link", { name: /PlayStation 5 Slim/ }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("PlayStation 5 Slim");

  await expect(page).toHaveTitle(/PlayStation 5 Slim .*\| Vitec/);
  const path = new URL(page.url()).pathname;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
  const description = await page.locator('meta[name="description"]').getAttribute("content");
  expect(description!.length).toBeGreaterThan(20);
  expect(description!.length).toBeLessThanOrEqual(160);

  const json = await page.locator('script[type="application/ld+json"]').first().textContent();
  const data = JSON.parse(json!);
  expect(data["@type"]).toBe("Product");
  expect(data.offers.priceCurrency).toBe("ARS");
  expect(Number(data.offers.price)).toBe(1199999);
  expect(data.offers.availability).toBe("https://schema.org/InStock");
  expect(Number(data.aggregateRating.ratingValue)).toBeGreaterThanOrEqual(1);
  expect(data.aggregateRating.reviewCount).toBeGreaterThan(0);
});

test("the home page describes the store as an Organization", async ({ page }) => {
  await page.goto("/");
  const json = await page.locator('script[type="application/ld+json"]').first().textContent();
  const data = JSON.parse(json!);
  expect(data["@type"]).toBe("Organization");
  expect(data.name).toBe("Vitec");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);
});
