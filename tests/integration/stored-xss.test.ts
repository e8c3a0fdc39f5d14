import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "~/db/schema/catalog";
import { outboxEmails } from "~/db/schema/content";
import { placeOrder } from "~/models/place-order.server";
import { createCustomerAccount } from "~/models/profile.server";
import { createUser } from "~/models/user.server";
import { action as productsAction } from "~/routes/admin/products";
import { action as settingsAction } from "~/routes/admin/settings";
import { action as forgotAction } from "~/routes/auth/forgot-password";
import { afterResponseSettled } from "~/utils/after-response.server";
import { action as withdrawalAction } from "~/routes/content/arrepentimiento";
import { loader as productLoader } from "~/routes/store/product";
import { getAuth } from "~/utils/auth.server";
import { jsonLd } from "~/utils/seo";
import { setupTestDatabase } from "../setup/db";
import { args, cookieFrom, formRequest, getRequest, outcome } from "../setup/routes";
import { XSS_PAYLOADS, executableParts, payloadAt, payloadCsvFile, payloadProduct, payloadText } from "../setup/xss";

// Stored XSS, server side: payloads through every field that is stored as HTML (product
// description, extra info, e-mail templates, CSV meta) and every text that ends up inside HTML
// (names, order data, in the e-mails). What the storefront is handed and what the e-mails hold
// must be inert. The browser test (tests/e2e/security.spec.ts) renders the same payloads in the
// storefront and the admin.

const t = setupTestDatabase();
let admin: string;

beforeAll(async () => {
  await createUser({ email: "xss-admin@vitec.example", password: "clave-de-admin", fullName: "Admin", role: "admin" });
  admin = cookieFrom(
    (
      await getAuth().api.signInEmail({
        body: { email: "xss-admin@vitec.example", password: "clave-de-admin" },
        asResponse: true,
      })
    ).headers,
  );
});

