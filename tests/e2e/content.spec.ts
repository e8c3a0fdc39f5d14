import { type Locator, type Page, expect, test } from "@playwright/test";

/** The hero carousel, once hydrated (Embla positions its track with an inline transform). */
async function heroCarousel(page: Page): Promise<Locator> {
  const carousel = page.getByRole("region", { name: "Promociones destacadas" });
  await expect(carousel.locator("[style*='transform']").first()).toBeAttached();
  return carousel;
}

function slide(carousel: Locator, n: number): Locator {
  return carousel.getByRole("group", { name: `${n} de 3` });
}

async function expectVisibleSlide(carousel: Locator, n: number) {
  await expect(slide(carousel, n)).toBeInViewport({ ratio: 0.9 });
  await expect(carousel.getByRole("button", { name: `Ir a la diapositiva ${n}` })).toHaveAttribute(
    "aria-current",
    "true",
  );
  for (const other of [1, 2, 3].filter((i) => i !== n)) {
    await expect(slide(carousel, other)).not.toBeInViewport();
  }
}

test.describe("home hero carousel", () => {
  test.describe("with reduced motion (no auto-advance)", () => {
    test.use({ reducedMotion: "reduce" });

    test("next, previous and the dots change the visible slide and wrap round", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1, name: "Armá el setup gamer de tus sueños" })).toBeVisible();
      const carousel = await heroCarousel(page);
      const next = carousel.getByRole("button", { name: "Diapositiva siguiente" });
      const previous = carousel.getByRole("button", { name: "Diapositiva anterior" });

      await expectVisibleSlide(carousel, 1);
      await next.click();
      await expectVisibleSlide(carousel, 2);
      await expect(slide(carousel, 2).getByRole("link", { name: "Comprar ahora" })).toHaveAttribute("href", "/store");
      await next.click();
      await expectVisibleSlide(carousel, 3);
      await next.click(); // wraps to the first
      await expectVisibleSlide(carousel, 1);
      await previous.click(); // and back round to the last
      await expectVisibleSlide(carousel, 3);
      await carousel.getByRole("button", { name: "Ir a la diapositiva 2" }).click();
      await expectVisibleSlide(carousel, 2);
      await carousel.getByRole("button", { name: "Ir a la diapositiva 1" }).click();
      await expectVisibleSlide(carousel, 1);
      await expect(slide(carousel, 1).getByRole("link", { name: "Ver productos gaming" })).toHaveAttribute(
        "href",
        "/store?category=pcol_GAMING",
      );
      // Nothing rotates on its own for these users.
      await page.mouse.move(0, 0);
      await page.waitForTimeout(5_500);
      await expectVisibleSlide(carousel, 1);
    });
  });

  test("advances on its own every 5 s and pauses while hovered", async ({ page }) => {
    await page.goto("/");
    const carousel = await heroCarousel(page);
    await page.mouse.move(0, 0);
    await expectVisibleSlide(carousel, 1);
    await expect(slide(carousel, 2)).toBeInViewport({ ratio: 0.9, timeout: 8_000 });
    await carousel.hover();
    await page.waitForTimeout(5_500);
    await expectVisibleSlide(carousel, 2);
  });
});

