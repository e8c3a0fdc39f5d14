import { createHash } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { type Database, type DbOrTx, type Tx, getDb } from "~/db/client.server";
import { products } from "~/db/schema/catalog";
import { orderItems, orders } from "~/db/schema/orders";
import {
  type CheckoutFieldErrors,
  activeCheckoutFields,
  customerFullName,
  toOrderCustomer,
  validateCheckoutFields,
} from "~/domain/checkout-fields";
import { formatCuit } from "~/domain/cuit";
import { fromCents, toCents } from "~/domain/money";
import { type GroupPrice, couponEligibleLines } from "~/domain/price-lists";
import { centsToDecimal, computeOrderTotals } from "~/domain/order-totals";
import { resolveBilling } from "~/domain/invoice";
import { checkBuyerIdentification, invoiceClassFor } from "~/domain/arca-invoice";
import { type SelectedOption, isValidSelection, variantPricing } from "~/domain/pricing";
import type { SettingValues } from "~/domain/settings";
import { INVALID_POSTAL_CODE, type ShippingOption, quoteShipping, shippingCostFor } from "~/domain/shipping";
import type { CartLineInput } from "~/schemas/cart";
import { orderPlacedEmails } from "~/domain/emails";
import { queueEmails } from "./outbox.server";
import { normalizeCouponCode } from "~/domain/coupons";
import { type CouponOutcome, lockCoupon, redeemCoupon } from "./coupons.server";
import { confirmationUrl, orderNumber } from "./order.server";
import { getSettings } from "./settings.server";
import { type MemberPricing, memberLinePrices } from "./price-lists.server";
import { DEFAULT_PAYMENT_EXPIRY_MINUTES } from "~/domain/payment";
import { isUuid } from "~/domain/uuid";
import { mercadoPagoConfig } from "~/services/mercadopago.server";
import { hasVariants } from "~/domain/variants";
import { type StoredVariant, listVariants, lockVariant, variantOf, variantPriceOf } from "./variants.server";
import { CUSTOMER_ACTOR, applyOrderEvent } from "./order-life.server";
import { type CarrierShipping, carrierShippingForOrder, verifyBranch } from "./checkout-shipping.server";
import type { Branch } from "~/services/carriers/types";
import { ACCOUNT_PAYMENT_METHOD } from "~/domain/cuenta-corriente";
import { ACCOUNT_SIGN_IN, lockAccountCredit, recordAccountOrder } from "./cuenta-corriente.server";

// Placing an order (spec 3, 7) is the server's job from start to end. The browser says which
// products, options and quantities; prices, stock, shipping cost and totals are decided here, in
// one transaction, so an order is either complete (order, items, stock taken, e-mails queued) or
// not written at all.

export type OrderErrorCode =
  | "empty_cart"
  | "unavailable"
  | "out_of_stock"
  | "invalid_fields"
  | "shipping_method"
  | "payment_method"
  | "price_changed"
  | "coupon"
  | "idempotency_conflict";

/** The branch checked with the carrier before the transaction (carrier shipping only). */
type VerifiedShipping = { branch: Branch | null } | null;

/** A reason the order cannot be placed, with the Spanish text to show the shopper. */
export class OrderError extends Error {
  readonly code: OrderErrorCode;
  /** For invalid_fields: the message of each checkout field, by field name. */
  readonly fieldErrors: CheckoutFieldErrors;

