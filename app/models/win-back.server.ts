import { and, desc, eq, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { type Database, type DbOrTx, getDb, queryRows } from "~/db/client.server";
import { productVariants, products } from "~/db/schema/catalog";
import { orders } from "~/db/schema/orders";
import { checkoutDrafts, emailOptOuts, stockAlerts } from "~/db/schema/win-back";
import { type Email, type ReminderLine, cartReminderEmail, stockAlertEmail } from "~/domain/emails";
import { fromCents, toCents } from "~/domain/money";
import { isUuid } from "~/domain/uuid";
import {
  type DraftLine,
  type DroppedLine,
  DEFAULT_WIN_BACK,
  type DraftState,
  RESTORE_LINK_DAYS,
  SECOND_REMINDER_HOURS,
  type WinBackSettings,
  draftState,
  isMarketingKind,
  lineTitle,
  normaliseEmail,
} from "~/domain/win-back";
import { baseUrl, getEnv } from "~/utils/env.server";
import { signLink, verifyLink } from "~/utils/signed-link.server";
import { type CheckedCartLine, checkCartLines } from "./cart.server";
import { queueEmail } from "./outbox.server";
import { getSettings } from "./settings.server";
import { listVariants, variantOf } from "./variants.server";

// [23/25] Win back the sale (ADR 0021): the opt-out list and the one gate every marketing e-mail
// goes through, checkout drafts and their reminders, back-in-stock alerts, and retention.

// ---------------------------------------------------------------- consent

/** True when the address asked never to get marketing e-mails. */
export async function isOptedOut(email: string, db: DbOrTx = getDb()): Promise<boolean> {
  const [row] = await db
    .select({ email: emailOptOuts.email })
    .from(emailOptOuts)
    .where(eq(emailOptOuts.email, normaliseEmail(email)));
  return Boolean(row);
}

/** The address opts out (idempotent: the first time is kept), and its waiting alerts go. */
export async function optOut(
  email: string,
  source: (typeof emailOptOuts.$inferInsert)["source"],
  db: Database = getDb(),
): Promise<void> {
  const address = normaliseEmail(email);
  await db.transaction(async (tx) => {
    await tx.insert(emailOptOuts).values({ email: address, source }).onConflictDoNothing();
    await tx.delete(stockAlerts).where(and(eq(stockAlerts.email, address), isNull(stockAlerts.notifiedAt)));
  });
}

/**
 * A deleted customer's checkout drafts and stock alerts go with the account (personal data); the
 * opt-out stays, so that the address is never e-mailed again (ADR 0021).
 */
export async function forgetWinBackData(email: string, db: Database = getDb()): Promise<void> {
  const address = normaliseEmail(email);
  await db.transaction(async (tx) => {
    await tx.delete(checkoutDrafts).where(eq(checkoutDrafts.email, address));
    await tx.delete(stockAlerts).where(eq(stockAlerts.email, address));
  });
}

/** The address's own unsubscribe link (it never expires: the right can be exercised at any time). */
export function unsubscribeUrl(email: string): string {
  return `${baseUrl()}/baja?t=${signLink("unsubscribe", normaliseEmail(email), null)}`;
}

/** The address an unsubscribe token names, or why it is refused. */
export function readUnsubscribeToken(token: string) {
  return verifyLink("unsubscribe", token);
}

/**
 * The one way a marketing e-mail (cart reminder, stock alert) leaves the store: refused (null)
 * when the address opted out; otherwise queued in the caller's transaction.
 */
export async function queueMarketingEmail(email: Email, db: DbOrTx = getDb()): Promise<string | null> {
  if (!isMarketingKind(email.kind) || !email.listUnsubscribe) {
    throw new Error(`queueMarketingEmail takes marketing e-mails with their unsubscribe link, not ${email.kind}`);
  }
  if (await isOptedOut(email.to, db)) return null;
  return queueEmail(email, db);
}

// ---------------------------------------------------------------- settings

async function winBackSettings(db?: DbOrTx) {
  const s = await getSettings(["win_back", "email_cart_reminder", "email_stock_alert"], db);
  return { ...DEFAULT_WIN_BACK, ...s.win_back, cart: s.email_cart_reminder, alert: s.email_stock_alert };
}

/** The first reminder's delay in seconds: the setting, or CART_REMINDER_DELAY_SECONDS (browser tests). */
function reminderDelaySeconds(settings: WinBackSettings): number {
  return getEnv().CART_REMINDER_DELAY_SECONDS ?? settings.reminderDelayHours * 3600;
}

// ---------------------------------------------------------------- checkout drafts

/** Whether the checkout keeps drafts and says it may remind (the reminder e-mail's switch). */
export async function cartRemindersEnabled(): Promise<boolean> {
  return (await getSettings(["email_cart_reminder"])).email_cart_reminder.enabled;
}

/**
 * The checkout's cart once the shopper typed an e-mail (and after every change): one open draft
 * per address, its lines replaced. A line of a product with options keeps the id of the variant
 * its options name today. Nothing is kept while reminders are off or with no lines.
 */
export async function saveCheckoutDraft(email: string, lines: DraftLine[], db: DbOrTx = getDb()): Promise<void> {
  if (lines.length === 0) return;
  if (!(await getSettings(["email_cart_reminder"], db)).email_cart_reminder.enabled) return;
  const variants = await listVariants(
    lines.map((l) => l.productId),
    db,
  );
  const kept: DraftLine[] = lines.map((l) => ({
    productId: l.productId,
    selectedOptions: l.selectedOptions,
    quantity: l.quantity,
    variantId: variantOf(variants.get(l.productId), l.selectedOptions)?.id ?? null,
  }));
  await db
    .insert(checkoutDrafts)
    .values({ email: normaliseEmail(email), lines: kept })
    .onConflictDoUpdate({
      target: checkoutDrafts.email,
      targetWhere: sql`${checkoutDrafts.recoveredOrderId} is null`,
      set: { lines: kept, updatedAt: sql`now()` },
    });
}

/**
 * A draft's lines as they would be bought today: priced, in stock, quantity capped at the stock;
 * the lines left out, each with its reason.
 */
export type PricedDraft = { lines: (ReminderLine & DraftLine)[]; dropped: DroppedLine[]; totalCents: number };

/**
 * The saved lines with the options to buy today: a line that kept its variant takes that
 * variant's options (the same variant comes back); when the variant is gone, one with the same
 * options stands in for it; with neither, the option is gone.
 */
async function currentSelections(lines: DraftLine[], db: DbOrTx) {
  const variants = await listVariants(
    lines.map((l) => l.productId),
    db,
  );
  return lines.map((line) => {
    const own = variants.get(line.productId);
    const byId = line.variantId ? own?.find((v) => v.id === line.variantId) : undefined;
    const variant = byId ?? (line.variantId ? variantOf(own, line.selectedOptions) : undefined);
    if (line.variantId && !variant) return { line, optionGone: true };
    return {
      line: variant ? { ...line, selectedOptions: variant.options, variantId: variant.id } : line,
      optionGone: false,
    };
  });
}

export async function priceDraftLines(lines: DraftLine[], db: DbOrTx = getDb()): Promise<PricedDraft> {
  const selections = await currentSelections(lines, db);
  const checked = await checkCartLines(
    selections.map(({ line }, i) => ({
      cartId: String(i),
      productId: line.productId,
      quantity: line.quantity,
      selectedOptions: line.selectedOptions,
    })),
  );
  const names = await productNames(
    lines.map((l) => l.productId),
    db,
  );
  const priced: PricedDraft["lines"] = [];
  const dropped: DroppedLine[] = [];
  let totalCents = 0;
  checked.forEach((checkedLine: CheckedCartLine, i) => {
    const { line, optionGone } = selections[i]!;
    const name = names.get(line.productId) ?? null;
    if (optionGone || checkedLine.status !== "ok") {
      const reason = optionGone && name !== null ? "option-gone" : "unavailable";
      dropped.push({ name, selectedOptions: line.selectedOptions, reason });
      return;
    }
    if (checkedLine.stock <= 0) {
      dropped.push({ name: checkedLine.name, selectedOptions: line.selectedOptions, reason: "sold-out" });
      return;
    }
    const quantity = Math.min(line.quantity, checkedLine.stock);
    const subtotalCents = toCents(checkedLine.unitPrice) * quantity;
    totalCents += subtotalCents;
    priced.push({
      ...line,
      quantity,
      name: checkedLine.name,
      price: String(fromCents(toCents(checkedLine.unitPrice))),
      subtotal: String(fromCents(subtotalCents)),
    });
  });
  return { lines: priced, dropped, totalCents };
}

/** The names of these products, published or not (a restored cart names what it left out). */
async function productNames(ids: string[], db: DbOrTx): Promise<Map<string, string>> {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, valid));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The signed link that restores the draft's cart on any device (expires after RESTORE_LINK_DAYS). */
export function restoreCartUrl(draftId: string, now = new Date()): string {
  const expires = new Date(now.getTime() + RESTORE_LINK_DAYS * 86_400_000);
  return `${baseUrl()}/carrito/recuperar?t=${signLink("restore-cart", draftId, expires)}`;
}

