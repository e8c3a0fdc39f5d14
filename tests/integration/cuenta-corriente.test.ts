import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountEntries, accountOrders } from "~/db/schema/accounts";
import { companies, companyMembers, customerGroups } from "~/db/schema/business";
import { products } from "~/db/schema/catalog";
import { invoices } from "~/db/schema/invoices";
import { orders } from "~/db/schema/orders";
import { auditLog } from "~/db/schema/staff";
import { ACCOUNT_PAYMENT_METHOD } from "~/domain/cuenta-corriente";
import { toStoreLocalInput } from "~/domain/dates";
import { updateOrderStatus } from "~/models/admin-orders.server";
import { accountsAging, companyStatement, memberStatement } from "~/models/cuenta-corriente.server";
import { OrderError, placeOrder } from "~/models/place-order.server";
import * as adminCompanies from "~/routes/admin/companies";
import * as cuenta from "~/routes/account/cuenta";
import * as viewer from "~/routes/resources/viewer";
import type { ArcaConfig } from "~/services/arca/config.server";
import { type ArcaDouble, doubleClientConfig, startArcaDouble } from "../doubles/arca";
import { setupTestDatabase } from "../setup/db";
import { insertProduct } from "../setup/factories";
import { BUYER_FIELDS, drainInvoicing, withInvoicing } from "../setup/invoicing";
import {
  type RouteFunction,
  args,
  formRequest,
  getRequest,
  outcome,
  signedInAdmin,
  signedInCustomer,
} from "../setup/routes";

// [25/25] Cuenta corriente (ADR 0022): orders on account are confirmed without payment while the
// company's balance, its orders not invoiced yet and the new order stay within its limit; two
// buyers ordering at once cannot overdraw it; the authorised factura goes to the ledger; a
// payment staff record lowers the balance and the aging; each member sees their own company's
// statement only; Admin > Empresas checks the staff role on its loader and action.

const t = setupTestDatabase();
const adminPage = adminCompanies.loader as unknown as RouteFunction;
const adminAction = adminCompanies.action as unknown as RouteFunction;
const accountPage = cuenta.loader as unknown as RouteFunction;
const viewerApi = viewer.loader as unknown as RouteFunction;

let arca: ArcaDouble;
let config: ArcaConfig;
let groupId: string;
let switch24: { id: string };
let router: { id: string };
let cable: { id: string };

const STAFF = { id: null, email: "ventas@vitec.test" };
const FIELDS = { ...BUYER_FIELDS, cuit: "30-71234567-1", company: "Redes del Sur SRL" };

type Member = Awaited<ReturnType<typeof signedInCustomer>>;

/** An approved company with a credit limit (pesos; null: no cuenta corriente) and its members. */
async function company(cuit: string, limit: string | null, members: Member[], termsDays = 30): Promise<string> {
  const [row] = await t.db
    .insert(companies)
    .values({
      cuit,
      legalName: `Empresa ${cuit}`,
      ivaCondition: "responsable_inscripto",
      contactName: "Laura Gómez",
      contactEmail: "compras@example.com",
      contactPhone: "11 4555-1234",
      status: "approved",
      groupId,
      creditLimit: limit,
      paymentTermsDays: termsDays,
    })
    .returning();
  for (const m of members) await t.db.insert(companyMembers).values({ companyId: row!.id, userId: m.id });
  return row!.id;
}

function onAccount(userId: string | null, productId: string, quantity = 1) {
  return placeOrder({
    idempotencyKey: randomUUID(),
    lines: [{ cartId: randomUUID(), productId, quantity, selectedOptions: [] }],
    shippingMethod: "Retiro en local",
    paymentMethod: ACCOUNT_PAYMENT_METHOD,
    fields: FIELDS,
    ivaCondition: "responsable_inscripto",
    userId,
  });
}

async function refusal(promise: Promise<unknown>): Promise<OrderError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OrderError) return error;
    throw error;
  }
  throw new Error("expected the order to be refused");
}

/** Today in Buenos Aires, as the payment form's date. */
const storeToday = () => toStoreLocalInput(new Date()).slice(0, 10);

