import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./admin";
import { addIdeapadToCart, fillCustomer } from "./shop";

// [21/25] With carriers on (the OCA and MiCorreo doubles, playwright.config.ts): after the postal
// code the checkout shows each carrier's options beside the store's own; "retiro en sucursal"
// asks for one of the nearest branches, and the confirmation names the carrier and the branch.

test("a shopper picks OCA's retiro en sucursal with a branch, pays by transfer and sees both on the confirmation", async ({
  page,
}) => {
  await addIdeapadToCart(page);
  await page.goto("/checkout");
  await fillCustomer(page, { email: `sucursal.${Date.now()}@example.com`, city: "La Plata", zip: "B1900AAA" });

  const shipping = page.getByRole("group", { name: "Método de envío" });
  // The store's own method stays the default choice; the carriers' options come beside it.
  await expect(shipping.getByLabel("Retiro en local")).toBeChecked();
  const ocaBranch = shipping.getByLabel(/OCA retiro en sucursal/);
  await expect(ocaBranch).toBeVisible();
  await expect(shipping.getByLabel(/Correo Argentino Clásico a domicilio/)).toBeVisible();
  await expect(shipping).toContainText("días hábiles");

  await ocaBranch.check();
  const branches = page.getByRole("group", { name: "Elegí la sucursal de OCA" });
  await expect(branches.getByRole("radio")).toHaveCount(2);
  await expect(branches).toContainText("Lun a Vie");
  await page.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
  const submit = page.getByRole("button", { name: "Confirmar pedido" });
  // No branch yet: the order cannot be confirmed, and the hint says why.
  await expect(submit).toBeDisabled();
  await expect(page.getByText("Elegí la sucursal donde vas a retirar tu pedido.")).toBeVisible();
  await branches.getByRole("radio", { name: /OCA 1900 Norte/ }).check();

  // The summary charges the carrier's price for the option chosen.
  const summary = page.getByRole("region", { name: "Resumen del pedido" });
  await expect(summary).toContainText("Envío (OCA retiro en sucursal)");
  await expect(summary).not.toContainText("Envío (OCA retiro en sucursal)Gratis");

  await page.getByLabel(/Transferencia bancaria/).check();
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByRole("heading", { level: 1, name: "¡Gracias por tu compra!" })).toBeVisible();
  await expect(page.getByText("OCA · retiro en sucursal")).toBeVisible();
  await expect(page.getByText(/OCA 1900 Norte, Calle 7 450/)).toBeVisible();

  // Staff print the remito: it says where the parcel goes, the branch, not the shopper's home.
  const orderId = new URL(page.url()).searchParams.get("order")!;
  await signInAsAdmin(page);
  await page.goto(`/admin/remitos?ids=${orderId}`);
  const delivery = page.locator("section div").filter({ has: page.getByRole("heading", { name: "Entrega" }) });
  await expect(delivery).toContainText("OCA · retiro en sucursal");
  await expect(delivery).toContainText(/Sucursal: OCA 1900 Norte, Calle 7 450/);
});