type DueDraft = { id: string; email: string; lines: DraftLine[]; reminders_sent: number };

/** Drafts whose next reminder is due, not recovered, with no order from their address since. */
async function dueDrafts(db: DbOrTx, delaySeconds: number, secondReminder: boolean, limit: number) {
  return queryRows<DueDraft>(
    sql`select d.id, d.email, d.lines, d.reminders_sent from ${checkoutDrafts} d
        where d.recovered_order_id is null
          and ((d.reminders_sent = 0 and d.updated_at + make_interval(secs => ${delaySeconds}) <= now())
            or (${secondReminder} and d.reminders_sent = 1
                and d.last_reminded_at + make_interval(hours => ${SECOND_REMINDER_HOURS}) <= now()))
          and not exists (select 1 from ${orders} o where lower(o.customer_email) = d.email and o.created_at >= d.updated_at)
          and not exists (select 1 from ${emailOptOuts} x where x.email = d.email)
        order by d.updated_at limit ${limit}`,
    db,
  );
}

/**
 * Sends the reminders that are due: each draft claimed with FOR UPDATE SKIP LOCKED and re-checked
 * in the transaction that queues its e-mail and counts it, so two processes never send one twice.
 * A draft with nothing left to buy (unpublished, sold out) waits: it may come back in stock.
 */
