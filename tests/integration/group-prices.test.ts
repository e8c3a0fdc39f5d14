import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  companies,
  companyMembers,
  customerGroups,
  minQuantities,
  priceListRules,
  quantityBreaks,
} from "~/db/schema/business";
import { coupons } from "~/db/schema/coupons";
import { orderItems, orders } from "~/db/schema/orders";
import { type InvoicingSettings, queueFactura } from "~/models/invoices.server";
import { getSalesByGroup } from "~/models/dashboard.server";
import { action as cartCheckAction } from "~/routes/resources/cart-check";
import { type PriceList, shownGroupPrice } from "~/domain/price-lists";
import { loader as groupPricesLoader } from "~/routes/resources/group-prices";
import { loader as viewerLoader } from "~/routes/resources/viewer";
import { loader as googleFeed } from "~/routes/resources/feed-google";
import { loader as productLoader } from "~/routes/store/product";
import { loader as catalogLoader } from "~/routes/store/catalog";
import { action as checkoutAction } from "~/routes/checkout/checkout";
import { invoices } from "~/db/schema/invoices";
import { setupTestDatabase } from "../setup/db";
import { insertCategory, insertProduct, variantsOf } from "../setup/factories";
import { args, formRequest, getRequest, outcome, signedInCustomer } from "../setup/routes";

// [25/25] Group prices reach the members of an approved company everywhere they buy (cards and
// product page through /api/group-prices, the cart check, the order, its invoice) and never
// anyone else: a guest, a member of a pending or rejected company, a member of another group, a
// public (cached) page, the feeds, a checkout form that posts prices or ids (ADR 0022).

const t = setupTestDatabase();

type Who = { id: string; email: string; cookie: string };
const who: Record<"reseller" | "pending" | "rejected" | "corporate", Who> = {} as never;
let notebook: { id: string }; // 1000 public; Revendedor: 800, from 5 units 750
let mouse: { id: string }; // 100 public; Revendedor: 20 % off from 3 units; Corporativo: 50 % off
// Sold with options: 24" 200 public, 27" 300 public (Revendedor: 180), 32" 150 public and out of stock.
let monitor: { id: string };
let monitor27 = "";
let resellerCompany = "";
const RESELLER_CUIT = "30712345671";

async function company(cuit: string, status: "pending" | "approved" | "rejected", groupId: string | null, member: Who) {
  const [row] = await t.db
    .insert(companies)
    .values({
      cuit,
      legalName: `Empresa ${cuit} S.A.`,
      ivaCondition: "responsable_inscripto",
      contactName: "Contacto",
      contactEmail: "compras@example.com",
      contactPhone: "11 4555-1234",
      status,
      groupId,
    })
    .returning();
  await t.db.insert(companyMembers).values({ companyId: row!.id, userId: member.id, role: "buyer" });
  return row!.id;
}

