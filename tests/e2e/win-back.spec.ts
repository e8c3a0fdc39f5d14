import { createHmac } from "node:crypto";
import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./admin";
import { addIdeapadToCart, checkOut } from "./shop";

// [23/25] Win back the sale (ADR 0021): a shopper types an e-mail at checkout and leaves; the
// reminder goes out (the server waits 2 s here, CART_REMINDER_DELAY_SECONDS); its link restores
// the cart in another browser and the order counts as recovered. The stock alert form, the
// unsubscribe page and the staff screens render.

// The links the reminder carries, signed as the store signs them (app/utils/signed-link.server.ts)
// with the run's secret (playwright.config.ts): the e-mail stays in the outbox (no SMTP in tests).
function signedLink(purpose: "unsubscribe" | "restore-cart", payload: string, expiresAt: Date | null): string {
  const secret = process.env.E2E_AUTH_SECRET!;
  const body = `${Buffer.from(payload).toString("base64url")}.${expiresAt ? Math.floor(expiresAt.getTime() / 1000).toString(36) : "0"}`;
  const key = createHmac("sha256", secret).update(`vitec-link:${purpose}`).digest();
  return `${body}.${createHmac("sha256", key).update(body).digest("base64url")}`;
}

test("an abandoned checkout gets its reminder; its link restores the cart on another device and the sale is recovered", async ({
  page,
  browser,
}) => {
  const email = `vuelve.${Date.now()}@example.com`;
  await addIdeapadToCart(page);
  await page.goto("/checkout");
  const saved = page.waitForResponse((r) => r.url().includes("/api/checkout-draft") && r.request().method() === "POST");
  await page.getByLabel("Email", { exact: true }).fill(email);
  expect((await saved).ok()).toBe(true);
  await page.close();

  // Staff see the draft, and then its reminder sent.
  const staff = await (await browser.newContext()).newPage();
  await signInAsAdmin(staff);
  const row = staff.getByTestId("draft-row").filter({ hasText: email });
  await expect(async () => {
    await staff.goto("/admin/carritos-abandonados");
    await expect(row).toContainText("recordado", { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(row).toContainText("$ 849.999");
  const draftId = (await row.locator('input[name="draftId"]').getAttribute("value"))!;

  // The reminder's link, opened in a fresh browser: the cart comes back and it lands on /checkout.
  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto(`/carrito/recuperar?t=${signedLink("restore-cart", draftId, new Date(Date.now() + 86_400_000))}`);
  await expect(shopper).toHaveURL(/\/checkout$/);
  await expect(shopper.getByText(/IdeaPad 3 15\.6/).first()).toBeVisible();
  await checkOut(shopper, email);

  await staff.goto("/admin/carritos-abandonados");
  await expect(row).toContainText("recuperado");
  await expect(row.getByRole("button", { name: "Enviar recordatorio" })).toHaveCount(0);
});

test("a sold-out product takes a stock alert; the e-mail's /baja link opts the address out", async ({
  page,
  browser,
}) => {
  const email = `aviso.${Date.now()}@example.com`;
  await page.goto("/search?q=g29");
  await page
    .getByRole("link", { name: /Volante Logitech G29/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: /Volante Logitech G29/ })).toBeVisible();
  await page.getByLabel("Avisame cuando haya stock").fill("no-es-un-email");
  await page.getByRole("button", { name: "Avisame", exact: true }).click();
  await expect(page.getByText("Ingresá un email válido.")).toBeVisible();
  await page.getByLabel("Avisame cuando haya stock").fill(email);
  await page.getByRole("button", { name: "Avisame", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "te avisamos por email apenas haya stock" })).toBeVisible();

  // Staff: the alert in Admin > Avisos de stock, and the "Recuperar ventas" card in Configuración.
  const staff = await (await browser.newContext()).newPage();
  await signInAsAdmin(staff);
  await staff.goto("/admin/avisos-de-stock");
  await expect(staff.getByRole("heading", { level: 1, name: "Avisos de stock" })).toBeVisible();
  await expect(staff.getByText(email)).toBeVisible();
  await staff.goto("/admin/configuracion");
  await expect(staff.getByText("Recuperar ventas").first()).toBeVisible();
  await expect(staff.getByLabel("Horas de espera antes del recordatorio")).toBeVisible();

  // The unsubscribe link every marketing e-mail carries: a page that says what it does, then the confirmation.
  await page.goto(`/baja?t=${signedLink("unsubscribe", email, null)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Darte de baja" })).toBeVisible();
  await page.getByRole("button", { name: "Darme de baja" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Listo:" })).toContainText(
    `${email} no va a recibir más recordatorios`,
  );
  // Its waiting alert went with it.
  await staff.goto("/admin/avisos-de-stock");
  await expect(staff.getByRole("heading", { level: 1, name: "Avisos de stock" })).toBeVisible();
  await expect(staff.getByText(email)).toHaveCount(0);

  // An altered link is refused with a clear message.
  await page.goto("/baja?t=alterado.0.firma");
  await expect(page.getByRole("alert")).toContainText("Este enlace de baja no es válido");
});
