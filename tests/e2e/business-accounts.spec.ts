import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./admin";
import { signUpAndSignIn } from "./shop";

// [25/25] A company registers from /empresas with its CUIT and waits; staff create a customer
// group, approve the company into it with a credit limit, and the buyer sees it approved.
// Everything here is created by the test (its own account, company and group).

test("a company registers with its CUIT and staff approve it into a customer group", async ({ page, browser }) => {
  test.slow();
  const email = `empresa.${Date.now()}@example.com`;
  await signUpAndSignIn(page, { name: "Laura Gómez", email, password: "clave-de-empresa" });

  await page.goto("/empresas");
  await page.getByRole("link", { name: "Registrá tu empresa" }).click();
  await expect(page.getByRole("heading", { name: "Registrá tu empresa" })).toBeVisible();
  await expect(page.getByLabel("Persona de contacto")).toHaveValue("Laura Gómez");
  await expect(page.getByLabel("Email de contacto")).toHaveValue(email);

  // A CUIT with a wrong check digit is refused, and what was typed stays.
  await page.getByLabel("CUIT").fill("30-71234567-2");
  await page.getByLabel("Razón social").fill("Redes del Sur SRL");
  await page.getByLabel("Teléfono").fill("11 4555-1234");
  await page.getByRole("button", { name: "Enviar solicitud" }).click();
  await expect(page.getByText(/Ingresá un CUIT válido/)).toBeVisible();
  await expect(page.getByLabel("CUIT")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Razón social")).toHaveValue("Redes del Sur SRL");

  await page.getByLabel("CUIT").fill("30-71234567-1");
  await page.getByRole("button", { name: "Enviar solicitud" }).click();
  await expect(page.getByText("Recibimos la solicitud de tu empresa", { exact: true })).toBeVisible();
  const status = page.getByRole("region", { name: "Estado de la empresa" });
  await expect(status).toContainText("CUIT 30-71234567-1");
  await expect(status).toContainText("Estado: Pendiente");

  // Staff, in another browser.
  const staff = await (await browser.newContext()).newPage();
  await signInAsAdmin(staff);
  await staff.getByRole("navigation", { name: "Administración" }).getByRole("link", { name: "Empresas" }).click();
  await expect(staff.getByRole("heading", { name: "Empresas", level: 1 })).toBeVisible();
  await staff.getByLabel("Nuevo grupo").fill("Revendedor E2E");
  await staff.getByLabel("Descuento general (%)").fill("12,5");
  await staff.getByRole("button", { name: "Crear grupo" }).click();
  await expect(staff.getByText("Grupo creado", { exact: true })).toBeVisible();
  await expect(staff.getByRole("table", { name: "Grupos de clientes" })).toContainText("12,5 %");

  // The group's price list: a category at 10 % off.
  await staff.getByRole("link", { name: "Lista de precios de Revendedor E2E" }).click();
  await expect(staff.getByRole("heading", { name: "Lista de precios: Revendedor E2E" })).toBeVisible();
  const rules = staff.getByRole("region", { name: "Reglas" });
  await rules.getByLabel("Para").selectOption("category");
  await rules.getByLabel("Categoría").selectOption({ index: 1 });
  const category = await rules.getByLabel("Categoría").locator("option:checked").textContent();
  await rules.getByLabel("Valor").fill("10");
  await rules.getByRole("button", { name: "Agregar regla" }).click();
  await expect(staff.getByText("Regla agregada", { exact: true })).toBeVisible();
  await expect(rules.getByRole("row").filter({ hasText: `Categoría ${category}` })).toContainText("10 % menos");
  await staff.getByRole("link", { name: "Empresas", exact: true }).first().click();

  await staff.getByRole("link", { name: "Revisar Redes del Sur SRL" }).click();
  const review = staff.getByRole("region", { name: "Revisar Redes del Sur SRL" });
  await expect(review).toContainText("30-71234567-1");
  await review.getByLabel("Estado").selectOption("approved");
  await review.getByLabel("Grupo de clientes").selectOption({ label: "Revendedor E2E" });
  await review.getByLabel(/Límite de crédito/).fill("1.500.000");
  await review.getByRole("button", { name: "Guardar revisión" }).click();
  await expect(staff.getByText("Empresa revisada", { exact: true })).toBeVisible();
  const row = staff.getByRole("row").filter({ hasText: "Redes del Sur SRL" }).filter({ hasText: "30-71234567-1" });
  await expect(row).toContainText("Aprobada");
  await expect(row).toContainText("Revendedor E2E");
  await expect(row).toContainText("1.500.000");

  // The account that registered it buys for it, and approves.
  await staff.getByRole("link", { name: "Revisar Redes del Sur SRL" }).click();
  const members = staff.getByRole("region", { name: "Quiénes compran para Redes del Sur SRL" });
  await expect(members).toContainText(`${email} · Compra y aprueba`);

  // The buyer sees the company approved.
  await page.reload();
  await expect(status).toContainText("Estado: Aprobada · Revendedor E2E");
});
