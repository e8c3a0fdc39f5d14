import { type Page, expect } from "@playwright/test";

// What the browser tests share for the back office: the demo admin and signing in as it.

export const DEMO_ADMIN = { email: "admin@vitec.com.ar", password: "vitec-demo-2026" };

/** Signs in as the demo admin through the admin login page, and waits for the dashboard. */
export async function signInAsAdmin(page: Page) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(DEMO_ADMIN.email);
  await page.getByLabel("Contraseña").fill(DEMO_ADMIN.password);
  await page.getByRole("button", { name: "Ingresar" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** A word no other test run uses (consonants only, so search stemming leaves it whole). */
export function uniqueWord(prefix: string): string {
  const letters = "bcdfghjklmnpqrstvwxz";
  let word = prefix;
  for (let i = 0; i < 6; i++) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

/** The row of order #number in Admin > Órdenes (not its expanded details, which mention the number too). */
export function orderRow(page: Page, number: string) {
  return page.getByRole("row").filter({ has: page.getByRole("checkbox", { name: `Elegir la orden #${number}` }) });
}

/** Creates a coupon in Admin > Cupones (a fixed amount off, optionally a minimum and a number of uses). */
export async function createFixedCoupon(
  page: Page,
  coupon: { code: string; amount: string; minPurchase?: string; uses?: string },
) {
  await page.goto("/admin/cupones");
  await page.getByRole("link", { name: "Nuevo cupón" }).click();
  const form = page.getByRole("region", { name: "Nuevo cupón" });
  await form.getByLabel("Código").fill(coupon.code);
  await form.getByLabel("Tipo de descuento").selectOption("fixed");
  await form.getByLabel("Descuento", { exact: true }).fill(coupon.amount);
  if (coupon.minPurchase) await form.getByLabel("Compra mínima ($, opcional)").fill(coupon.minPurchase);
  if (coupon.uses) await form.getByLabel("Usos en total (opcional)").fill(coupon.uses);
  await form.getByRole("button", { name: "Guardar cupón" }).click();
  await expect(page.getByText("Cupón guardado", { exact: true })).toBeVisible();
}
