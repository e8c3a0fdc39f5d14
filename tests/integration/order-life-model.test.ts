import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountEntries, accountOrders } from "~/db/schema/accounts";
import { users } from "~/db/schema/auth";
import { companies, companyMembers, customerGroups } from "~/db/schema/business";
import { productVariants, products } from "~/db/schema/catalog";
import { couponRedemptions, coupons } from "~/db/schema/coupons";
import { invoices } from "~/db/schema/invoices";
import { orderItems, orders, payments, stockMovements } from "~/db/schema/orders";
import { quotes } from "~/db/schema/quotes";
import { auditLog } from "~/db/schema/staff";
import { DEFAULT_SETTINGS } from "~/db/seed/default-settings";
import { ACCOUNT_PAYMENT_METHOD, NO_ACCOUNT } from "~/domain/cuenta-corriente";
import { cuitCheckDigit, formatCuit } from "~/domain/cuit";
import { toStoreLocalInput } from "~/domain/dates";
import { ORDER_STATUSES } from "~/domain/order-status";
import { fromCents, toCents } from "~/domain/money";
import { expireAllUnpaidOrders } from "~/jobs/payment-expiry.server";
import { updateOrderStatus } from "~/models/admin-orders.server";
import { addPriceRule, setGroupDefault } from "~/models/admin-price-lists.server";
import { reviewCompany } from "~/models/companies.server";
import { companyStatement, recordAccountPayment } from "~/models/cuenta-corriente.server";
import { PaymentUnavailableError, refundOrderPayment, startOnlinePayment } from "~/models/payment.server";
import { OrderError, placeOrder } from "~/models/place-order.server";
import { acceptQuote, getQuote, priceQuote, requestQuote } from "~/models/quotes.server";
import { saveSetting } from "~/models/settings.server";
import { acceptWithdrawal, receiveReturn, requestWithdrawal } from "~/models/withdrawal.server";
import type { ArcaConfig } from "~/services/arca/config.server";
import { type ArcaDouble, doubleClientConfig, startArcaDouble } from "../doubles/arca";
import type { DoublePayment, MercadoPagoDouble } from "../doubles/mercadopago";
import { setupTestDatabase } from "../setup/db";
import { runExpiryInTwoProcesses } from "../setup/expiry-drill";
import { insertProduct, variantsOf } from "../setup/factories";
import { drainInvoicing } from "../setup/invoicing";
import { setupMercadoPagoStore } from "../setup/mercadopago-store";

// [16/25] A model-based test of the order's life through the real database: random sequences of
// orders (with and without coupon and variants, manual and Mercado Pago), payments approved,
// rejected, left pending or of another amount, notifications repeated and out of order, Mercado
// Pago's own changes (a pending payment approved, a refund, a chargeback), the expiry job at
// random points (from two processes on PostgreSQL), staff moving orders, refunding, and
// accepting withdrawals. After every step it checks the invariants of ADR 0012 (and that a
// cancelled order gives its coupon use back).
//
// [25/25] The business buyers of ADR 0022 in the same sequences: a company (approved, in a group
// with a price list, with a credit limit) whose two members order at the group's price, on
// cuenta corriente or not, ask for quotes that staff price and they accept (on account or not);
// staff record the company's payments, change its limit or suspend it, change public and group
// prices, and the invoicing job (against the ARCA double) posts facturas and credit notes to the
// ledger. The test keeps its own model of prices, totals and credit, and checks after every step
// that each order holds the unit prices it was placed at, that the ledger is the sum of the
// authorised documents of the orders on account less the payments, that the app's balance and
// orders not invoiced are the model's, and that the app accepted an order on account (or a
// reopening) exactly when the model says it fits in the limit.
//
// ORDER_MODEL_RUNS sequences (default 6, CI), ORDER_MODEL_SEED to replay one; a failure prints
// the seed and the shrunk sequence.

const t = setupTestDatabase();
const mp = setupMercadoPagoStore();
let double: MercadoPagoDouble;
let arca: ArcaDouble;
let arcaConfig: ArcaConfig;
const CLERK = { id: null, email: "modelo@vitec.com.ar" };
const ONLINE = "Mercado Pago online";
const RUNS = Number(process.env.ORDER_MODEL_RUNS ?? 6);
const SEED = Number(process.env.ORDER_MODEL_SEED ?? Date.now() % 2_147_483_647);

beforeAll(async () => {
  double = mp.double;
  await saveSetting("payment_methods", [
    ...DEFAULT_SETTINGS.payment_methods,
    { name: ONLINE, instructions: "", discountPercent: 7, kind: "mercadopago", expiryMinutes: 60 },
  ]);
  await t.db.insert(coupons).values({ code: "MODELO10", kind: "percent", value: "10", combinable: true });
  // The store invoices on payment; no final consumer is asked for a DNI (the threshold is out of reach).
  arca = await startArcaDouble();
  arcaConfig = doubleClientConfig(arca);
  await saveSetting("invoicing", {
    mode: "on_payment",
    sellerIvaCondition: "responsable_inscripto",
    puntoVenta: 1,
    identificationThreshold: 1_000_000_000,
  });
});
afterAll(async () => {
  await arca?.close();
});

