import { type Page, expect, test } from "@playwright/test";
import { signInAsAdmin } from "./admin";
import { receivedMail } from "./mailbox";
import { signUpAndSignIn } from "./shop";

// [25/25] An /empresas enquiry becomes a company (ADR 0022): staff convert it in Admin >
// Consultas, approve it into a group, the contact (who already has an account) gets the approval
// e-mail and, as the company's approver, adds a buyer in Mi Cuenta; the buyer sees the members
// but cannot change them. Everything here is created by the test.

/** A CUIT nobody else in this run uses: 30 + eight digits of the clock + its check digit. */
function freshCuit(): string {
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  for (let n = Date.now() % 100_000_000; ; n = (n + 1) % 100_000_000) {
    const first = `30${String(n).padStart(8, "0")}`;
    const digit = 11 - (weights.reduce((sum, w, i) => sum + w * Number(first[i]), 0) % 11);
    if (digit === 10) continue;
    return `${first}${digit === 11 ? 0 : digit}`;
  }
}

async function companyTab(page: Page) {
  await page.goto("/cuenta?tab=empresa");
  return page.getByRole("tabpanel", { name: "Empresa" });
}

test("staff turn an /empresas enquiry into a company, approve it, and its approver adds a buyer", async ({
  page,
  browser,
}) => {
  test.slow();
  const stamp = Date.now();
  const contact = `contacto.${stamp}@example.com`;
  const buyerEmail = `comprador.${stamp}@example.com`;
  const legalName = `Sistemas Andinos ${stamp} SA`;
  const group = `Corporativo ${stamp}`;
  const cuit = freshCuit();

  // The contact has an account and writes from /empresas with the CUIT in the message.
  await signUpAndSignIn(page, { name: "Marta Ríos", email: contact, password: "clave-de-contacto" });
  await page.goto("/empresas");
  await page.getByLabel("Nombre de la empresa").fill(legalName);
  await page.getByLabel("Nombre de contacto").fill("Marta Ríos");
  await page.getByLabel("Email").fill(contact);
  await page.getByLabel("Teléfono").fill("11 4555-9876");
  await page.getByLabel("¿Qué necesita tu empresa?").fill(`Somos ${legalName}, CUIT ${cuit}. Buscamos 30 notebooks.`);
  await page.getByRole("button", { name: "Enviar consulta" }).click();
  // Said once (the toast), not also by the form.
  await expect(page.getByText("¡Consulta enviada!", { exact: true })).toHaveCount(1);
  await expect(page.getByText("¡Consulta enviada!", { exact: true })).toBeVisible();

  // The future buyer has an account too, in another browser.
  const buyer = await (await browser.newContext()).newPage();
  await signUpAndSignIn(buyer, { name: "Pablo Díaz", email: buyerEmail, password: "clave-de-comprador" });

  // Staff: a group, then the enquiry becomes a company.
  const staff = await (await browser.newContext()).newPage();
  await signInAsAdmin(staff);
  await staff.goto("/admin/empresas");
  await staff.getByLabel("Nuevo grupo").fill(group);
  await staff.getByRole("button", { name: "Crear grupo" }).click();
  await expect(staff.getByText("Grupo creado", { exact: true })).toBeVisible();

  await staff.goto("/admin/consultas?formType=b2b_contact");
  await staff.getByRole("link", { name: "Ver la consulta de Marta Ríos" }).first().click();
  const dialog = staff.getByRole("dialog");
  await dialog.getByRole("link", { name: "Crear empresa" }).click();
  const form = dialog.getByRole("form", { name: "Crear empresa" });
  await expect(form.getByLabel("Razón social")).toHaveValue(legalName);
  await expect(form.getByLabel("CUIT")).toHaveValue(cuit);
  await expect(form.getByLabel("Email de contacto")).toHaveValue(contact);
  await form.getByLabel("Estado").selectOption("pending");
  await form.getByLabel("Grupo de clientes").selectOption({ label: group });
  await form.getByRole("button", { name: "Crear empresa" }).click();
  await expect(staff.getByText(`Empresa ${legalName} creada`, { exact: true })).toBeVisible();

  // Staff approve it; the contact is already its approver.
  const review = staff.getByRole("region", { name: `Revisar ${legalName}` });
  await expect(staff.getByRole("region", { name: `Quiénes compran para ${legalName}` })).toContainText(
    `${contact} · Compra y aprueba`,
  );
  await review.getByLabel("Estado").selectOption("approved");
  await review.getByRole("button", { name: "Guardar revisión" }).click();
  await expect(staff.getByText("Empresa revisada", { exact: true })).toBeVisible();

  // The enquiry now links to its company.
  await staff.goto("/admin/consultas?formType=b2b_contact");
  await staff.getByRole("link", { name: "Ver la consulta de Marta Ríos" }).first().click();
  await expect(staff.getByRole("dialog").getByRole("link", { name: legalName })).toBeVisible();

  const approval = await receivedMail(contact, /ya compra como empresa/);
  expect(approval.text).toContain(group);

  // The approver adds the buyer in Mi Cuenta.
  const panel = await companyTab(page);
  await expect(panel).toContainText(legalName);
  await expect(panel).toContainText("Aprobada");
  await panel.getByLabel("Email de la persona").fill(buyerEmail);
  await panel.getByRole("button", { name: "Agregar" }).click();
  await expect(page.getByText("Miembro agregado", { exact: true })).toBeVisible();
  await expect(panel.getByRole("list", { name: "Miembros de la empresa" })).toContainText(buyerEmail);

  // The buyer sees the company and its members, and no way to change them.
  const buyerPanel = await companyTab(buyer);
  await expect(buyerPanel.getByRole("list", { name: "Miembros de la empresa" })).toContainText(contact);
  await expect(buyerPanel).toContainText("Solo quien aprueba en la empresa puede sumar o quitar miembros.");
  await expect(buyerPanel.getByRole("button", { name: "Agregar" })).toHaveCount(0);
});