export async function sendDueCartReminders(db: Database = getDb(), limit = 50): Promise<number> {
  const settings = await winBackSettings(db);
  if (!settings.cart.enabled) return 0;
  const delay = reminderDelaySeconds(settings);
  let sent = 0;
  for (const draft of await dueDrafts(db, delay, settings.secondReminder, limit)) {
    if (await sendReminder(db, draft.id, draft.reminders_sent, settings.cart)) sent++;
  }
  return sent;
}

/**
 * One reminder for one draft, if it still has `expectedSent` reminders (a concurrent sender has
 * not counted one), something to buy and an address that did not opt out. True when queued.
 */
async function sendReminder(
  db: Database,
  draftId: string,
  expectedSent: number,
  template: { subject: string; html: string },
): Promise<boolean> {
  const [draft] = await db
    .select({ email: checkoutDrafts.email, lines: checkoutDrafts.lines })
    .from(checkoutDrafts)
    .where(eq(checkoutDrafts.id, draftId));
  if (!draft) return false;
  // Priced before the transaction (the catalogue is read as any shopper reads it).
  const priced = await priceDraftLines(draft.lines);
  if (priced.lines.length === 0) return false;
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .select({ id: checkoutDrafts.id })
      .from(checkoutDrafts)
      .where(
        and(
          eq(checkoutDrafts.id, draftId),
          eq(checkoutDrafts.remindersSent, expectedSent),
          isNull(checkoutDrafts.recoveredOrderId),
        ),
      )
      .for("update", { skipLocked: true });
    if (!claimed) return false;
    const email = cartReminderEmail(
      {
        to: draft.email,
        lines: priced.lines.map((l) => ({ ...l, name: lineTitle(l.name, l.selectedOptions) })),
        totalCents: priced.totalCents,
        cartUrl: restoreCartUrl(draftId),
        unsubscribeUrl: unsubscribeUrl(draft.email),
      },
      template,
    );
    if (!(await queueMarketingEmail(email, tx))) return false;
    await tx
      .update(checkoutDrafts)
      .set({ remindersSent: expectedSent + 1, lastRemindedAt: sql`now()` })
      .where(eq(checkoutDrafts.id, draftId));
    return true;
  });
}