beforeAll(async () => {
  await insertCategory({ id: "computacion", name: "Computación" });
  notebook = await insertProduct({ name: "Notebook Lista", price: "1000.00", categoryId: "computacion", stock: 100 });
  mouse = await insertProduct({ name: "Mouse Lista", price: "100.00", stock: 100 });
  monitor = await insertProduct({
    name: "Monitor Opciones",
    price: "200.00",
    meta: { option_groups: [{ title: "Tamaño", options: [{ name: '24"' }, { name: '27"' }, { name: '32"' }] }] },
    variantStock: [5, 5, 0],
    variantPrices: [
      { price: null, salePrice: null },
      { price: "300.00", salePrice: null },
      { price: "150.00", salePrice: null },
    ],
  });
  monitor27 = (await variantsOf(monitor.id))[1]!.id;
  const [reseller, corporate] = await t.db
    .insert(customerGroups)
    .values([
      { name: "Revendedor", defaultPercent: 0 },
      { name: "Corporativo", defaultPercent: 0 },
    ])
    .returning();
  await t.db.insert(priceListRules).values([
    { groupId: reseller!.id, scope: "variant", productId: monitor.id, variantId: monitor27, fixedPrice: "180.00" },
    { groupId: reseller!.id, scope: "product", productId: notebook.id, fixedPrice: "800.00" },
    { groupId: reseller!.id, scope: "product", productId: mouse.id, percentOff: 20 },
    { groupId: corporate!.id, scope: "product", productId: mouse.id, percentOff: 50 },
  ]);
  await t.db
    .insert(quantityBreaks)
    .values({ groupId: reseller!.id, productId: notebook.id, minQuantity: 5, fixedPrice: "750.00" });
  await t.db.insert(minQuantities).values({ groupId: reseller!.id, productId: mouse.id, minQuantity: 3 });
  for (const key of ["reseller", "pending", "rejected", "corporate"] as const) who[key] = await signedInCustomer();
  resellerCompany = await company(RESELLER_CUIT, "approved", reseller!.id, who.reseller);
  await company("30711111111", "pending", null, who.pending);
  await company("30500000003", "rejected", reseller!.id, who.rejected);
  await company("20123456786", "approved", corporate!.id, who.corporate);
  await t.db.insert(coupons).values({ code: "MENOS10", kind: "percent", value: "10", combinable: true });
});

const groupPrices = (cookie?: string) =>
  outcome(() =>
    groupPricesLoader(args(getRequest(`/api/group-prices?products=${notebook.id},${mouse.id}`, cookie)) as never),
  );

type Line = { productId: string; quantity: number; selectedOptions?: { group: string; option: string }[] };
const cartCheck = (cookie: string | undefined, lines: Line[]) =>
  outcome(() =>
    cartCheckAction(
      args(
        new Request("http://localhost/api/cart/check", {
          method: "POST",
          headers: { "Content-Type": "application/json", ...(cookie ? { cookie } : {}) },
          body: JSON.stringify({
            lines: lines.map((l, i) => ({ cartId: `l${i}`, selectedOptions: [], ...l })),
          }),
        }),
      ) as never,
    ),
  );