const step = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("place" as const),
      product: fc.nat(2),
      variant: fc.nat(1),
      quantity: fc.integer({ min: 1, max: 3 }),
      coupon: fc.boolean(),
      online: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("pay" as const),
      order: fc.nat(),
      outcome: fc.constantFrom("approved" as const, "rejected" as const, "pending" as const),
      wrongAmount: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
    }),
  },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("notify" as const), payment: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("mp_change" as const),
      payment: fc.nat(),
      to: fc.constantFrom("approved" as const, "rejected" as const, "charged_back" as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("expire" as const), order: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("expire_two" as const), order: fc.nat() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("staff" as const),
      order: fc.nat(),
      to: fc.constantFrom(...ORDER_STATUSES),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("refund" as const), order: fc.nat(), extra: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("withdraw" as const), order: fc.nat() }) },
  // Staff receive the parcel of an order withdrawn after shipping (refused for any other order).
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("return" as const), order: fc.nat() }) },
  // ADR 0022: a member of the company orders (at the group's price), on account or not.
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("member_order" as const),
      member: fc.nat(1),
      product: fc.nat(2),
      variant: fc.nat(1),
      quantity: fc.integer({ min: 1, max: 3 }),
      pays: fc.constantFrom("account" as const, "account" as const, "transfer" as const, "online" as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("quote_request" as const),
      member: fc.nat(1),
      product: fc.nat(2),
      variant: fc.nat(1),
      quantity: fc.integer({ min: 1, max: 3 }),
      /** Staff's price, as a percentage of the public price when asked. */
      percent: fc.integer({ min: 40, max: 120 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("quote_accept" as const),
      quote: fc.nat(),
      onAccount: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("company_payment" as const),
      amountCents: fc.integer({ min: 1, max: 40 }).map((n) => n * 25_000_00 + (n % 2) * 50),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("review" as const),
      limitCents: fc.constantFrom(null, 150_000_00, 300_000_00, 1_000_000_00, 4_000_000_00),
      approved: fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("price_change" as const),
      product: fc.nat(2),
      percent: fc.integer({ min: -30, max: 30 }),
      groupDefault: fc.constantFrom(null, 0, 10, 25),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("invoice" as const) }) },
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

/** An order of the sequence, with what the model expects of it. */
type ModelOrder = {
  id: string;
  online: boolean;
  /** The unit price (cents) and quantity of its one line, as the model priced it when it was placed. */
  unitCents: number;
  quantity: number;
  /** Placed on account (cuenta corriente): counts against the company's limit. */
  onAccount: boolean;
};

/** The company of the sequence (ADR 0022) as the model knows it. */
type Business = {
  companyId: string;
  groupId: string;
  members: { id: string; email: string }[];
  cuit: string;
  legalName: string;
  approved: boolean;
  limitCents: number | null;
  /** The group's default percentage off; the monitor has a fixed list price. */
  defaultPercent: number;
  monitorListCents: number;
  /** Payments staff recorded against the account. */
  paidCents: number;
  quotes: { id: string; unitCents: number; quantity: number; orderId: string | null }[];
};

type World = {
  /** Products and variants of this sequence, with the stock they started with. */
  stock: { id: string; variant: boolean; start: number }[];
  productIds: string[];
  variantsByProduct: Map<string, string[]>;
  /** The public price (cents) of each product now (the notebook's 16GB has its option's own price). */
  priceCents: number[];
  orders: ModelOrder[];
  payments: DoublePayment[];
  business: Business;
  /** The invoicing job has just run: nothing it could do is left. */
  invoiced: boolean;
  /** Audit entries the events so far must have written. */
  audited: number;
  twoProcessRuns: number;
};

const NOTEBOOK_16GB_CENTS = 929_999_00;
const FIELDS = {
  first_name: "Modelo",
  last_name: "Prueba",
  phone: "11 5555-0000",
  address: "Calle 1",
  city: "CABA",
  state: "Buenos Aires",
  zip: "C1043",
};