test.describe("enquiry forms", () => {
  test("/contacto: an empty submission shows each field's message and keeps what was typed", async ({ page }) => {
    await page.goto("/contacto");
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Enviar mensaje" }) });
    await form.getByLabel("Nombre").fill("Lucía Fernández");
    await form.getByLabel("Email").fill("lucia@");
    await form.getByRole("button", { name: "Enviar mensaje" }).click();

    await expect(form.getByText("Ingresá un email válido.")).toBeVisible();
    await expect(form.getByText("Ingresá tu teléfono.")).toBeVisible();
    await expect(form.getByText("Ingresá el asunto.")).toBeVisible();
    await expect(form.getByText("Escribí tu mensaje.")).toBeVisible();
    await expect(form.getByText("Ingresá tu nombre.")).toHaveCount(0);
    await expect(form.getByLabel("Nombre")).toHaveValue("Lucía Fernández");
    await expect(form.getByLabel("Email")).toHaveValue("lucia@");
    await expect(form.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    const describedBy = await form.getByLabel("Teléfono").getAttribute("aria-describedby");
    expect(describedBy).toBeTruthy();
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText("Ingresá tu teléfono.");
  });

  test("/contacto: a valid submission shows ¡Mensaje enviado! and clears the fields", async ({ page }) => {
    await page.goto("/contacto");
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Enviar mensaje" }) });
    await form.getByLabel("Nombre").fill("Martín Acosta");
    await form.getByLabel("Email").fill("martin@example.com");
    await form.getByLabel("Teléfono").fill("11 5555-5555");
    await form.getByLabel("Asunto").fill("Factura A");
    await form.getByLabel("Mensaje").fill("¿Pueden emitir factura A para una compra de 3 notebooks?");
    await form.getByRole("button", { name: "Enviar mensaje" }).click();

    await expect(page.getByText("¡Mensaje enviado!").first()).toBeVisible();
    await expect(page.getByText("Gracias por contactarnos. Te responderemos a la brevedad.").first()).toBeVisible();
    for (const label of ["Nombre", "Email", "Teléfono", "Asunto", "Mensaje"]) {
      await expect(form.getByLabel(label)).toHaveValue("");
    }
  });

  test("the home form works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    const form = page.locator("form[action='/?index']");
    await form.getByLabel("Nombre").fill("Sofía Pereyra");
    await form.getByLabel("Email").fill("sofia@example.com");
    await form.getByLabel("Teléfono").fill("341 555-1234");
    await form.getByLabel("Mensaje").fill("¿Hacen envíos a Rosario?");
    await form.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(page.getByText("¡Mensaje enviado!")).toBeVisible();
    await expect(page.locator("form[action='/?index']").getByLabel("Nombre")).toHaveValue("");
    await context.close();
  });
});

test.describe("content pages", () => {
  test("/soluciones-inteligentes: the hero button jumps to the consultancy form", async ({ page }) => {
    await page.goto("/soluciones-inteligentes");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Soluciones Inteligentes para Empresas");
    const section = page.locator("#consultoria");
    await expect(section).not.toBeInViewport();
    await page.getByRole("link", { name: "Solicitá tu consultoría" }).click();
    await expect(page).toHaveURL(/#consultoria$/);
    await expect(section.getByRole("heading", { name: "Solicitá tu consultoría" })).toBeInViewport();
    await expect(section.getByRole("button", { name: "Solicitar consultoría" })).toBeVisible();
    const whatsapp = section.getByRole("link", { name: /WhatsApp/ });
    await expect(whatsapp).toHaveAttribute("target", "_blank");
    await expect(whatsapp).toHaveAttribute("rel", "noopener noreferrer");
  });

  test("each legal page has its own title and policy figures", async ({ page }) => {
    const pages = [
      ["/terminos-y-condiciones", "Términos y Condiciones", "7 a 15 días hábiles"],
      ["/politica-de-privacidad", "Política de Privacidad", "Ley 25.326"],
      ["/garantia-y-devoluciones", "Garantía y Devoluciones", "12 meses de garantía"],
      ["/politicas-de-envio", "Políticas de Envío", "5 días hábiles"],
    ] as const;
    for (const [path, title, figure] of pages) {
      await page.goto(path);
      await expect(page).toHaveTitle(`${title} | Vitec`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.getByRole("main")).toContainText(figure);
    }
    await page.goto("/garantia-y-devoluciones");
    await expect(page.getByRole("main").getByRole("link", { name: "Botón de arrepentimiento" })).toHaveAttribute(
      "href",
      "/arrepentimiento",
    );
  });
});
