import { type Page, expect, test } from "@playwright/test";
import { orderRow, signInAsAdmin } from "./admin";
import { addIdeapadToCart, buyIdeapad } from "./shop";

// The admin's orders and settings screens, against the demo database. An order is placed first
// through the real checkout as a guest (the browser cannot write to the database directly).

const placeGuestOrder = (page: Page, email: string) =>
  buyIdeapad(page, {
    email,
    name: "Martina",
    lastName: "Sosa",
    phone: "11 5555-9876",
    address: "Mitre 500",
    city: "Rosario",
    state: "Santa Fe",
    zip: "S2000",
  });

test.describe("admin orders", () => {
  test("an admin finds a new order, changes its status, and a bad address edit saves nothing", async ({ page }) => {
    const email = `pedido.${Date.now()}@example.com`;
    const number = await placeGuestOrder(page, email);

    await signInAsAdmin(page);
    // The dashboard lists it among the latest orders, linked to its row.
    await page.getByRole("link", { name: `#${number}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/ordenes\\?q=${number}`));
    await expect(page.getByRole("heading", { level: 1, name: "Órdenes" })).toBeVisible();

    // Searching by the customer's e-mail finds exactly this order.
    await page.getByLabel("Buscar por número, cliente, email o CUIT").fill(email);
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/q=pedido/);
    const row = orderRow(page, number);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Martina Sosa");
    await expect(row).toContainText("Pendiente");

    const toggle = row.getByRole("button", { name: /Ver Detalles/ });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(row.getByRole("button", { name: /Ocultar Detalles/ })).toHaveAttribute("aria-expanded", "true");
    const details = page.locator(`#order-details-${await detailsId(page, number)}`);
    await expect(details).toContainText("Datos del cliente");
    await expect(details).toContainText("Notebook Lenovo IdeaPad 3");
    await expect(details).toContainText("Rosario");

    // The status is saved as soon as it changes.
    await details.getByLabel("Estado del pedido").selectOption("shipped");
    await expect(page.getByText("Estado actualizado", { exact: true })).toBeVisible();
    await expect(row).toContainText("Enviado");

    // A change that never reaches the server: the previous status comes back, with an error toast,
    // and the screen stays (no error page).
    const ordersData = /\/admin\/ordenes\.data/;
    await page.route(ordersData, (route) =>
      route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
    );
    await details.getByLabel("Estado del pedido").selectOption("delivered");
    await expect(
      page.getByText("No se pudo conectar con el servidor. Revisá tu conexión e intentá de nuevo.", { exact: true }),
    ).toBeVisible();
    await expect(details.getByLabel("Estado del pedido")).toHaveValue("shipped");
    await expect(row).toContainText("Enviado");
    await page.unroute(ordersData);

    // An address that is not a JSON object is refused and nothing is saved.
    await details.getByRole("button", { name: "Editar Dirección" }).click();
    await details.getByLabel("Dirección", { exact: true }).fill("{line1: Mitre 600}");
    await details.getByRole("button", { name: "Confirmar Dirección" }).click();
    await expect(page.getByText("JSON inválido", { exact: true }).first()).toBeVisible();
    await expect(details.getByLabel("Dirección", { exact: true })).toHaveValue("{line1: Mitre 600}");
    await details.getByRole("button", { name: "Cancelar edición de Dirección" }).click();

    // A valid field edit is saved.
    await details.getByRole("button", { name: "Editar Teléfono" }).click();
    await details.getByLabel("Teléfono", { exact: true }).fill("11 4444-0000");
    await details.getByRole("button", { name: "Confirmar Teléfono" }).click();
    await expect(page.getByText("Actualizado", { exact: true })).toBeVisible();

    // After a reload: the new status and phone stayed, the address did not change.
    await page.reload();
    const reloaded = orderRow(page, number);
    await expect(reloaded).toContainText("Enviado");
    await reloaded.getByRole("button", { name: /Ver Detalles/ }).click();
    const again = page.locator(`#order-details-${await detailsId(page, number)}`);
    await expect(again).toContainText("11 4444-0000");
    await expect(again).toContainText("Mitre 500");
    await expect(again.getByLabel("Estado del pedido")).toHaveValue("shipped");

    // The status filter narrows the list.
    await page.goto(`/admin/ordenes?status=cancelled&q=${encodeURIComponent(email)}`);
    await expect(page.getByText("No hay órdenes que coincidan con la búsqueda.")).toBeVisible();
  });
});

