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