async function newBusiness(monitorSku: string): Promise<Business> {
  const tag = randomUUID().slice(0, 8);
  const [group] = await t.db
    .insert(customerGroups)
    .values({ name: `Revendedor ${tag}`, defaultPercent: 10 })
    .returning();
  // Room for a few monitors at the list price, not for a notebook: orders meet the limit often.
  const limitCents = 300_000_00;
  // A CUIT of its own (the check digit holds: the order's invoice data is validated).
  let cuit = "";
  while (!cuit) {
    const first10 = `30${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const digit = cuitCheckDigit(first10);
    if (digit !== null) cuit = `${first10}${digit}`;
  }
  const [company] = await t.db
    .insert(companies)
    .values({
      cuit,
      legalName: `Empresa ${tag}`,
      ivaCondition: "responsable_inscripto",
      contactName: "Compras",
      contactEmail: `compras.${tag}@example.com`,
      contactPhone: "11 4555-1234",
      status: "approved",
      groupId: group!.id,
      creditLimit: fromCents(limitCents).toFixed(2),
      paymentTermsDays: 30,
    })
    .returning();
  const members = [0, 1].map((i) => ({ id: `modelo-${tag}-${i}`, email: `socio${i}.${tag}@example.com` }));
  for (const m of members) {
    await t.db.insert(users).values({ id: m.id, name: m.id, email: m.email });
    await t.db.insert(companyMembers).values({ companyId: company!.id, userId: m.id, role: "buyer" });
  }
  const monitorListCents = 100_000_00;
  const rule = await addPriceRule(CLERK, group!.id, {
    scope: "sku",
    sku: monitorSku,
    kind: "fixed",
    value: fromCents(monitorListCents),
  });
  expect(rule).toMatchObject({ ok: true });
  return {
    companyId: company!.id,
    groupId: group!.id,
    members,
    cuit,
    legalName: company!.legalName,
    approved: true,
    limitCents,
    defaultPercent: 10,
    monitorListCents,
    paidCents: 0,
    quotes: [],
  };
}

async function newWorld(): Promise<World> {
  const a = await insertProduct({ name: `Monitor ${randomUUID().slice(0, 6)}`, price: "120000.00", stock: 6 });
  const b = await insertProduct({ name: `Cable ${randomUUID().slice(0, 6)}`, price: "999.99", stock: 4 });
  const c = await insertProduct({
    name: `Notebook ${randomUUID().slice(0, 6)}`,
    price: "850000.00",
    stock: 3,
    meta: { option_groups: [{ title: "Memoria", options: [{ name: "8GB" }, { name: "16GB", price: 929999 }] }] },
    variantStock: [3, 2],
  });
  const variants = await variantsOf(c.id);
  return {
    stock: [
      { id: a.id, variant: false, start: 6 },
      { id: b.id, variant: false, start: 4 },
      ...variants.map((v) => ({ id: v.id, variant: true, start: v.stock })),
    ],
    productIds: [a.id, b.id, c.id],
    variantsByProduct: new Map([[c.id, variants.map((v) => v.id)]]),
    priceCents: [120_000_00, 999_99, 850_000_00],
    orders: [],
    payments: [],
    business: await newBusiness(a.sku!),
    invoiced: false,
    audited: 0,
    twoProcessRuns: 0,
  };
}

/** The price a guest pays for one unit (no sale prices in these sequences). */
function publicCents(world: World, product: number, variant: number): number {
  return product === 2 && variant === 1 ? NOTEBOOK_16GB_CENTS : world.priceCents[product]!;
}

/**
 * What a member pays for one unit (ADR 0022, as this model's list has it): the monitor's fixed
 * list price, else the group's percentage off the public price (to the cent, half up), never
 * above the public price; the public price while the company is not approved.
 */
function memberCents(world: World, product: number, variant: number): number {
  const shown = publicCents(world, product, variant);
  if (!world.business.approved) return shown;
  const list =
    product === 0
      ? world.business.monitorListCents
      : Math.floor((shown * (100 - world.business.defaultPercent) + 50) / 100);
  return Math.min(list, shown);
}

const selectedOptions = (world: World, product: number, variant: number) =>
  world.variantsByProduct.has(world.productIds[product]!)
    ? [{ group: "Memoria", option: variant === 0 ? "8GB" : "16GB" }]
    : [];

/** Today in Buenos Aires (a payment's date). */
const storeToday = () => toStoreLocalInput(new Date()).slice(0, 10);

const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);

async function auditCount(world: World): Promise<number> {
  if (world.orders.length === 0) return 0;
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, "order"),
        inArray(
          auditLog.entityId,
          world.orders.map((o) => o.id),
        ),
      ),
    );
  return row!.n;
}

async function pendingOrders(world: World): Promise<string[]> {
  if (world.orders.length === 0) return [];
  const rows = await t.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(
          orders.id,
          world.orders.map((o) => o.id),
        ),
        eq(orders.status, "pending"),
      ),
    );
  return rows.map((r) => r.id);
}

/** Runs one step; returns the audit entries it must have written. */
async function run(world: World, s: Step): Promise<number> {
  switch (s.kind) {
    case "place": {
      const productId = world.productIds[s.product]!;
      const variantIds = world.variantsByProduct.get(productId);
      const selectedOptions = variantIds ? [{ group: "Memoria", option: s.variant === 0 ? "8GB" : "16GB" }] : [];
      try {
        const placed = await placeOrder({
          idempotencyKey: randomUUID(),
          lines: [{ cartId: randomUUID(), productId, quantity: s.quantity, selectedOptions }],
          shippingMethod: "Retiro en local",
          paymentMethod: s.online ? ONLINE : "transferencia",
          fields: {
            first_name: "Modelo",
            last_name: "Prueba",
            email: `modelo.${randomUUID().slice(0, 8)}@example.com`,
            phone: "11 5555-0000",
            address: "Calle 1",
            city: "CABA",
            state: "Buenos Aires",
            zip: "C1043",
          },
          couponCode: s.coupon ? "MODELO10" : undefined,
        });
        world.orders.push({
          id: placed.id,
          online: s.online,
          unitCents: publicCents(world, s.product, s.variant),
          quantity: s.quantity,
          onAccount: false,
        });
        return 1;
      } catch (error) {
        if (error instanceof OrderError && error.code === "out_of_stock") return 0;
        throw error;
      }
    }
    case "pay": {
      const order = pick(
        world.orders.filter((o) => o.online),
        s.order,
      );
      if (!order) return 0;
      try {
        await startOnlinePayment(order.id);
      } catch (error) {
        // Not payable now: a shopper may still pay a preference opened before (a late payment).
        if (!(error instanceof PaymentUnavailableError)) throw error;
      }
      const preference = double.preferences.filter((p) => p.external_reference === order.id).at(-1);
      if (!preference) return 0;
      world.payments.push(double.pay(preference.id, s.outcome, s.wrongAmount ? 1234.5 : undefined));
      return 0;
    }
    case "notify": {
      const payment = pick(world.payments, s.payment);
      if (!payment) return 0;
      const [stored] = await t.db
        .select({ status: payments.status })
        .from(payments)
        .where(eq(payments.providerPaymentId, String(payment.id)));
      const now = double.payments.get(payment.id)!.status;
      const mapped = now === "in_process" ? "pending" : now;
      expect(await double.notify(payment.id)).toBe(200);
      return stored?.status === mapped ? 0 : 1;
    }
    case "mp_change": {
      const payment = pick(world.payments, s.payment);
      if (!payment) return 0;
      const current = double.payments.get(payment.id)!;
      // Mercado Pago's own moves: a pending payment is approved or rejected; an approved one charged back.
      if (current.status === "pending" && s.to !== "charged_back") double.update(payment.id, { status: s.to });
      if (current.status === "approved" && s.to === "charged_back") {
        double.update(payment.id, { status: "charged_back" as DoublePayment["status"] });
      }
      return 0;
    }
    case "expire":
    case "expire_two": {
      const order = pick(world.orders, s.order);
      if (order) {
        await t.db
          .update(orders)
          .set({ paymentExpiresAt: sql`now() - interval '1 minute'` })
          .where(and(eq(orders.id, order.id), sql`${orders.paymentExpiresAt} is not null`));
      }
      // The orders of this sequence that the job cancels (it may find others', left overdue before).
      const pendingBefore = await pendingOrders(world);
      if (s.kind === "expire_two" && world.twoProcessRuns < 1) {
        world.twoProcessRuns++;
        await runExpiryInTwoProcesses(t.handle);
      } else {
        await expireAllUnpaidOrders();
      }
      const pendingAfter = await pendingOrders(world);
      return pendingBefore.filter((id) => !pendingAfter.includes(id)).length;
    }
    case "staff": {
      const order = pick(world.orders, s.order);
      if (!order) return 0;
      const [before] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
      // Reopening an order on account: it must fit in the limit again, as the model reckons it.
      const reopening = order.onAccount && before!.status === "cancelled" && s.to !== "cancelled";
      const fits = reopening ? await fitsOnAccount(world, order.unitCents * order.quantity) : true;
      const result = await updateOrderStatus(CLERK, { orderId: order.id, status: s.to });
      if (!result.ok) {
        expect(result.status, result.message).toBe(409);
        if (reopening && fits) expect(result.message, "reopened within the limit").not.toMatch(CREDIT_REFUSAL);
        return 0;
      }
      expect(fits, `${order.id} reopened past the company's limit`).toBe(true);
      return before!.status === s.to ? 0 : 1;
    }
    case "refund": {
      const order = pick(
        world.orders.filter((o) => o.online),
        s.order,
      );
      if (!order) return 0;
      const [row] = await t.db.select({ flags: orders.paymentFlags }).from(orders).where(eq(orders.id, order.id));
      const extra = row!.flags.flatMap((f) =>
        f.kind === "double_charge" ? f.extraPaymentIds : f.kind === "amount_mismatch" ? [f.paymentId] : [],
      );
      const result = await refundOrderPayment(CLERK, order.id, s.extra ? (extra[0] ?? null) : null);
      // The refund's entry, and its payment's move read back at once.
      return result.ok ? 2 : 0;
    }
    case "withdraw": {
      const order = pick(world.orders, s.order);
      if (!order) return 0;
      const [row] = await t.db.select({ email: orders.customerEmail }).from(orders).where(eq(orders.id, order.id));
      await requestWithdrawal({ orderNumber: { kind: "id", value: order.id }, email: row!.email!, reason: null });
      const result = await acceptWithdrawal(CLERK, order.id);
      return result.ok ? 1 : 0;
    }
    case "return": {
      const order = pick(world.orders, s.order);
      if (!order) return 0;
      const [before] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      const result = await receiveReturn(CLERK, order.id);
      // Only an order withdrawn after shipping (cancelled, units out) takes its parcel back.
      expect(result.ok).toBe(before!.status === "cancelled" && before!.stockState === "shipped");
      return result.ok ? 1 : 0;
    }
    case "member_order": {
      const member = world.business.members[s.member]!;
      const unitCents = memberCents(world, s.product, s.variant);
      const onAccount = s.pays === "account";
      const fits = onAccount ? await fitsOnAccount(world, unitCents * s.quantity) : true;
      try {
        const placed = await placeOrder({
          idempotencyKey: randomUUID(),
          lines: [
            {
              cartId: randomUUID(),
              productId: world.productIds[s.product]!,
              quantity: s.quantity,
              selectedOptions: selectedOptions(world, s.product, s.variant),
            },
          ],
          shippingMethod: "Retiro en local",
          paymentMethod: onAccount ? ACCOUNT_PAYMENT_METHOD : s.pays === "online" ? ONLINE : "transferencia",
          fields: {
            ...FIELDS,
            email: member.email,
            cuit: formatCuit(world.business.cuit),
            company: world.business.legalName,
          },
          ivaCondition: "responsable_inscripto",
          userId: member.id,
        });
        expect(fits, "an order on account placed past the company's limit").toBe(true);
        world.orders.push({ id: placed.id, online: s.pays === "online", unitCents, quantity: s.quantity, onAccount });
        // Placed, and on account confirmed at once (Procesando).
        return onAccount ? 2 : 1;
      } catch (error) {
        if (error instanceof OrderError && error.code === "out_of_stock") return 0;
        if (error instanceof OrderError && error.code === "payment_method" && onAccount) {
          expect(error.message).toMatch(CREDIT_REFUSAL);
          expect(fits, `refused on account within the limit: ${error.message}`).toBe(false);
          return 0;
        }
        throw error;
      }
    }
    case "quote_request": {
      const member = world.business.members[s.member]!;
      const requested = await requestQuote(member, {
        lines: [
          {
            cartId: randomUUID(),
            productId: world.productIds[s.product]!,
            quantity: s.quantity,
            selectedOptions: selectedOptions(world, s.product, s.variant),
          },
        ],
        note: "",
      });
      expect(requested.ok, "a member of an approved company asks for a quote").toBe(world.business.approved);
      if (!requested.ok) return 0;
      const unitCents = Math.max(1, Math.round((publicCents(world, s.product, s.variant) * s.percent) / 100));
      const [line] = (await getQuote(requested.id))!.lines;
      const priced = await priceQuote(CLERK, requested.id, {
        prices: { [line!.id]: fromCents(unitCents) },
        validUntil: "2099-12-31",
        conditions: "",
      });
      expect(priced).toMatchObject({ ok: true });
      world.business.quotes.push({ id: requested.id, unitCents, quantity: s.quantity, orderId: null });
      return 0;
    }
    case "quote_accept": {
      const quote = pick(world.business.quotes, s.quote);
      if (!quote) return 0;
      const [row] = await t.db.select({ requestedBy: quotes.requestedBy }).from(quotes).where(eq(quotes.id, quote.id));
      const requester = world.business.members.find((m) => m.id === row!.requestedBy)!;
      const fits = s.onAccount ? await fitsOnAccount(world, quote.unitCents * quote.quantity) : true;
      const result = await acceptQuote(requester.email, quote.id, {
        shippingMethod: "Retiro en local",
        paymentMethod: s.onAccount ? ACCOUNT_PAYMENT_METHOD : "transferencia",
        fields: { ...FIELDS, email: requester.email },
      });
      if (!result.ok) {
        // Accepted once only, by an approved company, within its limit when on account (or no stock).
        if (quote.orderId === null && world.business.approved && fits) {
          expect(result.message, "a quote refused for no reason").toMatch(/stock/i);
        }
        return 0;
      }
      expect(quote.orderId, "a quote accepted twice").toBeNull();
      expect(world.business.approved, "a quote of a suspended company accepted").toBe(true);
      expect(fits, "a quote accepted on account past the company's limit").toBe(true);
      quote.orderId = result.order.id;
      world.orders.push({
        id: result.order.id,
        online: false,
        unitCents: quote.unitCents,
        quantity: quote.quantity,
        onAccount: s.onAccount,
      });
      // Placed, "Desde la cotización", and on account confirmed at once.
      return s.onAccount ? 3 : 2;
    }
    case "company_payment": {
      const paid = await recordAccountPayment(CLERK, {
        companyId: world.business.companyId,
        amount: fromCents(s.amountCents),
        method: "transferencia",
        reference: `OP ${randomUUID().slice(0, 6)}`,
        receivedOn: storeToday(),
        invoiceId: null,
      });
      expect(paid).toMatchObject({ ok: true });
      world.business.paidCents += s.amountCents;
      return 0;
    }
    case "review": {
      const reviewed = await reviewCompany(CLERK, {
        id: world.business.companyId,
        status: s.approved ? "approved" : "rejected",
        groupId: world.business.groupId,
        creditLimit: s.limitCents === null ? null : fromCents(s.limitCents),
        paymentTermsDays: 30,
      });
      expect(reviewed).toMatchObject({ ok: true });
      world.business.approved = s.approved;
      world.business.limitCents = s.limitCents;
      return 0;
    }
    case "price_change": {
      if (s.groupDefault !== null) {
        expect(await setGroupDefault(CLERK, world.business.groupId, s.groupDefault)).toMatchObject({ ok: true });
        world.business.defaultPercent = s.groupDefault;
        return 0;
      }
      // Staff change a public price (the catalogue's column, as the product form saves it).
      const cents = Math.max(100_00, Math.round((world.priceCents[s.product]! * (100 + s.percent)) / 100));
      await t.db
        .update(products)
        .set({ price: fromCents(cents).toFixed(2) })
        .where(eq(products.id, world.productIds[s.product]!));
      world.priceCents[s.product] = cents;
      return 0;
    }
    case "invoice": {
      await drainInvoicing(arcaConfig);
      return 0;
    }
  }
}