test.describe("admin shell", () => {
  test("shows Cargando… while a page loads, and an error inside the shell when a save cannot reach the server", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    const sidebar = page.getByRole("navigation", { name: "Administración" });

    // Held back: the shell says Cargando… and the page is busy until the data arrives.
    const customersData = /\/admin\/clientes\.data/;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(customersData, async (route) => {
      await held;
      await route.continue();
    });
    await sidebar.getByRole("link", { name: "Clientes" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Cargando…" })).toBeVisible();
    await expect(page.locator("main")).toHaveAttribute("aria-busy", "true");
    release();
    await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
    await expect(page.getByText("Cargando…")).toBeHidden();
    await expect(page.locator("main")).toHaveAttribute("aria-busy", "false");
    await page.unroute(customersData);

    // A save that never reaches the server: a Spanish message inside the admin shell, not the
    // site's error page.
    await sidebar.getByRole("link", { name: "Categorías" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Categorías" })).toBeVisible();
    const categoriesData = /\/admin\/categorias\.data/;
    await page.route(categoriesData, (route) =>
      route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
    );
    await page.getByRole("button", { name: "Agregar Categoría" }).click();
    const dialog = page.getByRole("dialog", { name: "Nueva Categoría" });
    await dialog.getByLabel("Nombre").fill(`Sin conexión ${Date.now()}`);
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sin conexión con el servidor" })).toBeVisible();
    await expect(
      page.getByText("No se pudo comunicar con el servidor. Revisá tu conexión e intentá de nuevo."),
    ).toBeVisible();
    await expect(sidebar).toBeVisible();
    await expect(page.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
    await page.unroute(categoriesData);
    await page.getByRole("link", { name: "Intentar de nuevo" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Categorías" })).toBeVisible();
  });
});

/** The full id of the order whose number is shown, read from its row toggle. */
async function detailsId(page: Page, number: string): Promise<string> {
  const controls = await orderRow(page, number)
    .getByRole("button", { name: /Detalles/ })
    .getAttribute("aria-controls");
  return controls!.replace("order-details-", "");
}

test.describe("admin settings", () => {
  const METHOD = "Envío a todo el país";

  async function setCost(page: Page, cost: string) {
    await page.goto("/admin/configuracion");
    await expect(page.getByRole("heading", { level: 1, name: "Configuración de la Tienda" })).toBeVisible();
    const card = page.getByRole("region", { name: "Métodos de envío" });
    const row = card.locator(`li:has(input[value="${METHOD}"])`);
    await row.getByLabel("Costo ($)").fill(cost);
    await card.getByRole("button", { name: "Guardar" }).click();
  }

  test("a new shipping cost is saved and offered at checkout", async ({ page }) => {
    // Two saves, a checkout and the audit log, then the demo value put back: long on a busy machine.
    test.slow();
    await signInAsAdmin(page);

    // A negative cost is refused beside its input, with the spec's message.
    await setCost(page, "-10");
    await expect(
      page.getByText("No se pudo guardar la configuración: shipping_methods.", { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Métodos de envío" })).toContainText(
      "El costo no puede ser negativo.",
    );

    await setCost(page, "13.450,50");
    await expect(page.getByText("Guardado", { exact: true })).toBeVisible();
    await expect(
      page.getByText("Configuración 'shipping_methods' actualizada con éxito.", { exact: true }),
    ).toBeVisible();

    try {
      await addIdeapadToCart(page);
      await page.goto("/checkout");
      const option = page.locator("label").filter({ hasText: METHOD });
      await expect(option).toContainText("13.450,50");
      await option.click();
      // 849.999 less the 10 % transfer discount (the first payment method) plus 13.450,50.
      await expect(page.getByTestId("checkout-total")).toHaveText(/778\.449,60/);

      // The change is in the audit log: who, what, before and after.
      await page.goto("/admin/auditoria?tipo=setting");
      const entry = page.getByRole("row").filter({ hasText: "shipping_methods" }).first();
      await expect(entry).toContainText("admin@vitec.com.ar");
      await expect(entry).toContainText("Cambió la configuración");
      await expect(entry).toContainText("13450.5");
    } finally {
      // Put the demo value back for the other browser tests.
      await setCost(page, "12900");
      await expect(page.getByText("Guardado", { exact: true })).toBeVisible();
    }
  });

  test("a renamed shipping method keeps where it does not reach", async ({ page }) => {
    // Four saves and two reloads of Configuración: long on a busy machine.
    test.slow();
    // Its own names: a retry never meets the row an interrupted attempt left behind.
    const flete = `Flete ${test.info().retry}-${Date.now() % 100_000}`;
    await signInAsAdmin(page);
    await page.goto("/admin/configuracion");
    const methods = page.getByRole("region", { name: "Métodos de envío" });
    const zones = page.getByRole("region", { name: "Zonas de envío" });
    const save = async (card: typeof methods) => {
      const answered = page.waitForResponse(
        (r) => r.request().method() === "POST" && r.url().includes("/admin/configuracion"),
      );
      await card.getByRole("button", { name: "Guardar" }).click();
      expect((await answered).ok()).toBe(true);
      await expect(card.getByRole("button", { name: "Guardar" })).toBeEnabled();
    };
    const quote = async (cp: string) =>
      (
        (await (await page.request.get(`/api/shipping-quote?cp=${cp}`)).json()) as { options: { name: string }[] }
      ).options.map((o) => o.name);

    // A freight service that does not reach Patagonia.
    await methods.getByRole("button", { name: "Agregar método de envío" }).click();
    await methods.getByLabel("Nombre").last().fill(flete);
    await methods.getByLabel("Costo ($)").last().fill("20000");
    await save(methods);
    try {
      await zones.getByRole("checkbox", { name: `${flete} no llega a Patagonia` }).check();
      await save(zones);
      expect(await quote("Q8300")).not.toContain(flete);
      expect(await quote("C1043AAZ")).toContain(flete);

      // Renamed, it still does not reach Patagonia (zone costs follow the name).
      await methods.locator(`li:has(input[value="${flete}"])`).getByLabel("Nombre").fill(`${flete} en camión`);
      await save(methods);
      await expect(zones.getByRole("checkbox", { name: `${flete} en camión no llega a Patagonia` })).toBeChecked();
      expect(await quote("Q8300")).not.toContain(`${flete} en camión`);
      expect(await quote("C1043AAZ")).toContain(`${flete} en camión`);
    } finally {
      await page.goto("/admin/configuracion");
      // The page hydrated (its e-mail previews asked for) before the row is removed.
      await page.waitForLoadState("networkidle");
      await methods.getByRole("button", { name: new RegExp(`^Eliminar el método de envío ${flete}`) }).click();
      await save(methods);
      await expect(methods.locator(`li:has(input[value^="${flete}"])`)).toHaveCount(0);
    }
  });
});

test.describe("status e-mail templates", () => {
  test("the preview shows the e-mail with a sample order as it is typed, and the template saves with its switch", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto("/admin/configuracion");
    // The delivered e-mail: the browser test of the shipped one runs meanwhile in another file.
    const card = page.getByRole("region", { name: "Email al cliente: pedido entregado" });
    await expect(card.getByLabel("Enviar este email")).toBeChecked();
    // The preview: the subject and the body filled with the sample order, in the store's layout.
    await expect(card).toContainText("Asunto: Tu pedido #5f3c2a1b fue entregado");
    const preview = card.frameLocator("iframe");
    await expect(preview.getByText("¡Tu pedido llegó, María González!")).toBeVisible();
    await expect(preview.getByRole("link", { name: "Botón de arrepentimiento" })).toBeVisible();

    // Typing changes the preview (nothing saved yet).
    const subject = card.getByLabel("Asunto");
    const original = await subject.inputValue();
    await subject.fill("¡Llegó tu pedido #{{order_id}} ({{status}})!");
    await expect(card).toContainText("Asunto: ¡Llegó tu pedido #5f3c2a1b (Entregado)!");
    await card.getByRole("button", { name: "Ver texto plano" }).click();
    await expect(card.locator("pre")).toContainText("Ver mi pedido [");

    // An empty subject is refused beside its input; a valid one is saved with the switch off.
    await subject.fill("");
    await card.getByRole("button", { name: "Guardar" }).click();
    await expect(card.getByText("Ingresá el asunto del email.")).toBeVisible();
    await subject.fill(original);
    await card.getByLabel("Enviar este email").uncheck();
    await card.getByRole("button", { name: "Guardar" }).click();
    await expect(
      page.getByText("Configuración 'email_status_delivered' actualizada con éxito.", { exact: true }),
    ).toBeVisible();
    await page.reload();
    await expect(card.getByLabel("Enviar este email")).not.toBeChecked();
    // Back on for the other browser tests.
    await card.getByLabel("Enviar este email").check();
    await card.getByRole("button", { name: "Guardar" }).click();
    await expect(
      page.getByText("Configuración 'email_status_delivered' actualizada con éxito.", { exact: true }),
    ).toBeVisible();
  });
});

test.describe("legal footer", () => {
  test("every page links to Defensa del Consumidor; the Data Fiscal shows once staff set it, and the dashboard reminds them until then", async ({
    page,
  }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(
      footer.getByRole("link", { name: "Defensa de las y los Consumidores. Para reclamos ingresá acá." }),
    ).toHaveAttribute("href", "https://www.argentina.gob.ar/produccion/defensadelconsumidor");
    await expect(footer.getByRole("img", { name: "Data Fiscal (AFIP/ARCA)" })).toHaveCount(0);

    await signInAsAdmin(page);
    const reminder = page.getByText(/Falta el Data Fiscal de AFIP\/ARCA/);
    await expect(reminder).toBeVisible();

    await page.goto("/admin/configuracion");
    const card = page.getByRole("region", { name: "Datos de la tienda" });
    const link = card.getByLabel("Enlace del Data Fiscal");
    await link.fill("https://example.com/qr");
    await card.getByRole("button", { name: "Guardar" }).click();
    await expect(card).toContainText("debe ser la dirección que da AFIP/ARCA");
    await link.fill("http://qr.afip.gob.ar/?qr=VitecDemo123");
    await card.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByText("Configuración 'store' actualizada con éxito.", { exact: true })).toBeVisible();
    try {
      await page.goto("/store");
      const dataFiscal = page.getByRole("contentinfo").getByRole("link", { name: "Data Fiscal (AFIP/ARCA)" });
      await expect(dataFiscal).toHaveAttribute("href", "http://qr.afip.gob.ar/?qr=VitecDemo123");
      await expect(dataFiscal.getByRole("img")).toHaveAttribute(
        "src",
        "https://www.afip.gob.ar/images/f960/DATAWEB.jpg",
      );
      await page.goto("/admin/dashboard");
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
      await expect(reminder).toHaveCount(0);
    } finally {
      // Back to the demo's empty Data Fiscal for the other browser tests.
      await page.goto("/admin/configuracion");
      await page.getByRole("region", { name: "Datos de la tienda" }).getByLabel("Enlace del Data Fiscal").fill("");
      await page.getByRole("region", { name: "Datos de la tienda" }).getByRole("button", { name: "Guardar" }).click();
      await expect(page.getByText("Configuración 'store' actualizada con éxito.", { exact: true })).toBeVisible();
    }
  });
});

test.describe("free shipping", () => {
  test("free shipping over an amount: the product page says from how much, the cart how much is missing", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto("/admin/configuracion");
    const card = page.getByRole("region", { name: "Métodos de envío" });
    // "Retiro en local" costs nothing anyway: other tests' totals stay as they are.
    const row = card.locator('li:has(input[value="Retiro en local"])');
    await row.getByLabel("Envío gratis desde ($)").fill("1.000.000");
    await card.getByRole("button", { name: "Guardar" }).click();
    await expect(
      page.getByText("Configuración 'shipping_methods' actualizada con éxito.", { exact: true }),
    ).toBeVisible();
    try {
      await addIdeapadToCart(page);
      await expect(page.getByText("Envío gratis en compras desde $ 1.000.000,00.").first()).toBeVisible();
      await page
        .getByRole("button", { name: /Abrir carrito/ })
        .first()
        .click();
      await expect(page.getByRole("dialog")).toContainText("Te faltan $ 150.001,00 para el envío gratis.");
    } finally {
      await page.goto("/admin/configuracion");
      await card.locator('li:has(input[value="Retiro en local"])').getByLabel("Envío gratis desde ($)").fill("");
      await card.getByRole("button", { name: "Guardar" }).click();
      await expect(
        page.getByText("Configuración 'shipping_methods' actualizada con éxito.", { exact: true }),
      ).toBeVisible();
    }
  });
});

// Every card of Configuración saved as staff would: as the demo has it, and with each kind of change
// (a text edited, a box ticked and unticked, an optional field, a row added and removed), each change
// still there after a reload. In this file so that it runs after the other settings tests here, one
// at a time; what it changes is put back, and it changes nothing other browser tests rely on.
test.describe("every settings card saves", () => {
  // The settings page is heavy (14 cards, rich-text editors, previews) and each change is reloaded.
  test.setTimeout(120_000);
  async function openSettings(page: Page) {
    await page.goto("/admin/configuracion");
    await expect(page.getByRole("heading", { level: 1, name: "Configuración de la Tienda" })).toBeVisible();
    await page.waitForLoadState("networkidle");
  }

  const card = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true });

  /** Guardar on one card: the server answers 200 and the card says so. */
  async function save(page: Page, title: string) {
    const region = card(page, title);
    const answered = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/configuracion"),
    );
    await region.getByRole("button", { name: "Guardar" }).click();
    expect((await answered).status(), title).toBe(200);
    await expect(region.getByRole("status")).toHaveText("Cambios guardados.");
  }

  test("each card saves the demo's data unchanged", async ({ page }) => {
    // Twenty cards, each saved and answered in turn.
    test.slow();
    await signInAsAdmin(page);
    await openSettings(page);
    const titles = await page
      .getByRole("region")
      .filter({ has: page.getByRole("button", { name: "Guardar" }) })
      .evaluateAll((regions) =>
        regions.map((r) => document.getElementById(r.getAttribute("aria-labelledby") ?? "")?.textContent ?? ""),
      );
    expect(titles).toEqual(
      expect.arrayContaining([
        "Campos del checkout",
        "Métodos de envío",
        "Zonas de envío",
        "Métodos de pago",
        "Datos de la tienda",
        "Transportistas",
        "Email de bienvenida",
        "Email al cliente: pedido cancelado",
      ]),
    );
    expect(titles).toHaveLength(20);
    for (const title of titles) await save(page, title);

    // The demo's optional checkout fields are still optional.
    await page.reload();
    const fields = card(page, "Campos del checkout");
    await expect(fields.getByRole("listitem")).toHaveCount(11);
    await expect(fields.locator('li:has(input[value="cuit"])').getByLabel("Obligatorio")).not.toBeChecked();
    await expect(fields.locator('li:has(input[value="email"])').getByLabel("Obligatorio")).toBeChecked();
  });

  test("Campos del checkout: an optional field added, its label edited, a field made optional and required again, the field removed", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await openSettings(page);
    const fields = card(page, "Campos del checkout");
    const added = () => fields.locator('li:has(input[value="dni_prueba"])');
    try {
      await fields.getByRole("button", { name: "Agregar campo" }).click();
      const row = fields.getByRole("listitem").last();
      await row.getByLabel("Nombre").fill("dni_prueba");
      await row.getByLabel("Etiqueta").fill("DNI de prueba");
      await row.getByLabel("Obligatorio").uncheck();
      await save(page, "Campos del checkout");
      await page.reload();
      await expect(added().getByLabel("Etiqueta")).toHaveValue("DNI de prueba");
      await expect(added().getByLabel("Obligatorio")).not.toBeChecked();
      await expect(added().getByLabel("Posición")).toHaveValue("12");

      // A text edit of an optional field (the edit the walk could not save).
      await added().getByLabel("Etiqueta").fill("DNI (prueba)");
      await save(page, "Campos del checkout");
      await page.reload();
      await expect(added().getByLabel("Etiqueta")).toHaveValue("DNI (prueba)");

      // A required field made optional, then required again (optional asks less of the other tests' shoppers).
      const phone = fields.locator('li:has(input[value="phone"])').getByLabel("Obligatorio");
      await phone.uncheck();
      await save(page, "Campos del checkout");
      await page.reload();
      await expect(phone).not.toBeChecked();
      await phone.check();
      await save(page, "Campos del checkout");
      await page.reload();
      await expect(phone).toBeChecked();
    } finally {
      await openSettings(page);
      if ((await added().count()) > 0) {
        await added()
          .getByRole("button", { name: /^Eliminar el campo/ })
          .click();
        await save(page, "Campos del checkout");
      }
    }
    await page.reload();
    await expect(added()).toHaveCount(0);
    await expect(fields.getByRole("listitem")).toHaveCount(11);
  });

  test("Transportistas, Zonas de envío, Métodos de pago and Datos de la tienda keep a row added and removed, a box ticked and unticked, a text edited", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await openSettings(page);

    // A row added, edited and removed.
    const carriers = card(page, "Transportistas");
    const carrier = () => carriers.locator('li:has(input[value="Fletes Prueba"])');
    await carriers.getByRole("button", { name: "Agregar transportista" }).click();
    await carriers.getByRole("listitem").last().getByLabel("Nombre").fill("Fletes Prueba");
    await carriers
      .getByRole("listitem")
      .last()
      .getByLabel("Enlace de seguimiento")
      .fill("https://fletes.example/seguimiento?n={tracking}");
    await save(page, "Transportistas");
    await page.reload();
    await expect(carrier().getByLabel("Enlace de seguimiento")).toHaveValue(
      "https://fletes.example/seguimiento?n={tracking}",
    );
    await carrier()
      .getByRole("button", { name: /^Eliminar el transportista/ })
      .click();
    await save(page, "Transportistas");
    await page.reload();
    await expect(carrier()).toHaveCount(0);

    // A box ticked, then unticked.
    const zones = card(page, "Zonas de envío");
    const noPickup = () => zones.getByRole("checkbox", { name: "Retiro en local no llega a Patagonia" });
    await noPickup().check();
    await save(page, "Zonas de envío");
    await page.reload();
    await expect(noPickup()).toBeChecked();
    await noPickup().uncheck();
    await save(page, "Zonas de envío");
    await page.reload();
    await expect(noPickup()).not.toBeChecked();

    // A text edited in a list and in the store's data, then put back.
    const cash = () => card(page, "Métodos de pago").locator('li:has(input[value="Efectivo al retirar"])');
    const instructions = await cash().getByLabel("Instrucciones").inputValue();
    await cash().getByLabel("Instrucciones").fill(`${instructions} Traé el número de pedido.`);
    await save(page, "Métodos de pago");
    await page.reload();
    await expect(cash().getByLabel("Instrucciones")).toHaveValue(`${instructions} Traé el número de pedido.`);
    await cash().getByLabel("Instrucciones").fill(instructions);
    await save(page, "Métodos de pago");

    const store = card(page, "Datos de la tienda");
    const hours = await store.getByLabel("Horario de atención").inputValue();
    await store.getByLabel("Horario de atención").fill(`${hours} (feriados cerrado)`);
    await save(page, "Datos de la tienda");
    await page.reload();
    await expect(store.getByLabel("Horario de atención")).toHaveValue(`${hours} (feriados cerrado)`);
    await store.getByLabel("Horario de atención").fill(hours);
    await save(page, "Datos de la tienda");
    await page.reload();
    await expect(store.getByLabel("Horario de atención")).toHaveValue(hours);
  });
});
