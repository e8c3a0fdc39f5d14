import { expect, test } from "@playwright/test";
import { signInAsAdmin, uniqueWord } from "./admin";

// [14/15] Variants with their own stock: the shopper cannot buy a sold-out combination while
// its sibling sells; staff keep each variant's stock in the Opciones tab.

test.describe("variants", () => {
  test("a sold-out colour cannot be added while its sibling can", async ({ page }) => {
    await page.goto("/search?q=joystick%20xbox");
    await page
      .getByRole("link", { name: /Joystick Inalámbrico Xbox/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: /Joystick Inalámbrico Xbox/ })).toBeVisible();
    const color = page.getByRole("group", { name: "Color" });

    // The demo's Robot White is sold out: disabled, "Sin stock" beside it.
    await expect(color.getByRole("radio", { name: /Robot White/ })).toBeDisabled();
    await expect(color.locator("label", { hasText: "Robot White" })).toContainText("Sin stock");
    await expect(color.getByRole("radio", { name: /Shock Blue/ })).toBeEnabled();

    await color.getByText("Shock Blue").click();
    await expect(page.getByText("Stock disponible: 6 unidades")).toBeVisible();
    await page.getByRole("button", { name: "Agregar al carrito" }).click();
    await expect(page.getByText("¡Agregado al carrito! 🛒", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: /Abrir carrito/ }).click();
    const drawer = page.getByRole("dialog", { name: "Carrito de Compras" });
    await expect(drawer).toContainText("Color: Shock Blue");
    await expect(drawer).not.toContainText("Stock insuficiente");
    await page.keyboard.press("Escape");

    // A link straight to the sold-out variant opens on it, and it still cannot be added.
    const productUrl = new URL(page.url());
    const productId = productUrl.pathname.split("/").at(-1)!;
    const stock = (await (await page.request.get(`/api/products/${productId}/stock`)).json()) as {
      variants: { id: string; stock: number }[];
    };
    const soldOut = stock.variants.find((v) => v.stock === 0)!;
    await page.goto(`/product/${productId}?variante=${soldOut.id}`);
    await expect(page.getByText("Esta combinación no tiene stock actualmente. Elegí otra opción.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Agregar al carrito" })).toBeDisabled();

    // The page's JSON-LD lists each variant with its availability.
    const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
    const jsonLd = scripts.map((text) => JSON.parse(text)).find((data) => data["@type"] === "ProductGroup");
    expect(
      jsonLd.hasVariant.map((v: { name: string; offers: { availability: string } }) => [
        v.name.replace(/^.*\(Color: (.*)\)$/, "$1"),
        v.offers.availability.replace("https://schema.org/", ""),
      ]),
    ).toEqual([
      ["Carbon Black", "InStock"],
      ["Robot White", "OutOfStock"],
      ["Shock Blue", "InStock"],
    ]);
  });

  test("staff set each variant's stock and price; the store follows", async ({ page }) => {
    await signInAsAdmin(page);
    const word = uniqueWord("Varia");
    const name = `Mochila ${word}`;
    await page.goto("/admin/productos");
    await page.getByRole("button", { name: "Agregar Producto" }).click();
    const dialog = page.getByRole("dialog", { name: "Nuevo Producto" });
    await dialog.getByRole("textbox", { name: "Nombre", exact: true }).fill(name);
    await dialog.getByRole("textbox", { name: "Precio", exact: true }).fill("50000");
    await dialog.getByRole("tab", { name: "Opciones" }).click();
    await dialog.getByRole("button", { name: "Agregar grupo" }).click();
    await dialog.getByLabel("Título del grupo").fill("Talle");
    for (const [i, talle] of ["S", "M", "L"].entries()) {
      await dialog.getByRole("button", { name: "Agregar opción" }).click();
      await dialog.getByLabel("Nombre de la opción").nth(i).fill(talle);
    }
    const variants = dialog.getByRole("region", { name: /Variantes/ });
    await expect(variants.getByRole("row")).toHaveCount(4);
    await variants.getByLabel("Stock para todas").fill("12");
    await variants.getByRole("button", { name: "Aplicar el stock a todas las variantes" }).click();
    await variants.getByRole("spinbutton", { name: "Stock de Talle: M" }).fill("0");
    await variants.getByRole("textbox", { name: "Precio de Talle: L", exact: true }).fill("55000");
    await expect(variants.getByTestId("variants-total-stock")).toHaveText("24");

    // Removing an option whose variant has stock asks first.
    await dialog.getByRole("button", { name: "Quitar la opción S" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Quitar variantes con stock" });
    await expect(confirm).toContainText("Talle: S: 12 unidades");
    await confirm.getByRole("button", { name: "Cancelar" }).click();
    await expect(variants.getByRole("row")).toHaveCount(4);

    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expect(dialog).toBeHidden();
    await page.getByLabel("Buscar por nombre o SKU").fill(word);
    const row = page.getByRole("row").filter({ hasText: name });
    // The total is fine; one variant is out: the badge says so.
    await expect(row).toContainText("24");
    await expect(row).toContainText("Stock bajo en 1 variante");

    await page.goto(`/search?q=${encodeURIComponent(word)}`);
    await page
      .getByRole("link", { name: new RegExp(name) })
      .first()
      .click();
    const talle = page.getByRole("group", { name: "Talle" });
    await expect(talle.getByRole("radio", { name: /^M/ })).toBeDisabled();
    await talle.getByText("L", { exact: true }).click();
    await expect(page.getByTestId("product-price")).toHaveText(/55\.000,00/);
    await expect(page.getByText("Stock disponible: 12 unidades")).toBeVisible();
  });
});