describe("/api/group-prices and /api/viewer", () => {
  it("give a member of an approved company their group's prices, breaks and minimum, never cached", async () => {
    const answer = await groupPrices(who.reseller.cookie);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(answer.headers.get("Set-Cookie")).toBeNull();
    expect(answer.body).toEqual({
      prices: {
        [notebook.id]: {
          unitCents: 80_000,
          minimum: null,
          fromMinimumCents: null,
          breaks: [{ from: 5, unitCents: 75_000 }],
          from: false,
        },
        // One mouse is at the public price; the list's 20 % starts at 3 units.
        [mouse.id]: { unitCents: 10_000, minimum: 3, fromMinimumCents: 8_000, breaks: [], from: false },
      },
    });
    const viewer = await outcome(() => viewerLoader(args(getRequest("/api/viewer", who.reseller.cookie)) as never));
    expect(viewer.body).toMatchObject({
      business: { company: `Empresa ${RESELLER_CUIT} S.A.`, status: "approved", group: "Revendedor" },
    });
  });

  it("give nothing to a guest or a member of a pending or rejected company, and another group only its own", async () => {
    for (const cookie of [undefined, who.pending.cookie, who.rejected.cookie]) {
      expect((await groupPrices(cookie)).body).toEqual({ prices: {} });
    }
    expect((await groupPrices(who.corporate.cookie)).body).toEqual({
      prices: { [mouse.id]: { unitCents: 5_000, minimum: null, fromMinimumCents: null, breaks: [], from: false } },
    });
    const guest = await outcome(() => viewerLoader(args(getRequest("/api/viewer")) as never));
    expect(guest.body).toMatchObject({ user: null, business: null });
    const pending = await outcome(() => viewerLoader(args(getRequest("/api/viewer", who.pending.cookie)) as never));
    expect(pending.body).toMatchObject({ business: { status: "pending", group: null } });
  });

  it("give a member the list of one product sold with options (its rules, its category's, its breaks), and nobody else anything", async () => {
    const listOf = (cookie?: string) =>
      outcome(() => groupPricesLoader(args(getRequest(`/api/group-prices?list=${notebook.id}`, cookie)) as never));
    const answer = await listOf(who.reseller.cookie);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    const { list } = answer.body as { list: { list: PriceList; categoryPath: string[] } };
    expect(list.categoryPath).toEqual(["computacion"]);
    expect(list.list.rules).toEqual([{ scope: "product", productId: notebook.id, fixedCents: 80_000 }]);
    expect(list.list.breaks).toEqual([{ productId: notebook.id, variantId: null, minQuantity: 5, fixedCents: 75_000 }]);
    // What the page shows for a combination is what the cards' answer says for the product.
    const unit = { productId: notebook.id, variantId: null, categoryPath: list.categoryPath };
    expect(shownGroupPrice(list.list, { ...unit, regularCents: 100_000, paidCents: 100_000 })).toEqual(
      ((await groupPrices(who.reseller.cookie)).body as { prices: Record<string, unknown> }).prices[notebook.id],
    );
    for (const cookie of [undefined, who.pending.cookie, who.rejected.cookie]) {
      expect((await listOf(cookie)).body).toEqual({ list: null });
    }
    // The corporate group has no rule for the notebook: its own empty list, never the reseller's.
    const corporate = (await listOf(who.corporate.cookie)).body as { list: { list: PriceList } };
    expect(corporate.list.list.rules).toEqual([]);
    expect(corporate.list.list.breaks).toEqual([]);
  });

  it("give a card of a product sold with options the lowest price the member pays for a variant in stock, as the cart charges it", async () => {
    const card = async (cookie?: string) =>
      (
        (
          await outcome(() =>
            groupPricesLoader(args(getRequest(`/api/group-prices?products=${monitor.id}`, cookie)) as never),
          )
        ).body as { prices: Record<string, unknown> }
      ).prices[monitor.id];
    // The public card says "Desde $ 200" (the 32" is out of stock); the reseller pays 180 for the 27".
    expect(await card(who.reseller.cookie)).toEqual({
      unitCents: 18_000,
      minimum: null,
      fromMinimumCents: null,
      breaks: [],
      from: true,
    });
    const checked = (
      await cartCheck(who.reseller.cookie, [
        { productId: monitor.id, quantity: 1, selectedOptions: [{ group: "Tamaño", option: '27"' }] },
      ])
    ).body as { lines: { unitPrice: number }[] };
    expect(checked.lines[0]!.unitPrice).toBe(180);
    // The product page prices the 27" with the member's list the same way.
    const { list } = (
      await outcome(() =>
        groupPricesLoader(args(getRequest(`/api/group-prices?list=${monitor.id}`, who.reseller.cookie)) as never),
      )
    ).body as { list: { list: PriceList; categoryPath: string[] } };
    expect(
      shownGroupPrice(list.list, {
        productId: monitor.id,
        variantId: monitor27,
        categoryPath: list.categoryPath,
        regularCents: 30_000,
        paidCents: 30_000,
      })?.unitCents,
    ).toBe(18_000);
    // Another group with no rule for it, and anyone who is not a member: nothing (the public card).
    for (const cookie of [undefined, who.pending.cookie, who.corporate.cookie])
      expect(await card(cookie)).toBeUndefined();
  });

  it("a company suspended a moment ago gets public prices at once", async () => {
    await t.db.update(companies).set({ status: "rejected" }).where(eq(companies.id, resellerCompany));
    try {
      expect((await groupPrices(who.reseller.cookie)).body).toEqual({ prices: {} });
      const lines = (await cartCheck(who.reseller.cookie, [{ productId: notebook.id, quantity: 1 }])).body as {
        lines: { unitPrice: number }[];
      };
      expect(lines.lines[0]!.unitPrice).toBe(1000);
    } finally {
      await t.db.update(companies).set({ status: "approved" }).where(eq(companies.id, resellerCompany));
    }
  });
});