/** The app's refusals of credit: no cuenta corriente, or past the limit (placing or reopening). */
const CREDIT_REFUSAL = new RegExp(`${NO_ACCOUNT}|crédito disponible|ya no tiene cuenta corriente`);

type Account = {
  balanceCents: number;
  uninvoicedCents: number;
  netInvoiced: Map<string, number>;
  /** The authorised facturas and credit notes of the orders on account. */
  documents: { orderId: string; totalCents: number }[];
};

/**
 * The company's account as the model reckons it: the authorised facturas less credit notes of
 * each order on account (at the order's total), less the payments recorded; and the orders on
 * account not cancelled with no factura standing.
 */
async function modelAccount(world: World): Promise<Account> {
  const onAccount = world.orders.filter((o) => o.onAccount);
  const netInvoiced = new Map<string, number>();
  if (onAccount.length === 0) {
    return { balanceCents: 0 - world.business.paidCents, uninvoicedCents: 0, netInvoiced, documents: [] };
  }
  const ids = onAccount.map((o) => o.id);
  const docs = await t.db
    .select({ orderId: invoices.orderId, kind: invoices.kind, amounts: invoices.amounts })
    .from(invoices)
    .where(and(inArray(invoices.orderId, ids), eq(invoices.status, "authorised")));
  for (const d of docs) netInvoiced.set(d.orderId, (netInvoiced.get(d.orderId) ?? 0) + (d.kind === "factura" ? 1 : -1));
  const statuses = await t.db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(inArray(orders.id, ids));
  let balanceCents = 0 - world.business.paidCents;
  let uninvoicedCents = 0;
  for (const o of onAccount) {
    const total = o.unitCents * o.quantity;
    const net = netInvoiced.get(o.id) ?? 0;
    balanceCents += total * net;
    const status = statuses.find((r) => r.id === o.id)!.status;
    if (status !== "cancelled" && net <= 0) uninvoicedCents += total;
  }
  const documents = docs.map((d) => ({ orderId: d.orderId, totalCents: d.amounts.impTotalCents }));
  return { balanceCents, uninvoicedCents, netInvoiced, documents };
}

