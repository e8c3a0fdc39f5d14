import { connect } from "node:net";
import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { signInAsAdmin, uniqueWord } from "./admin";
import { XSS_PAYLOADS, payloadAt, payloadCsvFile, payloadProduct, payloadText } from "../setup/xss";

// The browser side of docs/reliability.md's security items, against the production server:
// the CSP nonce (the page hydrates, an injected script does not run), a form posted from another
// site, and stored-XSS payloads entered through every form rendered inert in the storefront and
// the admin.

const CROSS_ORIGIN_MESSAGE = "Solicitud rechazada: el formulario no se envió desde Vitec.";

/** Collects what the browser reports: CSP violations in the console, dialogs opened by script. */
function watch(page: Page) {
  const seen = { violations: [] as string[], dialogs: [] as string[] };
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.violations.push(m.text());
  });
  page.on("dialog", (d) => {
    seen.dialogs.push(d.message());
    void d.dismiss();
  });
  return seen;
}

/** No payload ran and no element a payload tried to inject is in the page. */
async function expectInert(page: Page, what: string) {
  await page.waitForLoadState("load");
  const state = await page.evaluate(() => ({
    ran: (window as unknown as { __xss?: unknown }).__xss ?? null,
    injected: document.querySelectorAll("[data-xss]").length,
    handlers: [...document.querySelectorAll("*")].filter((el) =>
      [...el.attributes].some((a) => a.name.startsWith("on")),
    ).length,
    javascriptUrls: [...document.querySelectorAll("[href],[src],[action]")].filter((el) =>
      /^\s*javascript:/i.test(el.getAttribute("href") ?? el.getAttribute("src") ?? el.getAttribute("action") ?? ""),
    ).length,
  }));
  expect(state, what).toEqual({ ran: null, injected: 0, handlers: 0, javascriptUrls: 0 });
}

test.describe("Content-Security-Policy", () => {
  test("every inline script of a page carries the response's nonce, and the page hydrates", async ({ page }) => {
    const seen = watch(page);
    const response = await page.goto("/");
    const csp = response!.headers()["content-security-policy"]!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await response!.text();
    const executable = [...html.matchAll(/<script\b([^>]*)>/g)]
      .map((m) => m[1]!)
      .filter((attrs) => !/type="application\/ld\+json"/.test(attrs));
    expect(executable.length).toBeGreaterThan(0);
    for (const attrs of executable) expect(attrs).toContain(`nonce="${nonce}"`);

    // Hydrated: a client-side interaction works (the cart drawer opens without a reload).
    await page
      .getByRole("button", { name: /^Abrir carrito/ })
      .first()
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(seen.violations).toEqual([]);
  });

  test("a script injected into the page, inline or as an event handler, does not run", async ({ page }) => {
    const seen = watch(page);
    await page.goto("/store");
    const result = await page.evaluate(async () => {
      const w = window as unknown as Record<string, unknown>;
      const script = document.createElement("script");
      script.textContent = "window.__inline = 1";
      document.body.append(script);
      const img = document.createElement("img");
      const failed = new Promise((resolve) => img.addEventListener("error", resolve));
      img.setAttribute("onerror", "window.__handler = 1");
      img.src = "/no-such-image.png";
      document.body.append(img);
      await failed;
      const link = document.createElement("a");
      link.href = "javascript:window.__link = 1";
      document.body.append(link);
      link.click();
      await new Promise((resolve) => requestAnimationFrame(resolve));
      return { inline: w.__inline ?? null, handler: w.__handler ?? null, link: w.__link ?? null };
    });
    expect(result).toEqual({ inline: null, handler: null, link: null });
    expect(seen.violations.length).toBeGreaterThan(0);
  });

  test("the store's security headers are on every page", async ({ request }) => {
    for (const path of ["/", "/store", "/login", "/admin/login", "/healthz"]) {
      const headers = (await request.get(path)).headers();
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(headers["x-frame-options"], path).toBe("DENY");
      expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(headers["x-request-id"], path).toBeTruthy();
    }
    expect((await request.get("/readyz")).status()).toBe(200);
    // The operator's endpoints too, answered before the pages' middleware.
    for (const path of ["/readyz", "/metrics"])
      expect((await request.get(path)).headers()["x-content-type-options"], path).toBe("nosniff");
  });

  test("a request line in absolute form or a malformed Host gets 400, not a 500 page", async ({ baseURL }) => {
    const port = Number(new URL(baseURL!).port);
    const host = `localhost:${port}`;
    for (const head of [
      `GET http://x/ HTTP/1.1\r\nHost: ${host}`,
      `GET http://${host}/store HTTP/1.1\r\nHost: ${host}`,
      "GET * HTTP/1.1\r\nHost: x",
      "GET / HTTP/1.1\r\nHost: a b",
      "GET / HTTP/1.1\r\nHost: a:b:c",
      "GET / HTTP/1.1\r\nHost: [zz",
      "GET /store HTTP/1.1\r\nHost: localhost:99999",
      "GET /store HTTP/1.1\r\nHost: evil.example/x?",
    ])
      expect(await statusLine(port, head), head).toBe("HTTP/1.1 400 Bad Request");
    expect(await statusLine(port, `GET /healthz HTTP/1.1\r\nHost: ${host}`)).toBe("HTTP/1.1 200 OK");
  });
});