describe("public pages and feeds stay public", () => {
  it("the product page, the catalogue and the Google feed are the same for a member and a guest, with no group price", async () => {
    // Even rendered with the member's cookie (the page cache renders without any), only the
    // review form's state would differ: no price does.
    const page = async (cookie?: string) => {
      const product = (
        await outcome(() =>
          productLoader(args(getRequest(`/product/${notebook.id}`, cookie), { params: { id: notebook.id } }) as never),
        )
      ).body as Record<string, unknown>;
      const { reviewer: _reviewer, ...shared } = product;
      return [shared, (await outcome(() => catalogLoader(args(getRequest("/store", cookie)) as never))).body];
    };
    const member = JSON.stringify(await page(who.reseller.cookie));
    expect(member).toBe(JSON.stringify(await page()));
    expect(member).not.toMatch(/800|750/);
    const feed = async (cookie?: string) => {
      const response = (await googleFeed(args(getRequest("/feeds/google.xml", cookie)) as never)) as Response;
      return response.text();
    };
    const memberFeed = await feed(who.reseller.cookie);
    expect(memberFeed).toBe(await feed());
    expect(memberFeed).not.toContain("800.00 ARS");
  });
});

describe("the cart check", () => {
  it("prices a member's lines from the list, with the break counted and the minimum said; a guest's at public prices", async () => {
    // Every line of a member carries the member's price, the one below the minimum too (its public
    // price): the cart then knows the price is theirs (ADR 0022).
    const lines = [
      { productId: notebook.id, quantity: 5 },
      { productId: mouse.id, quantity: 2 },
    ];
    const member = (await cartCheck(who.reseller.cookie, lines)).body as {
      lines: { unitPrice: number; groupPrice: number | null; groupMinimum: number | null }[];
    };
    expect(member.lines.map((l) => [l.unitPrice, l.groupPrice, l.groupMinimum])).toEqual([
      [750, 750, null],
      [100, 100, 3],
    ]);
    for (const cookie of [undefined, who.pending.cookie, who.rejected.cookie]) {
      const body = (await cartCheck(cookie, lines)).body as { lines: { unitPrice: number; groupPrice: unknown }[] };
      expect(body.lines.map((l) => [l.unitPrice, l.groupPrice])).toEqual([
        [1000, null],
        [100, null],
      ]);
    }
  });
});

const FIELDS: Record<string, string> = {
  field_first_name: "Lucía",
  field_last_name: "Fernández",
  field_email: "lucia@example.com",
  field_phone: "11 5555-1234",
  field_address: "Av. Siempre Viva 742",
  field_city: "CABA",
  field_state: "Buenos Aires",
  field_zip: "C1043",
};
let ip = 0;

async function checkout(cookie: string | undefined, email: string, extra: Record<string, string> = {}) {
  const form = {
    lines: JSON.stringify([
      // Posted prices, group and company ids ride along: none of them is read.
      { cartId: "a", productId: notebook.id, quantity: 5, selectedOptions: [], price: 1, unitPrice: 1 },
      { cartId: "b", productId: mouse.id, quantity: 3, selectedOptions: [], groupId: "x", companyId: resellerCompany },
    ]),
    shippingMethod: "Retiro en local",
    paymentMethod: "transferencia",
    coupon: "MENOS10",
    terms: "on",
    idempotencyKey: randomUUID(),
    ...FIELDS,
    field_email: email,
    companyId: resellerCompany,
    groupId: "Revendedor",
    price: "1",
    ...extra,
  };
  const result = await outcome(() =>
    checkoutAction(args(formRequest("/checkout", form, { cookie }), { ip: `198.18.7.${++ip}` }) as never),
  );
  expect(result.status).toBe(302);
  const id = new URL(result.location!, "http://localhost").searchParams.get("order")!;
  const [order] = await t.db.select().from(orders).where(eq(orders.id, id));
  const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, id));
  return { order: order!, prices: Object.fromEntries(items.map((i) => [i.productId, i.price])) };
}