/** Whether an order of `cents` may go on account now: approved, with a limit, and within it. */
async function fitsOnAccount(world: World, cents: number): Promise<boolean> {
  const { approved, limitCents } = world.business;
  if (!approved || limitCents === null) return false;
  const account = await modelAccount(world);
  return Math.max(0, account.balanceCents) + account.uninvoicedCents + cents <= limitCents;
}

async function checkInvariants(world: World, context: string) {
  const ids = world.orders.map((o) => o.id);
  // 1. Each product's and variant's stock + the units held by live (and shipped) orders = its starting stock.
  const held = ids.length
    ? await t.db
        .select({
          productId: orderItems.productId,
          variantId: orderItems.variantId,
          units: sql<number>`sum(${orderItems.quantity})::int`,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(inArray(orders.id, ids), inArray(orders.stockState, ["reserved", "shipped"])))
        .groupBy(orderItems.productId, orderItems.variantId)
    : [];
  for (const item of world.stock) {
    const [row] = item.variant
      ? await t.db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, item.id))
      : await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, item.id));
    const units = held
      .filter((h) => (item.variant ? h.variantId === item.id : h.productId === item.id && h.variantId === null))
      .reduce((sum, h) => sum + h.units, 0);
    expect(row!.stock + units, `${context}: stock of ${item.id}`).toBe(item.start);
  }
  if (ids.length === 0) return;
  const all = await t.db.select().from(orders).where(inArray(orders.id, ids));
  // The ledger agrees: an order holding its units has one open reservation per line, others none.
  const release = alias(stockMovements, "release");
  const open = await t.db
    .select({ orderId: stockMovements.orderId, n: sql<number>`count(*)::int` })
    .from(stockMovements)
    .leftJoin(release, eq(release.reservationId, stockMovements.id))
    .where(and(inArray(stockMovements.orderId, ids), eq(stockMovements.kind, "reserve"), isNull(release.id)))
    .groupBy(stockMovements.orderId);
  for (const order of all) {
    const expectedOpen = order.stockState === "released" ? 0 : 1;
    expect(open.find((o) => o.orderId === order.id)?.n ?? 0, `${context}: open reservations of ${order.id}`).toBe(
      expectedOpen,
    );
    const live = order.status === "pending" || order.status === "processing";
    if (live) expect(order.stockState, context).toBe("reserved");
    if (order.status === "shipped" || order.status === "delivered") expect(order.stockState, context).toBe("shipped");
  }
  // 2. An order is paid only when an approved payment of exactly its total exists.
  const allPayments = await t.db.select().from(payments).where(inArray(payments.orderId, ids));
  for (const order of all) {
    if (order.paymentStatus !== "approved") continue;
    const approved = allPayments.find(
      (p) => p.orderId === order.id && p.providerPaymentId === order.paymentId && p.status === "approved",
    );
    expect(approved, `${context}: ${order.id} is paid without an approved payment`).toBeDefined();
    expect(toCents(approved!.amount), context).toBe(toCents(order.total));
    expect(approved!.currency).toBe("ARS");
  }
  for (const order of all.filter((o) => o.paymentProvider && o.status === "processing")) {
    expect(["approved", "in_mediation"], `${context}: ${order.id} processing unpaid`).toContain(order.paymentStatus);
  }
  // 3. No payment is refunded twice.
  const refunds = [...double.refunds.values()];
  for (const payment of world.payments) {
    expect(refunds.filter((r) => r.payment_id === payment.id).length, context).toBeLessThanOrEqual(1);
  }
  const refundEntries = await t.db
    .select({ paymentId: sql<string>`${auditLog.after} ->> 'paymentId'` })
    .from(auditLog)
    .where(and(eq(auditLog.action, "order.refund"), inArray(auditLog.entityId, ids)));
  expect(new Set(refundEntries.map((r) => r.paymentId)).size, context).toBe(refundEntries.length);
  // 4. Every event is audited once.
  expect(await auditCount(world), `${context}: audit entries`).toBe(world.audited);
  // 5. A coupon's use is held by each order that is not cancelled, and by no cancelled one; its
  // count of uses is the uses held (all orders of the file share MODELO10).
  const redemptions = await t.db
    .select({ status: orders.status, releasedAt: couponRedemptions.releasedAt })
    .from(couponRedemptions)
    .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
    .where(eq(coupons.code, "MODELO10"));
  for (const r of redemptions) {
    expect(r.releasedAt === null, `${context}: a ${r.status} order's coupon use`).toBe(r.status !== "cancelled");
  }
  const [modelo] = await t.db.select({ uses: coupons.uses }).from(coupons).where(eq(coupons.code, "MODELO10"));
  expect(modelo!.uses, `${context}: MODELO10 uses`).toBe(redemptions.filter((r) => r.releasedAt === null).length);
}