const stockOf = async (id: string) =>
  (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

beforeAll(async () => {
  arca = await startArcaDouble();
  config = doubleClientConfig(arca);
  const [group] = await t.db.insert(customerGroups).values({ name: "Corporativo" }).returning();
  groupId = group!.id;
  switch24 = await insertProduct({ name: "Switch 24 bocas", price: "100000", stock: 100, ivaRate: 21 });
  router = await insertProduct({ name: "Router Wi-Fi 6", price: "100000", stock: 100, ivaRate: 21 });
  cable = await insertProduct({ name: "Cable UTP", price: "10000", stock: 100, ivaRate: 21 });
});
afterAll(async () => {
  await arca.close();
});

describe("ordering on account", () => {
  it("confirms an order under the limit without payment, and refuses one that would pass it", async () => {
    const buyer = await signedInCustomer();
    const companyId = await company("30712345671", "250000", [buyer]);

    const placed = await onAccount(buyer.id, switch24.id, 2);
    expect(placed.paysOnline).toBe(false);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(order).toMatchObject({ status: "processing", paymentMethod: ACCOUNT_PAYMENT_METHOD, total: "200000.00" });
    expect(await stockOf(switch24.id)).toBe(98);
    const [counted] = await t.db.select().from(accountOrders).where(eq(accountOrders.orderId, placed.id));
    expect(counted).toMatchObject({ companyId, amountCents: 200_000_00 });

    // 200.000 not invoiced yet + 100.000 > 250.000: refused, in Spanish, nothing written.
    const ordersBefore = await t.db.$count(orders);
    const refused = await refusal(onAccount(buyer.id, router.id));
    expect(refused.code).toBe("payment_method");
    expect(refused.message).toMatch(/^El pedido supera el crédito disponible de tu empresa \(\$\s50\.000,00\)/);
    expect(await t.db.$count(orders)).toBe(ordersBefore);
    expect(await stockOf(router.id)).toBe(100);
    // What is left still fits.
    await expect(onAccount(buyer.id, cable.id, 5)).resolves.toMatchObject({ created: true });
  });

  it("refuses guests, customers of no company, and companies with no limit or not approved", async () => {
    const loner = await signedInCustomer();
    const noLimit = await signedInCustomer();
    const suspended = await signedInCustomer();
    await company("30500010912", null, [noLimit]);
    const suspendedId = await company("30546689979", "1000000", [suspended]);
    await t.db.update(companies).set({ status: "rejected" }).where(eq(companies.id, suspendedId));
    expect((await refusal(onAccount(null, cable.id))).message).toContain("ingresá con la cuenta de tu empresa");
    for (const user of [loner, noLimit, suspended]) {
      expect((await refusal(onAccount(user.id, cable.id))).message).toBe(
        "Tu empresa no tiene cuenta corriente habilitada. Elegí otro medio de pago.",
      );
    }
  });

  it("two buyers of one company ordering at the same time cannot overdraw its limit", async () => {
    const ana = await signedInCustomer();
    const bruno = await signedInCustomer();
    // Room for one of the two orders of $ 100.000, not both; different products, so only the company row is shared.
    const companyId = await company("30678901233", "150000", [ana, bruno]);
    for (let round = 0; round < 3; round++) {
      const results = await Promise.allSettled([onAccount(ana.id, switch24.id), onAccount(bruno.id, router.id)]);
      const fulfilled = results.filter((r) => r.status === "fulfilled");
      if (round === 0) {
        expect(fulfilled).toHaveLength(1);
        const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
        expect(rejected.reason).toBeInstanceOf(OrderError);
        expect((rejected.reason as OrderError).message).toContain("supera el crédito disponible");
      } else {
        expect(fulfilled).toHaveLength(0);
      }
    }
    const counted = await t.db.select().from(accountOrders).where(eq(accountOrders.companyId, companyId));
    expect(counted.reduce((sum, o) => sum + o.amountCents, 0)).toBe(100_000_00);
  });

  it("staff reopening a cancelled order on account check it against the limit again, under the company's lock", async () => {
    const buyer = await signedInCustomer();
    const companyId = await company("30700000016", "250000", [buyer]);
    const first = await onAccount(buyer.id, switch24.id, 2); // $ 200.000
    expect(await updateOrderStatus(STAFF, { orderId: first.id, status: "cancelled" })).toMatchObject({ ok: true });
    // Its credit is free again and another order takes most of it.
    const second = await onAccount(buyer.id, router.id); // $ 100.000
    const stock = await stockOf(switch24.id);

    // 100.000 not invoiced + 200.000 > 250.000: refused with the reason, nothing moves.
    const refused = await updateOrderStatus(STAFF, { orderId: first.id, status: "processing" });
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(!refused.ok && refused.message).toMatch(
      /^No se puede reactivar el pedido: supera el crédito disponible de la empresa \(\$\s150\.000,00\)/,
    );
    const [still] = await t.db.select().from(orders).where(eq(orders.id, first.id));
    expect(still).toMatchObject({ status: "cancelled" });
    expect(await stockOf(switch24.id)).toBe(stock);
    expect((await companyStatement(companyId))!.uninvoicedCents).toBe(100_000_00);

    // With the other order cancelled there is room: reopened, it counts again.
    await updateOrderStatus(STAFF, { orderId: second.id, status: "cancelled" });
    expect(await updateOrderStatus(STAFF, { orderId: first.id, status: "processing" })).toMatchObject({ ok: true });
    expect(await stockOf(switch24.id)).toBe(stock - 2);
    expect((await companyStatement(companyId))!.uninvoicedCents).toBe(200_000_00);

    // A company suspended meanwhile: its cancelled order on account is not reopened.
    await updateOrderStatus(STAFF, { orderId: first.id, status: "cancelled" });
    await t.db.update(companies).set({ status: "rejected" }).where(eq(companies.id, companyId));
    expect(await updateOrderStatus(STAFF, { orderId: first.id, status: "processing" })).toMatchObject({
      ok: false,
      message: expect.stringContaining("ya no tiene cuenta corriente habilitada"),
    });
  });

  it("offers cuenta corriente at checkout only to a member whose company has credit, with what is available", async () => {
    const member = await signedInCustomer();
    const other = await signedInCustomer();
    await company("30711111111", "500000", [member], 45);
    const offered = await outcome(() => viewerApi(args(getRequest("/api/viewer?checkout", member.cookie))));
    expect(offered.body).toMatchObject({
      account: { companyName: "Empresa 30711111111", availableCents: 500_000_00, termsDays: 45 },
      // The checkout form comes with the company's invoice data: no CUIT to type.
      checkoutPrefill: { cuit: "30-71111111-1", company: "Empresa 30711111111", ivaCondition: "responsable_inscripto" },
    });
    const none = await outcome(() => viewerApi(args(getRequest("/api/viewer?checkout", other.cookie))));
    expect(none.body).toMatchObject({ account: null });
    expect((none.body as { checkoutPrefill: Record<string, string> }).checkoutPrefill).not.toHaveProperty("cuit");
    // Whatever the form posts, the order is invoiced to the company.
    const placed = await onAccount(member.id, cable.id);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(order).toMatchObject({ billingCuit: "30-71111111-1", billingCompany: "Empresa 30711111111" });
    // A company suspended by staff keeps its limit on the row but is not offered the method.
    const suspended = await signedInCustomer();
    const suspendedId = await company("30654321090", "500000", [suspended]);
    await t.db.update(companies).set({ status: "rejected" }).where(eq(companies.id, suspendedId));
    const refused = await outcome(() => viewerApi(args(getRequest("/api/viewer?checkout", suspended.cookie))));
    expect(refused.body).toMatchObject({ account: null });
    expect((refused.body as { checkoutPrefill: Record<string, string> }).checkoutPrefill).not.toHaveProperty("cuit");
  });
});

describe("the ledger, payments and statements", () => {
  it("posts the authorised factura, lowers balance and aging with a payment, and shows each member their own statement", async () => {
    const buyer = await signedInCustomer();
    const stranger = await signedInCustomer();
    const admin = await signedInAdmin();
    const companyId = await company("30722222225", "1000000", [buyer], 30);
    await company("30733333339", "1000000", [stranger]);

    const placed = await withInvoicing({ puntoVenta: 3 }, async () => {
      const order = await onAccount(buyer.id, cable.id, 3); // $ 30.000
      await drainInvoicing(config);
      return order;
    });
    const [factura] = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, placed.id), eq(invoices.kind, "factura")));
    expect(factura).toMatchObject({ status: "authorised", invoiceClass: "A" });
    const ledger = await t.db.select().from(accountEntries).where(eq(accountEntries.companyId, companyId));
    expect(ledger).toMatchObject([{ kind: "invoice", amountCents: 30_000_00, invoiceId: factura!.id }]);

    const before = (await companyStatement(companyId))!;
    expect(before.uninvoicedCents).toBe(0);
    expect(before.aging).toMatchObject({ balanceCents: 30_000_00, overdueCents: 0 });
    // Forty days later the factura (30 days of terms) is 10 days overdue.
    const later = new Date(Date.now() + 40 * 86_400_000);
    expect((await companyStatement(companyId, later))!.aging.buckets["1-30"]).toBe(30_000_00);

    // Staff record a transfer of $ 12.000,50 against that factura.
    const today = storeToday();
    const payment = {
      intent: "payment",
      companyId,
      amount: "12.000,50",
      method: "transferencia",
      reference: "OP 778812",
      receivedOn: today,
      invoiceId: factura!.id,
    };
    const bad = await outcome(() =>
      adminAction(
        args(formRequest("/admin/empresas", { ...payment, amount: "", method: "efectivo" }, { cookie: admin.cookie })),
      ),
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      errors: { amount: "Ingresá el importe.", method: expect.stringContaining("Elegí") },
    });
    const saved = await outcome(() =>
      adminAction(args(formRequest("/admin/empresas", payment, { cookie: admin.cookie }))),
    );
    expect(saved.status).toBe(302);
    const after = (await companyStatement(companyId))!;
    expect(after.aging.balanceCents).toBe(30_000_00 - 12_000_50);
    expect(after.rows.map((r) => [r.kind, r.amountCents, r.runningCents])).toEqual([
      ["invoice", 30_000_00, 30_000_00],
      ["payment", -12_000_50, 17_999_50],
    ]);
    expect((await companyStatement(companyId, later))!.aging.buckets["1-30"]).toBe(17_999_50);
    const aging = (await accountsAging(later)).find((a) => a.companyId === companyId)!;
    expect(aging.aging.overdueCents).toBe(17_999_50);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "company.payment"), eq(auditLog.entityId, companyId)));
    expect(audit?.after).toMatchObject({ amount: 12000.5, method: "transferencia", reference: "OP 778812" });

    // The member sees their company's statement in Mi Cuenta; another company's member sees theirs, empty.
    const mine = await outcome(() => accountPage(args(getRequest("/cuenta", buyer.cookie))));
    expect(mine.body).toMatchObject({ account: { companyId, aging: { balanceCents: 17_999_50 } } });
    const theirs = await outcome(() => accountPage(args(getRequest("/cuenta", stranger.cookie))));
    expect(theirs.body).toMatchObject({ account: { rows: [] } });
    expect((theirs.body as { account: { companyId: string } }).account.companyId).not.toBe(companyId);
    const customer = await signedInCustomer();
    expect((await memberStatement(customer.id))?.rows).toBeUndefined();

    // The ledger is append-only.
    await expect(t.db.delete(accountEntries).where(eq(accountEntries.companyId, companyId))).rejects.toThrow();
  });

  it("an invoiced order cancelled (credit note) and reopened counts against the limit again until its new factura posts", async () => {
    const buyer = await signedInCustomer();
    const companyId = await company("30710000022", "1000000", [buyer]);
    const uninvoiced = async () => (await companyStatement(companyId))!.uninvoicedCents;
    await withInvoicing({ puntoVenta: 3 }, async () => {
      const placed = await onAccount(buyer.id, cable.id, 2); // $ 20.000
      await drainInvoicing(config);
      await updateOrderStatus(STAFF, { orderId: placed.id, status: "cancelled" });
      await drainInvoicing(config);
      const ledger = await t.db.select().from(accountEntries).where(eq(accountEntries.companyId, companyId));
      expect(ledger.map((e) => [e.kind, e.amountCents])).toEqual([
        ["invoice", 20_000_00],
        ["credit_note", -20_000_00],
      ]);
      expect(await uninvoiced()).toBe(0);

      expect(await updateOrderStatus(STAFF, { orderId: placed.id, status: "processing" })).toMatchObject({ ok: true });
      // Its old factura was credited: until the new one is authorised it is an order not invoiced.
      expect(await uninvoiced()).toBe(20_000_00);
      await drainInvoicing(config);
      expect(await uninvoiced()).toBe(0);
      expect((await companyStatement(companyId))!.aging.balanceCents).toBe(20_000_00);
    });
  });

  it("an order on account cancelled, reopened as Pendiente and shipped gets its new factura and the ledger its debit, once", async () => {
    const buyer = await signedInCustomer();
    const companyId = await company("30710000057", "1000000", [buyer]);
    await withInvoicing({ puntoVenta: 3 }, async () => {
      const placed = await onAccount(buyer.id, router.id); // $ 100.000
      await drainInvoicing(config);
      await updateOrderStatus(STAFF, { orderId: placed.id, status: "cancelled" });
      await drainInvoicing(config);
      expect(await updateOrderStatus(STAFF, { orderId: placed.id, status: "pending" })).toMatchObject({ ok: true });
      // Staff send it without confirming it first; then it is delivered.
      expect(await updateOrderStatus(STAFF, { orderId: placed.id, status: "shipped" })).toMatchObject({ ok: true });
      expect(await updateOrderStatus(STAFF, { orderId: placed.id, status: "delivered" })).toMatchObject({ ok: true });
      await drainInvoicing(config);
      const ledger = await t.db.select().from(accountEntries).where(eq(accountEntries.companyId, companyId));
      expect(ledger.map((e) => [e.kind, e.amountCents])).toEqual([
        ["invoice", 100_000_00],
        ["credit_note", -100_000_00],
        ["invoice", 100_000_00],
      ]);
      const facturas = await t.db
        .select({ issue: invoices.issue, status: invoices.status })
        .from(invoices)
        .where(and(eq(invoices.orderId, placed.id), eq(invoices.kind, "factura")));
      expect(facturas.sort((a, b) => a.issue - b.issue)).toEqual([
        { issue: 1, status: "authorised" },
        { issue: 2, status: "authorised" },
      ]);
      const statement = (await companyStatement(companyId))!;
      expect(statement.uninvoicedCents).toBe(0);
      expect(statement.aging.balanceCents).toBe(100_000_00);
    });
  });

  it("refuses a payment against another company's invoice, and one dated in the future", async () => {
    const admin = await signedInAdmin();
    const a = await company("30744444442", "100000", []);
    const [someInvoice] = await t.db.select({ id: invoices.id }).from(invoices).limit(1);
    const base = { intent: "payment", companyId: a, amount: "1000", method: "cheque", reference: "Cheque 123" };
    const foreign = await outcome(() =>
      adminAction(
        args(
          formRequest(
            "/admin/empresas",
            { ...base, receivedOn: storeToday(), invoiceId: someInvoice!.id },
            { cookie: admin.cookie },
          ),
        ),
      ),
    );
    expect(foreign.body).toMatchObject({ errors: { invoiceId: "Esa factura no es de la cuenta de esta empresa." } });
    const future = await outcome(() =>
      adminAction(
        args(formRequest("/admin/empresas", { ...base, receivedOn: "2999-01-01" }, { cookie: admin.cookie })),
      ),
    );
    expect(future.body).toMatchObject({ errors: { receivedOn: "La fecha del pago no puede ser posterior a hoy." } });
    expect(await t.db.$count(accountEntries, eq(accountEntries.companyId, a))).toBe(0);
  });

  it("Admin > Empresas checks the staff role on its loader and on recording a payment", async () => {
    const customer = await signedInCustomer();
    const companyId = await company("30755555556", "100000", [customer]);
    const page = `/admin/empresas?revisar=${companyId}`;
    const anonymous = await outcome(() => adminPage(args(getRequest(page))));
    expect(anonymous.location).toMatch(/^\/admin\/login/);
    expect((await outcome(() => adminPage(args(getRequest(page, customer.cookie))))).status).toBe(403);
    const post = {
      intent: "payment",
      companyId,
      amount: "99999",
      method: "echeq",
      reference: "E-cheq 1",
      receivedOn: storeToday(),
    };
    expect(
      (await outcome(() => adminAction(args(formRequest("/admin/empresas", post, { cookie: customer.cookie })))))
        .status,
    ).toBe(403);
    expect(await t.db.$count(accountEntries, eq(accountEntries.companyId, companyId))).toBe(0);

    const admin = await signedInAdmin();
    const shown = await outcome(() => adminPage(args(getRequest(page, admin.cookie))));
    expect(shown.body).toMatchObject({ account: { companyId, availableCents: 100_000_00 } });
  });
});
