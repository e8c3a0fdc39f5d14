import { expect, test } from "@playwright/test";

test("a product page carries its own title, canonical URL, Open Graph tags and valid Product JSON-LD", async ({
  page,
}) => {
  await page.goto("/search?q=playstation");
  await page
    .getByRole("link", { name: /PlayStation 5 Slim/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("PlayStation 5 Slim");

  await expect(page).toHaveTitle(/PlayStation 5 Slim .*\| Vitec/);
  const path = new URL(page.url()).pathname;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
  const description = await page.locator('meta[name="description"]').getAttribute("content");
  expect(description!.length).toBeGreaterThan(20);
  expect(description!.length).toBeLessThanOrEqual(160);

  // It sells two editions, each a variant with its own offer ([14/15]): a ProductGroup.
  const json = await page.locator('script[type="application/ld+json"]').first().textContent();
  const data = JSON.parse(json!);
  expect(data["@type"]).toBe("ProductGroup");
  expect(data.name).toContain("PlayStation 5 Slim");
  expect(Number(data.aggregateRating.ratingValue)).toBeGreaterThanOrEqual(1);
  expect(data.aggregateRating.reviewCount).toBeGreaterThan(0);
  const [standard, digital] = data.hasVariant;
  expect(standard["@type"]).toBe("Product");
  expect(standard.sku).toBeTruthy();
  expect(standard.offers.priceCurrency).toBe("ARS");
  expect(Number(standard.offers.price)).toBe(1199999);
  expect(standard.offers.availability).toBe("https://schema.org/InStock");
  expect(Number(digital.offers.price)).toBe(999999);
  expect(digital.offers.url).toMatch(/\?variante=/);
});

test("a product without options is a Product with one offer", async ({ page }) => {
  await page.goto("/search?q=ssd%20kingston");
  await page
    .getByRole("link", { name: /SSD Kingston/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Kingston");
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(data["@type"]).toBe("Product");
  expect(data.sku).toBe("PC-KIN-NV2-1TB");
  expect(data.offers.priceCurrency).toBe("ARS");
  expect(Number(data.offers.price)).toBeGreaterThan(0);
  expect(data.offers.availability).toBe("https://schema.org/InStock");
});

test("the home page describes the store as an Organization", async ({ page }) => {
  await page.goto("/");
  const json = await page.locator('script[type="application/ld+json"]').first().textContent();
  const data = JSON.parse(json!);
  expect(data["@type"]).toBe("Organization");
  expect(data.name).toBe("Vitec");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);
});

// Every public page: its own title, a description of at most 160 characters, its canonical URL
// and the Open Graph tags (with the store's default share image when the page has none).
const PUBLIC_PAGES: { path: string; title: RegExp; noindex?: boolean }[] = [
  { path: "/contacto", title: /^Contacto \| Vitec$/ },
  { path: "/empresas", title: /^Empresas .*\| Vitec$/ },
  { path: "/soluciones-inteligentes", title: /^Soluciones Inteligentes para Empresas \| Vitec$/ },
  { path: "/casos-de-exito", title: /^Casos de Éxito \| Vitec$/ },
  { path: "/quienes-somos", title: /^Quiénes Somos \| Vitec$/ },
  { path: "/mapa-del-sitio", title: /^Mapa del sitio \| Vitec$/ },
  { path: "/terminos-y-condiciones", title: /^Términos y Condiciones \| Vitec$/ },
  { path: "/politica-de-privacidad", title: /^Política de Privacidad \| Vitec$/ },
  { path: "/garantia-y-devoluciones", title: /^Garantía y Devoluciones \| Vitec$/ },
  { path: "/politicas-de-envio", title: /^Políticas de Envío \| Vitec$/ },
  { path: "/login", title: /^Ingresar \| Vitec$/ },
  { path: "/olvide-mi-contrasena", title: /^Olvidé mi contraseña \| Vitec$/, noindex: true },
  { path: "/restablecer-contrasena", title: /^Nueva contraseña \| Vitec$/, noindex: true },
];

test("every content and sign-in page has its title, description, canonical URL and Open Graph tags", async ({
  page,
  request,
  baseURL,
}) => {
  const titles = new Set<string>();
  for (const { path, title, noindex } of PUBLIC_PAGES) {
    await test.step(path, async () => {
      // A query string (a reset token, a redirect) never reaches the canonical URL.
      await page.goto(`${path}?utm_source=test`);
      const url = `${baseURL}${path}`;
      await expect(page).toHaveTitle(title);
      titles.add(await page.title());

      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description!.length).toBeGreaterThan(20);
      expect(description!.length).toBeLessThanOrEqual(160);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", url);

      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", await page.title());
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", description!);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", url);
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "website");
      await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute("content", "Vitec");
      const ogImage = page.locator('meta[property="og:image"]');
      await expect(ogImage).toHaveAttribute("content", `${baseURL}/images/og-default.jpg`);
      // One of each: the layout adds none of its own.
      await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);

      const robots = page.locator('meta[name="robots"]');
      if (noindex) await expect(robots).toHaveAttribute("content", /noindex/);
      else await expect(robots).toHaveCount(0);
    });
  }
  expect(titles.size).toBe(PUBLIC_PAGES.length);

  const image = await request.get("/images/og-default.jpg");
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toContain("image/jpeg");
});