/** ADR 0022's invariants: prices held, quotes charged, the ledger and the credit as the model has them. */
async function checkBusiness(world: World, context: string) {
  const ids = world.orders.map((o) => o.id);
  // 6. Each order holds the unit price the model gave it when placed (public, the group's, or the
  // quote's), whatever prices changed since; an order on account is charged exactly its lines.
  const items = ids.length
    ? await t.db
        .select({ orderId: orderItems.orderId, price: orderItems.price, quantity: orderItems.quantity })
        .from(orderItems)
        .where(inArray(orderItems.orderId, ids))
    : [];
  for (const order of world.orders) {
    const lines = items.filter((i) => i.orderId === order.id);
    expect(
      lines.map((l) => [toCents(l.price), l.quantity]),
      `${context}: the lines of ${order.id}`,
    ).toEqual([[order.unitCents, order.quantity]]);
  }
  const onAccount = world.orders.filter((o) => o.onAccount);
  if (onAccount.length) {
    const counted = await t.db
      .select({ orderId: accountOrders.orderId, amountCents: accountOrders.amountCents, total: orders.total })
      .from(accountOrders)
      .innerJoin(orders, eq(orders.id, accountOrders.orderId))
      .where(eq(accountOrders.companyId, world.business.companyId));
    expect(
      counted.map((c) => [c.orderId, c.amountCents, toCents(c.total)]).sort(),
      `${context}: the orders on account`,
    ).toEqual(onAccount.map((o) => [o.id, o.unitCents * o.quantity, o.unitCents * o.quantity]).sort());
  }
  // 7. A quote makes one order, at its prices (6), and is marked accepted with it.
  const quoteIds = world.business.quotes.map((q) => q.id);
  const quoteRows = quoteIds.length
    ? await t.db
        .select({ id: quotes.id, status: quotes.status, orderId: quotes.orderId })
        .from(quotes)
        .where(inArray(quotes.id, quoteIds))
    : [];
  for (const quote of world.business.quotes) {
    expect(
      quoteRows.find((r) => r.id === quote.id),
      `${context}: quote ${quote.id}`,
    ).toEqual({ id: quote.id, status: quote.orderId ? "accepted" : "priced", orderId: quote.orderId });
  }
  // 8. Once the invoicing job has run, no cancelled order owes anything: its factura, if it got
  // one, is credited in full.
  if (world.invoiced && ids.length) {
    const cancelled = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(inArray(orders.id, ids), eq(orders.status, "cancelled")));
    const docs = await t.db
      .select({ orderId: invoices.orderId, kind: invoices.kind, amounts: invoices.amounts })
      .from(invoices)
      .where(and(inArray(invoices.orderId, ids), eq(invoices.status, "authorised")));
    for (const { id } of cancelled) {
      const owed = docs
        .filter((d) => d.orderId === id)
        .reduce((sum, d) => sum + (d.kind === "factura" ? 1 : -1) * d.amounts.impTotalCents, 0);
      expect(owed, `${context}: cancelled ${id} still invoiced`).toBe(0);
    }
    // 8b. ...and every order sold (Procesando, Enviado or Entregado, owing its manual payment or
    // paid at Mercado Pago) has exactly one factura standing, however it got there (a transfer
    // shipped before its payment was confirmed, an order on account reopened as Pendiente and
    // shipped); no order has two.
    const sold = await t.db
      .select({ id: orders.id, status: orders.status, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(
        and(
          inArray(orders.id, ids),
          inArray(orders.status, ["processing", "shipped", "delivered"]),
          sql`(${orders.paymentProvider} is null or ${orders.paymentStatus} in ('approved', 'in_mediation'))`,
        ),
      );
    for (const id of ids) {
      const standing = docs
        .filter((d) => d.orderId === id)
        .reduce((sum, d) => sum + (d.kind === "factura" ? 1 : -1), 0);
      const order = sold.find((o) => o.id === id);
      if (order)
        expect(standing, `${context}: ${order.status} ${id} (${order.paymentStatus ?? "manual"}) facturas`).toBe(1);
      else expect([0, 1], `${context}: facturas standing for ${id}`).toContain(standing);
    }
  }
  // 9. The ledger is the orders on account's facturas less their credit notes (each at the
  // order's total) less the payments recorded; an order is never invoiced twice over; the app's
  // statement reads the model's balance and orders not invoiced. (Nothing to read before the
  // first order on account or payment.)
  if (onAccount.length === 0 && world.business.paidCents === 0) return;
  const account = await modelAccount(world);
  for (const [orderId, net] of account.netInvoiced) {
    expect([0, 1], `${context}: facturas standing for ${orderId}`).toContain(net);
  }
  for (const d of account.documents) {
    const order = onAccount.find((o) => o.id === d.orderId)!;
    expect(d.totalCents, `${context}: a document of ${d.orderId}`).toBe(order.unitCents * order.quantity);
  }
  const [ledger] = await t.db
    .select({ sum: sql<string>`coalesce(sum(${accountEntries.amountCents}), 0)::text` })
    .from(accountEntries)
    .where(eq(accountEntries.companyId, world.business.companyId));
  expect(Number(ledger!.sum), `${context}: the company's ledger`).toBe(account.balanceCents);
  const statement = (await companyStatement(world.business.companyId))!;
  expect(statement.aging.balanceCents, `${context}: the statement's balance`).toBe(account.balanceCents);
  expect(statement.uninvoicedCents, `${context}: orders on account not invoiced`).toBe(account.uninvoicedCents);
}

describe("the order's life, model-based (random sequences through the real database)", () => {
  it(
    "keeps stock, payments, refunds, the audit log, prices held and the company's account consistent after every step",
    async () => {
      console.info(`[order-life model] seed ${SEED}, ${RUNS} sequences (ORDER_MODEL_SEED / ORDER_MODEL_RUNS)`);
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 30 }), async (steps) => {
          const world = await newWorld();
          for (const [i, s] of steps.entries()) {
            world.invoiced = s.kind === "invoice";
            world.audited += await run(world, s);
            await checkInvariants(world, `step ${i} ${JSON.stringify(s)}`);
            await checkBusiness(world, `step ${i} ${JSON.stringify(s)}`);
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: process.env.CI === "true" },
      );
    },
    600_000 + RUNS * 5_000,
  );
});