describe("the order", () => {
  it("charges a member the group price (break reached, minimum reached), the coupon only on public-price lines, the transfer discount on top", async () => {
    // Mouse: 3 units reach the minimum, 20 % off = 80 each; the notebook's break: 750 each.
    // The coupon's lines: none at the public price, so the coupon is refused with its reason.
    const refused = await outcome(() =>
      checkoutAction(
        args(
          formRequest(
            "/checkout",
            {
              lines: JSON.stringify([{ cartId: "a", productId: notebook.id, quantity: 5, selectedOptions: [] }]),
              shippingMethod: "Retiro en local",
              paymentMethod: "transferencia",
              coupon: "MENOS10",
              terms: "on",
              idempotencyKey: randomUUID(),
              ...FIELDS,
              field_email: who.reseller.email,
            },
            { cookie: who.reseller.cookie },
          ),
          { ip: "198.18.8.1" },
        ) as never,
      ),
    );
    expect(refused.status).not.toBe(302);
    expect(await t.db.$count(orders)).toBe(0);

    // With one mouse below the minimum (public price), the coupon takes 10 % of that line only.
    const { order, prices } = await checkout(who.reseller.cookie, who.reseller.email, {
      lines: JSON.stringify([
        { cartId: "a", productId: notebook.id, quantity: 5, selectedOptions: [], price: 1 },
        { cartId: "b", productId: mouse.id, quantity: 2, selectedOptions: [], groupId: "x" },
      ]),
    });
    expect(prices).toEqual({ [notebook.id]: "750.00", [mouse.id]: "100.00" });
    // 3750 + 200 = 3950; coupon 10 % of 200 = 20; transfer 10 % of 3930 = 393.
    expect(order).toMatchObject({
      subtotal: "3950.00",
      couponDiscount: "20.00",
      discount: "393.00",
      total: "3537.00",
      companyId: resellerCompany,
      billingCuit: "30-71234567-1",
      billingCompany: `Empresa ${RESELLER_CUIT} S.A.`,
      ivaCondition: "responsable_inscripto",
      invoiceType: "A",
    });

    const RI: InvoicingSettings = {
      sellerIvaCondition: "responsable_inscripto",
      puntoVenta: 2,
      identificationThresholdCents: 10_000_000_00,
    };
    const factura = await queueFactura(order.id, RI);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.id, factura.id));
    expect(invoice).toMatchObject({ invoiceClass: "A", docTipo: 80, docNro: RESELLER_CUIT });
    expect(invoice!.amounts.impTotalCents).toBe(353_700);
  });

  it("a guest, a pending or rejected company's member and another group's member posting the same form pay public prices", async () => {
    const cases = [
      { cookie: undefined, email: "invitado@example.com", mouse: "100.00", companyId: null },
      { cookie: who.pending.cookie, email: who.pending.email, mouse: "100.00", companyId: null },
      { cookie: who.rejected.cookie, email: who.rejected.email, mouse: "100.00", companyId: null },
      { cookie: who.corporate.cookie, email: who.corporate.email, mouse: "50.00", companyId: "corporate" },
    ];
    for (const c of cases) {
      const { order, prices } = await checkout(c.cookie, c.email, { coupon: "" });
      expect(prices).toEqual({ [notebook.id]: "1000.00", [mouse.id]: c.mouse });
      if (c.companyId === null) expect(order).toMatchObject({ companyId: null, billingCuit: null, invoiceType: "B" });
      else expect(order.companyId).not.toBe(resellerCompany);
    }
  });
});

describe("the dashboard", () => {
  it("splits the period's orders and delivered sales by customer group, consumers apart", async () => {
    // A fixture shortcut: the reseller's order counted as delivered.
    await t.db.update(orders).set({ status: "delivered" }).where(eq(orders.companyId, resellerCompany));
    const groups = await getSalesByGroup(30);
    expect(groups).toEqual([
      { group: "Revendedor", orders: 1, sales: "3537.00" },
      { group: "Consumidor final", orders: 3, sales: "0.00" },
      { group: "Corporativo", orders: 1, sales: "0.00" },
    ]);
  });
});
