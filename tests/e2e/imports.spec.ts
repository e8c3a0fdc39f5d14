import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./admin";

// [18/25] A merchant leaving Tiendanube uploads the platform's own export (Windows-1252, ";",
// one row per variant, prices written "5,900.00"): the wizard recognises it, shows how it reads
// the prices before writing, imports it, and the storefront sells each variant at its price.

test.describe("imports", () => {
  test("a Tiendanube export with variants is recognised, previewed, imported and sold at its prices", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto("/admin/productos");
    await page.getByRole("button", { name: "Importar CSV" }).click();
    const wizard = page.getByRole("dialog", { name: "Importar productos desde CSV" });
    await wizard.getByLabel("Archivo CSV").setInputFiles("tests/fixtures/imports/tiendanube-productos.csv");

    await expect(wizard).toContainText("Detectamos una exportación de Tiendanube.");
    const preview = wizard.getByRole("region", { name: "Vista previa de la importación" });
    await expect(preview).toContainText("Se van a crear 6 productos y actualizar 0, con 7 variantes");
    await expect(preview.getByRole("list", { name: "Lectura de los precios" })).toContainText(
      "Precio: punto decimal — 5,900.00 → $ 5.900,00, 6,150.00 → $ 6.150,00, 89,999.99 → $ 89.999,99",
    );
    const remera = preview.getByRole("row").filter({ hasText: "Remera Algodón Peinado" });
    await expect(remera).toContainText("$ 5.900,00");
    await expect(remera).toContainText("$ 4.990,50");
    await expect(remera).toContainText("Indumentaria > Remeras");
    await expect(preview).toContainText("Categorías nuevas:");
    await expect(preview).toContainText("Acero > Acero Blanco > Cadenas");
    await expect(preview).toContainText("Fila 11: «Tarjeta de Regalo» no tiene precio; se importa como borrador.");

    await wizard.getByRole("button", { name: "Importar 11 filas" }).click();
    await expect(wizard.getByRole("status")).toContainText("Productos importados: 6. Filas con errores: 0.");
    await wizard.getByRole("button", { name: "Finalizar" }).click();

    // The storefront: each combination at its own price, a sold-out one not offered.
    await page.goto("/search?q=zapatilla%20urbana");
    await page
      .getByRole("link", { name: /Zapatilla Urbana Ñandú/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Zapatilla Urbana Ñandú" })).toBeVisible();
    const talle = page.getByRole("group", { name: "Talle" });
    const color = page.getByRole("group", { name: "Color" });
    await expect(talle.getByRole("radio")).toHaveCount(2);
    await talle.getByText("41").click();
    await color.getByText("Blanco").click();
    await expect(page.getByText("$ 92.500,00").first()).toBeVisible();
    await expect(page.getByText("Stock disponible: 5 unidades")).toBeVisible();
    await talle.getByText("40").click();
    await color.getByText("Negro").click();
    await expect(page.getByText("$ 89.999,99").first()).toBeVisible();

    await page.goto("/search?q=remera%20algodon");
    await page
      .getByRole("link", { name: /Remera Algodón Peinado/ })
      .first()
      .click();
    await expect(page.getByText("$ 4.990,50").first()).toBeVisible();
    await expect(page.getByRole("group", { name: "Talle" }).getByRole("radio", { name: /^L/ })).toBeDisabled();

    // The report stays for later.
    await page.goto("/admin/productos/importaciones");
    await expect(page.getByRole("row").filter({ hasText: "tiendanube-productos.csv" })).toContainText("Completada");
  });
});
