import { expect, test } from "@playwright/test";
import { signInAsAdmin, uniqueWord } from "./admin";

// [18/25] A product (here one variant) without a price is shown but never sold at $ 0,00:
// "Consultar precio", no stock line and no cart button; its priced sibling sells as usual.

test("a variant without a price says 'Consultar precio' and cannot be added; its sibling can", async ({ page }) => {
  await signInAsAdmin(page);
  const word = uniqueWord("Sinprecio");
  const name = `Cargador ${word}`;
  await page.goto("/admin/productos");
  await page.getByRole("button", { name: "Agregar Producto" }).click();
  const dialog = page.getByRole("dialog", { name: "Nuevo Producto" });
  await dialog.getByRole("textbox", { name: "Nombre", exact: true }).fill(name);
  await dialog.getByRole("textbox", { name: "Precio", exact: true }).fill("$ 12.500");
  await dialog.getByRole("textbox", { name: "Marca", exact: true }).fill("Samsung");
  await dialog.getByRole("tab", { name: "Opciones" }).click();
  await dialog.getByRole("button", { name: "Agregar grupo" }).click();
  await dialog.getByLabel("Título del grupo").fill("Potencia");
  for (const [i, option] of ["25W", "45W"].entries()) {
    await dialog.getByRole("button", { name: "Agregar opción" }).click();
    await dialog.getByLabel("Nombre de la opción").nth(i).fill(option);
  }
  const variants = dialog.getByRole("region", { name: /Variantes/ });
  await variants.getByLabel("Stock para todas").fill("5");
  await variants.getByRole("button", { name: "Aplicar el stock a todas las variantes" }).click();
  await variants.getByRole("textbox", { name: "Precio de Potencia: 25W", exact: true }).fill("0");
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(dialog).toBeHidden();

  // The card (first variant: 25W, no price) shows no $ 0,00 and no "Agregar".
  await page.goto(`/search?q=${encodeURIComponent(word)}`);
  const card = page.getByRole("article").filter({ hasText: name });
  await expect(card).toContainText("Consultar precio");
  await expect(card).not.toContainText("$ 0,00");
  await expect(card.getByRole("button", { name: `Agregar ${name} al carrito` })).toHaveCount(0);

  await card.getByRole("link", { name }).click();
  await expect(page.getByTestId("product-price")).toHaveText("Consultar precio");
  await expect(page.getByRole("button", { name: "Agregar al carrito" })).toHaveCount(0);
  await expect(page.getByText(/Stock disponible|En stock/)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Consultar por WhatsApp" })).toBeVisible();

  await page.getByRole("group", { name: "Potencia" }).getByText("45W", { exact: true }).click();
  await expect(page.getByTestId("product-price")).toHaveText(/12\.500,00/);
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await expect(page.getByText("¡Agregado al carrito! 🛒", { exact: true })).toBeVisible();
});
