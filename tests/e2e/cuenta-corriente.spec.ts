import { expect, test } from "@playwright/test";
import { cuitCheckDigit, formatCuit } from "../../app/domain/cuit";
import { signInAsAdmin, uniqueWord } from "./admin";
import { addIdeapadToCart, fillCustomer, signUpAndSignIn } from "./shop";

// [25/25] Cuenta corriente (ADR 0022): a member of an approved company with a credit limit pays
// with "Cuenta corriente" at checkout (confirmed without payment); staff see the company's
// balance and record a transfer received; the member sees the statement in Mi Cuenta.
// Everything here is created by the test (its own account, company and group).

/** A CUIT no other test uses: 30-<8 digits of now>-<its check digit>. */
function freshCuit(): string {
  for (let n = Date.now() % 100_000_000; ; n = (n + 1) % 100_000_000) {
    const first10 = `30${String(n).padStart(8, "0")}`;
    const digit = cuitCheckDigit(first10);
    if (digit !== null) return formatCuit(`${first10}${digit}`);
  }
}

test("a company member buys on account, staff record a payment and the member sees the statement", async ({
  page,
  browser,
}) => {
  test.slow();
  const email = `cc.${Date.now()}@example.com`;
  const legalName = `${uniqueWord("Cuenta")} SRL`;
  const cuit = freshCuit();
  await signUpAndSignIn(page, { name: "Laura Gómez", email, password: "clave-de-empresa" });
  await page.goto("/empresas/registro");
  await page.getByLabel("CUIT").fill(cuit);
  await page.getByLabel("Razón social").fill(legalName);
  await page.getByLabel("Teléfono").fill("11 4555-1234");
  await page.getByRole("button", { name: "Enviar solicitud" }).click();
  await expect(page.getByText("Recibimos la solicitud de tu empresa", { exact: true })).toBeVisible();

  // Staff approve it with a credit limit of $ 2.000.000 at 30 days.
  const staff = await (await browser.newContext()).newPage();
  await signInAsAdmin(staff);
  await staff.goto("/admin/empresas");
  const group = uniqueWord("Corporativo");
  await staff.getByLabel("Nuevo grupo").fill(group);
  await staff.getByRole("button", { name: "Crear grupo" }).click();
  await expect(staff.getByText("Grupo creado", { exact: true })).toBeVisible();
  await staff.getByRole("link", { name: `Revisar ${legalName}` }).click();
  const review = staff.getByRole("region", { name: `Revisar ${legalName}` });
  await review.getByLabel("Estado").selectOption("approved");
  await review.getByLabel("Grupo de clientes").selectOption({ label: group });
  await review.getByLabel(/Límite de crédito/).fill("2.000.000");
  await review.getByRole("button", { name: "Guardar revisión" }).click();
  await expect(staff.getByText("Empresa revisada", { exact: true })).toBeVisible();

  // The member buys the IdeaPad ($ 849.999) on account: confirmed, nothing to pay now.
  await addIdeapadToCart(page);
  await page.goto("/checkout");
  await fillCustomer(page, email);
  await page.getByRole("radio", { name: /Cuenta corriente/ }).check();
  await expect(page.getByText(/Confirmamos tu pedido sin pago ahora/)).toContainText(/\$\s2\.000\.000,00/);
  await page.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
  await page.getByRole("button", { name: "Confirmar pedido" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "¡Gracias por tu compra!" })).toBeVisible();

  // Staff: the company's account counts the order; a transfer of $ 300.000 received is recorded.
  await staff.goto("/admin/empresas");
  await staff.getByRole("link", { name: `Revisar ${legalName}` }).click();
  const account = staff.getByRole("region", { name: "Cuenta corriente" });
  await expect(account).toContainText(/Pedidos sin facturar\s*\$\s849\.999,00/);
  await expect(account).toContainText(/Crédito disponible\s*\$\s1\.150\.001,00/);
  await account.getByLabel("Importe").fill("");
  await account.getByRole("button", { name: "Registrar pago" }).click();
  await expect(account.getByText("Ingresá el importe.")).toBeVisible();
  await account.getByLabel("Importe").fill("300.000");
  await account.getByLabel("Medio").selectOption("transferencia");
  await account.getByLabel("Referencia").fill("OP 55123");
  await account.getByRole("button", { name: "Registrar pago" }).click();
  await expect(staff.getByText("Pago registrado", { exact: true })).toBeVisible();
  const row = staff.getByRole("row").filter({ hasText: legalName }).first();
  await expect(row).toContainText(/-\$\s300\.000,00/);

  // The member's statement in Mi Cuenta.
  await page.goto("/cuenta?tab=cuenta-corriente");
  const statement = page.getByRole("table", { name: /Movimientos de la cuenta corriente/ });
  await expect(statement).toContainText("Transferencia · OP 55123");
  await expect(page.getByTestId("account-balance")).toHaveText(/-\s?\$\s300\.000,00/);
});