export type ManualReminderResult = { ok: true } | { ok: false; message: string };

/**
 * Admin > Carritos abandonados "Enviar recordatorio": refused for an opted-out address, a shopper
 * who ordered since, or a cart with nothing to buy today.
 */
export async function sendReminderNow(draftId: string, db: Database = getDb()): Promise<ManualReminderResult> {
  if (!isUuid(draftId)) return { ok: false, message: "No encontramos ese carrito." };
  const [draft] = await db
    .select({
      email: checkoutDrafts.email,
      sent: checkoutDrafts.remindersSent,
      recovered: checkoutDrafts.recoveredOrderId,
      updatedAt: checkoutDrafts.updatedAt,
    })
    .from(checkoutDrafts)
    .where(eq(checkoutDrafts.id, draftId));
  if (!draft) return { ok: false, message: "No encontramos ese carrito: puede haberse borrado por antigüedad." };
  if (draft.recovered) return { ok: false, message: "Ese carrito ya se recuperó: la compra está hecha." };
  if (await isOptedOut(draft.email, db))
    return { ok: false, message: `${draft.email} se dio de baja: no se le pueden enviar recordatorios.` };
  const [ordered] = await queryRows<{ id: string }>(
    sql`select o.id from ${orders} o where lower(o.customer_email) = ${draft.email} and o.created_at >= ${draft.updatedAt.toISOString()} limit 1`,
    db,
  );
  if (ordered)
    return {
      ok: false,
      message: `${draft.email} ya compró después de dejar este carrito: no le enviamos el recordatorio.`,
    };
  const { cart } = await winBackSettings(db);
  const ok = await sendReminder(db, draftId, draft.sent, cart);
  return ok
    ? { ok: true }
    : { ok: false, message: "No se envió: ninguno de sus productos está publicado y con stock hoy." };
}

export type RestoredCart =
  | { ok: true; draftId: string; lines: PricedDraft["lines"]; dropped: DroppedLine[] }
  | { ok: false; reason: "invalid" | "expired" | "gone" };

/** What a restore link gives: the draft's lines at today's prices, sold-out or unpublished ones left out. */
export async function restoreCart(token: string): Promise<RestoredCart> {
  const verified = verifyLink("restore-cart", token);
  if (!verified.ok) return verified;
  if (!isUuid(verified.payload)) return { ok: false, reason: "invalid" };
  const [draft] = await getDb()
    .select({ id: checkoutDrafts.id, lines: checkoutDrafts.lines })
    .from(checkoutDrafts)
    .where(eq(checkoutDrafts.id, verified.payload));
  if (!draft) return { ok: false, reason: "gone" };
  const priced = await priceDraftLines(draft.lines);
  return { ok: true, draftId: draft.id, lines: priced.lines, dropped: priced.dropped };
}

/** An order placed after following a restore link: its draft counts as recovered (once). */
export async function markDraftRecovered(draftId: string, orderId: string, db: DbOrTx = getDb()): Promise<void> {
  if (!isUuid(draftId)) return;
  await db
    .update(checkoutDrafts)
    .set({ recoveredOrderId: orderId })
    .where(and(eq(checkoutDrafts.id, draftId), isNull(checkoutDrafts.recoveredOrderId)));
}

// ---------------------------------------------------------------- back-in-stock alerts

/** Whether product pages offer "Avisame cuando haya stock" (the alert e-mail's switch). */
export async function stockAlertsEnabled(): Promise<boolean> {
  return (await getSettings(["email_stock_alert"])).email_stock_alert.enabled;
}

