import { type Page, expect } from "@playwright/test";

// What the browser tests share for the storefront: a customer account, the cart, the checkout form.

/** Creates a customer account through /login?mode=signup and signs in with it. */
export async function signUpAndSignIn(
  page: Page,
  { name, email, password }: { name: string; email: string; password: string },
) {
  await page.goto("/login?mode=signup");
  await page.getByLabel("Nombre completo").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Ingresar" }).click();
  await expect(page.getByText("¡Bienvenido de nuevo!", { exact: true })).toBeVisible();
}

/** The demo's Notebook Lenovo IdeaPad 3 ($ 849.999,00 with its 8GB option), found with the header's search box and added to the cart. */
export async function addIdeapadFromSearch(page: Page) {
  await page.goto("/");
  const search = page.getByRole("searchbox", { name: "Buscar productos" }).first();
  await search.fill("ideapad");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=ideapad/);
  await addFirstIdeapad(page);
}

export type Customer = {
  email: string;
  name?: string;
  lastName?: string;
  phone?: string;
  address?: string;
  city?: string;
  state?: string;
  zip?: string;
};

/** Fills the checkout's customer fields (by default, Lucía Fernández in Buenos Aires). */
export async function fillCustomer(page: Page, customer: Customer | string) {
  const c: Required<Customer> = {
    name: "Lucía",
    lastName: "Fernández",
    phone: "11 5555-1234",
    address: "Av. Corrientes 1234, 5° B",
    city: "CABA",
    state: "Buenos Aires",
    zip: "C1043",
    ...(typeof customer === "string" ? { email: customer } : customer),
  };
  await page.getByLabel("Nombre", { exact: true }).fill(c.name);
  await page.getByLabel("Apellido", { exact: true }).fill(c.lastName);
  await page.getByLabel("Email", { exact: true }).fill(c.email);
  // "Teléfono (opcional)" while the settings test makes the phone optional for a moment.
  await page.getByLabel(/^Teléfono( \(opcional\))?$/).fill(c.phone);
  await page.getByLabel("Dirección", { exact: true }).fill(c.address);
  await page.getByLabel("Ciudad", { exact: true }).fill(c.city);
  await page.getByLabel("Provincia", { exact: true }).fill(c.state);
  await page.getByLabel("Código postal", { exact: true }).fill(c.zip);
}

/**
 * From a cart with products: checkout with the preselected methods (with a password, an account
 * is created with it), accept the terms, confirm; waits for the confirmation and returns the
 * order number.
 */
export async function checkOut(page: Page, customer: Customer | string, password?: string): Promise<string> {
  await page.goto("/checkout");
  await fillCustomer(page, customer);
  if (password) {
    await page.getByLabel(/Crear una cuenta con estos datos/).check();
    await page.getByLabel("Contraseña", { exact: true }).fill(password);
  }
  await page.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
  await page.getByRole("button", { name: "Confirmar pedido" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "¡Gracias por tu compra!" })).toBeVisible();
  return (await page
    .getByText(/^#[0-9a-f]{8}$/)
    .first()
    .textContent())!.slice(1);
}

/** The IdeaPad, added from its page (found by search), and bought: returns the order number. */
export async function buyIdeapad(page: Page, customer: Customer | string, password?: string): Promise<string> {
  await addIdeapadToCart(page);
  return checkOut(page, customer, password);
}

/** The IdeaPad's page, found by search, and "Agregar al carrito". */
export async function addIdeapadToCart(page: Page) {
  await page.goto("/search?q=ideapad");
  await addFirstIdeapad(page);
}

/** From search results: the IdeaPad's page and "Agregar al carrito". */
async function addFirstIdeapad(page: Page) {
  await page
    .getByRole("link", { name: /IdeaPad 3 15\.6/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: /IdeaPad 3 15\.6/ })).toBeVisible();
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await expect(page.getByText("¡Agregado al carrito! 🛒", { exact: true })).toBeVisible();
}
