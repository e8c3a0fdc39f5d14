import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { productVariants, products } from "~/db/schema/catalog";
import { couponRedemptions, coupons } from "~/db/schema/coupons";
import { orderItems, orders, payments, stockMovements } from "~/db/schema/orders";
import { auditLog } from "~/db/schema/staff";
import { DEFAULT_SETTINGS } from "~/db/seed/default-settings";
import { ORDER_STATUSES } from "~/domain/order-status";
import { toCents } from "~/domain/money";
import { expireAllUnpaidOrders } from "~/jobs/payment-expiry.server";
import { updateOrderStatus } from "~/models/admin-orders.server";
import { PaymentUnavailableError, refundOrderPayment, startOnlinePayment } from "~/models/payment.server";
import { OrderError, placeOrder } from "~/models/place-order.server";
import { saveSetting } from "~/models/settings.server";
import { acceptWithdrawal, requestWithdrawal } from "~/models/withdrawal.server";
import type { DoublePayment, MercadoPagoDouble } from "../doubles/mercadopago";
import { setupTestDatabase } from "../setup/db";
import { runExpiryInTwoProcesses } from "../setup/expiry-drill";
import { insertProduct, variantsOf } from "../setup/factories";
import { setupMercadoPagoStore } from "../setup/mercadopago-store";

// [16/25] A model-based test of the order's life through the real database: random sequences of
// orders (with and without coupon and variants, manual and Mercado Pago), payments approved,
// rejected, left pending or of another amount, notifications repeated and out of order, Mercado
// Pago's own changes (a pending payment approved, a refund, a chargeback), the expiry job at
// random points (from two processes on PostgreSQL), staff moving orders, refunding, and
// accepting withdrawals. After every step it checks the invariants of ADR 0012 (and that a
// cancelled order gives its coupon use back).
//
// ORDER_MODEL_RUNS sequences (default 6, CI), ORDER_MODEL_SEED to replay one; a failure prints
// the seed and the shrunk sequence.

const t = setupTestDatabase();
const mp = setupMercadoPagoStore();
let double: MercadoPagoDouble;
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
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

type World = {
  /** Products and variants of this sequence, with the stock they started with. */
  stock: { id: string; variant: boolean; start: number }[];
  productIds: string[];
  variantsByProduct: Map<string, string[]>;
  orders: { id: string; online: boolean }[];
  payments: DoublePayment[];
  /** Audit entries the events so far must have written. */
  audited: number;
  twoProcessRuns: number;
};

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
    orders: [],
    payments: [],
    audited: 0,
    twoProcessRuns: 0,
  };
}

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
        world.orders.push({ id: placed.id, online: s.online });
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
      const result = await updateOrderStatus(CLERK, { orderId: order.id, status: s.to });
      if (!result.ok) {
        expect(result.status, result.message).toBe(409);
        return 0;
      }
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
  }
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

describe("the order's life, model-based (random sequences through the real database)", () => {
  it("keeps stock, payments, refunds and the audit log consistent after every step", async () => {
    console.info(`[order-life model] seed ${SEED}, ${RUNS} sequences (ORDER_MODEL_SEED / ORDER_MODEL_RUNS)`);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 30 }), async (steps) => {
        const world = await newWorld();
        for (const [i, s] of steps.entries()) {
          world.audited += await run(world, s);
          await checkInvariants(world, `step ${i} ${JSON.stringify(s)}`);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: process.env.CI === "true" },
    );
  }, 600_000);
});
