import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { signInAsAdmin } from "./admin";
import { addIdeapadFromSearch, checkOut, signUpAndSignIn } from "./shop";

// axe-core over every storefront and admin page, on a desktop and a phone screen: WCAG 2.2 A/AA
// and axe's best-practice rules (landmarks, unique landmark names, one main, heading order...).
// Any violation fails, with the rule, the elements and axe's help text in the message.

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"];

const VIEWPORTS = [
  { name: "escritorio", viewport: { width: 1280, height: 800 } },
  { name: "celular", viewport: { width: 390, height: 844 } },
] as const;

type Violation = { page: string; rule: string; impact: string | null | undefined; help: string; targets: string[] };

/** Runs axe on what the page shows now; returns its violations, labelled with `label`. */
async function audit(page: Page, label: string): Promise<Violation[]> {
  // Let client-side rendering settle (lazy chunks, carousels) before reading the page.
  await page.waitForLoadState("networkidle");
  // The e-mail previews in Configuración are sample messages in sandboxed frames (no scripts, so
  // axe cannot run inside them); the frames themselves are checked (title), not the e-mails.
  const results = await new AxeBuilder({ page }).withTags(TAGS).exclude('iframe[title^="Vista previa"]').analyze();
  return results.violations.map((v) => ({
    page: label,
    rule: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
  }));
}

async function auditAll(page: Page, pages: { label: string; open: () => Promise<unknown> }[]) {
  const violations: Violation[] = [];
  for (const { label, open } of pages) {
    await test.step(label, async () => {
      await open();
      violations.push(...(await audit(page, label)));
    });
  }
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
}

const STATIC_STOREFRONT_PAGES = [
  "/",
  "/store",
  "/store?sort=price_desc&page=2",
  "/search?q=notebook",
  "/search?q=zzzzqqqq",
  "/contacto",
  "/empresas",
  "/soluciones-inteligentes",
  "/casos-de-exito",
  "/quienes-somos",
  "/mapa-del-sitio",
  "/arrepentimiento",
  "/terminos-y-condiciones",
  "/politica-de-privacidad",
  "/garantia-y-devoluciones",
  "/politicas-de-envio",
  "/login",
  "/login?mode=signup",
  "/olvide-mi-contrasena",
  "/restablecer-contrasena?token=x",
  "/success?order=00000000-0000-4000-8000-000000000000&token=x",
  "/product/00000000-0000-4000-8000-000000000000",
];

const ADMIN_PAGES = [
  "/admin/dashboard",
  "/admin/productos",
  "/admin/categorias",
  "/admin/ordenes",
  "/admin/cupones",
  "/admin/cupones?editar=nuevo",
  "/admin/clientes",
  "/admin/consultas",
  "/admin/opiniones",
  "/admin/configuracion",
  "/admin/auditoria",
];

// Independent tests: spread over the workers.
test.describe.configure({ mode: "parallel" });

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`accesibilidad (${name})`, () => {
    test.use({ viewport });

    // In two halves, spread over the workers: each half well inside its time on a loaded machine.
    const half = Math.ceil(STATIC_STOREFRONT_PAGES.length / 2);
    for (const [part, paths] of [
      [1, STATIC_STOREFRONT_PAGES.slice(0, half)],
      [2, STATIC_STOREFRONT_PAGES.slice(half)],
    ] as const) {
      test(`storefront pages (${part}/2)`, async ({ page }) => {
        test.setTimeout(180_000);
        await auditAll(
          page,
          paths.map((path) => ({ label: path, open: () => page.goto(path) })),
        );
      });
    }

    test("shopping: product, cart, checkout, confirmation and Mi Cuenta", async ({ page }) => {
      test.setTimeout(180_000);
      await auditAll(page, [
        {
          label: "product page",
          open: async () => {
            await page.goto("/search?q=playstation");
            await page
              .getByRole("link", { name: /PlayStation 5 Slim/ })
              .first()
              .click();
            await expect(page.getByRole("heading", { level: 1 })).toContainText("PlayStation 5 Slim");
          },
        },
        {
          label: "cart drawer",
          open: async () => {
            await addIdeapadFromSearch(page);
            await page.getByRole("button", { name: /Abrir carrito/ }).click();
            await expect(page.getByRole("dialog", { name: "Carrito de Compras" })).toBeVisible();
          },
        },
        { label: "/checkout", open: () => page.goto("/checkout") },
        {
          label: "/success",
          open: async () => {
            const email = `a11y.${name}.${Date.now()}@example.com`;
            await signUpAndSignIn(page, { name: "Ana Accesible", email, password: "una-clave-segura" });
            await addIdeapadFromSearch(page);
            await checkOut(page, email);
            await expect(page).toHaveURL(/\/success\?order=/);
          },
        },
        { label: "/cuenta (perfil)", open: () => page.goto("/cuenta") },
        { label: "/cuenta?tab=pedidos", open: () => page.goto("/cuenta?tab=pedidos") },
        { label: "/cuenta?tab=deseos", open: () => page.goto("/cuenta?tab=deseos") },
        {
          label: "/cuenta/pedidos/:id",
          open: async () => {
            await page.goto("/cuenta?tab=pedidos");
            await page.getByRole("link", { name: "Ver Detalles" }).first().click();
            await expect(page).toHaveURL(/\/cuenta\/pedidos\//);
          },
        },
      ]);
    });

    test("admin pages", async ({ page }) => {
      test.setTimeout(180_000);
      await auditAll(page, [
        { label: "/admin/login", open: () => page.goto("/admin/login") },
        { label: "sign in", open: () => signInAsAdmin(page) },
        ...ADMIN_PAGES.map((path) => ({ label: path, open: () => page.goto(path) })),
        {
          label: "product dialog",
          open: async () => {
            await page.goto("/admin/productos");
            await page.getByRole("button", { name: "Agregar Producto" }).click();
            await expect(page.getByRole("dialog")).toBeVisible();
          },
        },
        {
          label: "expanded order",
          open: async () => {
            await page.goto("/admin/ordenes");
            await page
              .getByRole("button", { name: /^Ver Detalles/ })
              .first()
              .click();
            await expect(page.getByRole("button", { name: /^Ocultar Detalles/ }).first()).toBeVisible();
          },
        },
        {
          label: "packing slip",
          open: async () => {
            const href = await page.getByRole("link", { name: "Imprimir remito" }).first().getAttribute("href");
            await page.goto(href!);
            await expect(page.getByRole("article").first()).toContainText("REMITO");
          },
        },
      ]);
    });
  });
}
