import { expect, test } from "@playwright/test";
import { DEMO_ADMIN } from "./admin";

test.describe("the storefront shell", () => {
  test("the home page is rendered on the server with its shell", async ({ browser }) => {
    // No JavaScript at all: everything seen here came from the server.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Vitec/);
    const nav = page.getByRole("navigation", { name: /principal/i }).first();
    for (const label of [
      "Notebooks",
      "Tienda",
      "Empresas",
      "Quiénes Somos",
      "Casos de Éxito",
      "Contacto",
      "Soluciones Inteligentes",
    ]) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Productos destacados" })).toBeVisible();
    await expect(page.locator("footer")).toContainText("Todos los derechos reservados");
    await context.close();
  });

  test("what loads after a page's own code is in its HTML, and works once it arrives", async ({ browser }) => {
    // The footer, the home's contact form and the product page's tabs, shipping quote and related
    // products are server-rendered parts (components/deferred.tsx): without JavaScript they must
    // be on screen, not left hidden at the end of the stream for a script to reveal.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const bare = await noScript.newPage();
    await bare.goto("/");
    await expect(bare.getByRole("button", { name: "Enviar mensaje" })).toBeVisible();
    await expect(bare.locator("footer").getByRole("link", { name: "Botón de arrepentimiento" })).toBeVisible();
    await bare.goto("/search?q=switch");
    await bare
      .getByRole("link", { name: /Nintendo Switch OLED/ })
      .first()
      .click();
    await expect(bare.getByRole("heading", { level: 1, name: /Switch OLED/ })).toBeVisible();
    await expect(bare.getByRole("tab", { name: "Detalles" })).toBeVisible();
    await expect(bare.getByRole("heading", { name: "Calculá el costo de envío" })).toBeVisible();
    await expect(bare.getByRole("region", { name: "Productos relacionados" })).toBeVisible();
    const html = await (await bare.request.get(bare.url())).text();
    expect(html).not.toContain('<template id="B:');
    await noScript.close();

    // With JavaScript the same parts hydrate after the page: the shipping quote answers.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto("/search?q=switch");
    await page
      .getByRole("link", { name: /Nintendo Switch OLED/ })
      .first()
      .click();
    await page.getByRole("textbox", { name: "Código postal" }).fill("1043");
    await page.getByRole("button", { name: "Calcular" }).click();
    await expect(page.getByRole("region", { name: "Calculá el costo de envío" })).toContainText(
      "Envíos a Ciudad Autónoma de Buenos Aires",
    );
    await context.close();
  });

  test("the header search ignores empty text and otherwise goes to /search?q=", async ({ page }) => {
    await page.goto("/");
    const search = page.getByRole("searchbox", { name: "Buscar productos" }).first();
    await search.fill("   ");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/$/);

    await search.fill("  monitor  ");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=monitor$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText('Resultados para "monitor"');
  });

  test("an unknown path lands on the home page", async ({ page }) => {
    await page.goto("/esta-pagina-no-existe");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

test.describe("accounts and roles", () => {
  test("a shopper signs up, signs in, and as a customer cannot open the admin", async ({ page }) => {
    const email = `cliente.${Date.now()}@example.com`;
    await page.goto("/login");
    await page.getByRole("link", { name: "Registrate" }).click();
    await expect(page.getByRole("heading", { name: "Crear cuenta" })).toBeVisible();
    await page.getByLabel("Nombre completo").fill("Lucía Fernández");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Contraseña").fill("corta");
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await expect(page.getByText("La contraseña debe tener al menos 8 caracteres.").first()).toBeVisible();

    await page.getByLabel("Contraseña").fill("una-clave-segura");
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await expect(page.getByText("¡Cuenta creada!", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);

    await page.getByLabel("Contraseña").fill("una-clave-equivocada");
    await page.getByRole("button", { name: "Ingresar" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Email o contraseña incorrectos." })).toBeVisible();

    await page.getByLabel("Contraseña").fill("una-clave-segura");
    await page.getByRole("button", { name: "Ingresar" }).click();
    await expect(page.getByText("¡Bienvenido de nuevo!", { exact: true })).toBeVisible();

    // Signed in: /login sends the shopper on (spec: to /store).
    const loginAgain = await page.request.get("/login", { maxRedirects: 0 });
    expect(loginAgain.status()).toBe(302);
    expect(loginAgain.headers()["location"]).toBe("/store");

    // A customer gets a 403 page from the admin, and its data endpoint gives nothing away.
    const adminPage = await page.goto("/admin/dashboard");
    expect(adminPage?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Acceso denegado" })).toBeVisible();
    const adminData = await page.request.get("/admin/dashboard.data");
    expect(adminData.status()).toBe(403);
    expect(await adminData.text()).not.toContain("lowStock");

    // And the customer's password does not open the admin login either.
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Contraseña").fill("una-clave-segura");
    await page.getByRole("button", { name: "Ingresar" }).click();
    await expect(page.getByRole("alert")).toContainText("no tiene acceso de administrador");
  });

  test("anonymous visitors are sent to the admin login, and the demo admin gets in", async ({ page }) => {
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/login/);
    await expect(page.getByText("Acceso exclusivo para administradores")).toBeVisible();
    await page.getByLabel("Email").fill(DEMO_ADMIN.email);
    await page.getByLabel("Contraseña").fill(DEMO_ADMIN.password);
    await page.getByRole("button", { name: "Ingresar" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByText("¡Bienvenido, Admin!", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    // The demo catalogue is counted.
    const products = page.locator("dt", { hasText: "Productos" }).locator("xpath=following-sibling::dd");
    expect(Number(await products.textContent())).toBeGreaterThanOrEqual(60);
  });
});
