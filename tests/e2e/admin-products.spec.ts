import { deflateSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { signInAsAdmin, uniqueWord } from "./admin";

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 2x2 red PNG, built byte by byte. */
function tinyPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0); // width
  header.writeUInt32BE(2, 4); // height
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const row = Buffer.from([0, 255, 0, 0, 255, 0, 0]); // filter byte + 2 red pixels
  const pixels = deflateSync(Buffer.concat([row, row]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A word no demo product has, so the store search finds exactly the product under test. */

test.describe("admin products", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("creates a draft with an option group and an uploaded image, publishes it, and the store shows it", async ({
    page,
  }) => {
    const word = uniqueWord("Zumbo");
    const name = `Parlante ${word} Bluetooth`;
    await page.goto("/admin/productos");
    await page.getByRole("button", { name: "Agregar Producto" }).click();
    const dialog = page.getByRole("dialog", { name: "Nuevo Producto" });
    await expect(dialog.getByRole("tab", { name: "Detalles" })).toHaveAttribute("aria-selected", "true");

    // Role queries: the required marks (*) are hidden from assistive technology.
    await dialog.getByRole("textbox", { name: "Nombre", exact: true }).fill(name);
    // The slug follows the name.
    await expect(dialog.getByLabel("Slug")).toHaveValue(`parlante-${word.toLowerCase()}-bluetooth`);
    await dialog.getByRole("textbox", { name: "Precio", exact: true }).fill("45.999,90");
    await dialog.getByRole("spinbutton", { name: "Stock", exact: true }).fill("7");
    await dialog.getByLabel("Estado").selectOption("draft");

    // The image is uploaded and its public URL lands in the field.
    await dialog
      .getByLabel("Subir archivo: Imagen principal")
      .setInputFiles({ name: "parlante.png", mimeType: "image/png", buffer: tinyPng() });
    const imageUrl = dialog.getByLabel("Imagen principal", { exact: true });
    await expect(imageUrl).toHaveValue(/^\/uploads\/product-images\/\d+-[0-9a-f]+\.png$/);
    const uploaded = await imageUrl.inputValue();
    const served = await page.request.get(uploaded);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/png");
    expect(served.headers()["x-content-type-options"]).toBe("nosniff");

    // A file that is not an image is refused with the spec's title.
    await dialog
      .getByLabel("Subir archivo: Imagen principal")
      .setInputFiles({ name: "falso.png", mimeType: "image/png", buffer: Buffer.from("<svg onload=alert(1)>") });
    await expect(page.getByText("Error al subir imagen", { exact: true })).toBeVisible();
    await expect(imageUrl).toHaveValue(uploaded);

    await dialog.getByRole("tab", { name: "Opciones" }).click();
    await dialog.getByRole("button", { name: "Agregar grupo" }).click();
    await expect(dialog.getByLabel("Título del grupo")).toHaveValue("Nuevo Grupo");
    await dialog.getByLabel("Título del grupo").fill("Color");
    await dialog.getByRole("button", { name: "Agregar opción" }).click();
    await dialog.getByLabel("Nombre de la opción").fill("Negro");
    await dialog.getByRole("button", { name: "Agregar opción" }).click();
    await dialog.getByLabel("Nombre de la opción").nth(1).fill("Rojo");
    await dialog.getByLabel("Precio final").nth(1).fill("47999,90");
    // Each colour is a variant with its own stock: the product's 7 went to the first one.
    const variants = dialog.getByRole("region", { name: /Variantes/ });
    await expect(variants.getByRole("spinbutton", { name: "Stock de Color: Negro" })).toHaveValue("7");
    await expect(variants.getByRole("spinbutton", { name: "Stock de Color: Rojo" })).toHaveValue("0");
    await variants.getByLabel("Stock para todas").fill("7");
    await variants.getByRole("button", { name: "Aplicar el stock a todas las variantes" }).click();
    await expect(variants.getByTestId("variants-total-stock")).toHaveText("14");

    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByText("Guardado", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();

    // A draft is not in the store yet.
    await page.getByLabel("Buscar por nombre o SKU").fill(word);
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Borrador");

    // Publish it.
    await row.getByRole("button", { name: `Editar ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Editar Producto" });
    await expect(edit.getByRole("textbox", { name: "Nombre", exact: true })).toHaveValue(name);
    await edit.getByLabel("Estado").selectOption("published");
    await edit.getByRole("button", { name: "Guardar" }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText("Publicado");

    await page.goto(`/search?q=${encodeURIComponent(word)}`);
    await page
      .getByRole("link", { name: new RegExp(name) })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByTestId("product-price")).toHaveText(/45\.999,90/);
    const color = page.getByRole("group", { name: "Color" });
    await expect(color.getByText("Negro")).toBeVisible();
    await color.getByText("Rojo").click();
    await expect(page.getByTestId("product-price")).toHaveText(/47\.999,90/);
    await expect(page.locator(`img[src="${uploaded}"]`).first()).toBeVisible();
  });

  test("publishing needs a price (a draft does not), and the IVA rate is saved and used by the store", async ({
    page,
  }) => {
    const word = uniqueWord("Libro");
    const name = `Libro ${word} de redes`;
    await page.goto("/admin/productos");
    await page.getByRole("button", { name: "Agregar Producto" }).click();
    const dialog = page.getByRole("dialog", { name: "Nuevo Producto" });
    await dialog.getByRole("textbox", { name: "Nombre", exact: true }).fill(name);
    await expect(dialog.getByLabel("IVA", { exact: true })).toHaveValue("21");
    await dialog.getByLabel("IVA", { exact: true }).selectOption("10.5");

    // Saved from another tab the browser cannot check the Detalles fields: the server refuses
    // to publish without price and stock, and the errors show on Detalles.
    await dialog.getByRole("tab", { name: "Videos" }).click();
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expect(dialog.getByRole("tab", { name: /^Detalles/ })).toHaveAttribute("aria-selected", "true");
    await expect(dialog.getByText("Ingresá el precio: es obligatorio para publicar el producto.")).toBeVisible();
    await expect(dialog.getByText("Ingresá el stock: es obligatorio para publicar el producto.")).toBeVisible();
    await expect(dialog.getByLabel("IVA", { exact: true })).toHaveValue("10.5");

    // A draft may wait for its price.
    await dialog.getByLabel("Estado").selectOption("draft");
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expect(dialog).toBeHidden();
    await page.getByLabel("Buscar por nombre o SKU").fill(word);
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("Borrador");

    await row.getByRole("button", { name: `Editar ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Editar Producto" });
    await expect(edit.getByLabel("IVA", { exact: true })).toHaveValue("10.5");
    await edit.getByRole("textbox", { name: "Precio", exact: true }).fill("11050");
    await edit.getByRole("spinbutton", { name: "Stock", exact: true }).fill("3");
    await edit.getByLabel("Estado").selectOption("published");
    await edit.getByRole("button", { name: "Guardar" }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText("Publicado");

    // The store shows the price without national taxes at 10,5 %: 11.050 / 1,105 = 10.000.
    await page.goto(`/search?q=${encodeURIComponent(word)}`);
    await page
      .getByRole("link", { name: new RegExp(name) })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText(/Precio sin impuestos nacionales: \$\s10\.000,00/).first()).toBeVisible();
  });

  test("imports a CSV through the 2-step wizard and lists the failed rows", async ({ page }) => {
    const word = uniqueWord("Impo");
    const name = `Mouse ${word} Inalámbrico`;
    const csv = [
      "Nombre;Precio;Stock;Categoría;SKU;Estado;Destacado",
      `${name};"$ 1.234,50";12;Periféricos ${word};SKU-${word};publicado;sí`,
      `;999;1;;;;`,
    ].join("\r\n");

    await page.goto("/admin/productos");
    await page.getByRole("button", { name: "Importar CSV" }).click();
    const wizard = page.getByRole("dialog", { name: "Importar productos desde CSV" });
    await expect(wizard).toContainText("Paso 1 de 2");
    await wizard
      .getByLabel("Archivo CSV")
      .setInputFiles({ name: "productos.csv", mimeType: "text/csv", buffer: Buffer.from(`\uFEFF${csv}`, "utf8") });

    // Step 2: the columns were matched by their headers; the preview shows the rows.
    await expect(wizard).toContainText("Paso 2 de 2");
    await expect(wizard.getByLabel("Nombre (obligatorio)")).toHaveValue("0");
    await expect(wizard.getByLabel("Precio", { exact: true })).toHaveValue("1");
    await expect(wizard.getByLabel("Categoría")).toHaveValue("3");
    await expect(wizard.getByLabel("Descripción")).toHaveValue("");
    await expect(wizard.getByRole("table").first()).toContainText(name);

    await wizard.getByRole("button", { name: "Importar 2 filas" }).click();
    await expect(wizard.getByRole("status")).toContainText("Productos importados: 1. Filas con errores: 1.");
    await expect(wizard).toContainText("Fila 3: falta el nombre.");
    await expect(page.getByText("Importación completada").first()).toBeVisible();
    await wizard.getByRole("button", { name: "Finalizar" }).click();
    await expect(wizard).toBeHidden();

    await page.getByLabel("Buscar por nombre o SKU").fill(word);
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`Periféricos ${word}`);
    await expect(row).toContainText("$ 1.234,50");
    await expect(row).toContainText("Destacado");
  });
});