export type AlertRequest = { email: string; productId: string; variantId: string | null };
export type AlertResult = { ok: true } | { ok: false; message: string };

/** "Avisame cuando haya stock": kept once per address and product/variant, only while it has none. */
export async function subscribeStockAlert(input: AlertRequest, db: DbOrTx = getDb()): Promise<AlertResult> {
  if (!(await getSettings(["email_stock_alert"], db)).email_stock_alert.enabled)
    return { ok: false, message: "Los avisos de stock no están disponibles." };
  const email = normaliseEmail(input.email);
  if (await isOptedOut(email, db))
    return {
      ok: false,
      message: "Ese email se dio de baja de nuestros avisos y recordatorios, así que no podemos avisarte.",
    };
  const [product] = await db
    .select({ stock: products.stock, status: products.status })
    .from(products)
    .where(eq(products.id, input.productId));
  if (!product || product.status !== "published") return { ok: false, message: "Ese producto ya no está disponible." };
  let stock = product.stock;
  if (input.variantId) {
    const [variant] = await db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(and(eq(productVariants.id, input.variantId), eq(productVariants.productId, input.productId)));
    if (!variant) return { ok: false, message: "Esa opción del producto ya no existe." };
    stock = variant.stock;
  }
  if (stock > 0) return { ok: false, message: "¡Ya hay stock! Podés comprarlo ahora." };
  await db
    .insert(stockAlerts)
    .values({ email, productId: input.productId, variantId: input.variantId })
    .onConflictDoNothing();
  return { ok: true };
}

type DueAlert = { id: string; email: string; product_id: string; variant_id: string | null };

/**
 * E-mails each subscriber whose product or variant came back in stock (the triggers of migration
 * 0027 mark it, whatever wrote the stock), once: claimed FOR UPDATE SKIP LOCKED and marked in the
 * transaction that queues the e-mail. Back at 0 by the time the job looks: it waits again.
 */
export async function sendDueStockAlerts(db: Database = getDb(), limit = 100): Promise<number> {
  const { alert } = await winBackSettings(db);
  if (!alert.enabled) return 0;
  const due = await queryRows<DueAlert>(
    sql`select id, email, product_id, variant_id from ${stockAlerts}
        where notified_at is null and back_in_stock_at is not null order by back_in_stock_at limit ${limit}`,
    db,
  );
  let sent = 0;
  for (const row of due) {
    const done = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .select({ id: stockAlerts.id })
        .from(stockAlerts)
        .where(and(eq(stockAlerts.id, row.id), isNull(stockAlerts.notifiedAt), isNotNull(stockAlerts.backInStockAt)))
        .for("update", { skipLocked: true });
      if (!claimed) return false;
      const [item] = await tx
        .select({
          name: products.name,
          status: products.status,
          stock: row.variant_id ? productVariants.stock : products.stock,
        })
        .from(products)
        .leftJoin(productVariants, eq(productVariants.id, row.variant_id ?? sql`null`))
        .where(eq(products.id, row.product_id));
      if (!item || item.status !== "published" || !item.stock || item.stock <= 0) {
        await tx.update(stockAlerts).set({ backInStockAt: null }).where(eq(stockAlerts.id, row.id));
        return false;
      }
      const productUrl = `${baseUrl()}/product/${row.product_id}${row.variant_id ? `?variante=${row.variant_id}` : ""}`;
      const queued = await queueMarketingEmail(
        stockAlertEmail(
          { to: row.email, productName: item.name, productUrl, unsubscribeUrl: unsubscribeUrl(row.email) },
          alert,
        ),
        tx,
      );
      // Sent, or refused for an address that opted out: either way this alert is done.
      await tx
        .update(stockAlerts)
        .set({ notifiedAt: sql`now()` })
        .where(eq(stockAlerts.id, row.id));
      return Boolean(queued);
    });
    if (done) sent++;
  }
  return sent;
}

// ---------------------------------------------------------------- retention

