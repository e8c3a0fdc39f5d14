import { type Page, expect, test } from "@playwright/test";

// A dropped connection loses nothing: every enquiry form sent while the network fails keeps what the
// person typed and says the spec's failure toast; a catalogue or search request that fails keeps the
// page on screen and says so. The network is cut for the store's data requests (*.data) only: the
// page itself has loaded and hydrated.

async function cutDataRequests(page: Page) {
  await page.route(/\.data(\?|$)/, (route) => route.abort("internetdisconnected"));
}

async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
}

const FORMS = [
  {
    path: "/",
    button: "Enviar mensaje",
    toast: "Error al enviar el mensaje",
    fields: {
      Nombre: "Lucía Fernández",
      Email: "lucia@example.com",
      Teléfono: "11 5555-1234",
      Mensaje: "¿Tienen la IdeaPad en 16 GB?",
    },
  },
  {
    path: "/contacto",
    button: "Enviar mensaje",
    toast: "Error al enviar el mensaje",
    fields: {
      Nombre: "Lucía Fernández",
      Email: "lucia@example.com",
      Teléfono: "11 5555-1234",
      Asunto: "Garantía",
      Mensaje: "Quiero saber cuánto dura la garantía.",
    },
  },
  {
    path: "/empresas",
    button: "Enviar consulta",
    toast: "Error al enviar la consulta",
    fields: {
      "Nombre de la empresa": "Estudio Sosa",
      "Nombre de contacto": "Martina Sosa",
      Email: "martina@example.com",
      Teléfono: "11 4444-0000",
      "¿Qué necesita tu empresa?": "Diez notebooks para el estudio.",
    },
  },
  {
    path: "/soluciones-inteligentes",
    button: "Solicitar consultoría",
    toast: "Error al enviar la solicitud",
    fields: {
      Nombre: "Lucía Fernández",
      WhatsApp: "11 5555-1234",
      Email: "lucia@example.com",
      "¿Qué necesitás resolver?": "Automatizar el stock de mi local.",
    },
  },
] as const;

test.describe("enquiry forms sent while the network fails", () => {
  for (const { path, button, toast, fields } of FORMS) {
    test(`${path}: the typed text stays and '${toast}' is shown`, async ({ page }) => {
      await openHydrated(page, path);
      const form = page.locator("form").filter({ has: page.getByRole("button", { name: button }) });
      for (const [label, value] of Object.entries(fields)) await form.getByLabel(label, { exact: true }).fill(value);
      await cutDataRequests(page);
      await form.getByRole("button", { name: button }).click();

      await expect(page.getByText(toast, { exact: true }).first()).toBeVisible();
      await expect(page.getByText("Algo salió mal")).toHaveCount(0);
      for (const [label, value] of Object.entries(fields)) {
        await expect(form.getByLabel(label, { exact: true })).toHaveValue(value);
      }

      // Back online, the same form goes through with what was kept (one form only: the enquiries'
      // limit of 5 per address in 10 minutes is shared with the other browser tests).
      if (path !== "/soluciones-inteligentes") return;
      await page.unroute(/\.data(\?|$)/);
      await form.getByRole("button", { name: button }).click();
      await expect(page.getByText("¡Consultoría solicitada!", { exact: true }).first()).toBeVisible();
    });
  }
});

test.describe("catalogue and search requests that fail", () => {
  test("/store: a filter whose request fails keeps the products and says 'No se pudieron cargar los productos.'", async ({
    page,
  }) => {
    await openHydrated(page, "/store");
    const products = page.getByRole("region", { name: "Productos" });
    const first = await products.getByRole("heading", { level: 2 }).first().textContent();
    await cutDataRequests(page);
    const filters = page.getByRole("complementary", { name: "Filtros" });
    await filters.getByRole("radio").nth(1).check();

    await expect(page.getByText("No se pudieron cargar los productos.", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Tienda" })).toBeVisible();
    await expect(products.getByRole("heading", { level: 2 }).first()).toHaveText(first!);
    await expect(page.getByText("Algo salió mal")).toHaveCount(0);
  });

  test("/search: a new search whose request fails keeps the results and says 'No se pudieron cargar los resultados de la búsqueda.'", async ({
    page,
  }) => {
    await openHydrated(page, "/search?q=ideapad");
    await expect(page.getByRole("heading", { level: 1, name: 'Resultados para "ideapad"' })).toBeVisible();
    await cutDataRequests(page);
    const search = page.getByRole("searchbox", { name: "Buscar productos" }).first();
    await search.fill("monitor");
    await search.press("Enter");

    await expect(
      page.getByText("No se pudieron cargar los resultados de la búsqueda.", { exact: true }).first(),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: 'Resultados para "ideapad"' })).toBeVisible();
    await expect(page.getByRole("link", { name: /IdeaPad 3 15\.6/ }).first()).toBeVisible();
    await expect(page.getByText("Algo salió mal")).toHaveCount(0);
  });

  test("going to /store from another page while offline says what failed under the store's header", async ({
    page,
  }) => {
    await openHydrated(page, "/quienes-somos");
    await cutDataRequests(page);
    await page.getByRole("navigation").getByRole("link", { name: "Tienda", exact: true }).first().click();
    await expect(page.getByText("No se pudieron cargar los productos.", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: /Abrir carrito/ }).first()).toBeVisible();
    await expect(page.getByText("Algo salió mal")).toHaveCount(0);
  });
});
