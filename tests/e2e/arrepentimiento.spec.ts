import { type Browser, type Page, expect, test } from "@playwright/test";
import { DEMO_ADMIN, orderRow } from "./admin";
import { buyIdeapad } from "./shop";

// Botón de arrepentimiento and buyers' reviews, against the demo database. Orders are placed
// through the real checkout (the browser cannot write to the database directly).

const IDEAPAD = /IdeaPad 3 15\.6/;

/** Places an order of the IdeaPad; with a password, an account is created with it. Returns its number. */
const placeOrder = (page: Page, email: string, password?: string) =>
  buyIdeapad(
    page,
    {
      email,
      name: "Carla",
      lastName: "Ríos",
      phone: "11 5555-2468",
      address: "Belgrano 900",
      city: "CABA",
      state: "Buenos Aires",
      zip: "C1092",
    },
    password,
  );

async function adminPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: "es-AR" });
  const page = await context.newPage();
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(DEMO_ADMIN.email);
  await page.getByLabel("Contraseña").fill(DEMO_ADMIN.password);
  await page.getByRole("button", { name: "Ingresar" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return page;
}

async function productJsonLd(page: Page) {
  const json = await page.locator('script[type="application/ld+json"]').first().textContent();
  return JSON.parse(json!) as { aggregateRating?: { ratingValue: string; reviewCount: number } };
}

test.describe("botón de arrepentimiento", () => {
  test("a guest withdraws from an order with its number and e-mail, gets a code, and the admin sees the flag", async ({
    page,
    browser,
    baseURL,
  }) => {
    // A long walk through several screens: more time on a loaded machine.
    test.slow();
    const email = `arrepentida.${Date.now()}@example.com`;
    const number = await placeOrder(page, email);

    // From the home page's link.
    await page.goto("/");
    await page.getByRole("main").getByRole("link", { name: "Botón de arrepentimiento" }).click();
    await expect(page).toHaveURL(/\/arrepentimiento$/);
    await expect(page.getByRole("heading", { level: 1, name: "Botón de arrepentimiento" })).toBeVisible();

    // A wrong pair: a clear message, and what was typed stays.
    await page.getByLabel("Número de pedido").fill(number);
    await page.getByLabel("Email de la compra").fill(`otra.${Date.now()}@example.com`);
    await page.getByRole("button", { name: "Solicitar arrepentimiento" }).click();
    await expect(
      page.getByText("No encontramos un pedido con ese número y ese email.", { exact: false }).first(),
    ).toBeVisible();
    await expect(page.getByLabel("Número de pedido")).toHaveValue(number);

    await page.getByLabel("Email de la compra").fill(email.toUpperCase());
    await page.getByLabel(/Motivo/).fill("Encontré otro modelo que me conviene más.");
    await page.getByRole("button", { name: "Solicitar arrepentimiento" }).click();
    await expect(page.getByRole("heading", { name: "Registramos tu solicitud de arrepentimiento" })).toBeVisible();
    const code = (await page.getByTestId("withdrawal-code").textContent())!;
    expect(code).toMatch(/^ARR-[A-HJ-NP-Z2-9]{8}$/);
    await expect(page.getByRole("status").filter({ hasText: code })).toContainText(`Pedido #${number}`);
    await expect(page.getByRole("status").filter({ hasText: code })).toContainText(email);

    // The admin finds it by the filter, with the badge, the code and the reason, and handles it.
    const admin = await adminPage(browser, baseURL);
    await admin.goto("/admin/ordenes");
    await expect(admin.getByText(/solicitud(es)? de arrepentimiento sin atender/)).toBeVisible();
    await admin.getByLabel("Arrepentimiento", { exact: true }).selectOption("any");
    await expect(admin).toHaveURL(/withdrawal=any/);
    const row = orderRow(admin, number);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Arrepentimiento");
    await row.getByRole("button", { name: /Ver Detalles/ }).click();
    const panel = admin.getByRole("region", { name: "Solicitud de arrepentimiento" });
    await expect(panel).toContainText(code);
    await expect(panel).toContainText("Encontré otro modelo que me conviene más.");
    await expect(panel).toContainText(email);
    await panel.getByRole("button", { name: "Marcar como atendida" }).click();
    await expect(admin.getByText("Arrepentimiento marcado como atendido", { exact: true })).toBeVisible();
    await expect(panel).toContainText(/Atendida el/);

    // Delivered, then withdrawn: its units come back with the parcel, when staff receive it.
    await admin.getByLabel("Estado del pedido").selectOption("delivered");
    await expect(admin.getByText("Estado actualizado", { exact: true })).toBeVisible();
    await panel.getByRole("button", { name: "Aceptar el arrepentimiento" }).click();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Aceptar y cancelar el pedido" }).click();
    await expect(admin.getByText("Arrepentimiento aceptado: pedido cancelado", { exact: true })).toBeVisible();
    await expect(panel).toContainText("cuando recibas el paquete");
    await panel.getByRole("button", { name: "Recibí la devolución" }).click();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Volver las unidades al stock" }).click();
    await expect(
      admin.getByText("Devolución recibida: las unidades volvieron al stock", { exact: true }),
    ).toBeVisible();
    await expect(panel.getByRole("button", { name: "Recibí la devolución" })).toHaveCount(0);
    await admin.goto(`/admin/ordenes?withdrawal=pending&q=${number}`);
    await expect(admin.getByText("No hay órdenes que coincidan con la búsqueda.")).toBeVisible();
    await admin.context().close();
  });

  test("without JavaScript the form still works, and a second request shows the same code", async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = `sinjs.${Date.now()}@example.com`;
    const number = await placeOrder(page, email);

    const context = await browser.newContext({ baseURL, locale: "es-AR", javaScriptEnabled: false });
    const noJs = await context.newPage();
    const submit = async () => {
      await noJs.goto("/arrepentimiento");
      await noJs.getByLabel("Número de pedido").fill(`#${number}`);
      await noJs.getByLabel("Email de la compra").fill(email);
      await noJs.getByRole("button", { name: "Solicitar arrepentimiento" }).click();
    };
    await submit();
    await expect(noJs.getByRole("heading", { name: "Registramos tu solicitud de arrepentimiento" })).toBeVisible();
    const code = (await noJs.getByTestId("withdrawal-code").textContent())!;
    expect(code).toMatch(/^ARR-/);

    await submit();
    await expect(noJs.getByRole("heading", { name: "Tu solicitud ya estaba registrada" })).toBeVisible();
    await expect(noJs.getByTestId("withdrawal-code")).toHaveText(code);
    await context.close();
  });
});