/** Deletes drafts (by their last change) and alerts (by when asked) older than the retention setting. */
export async function purgeWinBackData(db: Database = getDb()): Promise<{ drafts: number; alerts: number }> {
  const { retentionDays } = await winBackSettings(db);
  const cutoff = sql`now() - make_interval(days => ${retentionDays})`;
  const drafts = await db
    .delete(checkoutDrafts)
    .where(lt(checkoutDrafts.updatedAt, cutoff))
    .returning({ id: checkoutDrafts.id });
  const alerts = await db
    .delete(stockAlerts)
    .where(lt(stockAlerts.createdAt, cutoff))
    .returning({ id: stockAlerts.id });
  return { drafts: drafts.length, alerts: alerts.length };
}

// ---------------------------------------------------------------- staff

export type DraftRow = {
  id: string;
  email: string;
  state: DraftState;
  lines: number;
  valueCents: number;
  remindersSent: number;
  updatedAt: Date;
  recoveredOrderId: string | null;
};

/** Admin > Carritos abandonados: the newest drafts with their state and their value at today's prices. */
export async function listCheckoutDrafts(limit = 100): Promise<DraftRow[]> {
  const rows = await getDb()
    .select({
      id: checkoutDrafts.id,
      email: checkoutDrafts.email,
      lines: checkoutDrafts.lines,
      remindersSent: checkoutDrafts.remindersSent,
      updatedAt: checkoutDrafts.updatedAt,
      recoveredOrderId: checkoutDrafts.recoveredOrderId,
      optedOut: sql<boolean>`exists (select 1 from ${emailOptOuts} x where x.email = ${checkoutDrafts.email})`,
    })
    .from(checkoutDrafts)
    .orderBy(desc(checkoutDrafts.updatedAt))
    .limit(limit);
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      email: r.email,
      state: draftState({
        remindersSent: r.remindersSent,
        recovered: r.recoveredOrderId !== null,
        optedOut: r.optedOut,
      }),
      lines: r.lines.length,
      valueCents: (await priceDraftLines(r.lines)).totalCents,
      remindersSent: r.remindersSent,
      updatedAt: r.updatedAt,
      recoveredOrderId: r.recoveredOrderId,
    })),
  );
}

export type AlertRow = {
  id: string;
  email: string;
  productId: string;
  productName: string;
  variant: string | null;
  createdAt: Date;
  notifiedAt: Date | null;
};

/** Admin > Avisos de stock: who waits for what (and who was told). */
export async function listStockAlerts(limit = 200): Promise<AlertRow[]> {
  const rows = await getDb()
    .select({
      id: stockAlerts.id,
      email: stockAlerts.email,
      productId: stockAlerts.productId,
      productName: products.name,
      options: productVariants.options,
      createdAt: stockAlerts.createdAt,
      notifiedAt: stockAlerts.notifiedAt,
    })
    .from(stockAlerts)
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .leftJoin(productVariants, eq(productVariants.id, stockAlerts.variantId))
    .orderBy(sql`${stockAlerts.notifiedAt} is not null`, desc(stockAlerts.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    productId: r.productId,
    productName: r.productName,
    variant: r.options ? r.options.map((o) => o.option).join(" / ") : null,
    createdAt: r.createdAt,
    notifiedAt: r.notifiedAt,
  }));
}

/** The dashboard's figures for a period: orders recovered through a reminder, their revenue, alerts sent. */
export async function winBackFigures(from: Date, to: Date, db: DbOrTx = getDb()) {
  const [recovered] = await queryRows<{ orders: number; revenue: string | null }>(
    sql`select count(*)::int as orders, sum(o.total)::text as revenue from ${checkoutDrafts} d
        join ${orders} o on o.id = d.recovered_order_id
        where o.created_at >= ${from.toISOString()} and o.created_at < ${to.toISOString()} and o.status <> 'cancelled'`,
    db,
  );
  const [alerts] = await queryRows<{ sent: number }>(
    sql`select count(*)::int as sent from ${stockAlerts}
        where notified_at >= ${from.toISOString()} and notified_at < ${to.toISOString()}`,
    db,
  );
  return {
    recoveredOrders: recovered?.orders ?? 0,
    recoveredRevenue: recovered?.revenue ?? "0",
    alertsSent: alerts?.sent ?? 0,
  };
}
