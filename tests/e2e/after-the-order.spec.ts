import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { orderRow, signInAsAdmin } from "./admin";
import { buyIdeapad } from "./shop";

// After the order: staff ship it with a carrier and a tracking number, the customer follows it
// from Mi Cuenta, the shipped e-mail waits in the outbox (the order's history shows it), and the
// packing slip prints the order's lines.

test("staff ship an order with its tracking number; the customer follows it from Mi Cuenta", async ({
  page,
  browser,
}) => {
  // A long walk through several screens: more time on a loaded machine.
  test.slow();
  // The customer buys, creating an account at checkout.
  const email = `envio.${Date.now()}@example.com`;
  const number = await buyIdeapad(page, email, "clave-segura-123");

  // Staff, in another browser: the order's row, its shipment and its status.
  const staff = await (await browser.newContext()).newPage();
  await signInAsAdmin(staff);
  await staff.goto(`/admin/ordenes?q=${number}`);
  const row = orderRow(staff, number);
  await row.getByRole("button", { name: /Ver Detalles/ }).click();
  const id = (await row.getByRole("button", { name: /Detalles/ }).getAttribute("aria-controls"))!.replace(
    "order-details-",
    "",
  );
  const details = staff.locator(`#order-details-${id}`);

  await details.getByRole("button", { name: "Editar Transportista" }).click();
  await details.getByLabel("Transportista", { exact: true }).selectOption("Andreani");
  await details.getByRole("button", { name: "Confirmar Transportista" }).click();
  await expect(details.getByRole("button", { name: "Editar Transportista" })).toBeVisible();
  await details.getByRole("button", { name: "Editar Número de seguimiento" }).click();
  await details.getByLabel("Número de seguimiento", { exact: true }).fill("AND-555");
  await details.getByRole("button", { name: "Confirmar Número de seguimiento" }).click();
  await expect(details.getByRole("link", { name: /Seguir envío/ })).toHaveAttribute(
    "href",
    "https://www.andreani.com/envio/AND-555",
  );

  await details.getByLabel("Estado del pedido").selectOption("shipped");
  await expect(staff.getByText("Estado actualizado", { exact: true })).toBeVisible();
  // The history: the change with who made it, and the shipped e-mail waiting in the outbox.
  const history = details.locator("section").filter({ has: staff.getByRole("heading", { name: "Historial" }) });
  await expect(history).toContainText("Estado: Enviado");
  await expect(history).toContainText("admin@vitec.com.ar");
  await expect(history).toContainText(`Email al cliente: Tu pedido #${number} está en camino`);
  await expect(history).toContainText(`A ${email} · en cola`);

  // An internal note stays with the team.
  await details.getByLabel("Nota interna (solo la ve el equipo)").fill("Despachado por la tarde");
  await details.getByRole("button", { name: "Agregar nota" }).click();
  await expect(history).toContainText("Despachado por la tarde");

  // The customer: Mi Cuenta > the order, with the carrier, the number and "Seguir mi envío".
  await page.goto("/cuenta?tab=pedidos");
  await page.getByRole("link", { name: "Ver Detalles" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: `Pedido #${number}` })).toBeVisible();
  const shipment = page.getByRole("region", { name: "Tu envío" });
  await expect(shipment).toContainText("Andreani");
  await expect(shipment).toContainText("AND-555");
  await expect(shipment.getByRole("link", { name: /Seguir mi envío/ })).toHaveAttribute(
    "href",
    "https://www.andreani.com/envio/AND-555",
  );
  const timeline = page.getByRole("region", { name: "Historial del pedido" });
  await expect(timeline).toContainText("Pedido recibido");
  await expect(timeline).toContainText("Estado: Enviado");
  await expect(timeline).not.toContainText("Despachado por la tarde");
  await expect(timeline).not.toContainText("admin@vitec.com.ar");

  // The packing slip of the selected order: its lines with SKU and quantity, with or without prices.
  await row.getByLabel(`Elegir la orden #${number}`).check();
  const print = staff.getByRole("link", { name: "Imprimir remitos (1)" });
  await staff.goto((await print.getAttribute("href"))!);
  const slip = staff.getByRole("article", { name: `Remito del pedido #${number}` });
  await expect(slip).toContainText("REMITO");
  await expect(slip).toContainText("Notebook Lenovo IdeaPad 3");
  await expect(slip.getByRole("row").filter({ hasText: "IdeaPad" }).getByRole("cell").nth(2)).toHaveText("1");
  await expect(slip).toContainText("Andreani · Seguimiento AND-555");
  await expect(slip.getByRole("columnheader", { name: "Precio" })).toBeVisible();
  await staff.getByRole("link", { name: "Sin precios" }).click();
  await expect(slip.getByRole("columnheader", { name: "Precio" })).toHaveCount(0);
  await expect(slip).toContainText("Notebook Lenovo IdeaPad 3");
  // Printed, only the slip: the toolbar is not on paper.
  await staff.emulateMedia({ media: "print" });
  await expect(staff.getByRole("button", { name: "Imprimir" })).toBeHidden();
  await expect(slip).toBeVisible();
  await staff.emulateMedia({ media: "screen" });

  // The accountant's export: the filtered orders as CSV.
  await staff.goto(`/admin/ordenes?q=${email}`);
  const download = staff.waitForEvent("download");
  await staff.getByRole("link", { name: "Exportar CSV" }).click();
  const file = await (await download).path();
  const csv = await readFile(file, "utf8");
  expect(csv.split("\r\n")[0]).toContain("Pedido;Fecha;Estado");
  expect(csv).toContain(`#${number};`);
  expect(csv).toContain(";Enviado;");
  expect(csv).toContain(";Andreani;AND-555;");
});