/** The status line the server answers to a request written by hand (what fetch would refuse to send). */
function statusLine(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    socket.on("end", () => resolve(answer.split("\r\n")[0]!));
    socket.on("error", reject);
    socket.write(`${head}\r\nConnection: close\r\n\r\n`);
  });
}

test.describe("cross-site requests", () => {
  test("a form on another site that posts to the store is refused, signed in or not", async ({ page, baseURL }) => {
    // A signed-in customer...
    const email = `csrf.${Date.now()}@example.com`;
    await page.goto("/login?mode=signup");
    await page.getByLabel("Nombre completo").fill("Cliente Original");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Contraseña").fill("clave-segura-1");
    await page.getByRole("button", { name: "Crear cuenta" }).click();
    await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
    await page.getByLabel("Contraseña").fill("clave-segura-1");
    await page.getByRole("button", { name: "Ingresar" }).click();
    await expect(page).toHaveURL(/\/store$/);

    // ...visits a page on another site that submits a form to the store by itself.
    for (const [path, fields] of [
      ["/cuenta", { fullName: "Nombre Cambiado", phone: "", address: "", city: "", state: "", zipCode: "" }],
      ["/contacto", { name: "Bot", email: "bot@example.com", phone: "11 5555 1234", subject: "Spam", message: "Spam" }],
      ["/logout", {}],
    ] as const) {
      const inputs = Object.entries(fields)
        .map(([k, v]) => `<input name="${k}" value="${v}">`)
        .join("");
      await page.route("http://evil.example/**", (route) =>
        route.fulfill({
          contentType: "text/html",
          body: `<form id="f" method="post" action="${baseURL}${path}">${inputs}</form><script>document.getElementById("f").submit()</script>`,
        }),
      );
      const posted = page.waitForResponse((r) => r.url() === `${baseURL}${path}` && r.request().method() === "POST");
      await page.goto("http://evil.example/");
      const response = await posted;
      expect(response.status(), path).toBe(403);
      expect(await response.text()).toBe(CROSS_ORIGIN_MESSAGE);
      await page.unroute("http://evil.example/**");
    }

    // Nothing changed: still signed in, with the original name.
    await page.goto("/cuenta");
    await expect(page.getByLabel("Nombre completo")).toHaveValue("Cliente Original");
  });
});