function adminJson(body: unknown) {
  const request = new Request("http://localhost/admin/productos", {
    method: "POST",
    headers: { cookie: admin, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return outcome(() => productsAction(args(request) as never));
}

type ProductPage = {
  product: { descriptionHtml: string; extraInfo: { label: string; html: string }[] } & Record<string, unknown>;
};

async function storefrontProduct(id: string): Promise<ProductPage["product"]> {
  const result = await outcome(() => productLoader(args(getRequest(`/product/${id}`), { params: { id } }) as never));
  expect(result.status).toBe(200);
  return (result.body as ProductPage).product;
}

describe("the sanitizer", () => {
  it.each(XSS_PAYLOADS.map((p) => [p]))("every payload is executable before and inert after: %s", async (payload) => {
    const { sanitizeRichText } = await import("~/domain/rich-text");
    if (!/^\{\{|^<!--/.test(payload) && !/JaVaScRiPt&colon;/.test(payload))
      expect(executableParts(payload)).not.toEqual([]);
    expect(executableParts(sanitizeRichText(payload))).toEqual([]);
  });
});

describe("products", () => {
  it("a product saved by the admin with payloads everywhere reaches the storefront inert", async () => {
    const saved = await adminJson({ intent: "save", product: payloadProduct("Xssproducto") });
    expect(saved.status).toBe(200);
    const [row] = await t.db.select().from(products).where(eq(products.slug, "xssproducto-xss"));
    // Stored already clean (sanitized on save), and cleaned again when read.
    expect(executableParts(row!.meta.description_html ?? "")).toEqual([]);
    for (const html of Object.values(row!.meta.extra_info ?? {})) expect(executableParts(html)).toEqual([]);

    const product = await storefrontProduct(row!.id);
    expect(product.descriptionHtml).toContain("Descripción");
    expect(executableParts(product.descriptionHtml)).toEqual([]);
    expect(product.extraInfo.length).toBe(1);
    for (const section of product.extraInfo) expect(executableParts(section.html)).toEqual([]);
    // Plain-text fields stay text (React escapes them); the product's JSON-LD, written into a
    // <script> element, cannot contain "<" and so cannot close it.
    expect(String(product.name)).toContain("onerror");
    expect(jsonLd(product)).not.toMatch(/[<>]/);
  });

  it("a CSV import with payloads in every column reaches the storefront inert", async () => {
    const imported = await adminJson({ intent: "import", file: payloadCsvFile("Xsscsv") });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ import: { imported: 2 } });
    const rows = await t.db
      .select()
      .from(products)
      .where(inArray(products.sku, ["Xsscsv-csv-1", "Xsscsv-csv-2"]));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const product = await storefrontProduct(row.id);
      expect(executableParts(product.descriptionHtml)).toEqual([]);
      for (const section of product.extraInfo) expect(executableParts(section.html)).toEqual([]);
    }
  });
});

describe("e-mails", () => {
  const FIELDS = {
    first_name: payloadAt(1, 200),
    last_name: payloadAt(7, 200),
    email: "comprador-xss@example.com",
    phone: "11 5555-1234",
    address: payloadAt(3, 200),
    city: payloadAt(0, 200),
    state: "Buenos Aires",
    zip: "C1043",
    notes: payloadText(2000),
  };

  async function emailsTo(to: string) {
    return t.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));
  }

  it("order e-mails from templates edited with payloads, for names and products with payloads, are inert", async () => {
    for (const key of ["email_template_customer", "email_template_admin"]) {
      const form = {
        intent: "save",
        key,
        value: `<p>Pedido {{order_id}} de {{customer_name}}</p>{{items_html}}<p>{{total}}</p>${payloadText()}`,
      };
      expect(
        (
          await outcome(() =>
            settingsAction(args(formRequest("/admin/configuracion", form, { cookie: admin })) as never),
          )
        ).status,
      ).toBe(200);
    }
    const [product] = await t.db.select().from(products).where(eq(products.slug, "xssproducto-xss"));
    const group = product!.meta.option_groups?.[0]; // its option names are payloads too
    const order = await placeOrder({
      idempotencyKey: randomUUID(),
      lines: [
        {
          cartId: "a",
          productId: product!.id,
          quantity: 1,
          selectedOptions: [{ group: group!.title, option: group!.options[0]!.name }],
        },
      ],
      shippingMethod: "Retiro en local",
      paymentMethod: "Mercado Pago",
      fields: FIELDS,
    });
    const mails = [
      ...(await emailsTo("comprador-xss@example.com")),
      ...(await t.db.select().from(outboxEmails).where(eq(outboxEmails.kind, "order_admin"))),
    ];
    expect(mails.map((m) => m.kind).sort()).toEqual(["order_admin", "order_customer"]);
    for (const mail of mails) {
      expect(executableParts(mail.html)).toEqual([]);
      expect(mail.html).toContain(order.id.slice(0, 8));
      expect(mail.html).toContain("&lt;img src=x onerror"); // the customer's name, shown as text
    }

    // The withdrawal e-mail of that order.
    const form = { orderNumber: order.id.slice(0, 8), email: FIELDS.email, reason: payloadText(1000) };
    const withdrawal = await outcome(() => withdrawalAction(args(formRequest("/arrepentimiento", form)) as never));
    expect(withdrawal.status).toBe(200);
    const customerMails = await emailsTo(FIELDS.email);
    expect(customerMails.map((m) => m.kind)).toContain("withdrawal");
    for (const mail of customerMails) expect(executableParts(mail.html)).toEqual([]);
  });

  it("the welcome and password-reset e-mails of an account named with a payload are inert", async () => {
    const welcome = await createCustomerAccount({
      email: "nombre-xss@example.com",
      password: "clave-segura-1",
      fullName: payloadAt(1, 120),
    });
    expect(welcome.id).toBeTruthy();
    await outcome(() =>
      forgotAction(args(formRequest("/olvide-mi-contrasena", { email: "nombre-xss@example.com" })) as never),
    );
    await afterResponseSettled(); // the reset e-mail is queued after the answer
    const mails = await emailsTo("nombre-xss@example.com");
    expect(mails.map((m) => m.kind).sort()).toEqual(["password_reset", "welcome"]);
    for (const mail of mails) expect(executableParts(mail.html)).toEqual([]);
  });
});
