import { expect, test } from "@playwright/test";
import { addIdeapadToCart, fillCustomer } from "./shop";

// What the walk through the spec found in the running store (findings 11 and 12 of issue 26).

test("the home's rating strip draws as many filled stars as it says: '5 de 5 estrellas'", async ({ page }) => {
  await page.goto("/");
  const rating = page.getByRole("img", { name: "5 de 5 estrellas" });
  await expect(rating).toBeVisible();
  // Every star drawn is a filled glyph in the rating's amber; none is left in the empty grey.
  const stars = await rating.evaluate((element) => {
    const drawn: { star: string; color: string }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const star of node.textContent ?? "")
        drawn.push({ star, color: getComputedStyle(node.parentElement!).color });
    }
    return drawn;
  });
  expect(stars.map((s) => s.star).join("")).toBe("★★★★★");
  const amber = await page.evaluate(() => {
    const probe = document.createElement("span");
    probe.className = "text-amber-500";
    document.body.append(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  });
  for (const { color } of stars) expect(color).toBe(amber);
});

test("Enter at checkout with the terms unticked says 'Términos y Condiciones: Debes aceptar los términos para continuar.'", async ({
  page,
}) => {
  await addIdeapadToCart(page);
  await page.goto("/checkout");
  await fillCustomer(page, `terminos.${Date.now()}@example.com`);
  await page.getByLabel("Código postal", { exact: true }).press("Enter");
  // The toast: its title and its text together.
  const toast = page.locator("li").filter({ hasText: "Debes aceptar los términos para continuar." });
  await expect(toast).toBeVisible();
  await expect(toast.getByText("Términos y Condiciones", { exact: true })).toBeVisible();
  // Nothing was sent: the shopper is still on the form, with what they typed.
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByLabel("Ciudad", { exact: true })).toHaveValue("CABA");
});