  constructor(code: OrderErrorCode, message: string, fieldErrors: CheckoutFieldErrors = {}) {
    super(message);
    this.name = "OrderError";
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

/** A line asks for more units than are left; nothing of the order was written. */
export class StockError extends OrderError {
  readonly productId: string;
  readonly productName: string;
  readonly available: number;

  constructor(productId: string, productName: string, available: number) {
    const left =
      available <= 0 ? "no quedan unidades" : available === 1 ? "queda 1 unidad" : `quedan ${available} unidades`;
    super("out_of_stock", `Stock insuficiente para ${productName}: ${left}.`);
    this.name = "StockError";
    this.productId = productId;
    this.productName = productName;
    this.available = Math.max(0, available);
  }
}

export type PlaceOrderInput = {
  /** One per checkout page: a retried or doubled submission with it creates no second order. */
  idempotencyKey: string;
  lines: CartLineInput[];
  shippingMethod: string;
  paymentMethod: string;
  /** Answers to the checkout_fields setting, by field name (validated here again). */
  fields: Record<string, string>;
  userId?: string | null;
  /** The total the shopper was shown, in cents; when given, a different total is refused. */
  expectedTotalCents?: number;
  /** The buyer's IVA condition (decides Factura A or B); final consumer when absent. */
  ivaCondition?: string;
  /** A coupon typed at checkout: checked and its use taken in the order's transaction. */
  couponCode?: string;
  /** The buyer's DNI, asked for a Factura B or C at or above ARCA's identification threshold. */
  buyerDni?: string;
  /** A carrier's option chosen at checkout: the id of its stored quote (re-priced here, [21/25]). */
  shippingQuoteId?: string;
  /** For "retiro en sucursal": the carrier's branch picked. */
  shippingBranchId?: string;
  /** An accepted quote ([25/25]): passed by app/models/quotes.server.ts only, never read from a form. */
  quote?: QuotedOrder;
};

/**
 * The quoted unit price of each line (cents, by line index) used instead of the catalogue's, and
 * the quote's own step, run in the order's transaction once the order exists.
 */
export type QuotedOrder = {
  /** The quote's company: the order is the company's even if the requester has left it since. */
  companyId: string;
  unitCents: readonly number[];
  accept: (tx: Tx, orderId: string) => Promise<void>;
};

/** paysOnline: the shopper pays it now at Mercado Pago (the checkout sends them there). */
export type PlacedOrder = { id: string; accessToken: string; created: boolean; paysOnline: boolean };

const ORDER_SETTINGS = [
  "checkout_fields",
  "shipping_methods",
  "payment_methods",
  "email_template_customer",
  "email_template_admin",
  "store",
  "shipping_zones",
  "invoicing",
] as const;

/**
 * Places an order in one transaction: same idempotency key -> the order already placed with it;
 * products re-read (published, options valid), unit prices by ~/domain/pricing, stock taken with
 * one conditional UPDATE per product (never below 0, whatever runs at the same time), shipping
 * cost and payment method from settings, order and items inserted, customer and store e-mails
 * queued in the outbox. Throws OrderError (StockError for stock) and writes nothing on failure.
 */
export async function placeOrder(input: PlaceOrderInput, db: Database = getDb()): Promise<PlacedOrder> {
  if (input.lines.length === 0) {
    throw new OrderError("empty_cart", "Tu carrito está vacío. Agregá productos antes de continuar.");
  }
  const fingerprint = requestFingerprint(input);
  const verified = await verifyShipping(input);
  try {
    return await db.transaction(async (tx) => {
      // Requests with the same key wait for each other here, so the second one finds the first's order.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${input.idempotencyKey}, 0))`);
      const existing = await findOrderByKey(input.idempotencyKey, tx);
      if (existing) return reuseOrder(existing, fingerprint);
      return await createOrder(tx, input, fingerprint, verified);
    });
  } catch (error) {
    // Belt and braces: if two requests with one key still both inserted, the loser returns the winner's order.
    if (isUniqueViolation(error, "orders_idempotency_key_unique")) {
      const existing = await findOrderByKey(input.idempotencyKey, db);
      if (existing) return reuseOrder(existing, fingerprint);
    }
    throw error;
  }
}

/** Thrown inside checkOrder's transaction so that nothing it did is kept. */
class DryRunRollback extends Error {}

/**
 * Runs every check of placeOrder (fields, methods, products, options, stock, prices, total) in a
 * transaction that is then rolled back: nothing is written. The checkout calls it before creating
 * an account, so a purchase that cannot go through leaves no account behind. Throws OrderError.
 */
export async function checkOrder(input: PlaceOrderInput, db: Database = getDb()): Promise<void> {
  if (input.lines.length === 0) {
    throw new OrderError("empty_cart", "Tu carrito está vacío. Agregá productos antes de continuar.");
  }
  const verified = await verifyShipping(input);
  try {
    await db.transaction(async (tx) => {
      await createOrder(tx, { ...input, idempotencyKey: `check:${input.idempotencyKey}` }, "", verified);
      throw new DryRunRollback();
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return;
    throw error;
  }
}

/** True when an order was already placed with this idempotency key. */
export async function isIdempotencyKeyUsed(key: string, db: DbOrTx = getDb()): Promise<boolean> {
  return (await findOrderByKey(key, db)) !== null;
}

async function findOrderByKey(key: string, db: DbOrTx) {
  const [row] = await db
    .select({
      id: orders.id,
      accessToken: orders.accessToken,
      meta: orders.meta,
      paymentProvider: orders.paymentProvider,
    })
    .from(orders)
    .where(eq(orders.idempotencyKey, key));
  return row ?? null;
}

function reuseOrder(
  existing: { id: string; accessToken: string; meta: Record<string, unknown>; paymentProvider: string | null },
  fingerprint: string,
): PlacedOrder {
  if (existing.meta.request_fingerprint !== fingerprint) {
    throw new OrderError(
      "idempotency_conflict",
      "Este pedido ya se envió con otros datos. Recargá la página para empezar una compra nueva.",
    );
  }
  return {
    id: existing.id,
    accessToken: existing.accessToken,
    created: false,
    paysOnline: existing.paymentProvider !== null,
  };
}

/** What makes two submissions "the same order": the cart, the methods and the e-mail. */
function requestFingerprint(input: PlaceOrderInput): string {
  const lines = input.lines
    .map((l) =>
      JSON.stringify([
        l.productId,
        l.quantity,
        [...l.selectedOptions].map((o) => [o.group, o.option]).sort((a, b) => (a.join("\0") < b.join("\0") ? -1 : 1)),
      ]),
    )
    .sort();
  const email = (input.fields.email ?? "").trim().toLowerCase();
  const coupon = normalizeCouponCode(input.couponCode ?? "");
  const carrier = input.shippingQuoteId ? [input.shippingQuoteId, input.shippingBranchId ?? ""] : [];
  return createHash("sha256")
    .update(
      JSON.stringify([
        lines,
        input.shippingMethod,
        input.paymentMethod,
        email,
        ...(coupon ? [coupon] : []),
        ...carrier,
      ]),
    )
    .digest("hex");
}

/**
 * A carrier's "retiro en sucursal" needs a branch that carrier has near the order's postal code:
 * asked of the carrier here, before the transaction, so no carrier call holds the order's locks.
 */
async function verifyShipping(input: PlaceOrderInput): Promise<VerifiedShipping> {
  if (!input.shippingQuoteId) return null;
  const outcome = await verifyBranch({
    quoteId: input.shippingQuoteId,
    branchId: input.shippingBranchId,
    postalCode: input.fields.zip ?? "",
  });
  if (!outcome.ok) throw new OrderError("shipping_method", outcome.error);
  return { branch: outcome.branch };
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505" && (name === undefined || name === constraint)) return true;
  }
  return false;
}

/** Who confirms an order on account (the audit log's actor). */
const ACCOUNT_ACTOR = { id: null, email: ACCOUNT_PAYMENT_METHOD };

const UNAVAILABLE = (name: string) => `El producto ${name} ya no está disponible.`;

async function createOrder(
  tx: Tx,
  input: PlaceOrderInput,
  fingerprint: string,
  verified: VerifiedShipping,
): Promise<PlacedOrder> {
  const settings = await getSettings(ORDER_SETTINGS, tx);

  const answers = validateCheckoutFields(settings.checkout_fields, input.fields);
  if (!answers.success) {
    const first = Object.values(answers.errors)[0] ?? "Revisá los datos del formulario.";
    throw new OrderError("invalid_fields", first, answers.errors);
  }
  const customer = toOrderCustomer(settings.checkout_fields, answers.values);
  const asked = new Set(activeCheckoutFields(settings.checkout_fields).map((f) => f.name));
  const billing = resolveBilling(
    input.ivaCondition,
    { cuit: answers.values.cuit, company: answers.values.company },
    { cuit: asked.has("cuit"), company: asked.has("company") },
  );
  if (!billing.ok) {
    throw new OrderError("invalid_fields", Object.values(billing.errors)[0]!, billing.errors);
  }

  // A carrier's option is priced below, from its quote, once the cart's variants are known.
  let shipping = verified ? null : shippingFor(input.shippingMethod, customer.address.zip, settings);
  // Cuenta corriente is not one of the store's methods: it is the buyer's company's, checked below.
  const onAccount = input.paymentMethod === ACCOUNT_PAYMENT_METHOD;
  if (onAccount && !input.userId) throw new OrderError("payment_method", ACCOUNT_SIGN_IN);
  const payment = onAccount
    ? { name: ACCOUNT_PAYMENT_METHOD, instructions: "", discountPercent: 0, kind: "manual" as const }
    : settings.payment_methods.find((m) => m.name === input.paymentMethod);
  if (!payment) {
    throw new OrderError("payment_method", "El método de pago elegido no está disponible. Elegí otro.");
  }
  // Paid online: only while the store has Mercado Pago's credentials (the checkout hides it otherwise).
  const online = payment.kind === "mercadopago";
  if (online && !mercadoPagoConfig()) {
    throw new OrderError(
      "payment_method",
      "El pago con Mercado Pago no está disponible en este momento. Elegí otro método de pago.",
    );
  }

  // Re-read every product: it must exist, be published and offer the selected options.
  const ids = [...new Set(input.lines.map((l) => l.productId))];
  if (!ids.every(isUuid)) {
    throw new OrderError(
      "unavailable",
      "Uno de los productos de tu carrito ya no está disponible. Quitalo para continuar.",
    );
  }
  const current = await tx
    .select({ id: products.id, name: products.name, status: products.status, meta: products.meta })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(current.map((p) => [p.id, p]));
  for (const line of input.lines) {
    const product = byId.get(line.productId);
    if (!product) {
      throw new OrderError(
        "unavailable",
        "Uno de los productos de tu carrito ya no está disponible. Quitalo para continuar.",
      );
    }
    if (product.status !== "published" || !isValidSelection(product.meta.option_groups, line.selectedOptions)) {
      throw new OrderError("unavailable", UNAVAILABLE(product.name));
    }
  }

  // Which variant each line is, for products that sell variants ([14/15]).
  const variants = await listVariants(
    current.filter((p) => hasVariants(p.meta.option_groups)).map((p) => p.id),
    tx,
  );
  const lineVariants = input.lines.map((line) => {
    const product = byId.get(line.productId)!;
    if (!hasVariants(product.meta.option_groups)) return undefined;
    const variant = variantOf(variants.get(product.id), line.selectedOptions);
    if (!variant) throw new OrderError("unavailable", UNAVAILABLE(product.name));
    return variant;
  });

  // Lock the stock: products in id order and each product's variants after it, in id order (no
  // deadlock between orders), each checked for the units asked. The place event below takes them
  // through the stock ledger, in this transaction, while these rows stay locked.
  const quantities = new Map<string, number>();
  const variantQuantities = new Map<string, Map<string, number>>();
  input.lines.forEach((line, i) => {
    const variant = lineVariants[i];
    quantities.set(line.productId, (quantities.get(line.productId) ?? 0) + line.quantity);
    if (!variant) return;
    const byVariant = variantQuantities.get(line.productId) ?? new Map<string, number>();
    byVariant.set(variant.id, (byVariant.get(variant.id) ?? 0) + line.quantity);
    variantQuantities.set(line.productId, byVariant);
  });
  const taken = new Map<string, TakenProduct>();
  const takenVariants = new Map<string, StoredVariant>();
  for (const id of [...quantities.keys()].sort()) {
    const product = await lockPublishedProduct(tx, id);
    taken.set(id, product);
    const byVariant = variantQuantities.get(id);
    if (!byVariant) {
      if (product.stock < quantities.get(id)!) throw new StockError(id, product.name, product.stock);
      continue;
    }
    for (const variantId of [...byVariant.keys()].sort()) {
      const current = await lockVariant(tx, variantId);
      const variant = variants.get(id)!.find((v) => v.id === variantId)!;
      if (!current || current.stock < byVariant.get(variantId)!) {
        throw new StockError(id, itemName(product.name, variant.options), current?.stock ?? 0);
      }
      // Priced from the row just locked, like the product.
      takenVariants.set(variantId, current);
    }
  }

  // Prices from the rows just locked: what the browser thought a price was does not count.
  const { member, priced: listed } = await priceLines(
    tx,
    input.userId ?? null,
    input.lines,
    taken,
    lineVariants,
    takenVariants,
  );
  // An accepted quote's prices replace the catalogue's and the list's, line by line; a quoted
  // line is a negotiated price, no coupon's to discount (as a group price, ADR 0022).
  const priced = input.quote
    ? listed.map((p, i) => {
        const quoted = input.quote!.unitCents[i];
        if (quoted === undefined) return p;
        const groupPrice: GroupPrice = { unitCents: quoted, source: "list", minimum: null };
        return { ...p, unitPrice: fromCents(quoted), groupPrice };
      })
    : listed;
  const totalsLines = priced.map((p) => ({ unitPrice: p.unitPrice, quantity: p.line.quantity }));
  const productsTotals = computeOrderTotals(totalsLines, 0);
  let carrier: CarrierShipping["columns"] | null = null;
  if (verified) {
    const quoted = await carrierShippingForOrder(tx, {
      quoteId: input.shippingQuoteId!,
      branch: verified.branch,
      postalCode: customer.address.zip ?? "",
      items: input.lines.map((line, i) => ({
        productId: line.productId,
        variantId: lineVariants[i]?.id ?? null,
        quantity: line.quantity,
      })),
      declaredValueCents: productsTotals.subtotalCents,
    });
    if (!quoted.ok) throw new OrderError("shipping_method", quoted.error);
    shipping = quoted.shipping.option;
    carrier = quoted.shipping.columns;
  }
  const shippingOption = shipping!;
  // A coupon: checked against the lines as priced here, its row locked until the order commits.
  let coupon: Extract<CouponOutcome, { ok: true }> | null = null;
  if (input.couponCode?.trim()) {
    const lineTotals = productsTotals.lines;
    const outcome = await lockCoupon(
      {
        code: input.couponCode,
        // A line at the group's price is no coupon's to discount (ADR 0022).
        lines: couponEligibleLines(
          priced.map((p, i) => ({
            productId: p.product.id,
            categoryId: p.product.categoryId,
            subtotalCents: lineTotals[i]!.subtotalCents,
          })),
          priced.map((p) => p.groupPrice),
        ),
        email: customer.customerEmail,
        payment: { name: payment.name, discountPercent: payment.discountPercent ?? 0 },
      },
      tx,
    );
    if (!outcome.ok) throw new OrderError("coupon", outcome.reason);
    coupon = outcome;
  }
  const totals = computeOrderTotals(
    totalsLines,
    // Free from the method's amount on (the products' subtotal, before discounts).
    shippingCostFor(shippingOption, productsTotals.subtotalCents),
    payment.discountPercent ?? 0,
    coupon?.discountCents ?? 0,
  );
  if (online && totals.totalCents === 0) {
    throw new OrderError(
      "payment_method",
      "Este pedido no tiene nada para pagar online. Elegí otro método de pago para confirmarlo.",
    );
  }
  if (input.expectedTotalCents !== undefined && input.expectedTotalCents !== totals.totalCents) {
    throw new OrderError(
      "price_changed",
      "Los precios de tu carrito cambiaron. Revisá el resumen actualizado y confirmá de nuevo.",
    );
  }

  // The invoice it calls for: a final consumer at or above ARCA's identification threshold
  // names themselves (DNI or CUIT, name and address) while the store invoices.
  // A member's order is the company's: invoiced to its CUIT and razón social, with its IVA
  // condition (ADR 0022), whatever the form said.
  const receptor = member
    ? {
        ivaCondition: member.company.ivaCondition,
        billingCuit: formatCuit(member.company.cuit),
        billingCompany: member.company.legalName,
      }
    : {
        ivaCondition: billing.billing.ivaCondition,
        billingCuit: customer.billingCuit,
        billingCompany: customer.billingCompany,
      };
  const invoiceClass = invoiceClassFor(settings.invoicing.sellerIvaCondition, receptor.ivaCondition);
  const identification = checkBuyerIdentification({
    invoiceClass,
    ivaCondition: receptor.ivaCondition,
    cuit: receptor.billingCuit,
    dni: input.buyerDni,
    name: customerFullName(customer),
    address: customer.address.line1,
    totalCents: totals.totalCents,
    identificationThresholdCents:
      settings.invoicing.mode === "off" ? Infinity : Math.round(settings.invoicing.identificationThreshold * 100),
  });
  if (!identification.ok) {
    throw new OrderError("invalid_fields", Object.values(identification.errors)[0]!, identification.errors);
  }
  // On account: the company row locked until the order commits, the order checked against its limit.
  const account = onAccount ? await lockAccountCredit(tx, input.userId, totals.totalCents) : null;
  if (account && !account.ok) throw new OrderError("payment_method", account.reason);

  const customerDetails = identification.dni
    ? { ...customer.customerDetails, dni: identification.dni }
    : customer.customerDetails;

  const items = priced.map((p, i) => ({
    productId: p.product.id,
    variantId: p.variant?.id ?? null,
    name: itemName(p.product.name, p.line.selectedOptions),
    sku: p.variant?.sku ?? p.product.sku,
    price: centsToDecimal(totals.lines[i]!.unitPriceCents),
    quantity: p.line.quantity,
    subtotal: centsToDecimal(totals.lines[i]!.subtotalCents),
  }));

  const [order] = await tx
    .insert(orders)
    .values({
      userId: input.userId ?? null,
      companyId: member?.companyId ?? input.quote?.companyId ?? null,
      subtotal: centsToDecimal(totals.subtotalCents),
      shippingCost: centsToDecimal(totals.shippingCents),
      discount: centsToDecimal(totals.discountCents),
      couponCode: coupon?.code ?? null,
      couponDiscount: centsToDecimal(totals.couponCents),
      total: centsToDecimal(totals.totalCents),
      paymentMethod: payment.name,
      ...(online
        ? {
            paymentProvider: "mercadopago" as const,
            // The stock is held until then; the expiry job cancels the order and returns it.
            paymentExpiresAt: sql`now() + make_interval(mins => ${payment.expiryMinutes ?? DEFAULT_PAYMENT_EXPIRY_MINUTES})`,
          }
        : {}),
      shippingMethod: shippingOption.name,
      ...(carrier ?? {}),
      customerName: customer.customerName,
      customerLastname: customer.customerLastname,
      customerEmail: customer.customerEmail,
      customerPhone: customer.customerPhone,
      ...receptor,
      invoiceType: invoiceClass,
      address: customer.address,
      notes: customer.notes,
      idempotencyKey: input.idempotencyKey,
      meta: {
        items: priced.map((p, i) => ({
          product_id: p.product.id,
          ...(p.variant ? { variant_id: p.variant.id } : {}),
          name: p.product.name,
          sku: p.variant?.sku ?? p.product.sku,
          quantity: p.line.quantity,
          price: fromCents(totals.lines[i]!.unitPriceCents),
          selected_options: p.line.selectedOptions,
        })),
        customer_details: customerDetails,
        request_fingerprint: fingerprint,
        ...(totals.discountCents > 0 ? { discount_percent: payment.discountPercent } : {}),
      },
    })
    .returning({ id: orders.id, accessToken: orders.accessToken, paymentExpiresAt: orders.paymentExpiresAt });
  await tx.insert(orderItems).values(items.map((item) => ({ ...item, orderId: order!.id })));
  // The order's first event: pending, its payment awaited (online), its units reserved in the ledger.
  const placed = await applyOrderEvent(tx, CUSTOMER_ACTOR, order!.id, { kind: "place" });
  if (!placed.ok) throw new Error(`[checkout] the order could not be placed: ${placed.message}`);
  if (input.quote) await input.quote.accept(tx, order!.id);
  if (account?.ok) {
    // Confirmed without payment, as staff confirm a transfer: processing, its factura queued.
    await recordAccountOrder(tx, {
      orderId: order!.id,
      companyId: account.companyId,
      amountCents: totals.totalCents,
      userId: input.userId!,
    });
    const confirmed = await applyOrderEvent(tx, ACCOUNT_ACTOR, order!.id, { kind: "process" });
    if (!confirmed.ok) throw new Error(`[checkout] the order on account was not confirmed: ${confirmed.message}`);
  }
  if (coupon) {
    await redeemCoupon(tx, {
      couponId: coupon.couponId,
      orderId: order!.id,
      email: customer.customerEmail,
      discountCents: totals.couponCents,
    });
  }

  await queueEmails(
    orderPlacedEmails({
      orderId: order!.id,
      number: orderNumber(order!.id),
      customerName: customerFullName(customer),
      customerEmail: customer.customerEmail,
      items,
      totalCents: totals.totalCents,
      shippingMethod: shippingOption.name,
      shippingBranch: carrier?.shippingBranch ?? null,
      shippingCents: totals.shippingCents,
      discountCents: totals.discountCents,
      coupon: coupon ? { code: coupon.code, cents: totals.couponCents } : null,
      paymentMethod: payment.name,
      onlinePayment: online
        ? { payUrl: confirmationUrl(order!.id, order!.accessToken), expiresAt: order!.paymentExpiresAt! }
        : null,
      templates: { customer: settings.email_template_customer, admin: settings.email_template_admin },
      salesEmail: settings.store.salesEmail,
    }),
    tx,
  );

  return { id: order!.id, accessToken: order!.accessToken, created: true, paysOnline: online };
}

/**
 * The chosen shipping method and its cost for the order's postal code (shipping_zones): the same
 * quote the product page, the cart and the checkout show, made again here.
 */
function shippingFor(
  name: string,
  postalCode: string | undefined,
  settings: Pick<SettingValues, "shipping_methods" | "shipping_zones">,
): ShippingOption {
  const method = settings.shipping_methods.find((m) => m.name === name);
  if (!method) throw new OrderError("shipping_method", "El método de envío elegido no está disponible. Elegí otro.");
  if (!postalCode || settings.shipping_zones.length === 0) {
    return { name: method.name, cost: method.cost, freeOver: method.freeOver ?? null };
  }
  const quote = quoteShipping(postalCode, settings.shipping_methods, settings.shipping_zones);
  if (!quote.ok) {
    if (quote.error === INVALID_POSTAL_CODE) throw new OrderError("invalid_fields", quote.error, { zip: quote.error });
    throw new OrderError("shipping_method", quote.error);
  }
  const option = quote.options.find((o) => o.name === method.name);
  if (!option) {
    throw new OrderError(
      "shipping_method",
      `${method.name} no llega a ${quote.provinceName}. Elegí otro método de envío.`,
    );
  }
  return option;
}

type PricedLine = {
  line: CartLineInput;
  product: TakenProduct;
  variant: StoredVariant | undefined;
  /** In pesos, as computeOrderTotals takes it. */
  unitPrice: number;
  groupPrice: GroupPrice;
};

/**
 * The unit price of each line, from the rows just locked: the public price (`variantPricing`),
 * or for a member of an approved company (looked up here from the session's user, never from
 * the form) the group's list price with its quantity breaks and minimums (ADR 0022).
 */
async function priceLines(
  tx: Tx,
  userId: string | null,
  lines: readonly CartLineInput[],
  taken: ReadonlyMap<string, TakenProduct>,
  lineVariants: readonly (StoredVariant | undefined)[],
  takenVariants: ReadonlyMap<string, StoredVariant>,
): Promise<{ member: MemberPricing | null; priced: PricedLine[] }> {
  const units = lines.map((line, i) => {
    const product = taken.get(line.productId)!;
    const variant = lineVariants[i] && takenVariants.get(lineVariants[i]!.id);
    const pricing = variantPricing(
      { price: product.price, sale_price: product.salePrice, option_groups: product.meta.option_groups },
      line.selectedOptions,
      variantPriceOf(variant),
    );
    if (!(pricing.paid > 0)) {
      throw new OrderError(
        "unavailable",
        `El producto ${product.name} no tiene precio publicado. Consultanos por WhatsApp.`,
      );
    }
    return { line, product, variant, pricing };
  });
  const { member, prices } = await memberLinePrices(
    userId,
    units.map((u) => ({
      productId: u.product.id,
      variantId: u.variant?.id ?? null,
      categoryId: u.product.categoryId,
      regularCents: toCents(u.pricing.regular),
      paidCents: toCents(u.pricing.paid),
      quantity: u.line.quantity,
    })),
    tx,
  );
  return {
    member,
    priced: units.map((u, i) => ({
      line: u.line,
      product: u.product,
      variant: u.variant,
      unitPrice: fromCents(prices[i]!.unitCents),
      groupPrice: prices[i]!,
    })),
  };
}

type TakenProduct = {
  id: string;
  name: string;
  sku: string | null;
  price: string | null;
  salePrice: string | null;
  categoryId: string | null;
  meta: (typeof products.$inferSelect)["meta"];
  stock: number;
};

/**
 * Locks a product before its stock (or its variants' stock) is taken, in the lock order of
 * app/models/variants.server.ts, and returns what pricing and the stock check need; it must
 * still be published.
 */
async function lockPublishedProduct(tx: Tx, id: string): Promise<TakenProduct> {
  const [row] = await tx
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      price: products.price,
      salePrice: products.salePrice,
      categoryId: products.categoryId,
      meta: products.meta,
      stock: products.stock,
      status: products.status,
    })
    .from(products)
    .where(eq(products.id, id))
    .for("no key update");
  if (!row || row.status !== "published") {
    throw new OrderError(
      "unavailable",
      row ? UNAVAILABLE(row.name) : "Uno de los productos de tu carrito ya no está disponible.",
    );
  }
  const { status: _status, ...product } = row;
  return product;
}

/** "Notebook (Memoria RAM: 16GB)": the options chosen travel with the item's name. */
export function itemName(name: string, options: SelectedOption[]): string {
  if (options.length === 0) return name;
  return `${name} (${options.map((o) => `${o.group}: ${o.option}`).join(", ")})`;
}