test.describe("opiniones de compradores", () => {
  test("a buyer reviews a delivered product, the admin approves it, and it shows and counts", async ({
    page,
    browser,
    baseURL,
  }) => {
    // Four people in turn (buyer, staff, buyer, visitor): more than the default budget on a loaded CI machine.
    test.slow();
    const email = `opina.${Date.now()}@example.com`;
    const number = await placeOrder(page, email, "una-clave-segura");
    const text = `Anda perfecto para la facultad (${number}).`;

    // Not delivered yet: no form, an explanation instead.
    await page.goto("/search?q=ideapad");
    await page.getByRole("link", { name: IDEAPAD }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: IDEAPAD })).toBeVisible();
    const productUrl = page.url();
    const before = (await productJsonLd(page)).aggregateRating?.reviewCount ?? 0;
    await page.getByRole("tab", { name: "Opiniones" }).click();
    await expect(page.getByText("Podés opinar sobre los productos que recibiste.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Enviar opinión" })).toHaveCount(0);

    // The admin marks the order delivered.
    const admin = await adminPage(browser, baseURL);
    await admin.goto(`/admin/ordenes?q=${number}`);
    const row = orderRow(admin, number);
    await row.getByRole("button", { name: /Ver Detalles/ }).click();
    await admin.getByLabel("Estado del pedido").selectOption("delivered");
    await expect(admin.getByText("Estado actualizado", { exact: true })).toBeVisible();

    // Now the buyer may review it; it waits for approval.
    await page.goto(productUrl);
    await page.getByRole("tab", { name: "Opiniones" }).click();
    await page.getByRole("radio", { name: "4 estrellas" }).check();
    await page.getByRole("textbox", { name: "Comentario" }).fill(text);
    await page.getByRole("button", { name: "Enviar opinión" }).click();
    await expect(page.getByText("¡Gracias por tu opinión! La vamos a publicar cuando la revisemos.")).toBeVisible();
    await expect(page.getByText("Estado: Pendiente.", { exact: false })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: text })).toHaveCount(0);

    // The admin approves it.
    await admin.goto("/admin/opiniones?status=pending");
    const review = admin.getByRole("row").filter({ hasText: text });
    await expect(review).toContainText("Carla Ríos");
    await expect(review).toContainText("Pendiente");
    await review.getByRole("button", { name: /^Aprobar/ }).click();
    await expect(admin.getByText("Opinión aprobada", { exact: true })).toBeVisible();
    await admin.context().close();

    // Shown to everyone, and counted in the JSON-LD rating.
    const visitor = await browser.newContext({ baseURL, locale: "es-AR" });
    const anon = await visitor.newPage();
    await anon.goto(productUrl);
    await anon.getByRole("tab", { name: "Opiniones" }).click();
    await expect(anon.getByRole("listitem").filter({ hasText: text })).toContainText("Carla Ríos");
    expect((await productJsonLd(anon)).aggregateRating?.reviewCount).toBe(before + 1);
    await expect(anon.getByRole("link", { name: "Ingresá a tu cuenta" })).toBeVisible();
    await visitor.close();
  });
});