test.describe("stored XSS", () => {
  test.setTimeout(120_000);

  test("payloads entered through every form render inert in the storefront and the admin", async ({
    browser,
    baseURL,
  }) => {
    const admin = await browser.newPage({ baseURL });
    const customer = await browser.newPage({ baseURL });
    const adminSeen = watch(admin);
    const customerSeen = watch(customer);
    await signInAsAdmin(admin);
    const api: APIRequestContext = admin.request;

    // The admin: a product with payloads in every field, a CSV import, the e-mail templates.
    const productWord = uniqueWord("Xssprod");
    expect(
      (await api.post("/admin/productos", { data: { intent: "save", product: payloadProduct(productWord) } })).status(),
    ).toBe(200);
    const csvWord = uniqueWord("Xsscsv");
    const imported = await api.post("/admin/productos", { data: { intent: "import", file: payloadCsvFile(csvWord) } });
    expect(imported.status()).toBe(200);
    for (const key of ["email_template_customer", "email_template_admin", "email_template_welcome_user"]) {
      const value = `<p>Hola {{customer_name}} {{order_id}}</p>${payloadText()}`;
      expect((await api.post("/admin/configuracion", { form: { intent: "save", key, value } })).status(), key).toBe(
        200,
      );
    }

    // A visitor: an enquiry; a customer: an account, an order and a withdrawal request, all with payloads.
    const enquiry = await customer.request.post("/contacto", {
      form: {
        name: payloadAt(1, 120),
        email: "xss@example.com",
        phone: "11 5555 1234",
        subject: payloadAt(2, 150),
        message: payloadText(),
      },
    });
    expect(enquiry.status()).toBe(200);
    const email = `xss.${Date.now()}@example.com`;
    await customer.goto("/login?mode=signup");
    await customer.getByLabel("Nombre completo").fill(payloadAt(1, 120));
    await customer.getByLabel("Email").fill(email);
    await customer.getByLabel("Contraseña").fill("clave-segura-1");
    await customer.getByRole("button", { name: "Crear cuenta" }).click();
    await expect(customer.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
    await customer.getByLabel("Contraseña").fill("clave-segura-1");
    await customer.getByRole("button", { name: "Ingresar" }).click();
    await expect(customer).toHaveURL(/\/store$/);

    await customer.goto(`/search?q=${productWord}`);
    const productLink = customer.getByRole("link", { name: new RegExp(productWord) }).first();
    const productPath = (await productLink.getAttribute("href"))!;
    const productId = productPath.split("/").pop()!;
    const optionGroup = payloadProduct(productWord).meta.option_groups[0]!;
    const checkout = await customer.request.post("/checkout", {
      maxRedirects: 0,
      form: {
        lines: JSON.stringify([
          {
            cartId: "a",
            productId,
            quantity: 1,
            selectedOptions: [{ group: optionGroup.title, option: optionGroup.options[0]!.name }],
          },
        ]),
        shippingMethod: "Retiro en local",
        paymentMethod: "Mercado Pago",
        terms: "on",
        idempotencyKey: crypto.randomUUID(),
        field_first_name: payloadAt(1, 200),
        field_last_name: payloadAt(3, 200),
        field_email: email,
        field_phone: "11 5555 1234",
        field_address: payloadAt(7, 200),
        field_city: payloadAt(0, 200),
        field_state: payloadAt(9, 200),
        field_zip: "C1043",
        field_company: payloadAt(10, 200),
        field_notes: payloadText(2000),
      },
    });
    expect(checkout.status()).toBe(302);
    const successPath = checkout.headers()["location"]!;
    const orderNumber = new URL(successPath, baseURL).searchParams.get("order")!.slice(0, 8);
    const withdrawal = await customer.request.post("/arrepentimiento", {
      form: { orderNumber, email, reason: payloadText(1000) },
    });
    expect(withdrawal.status()).toBe(200);

    // The storefront, as the customer (and so as any visitor).
    for (const path of [
      "/",
      `/search?q=${productWord}`,
      `/search?q=${csvWord}`,
      "/store",
      productPath,
      successPath,
      "/cuenta",
      `/cuenta/pedidos/${new URL(successPath, baseURL).searchParams.get("order")}`,
    ]) {
      await customer.goto(path);
      await expectInert(customer, path);
    }
    // Every tab of the product page (description, extra info, reviews...), each shown in turn.
    await customer.goto(productPath);
    const tabs = customer.getByRole("tab");
    const count = await tabs.count();
    expect(count).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < count; i++) {
      await tabs.nth(i).click();
      await expect(tabs.nth(i)).toHaveAttribute("aria-selected", "true");
      await expectInert(customer, `${productPath} tab ${i}`);
    }

    // The admin screens that show what was entered, with their dialogs open.
    const screens: [string, (() => Promise<void>) | null][] = [
      [
        `/admin/productos?q=${productWord}`,
        () =>
          admin
            .getByRole("button", { name: /^Editar / })
            .first()
            .click(),
      ],
      [
        `/admin/productos?q=${csvWord}`,
        () =>
          admin
            .getByRole("button", { name: /^Editar / })
            .first()
            .click(),
      ],
      [
        "/admin/consultas",
        () =>
          admin
            .getByRole("link", { name: /^Ver la consulta de / })
            .first()
            .click(),
      ],
      [
        `/admin/ordenes?q=${email}`,
        () =>
          admin
            .getByRole("button", { name: /Detalles/ })
            .first()
            .click(),
      ],
      [`/admin/clientes?q=${email}`, null],
      ["/admin/auditoria", null],
      ["/admin/configuracion", null],
      ["/admin/dashboard", null],
    ];
    for (const [path, open] of screens) {
      await admin.goto(path);
      await expectInert(admin, path);
      if (open) {
        await open();
        await expectInert(admin, `${path} (dialog)`);
      }
    }
    expect([...adminSeen.dialogs, ...customerSeen.dialogs]).toEqual([]);
    // Every payload of the list went through at least one form above.
    expect(XSS_PAYLOADS.length).toBe(20);
    await admin.close();
    await customer.close();
  });
});
