import { type SQL, and, asc, gt, inArray, isNotNull, sql } from "drizzle-orm";
import { type DbOrTx, type Tx, getDb } from "~/db/client.server";
import { categories, productVariants, products } from "~/db/schema/catalog";
import { type ExchangeRate, repriceProduct } from "~/domain/dollar-pricing";
import { formatARS } from "~/domain/money";
import { BcraError, type BcraRate, fetchDollarRate } from "~/services/bcra.server";
import { type AuditActor, recordAudit } from "./audit.server";
import { tagPriceChanges } from "./price-history.server";
import { getSetting, updateSetting } from "./settings.server";

// [22/25] Re-pricing the products pegged to the dollar (ADR 0020). Each batch is one transaction
// that writes products.price / sale_price as an admin save does: the triggers of migration 0022
// keep the history (source 'repricing', who), those of 0008/0010 raise the content version once
// per transaction (pages, feeds and caches follow). Placed orders keep their own copies of the
// prices and are never read or written here.

export const REPRICE_BATCH = 500;
const SAMPLE_SIZE = 10;

export type RepriceChange = { id: string; name: string; before: number | null; after: number };
export type RepriceSkip = { id: string; name: string; reason: string };
export type RepriceReport = {
  changed: number;
  unchanged: number;
  batches: number;
  sample: RepriceChange[];
  skipped: RepriceSkip[];
};

/** Which pegged products to re-price: all, some products, or those of some categories. */
export type RepriceScope = { productIds?: string[]; categoryIds?: string[] };

/** Each category's markup: its own, else its nearest ancestor's (null: none up the tree). */
export async function categoryMarkups(db: DbOrTx): Promise<Map<string, number | null>> {
  const rows = await db
    .select({ id: categories.id, parentId: categories.parentId, markup: categories.markupPercent })
    .from(categories);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const result = new Map<string, number | null>();
  for (const row of rows) {
    let current: (typeof rows)[number] | undefined = row;
    const seen = new Set<string>();
    while (current && current.markup === null && current.parentId && !seen.has(current.id)) {
      seen.add(current.id);
      current = byId.get(current.parentId);
    }
    result.set(row.id, current?.markup ?? null);
  }
  return result;
}

/** The markup a product sells at: its own, else its category's (inherited), else 0. */
export function effectiveMarkup(
  own: number | null,
  categoryId: string | null,
  markups: Map<string, number | null>,
): number {
  return own ?? (categoryId ? markups.get(categoryId) : null) ?? 0;
}

/** What pegged prices are computed with: the exchange rate and each category's markup. */
export type Pegging = { exchange: ExchangeRate; markups: Map<string, number | null> };

export async function loadPegging(tx: DbOrTx): Promise<Pegging> {
  return { exchange: await getSetting("exchange_rate", tx), markups: await categoryMarkups(tx) };
}

type PriceInput = {
  usdPrice: number | null;
  markupPercent: number | null;
  categoryId: string | null;
  price: number | null;
  salePrice: number | null;
};

/**
 * The price and sale price a write stores: as given, or for a product with a USD price (and a
 * rate set) the pegged ones, computed as the re-pricing does (the given sale price keeps its
 * fraction of the given price).
 */
export function pegPrices(pegging: Pegging, input: PriceInput): { price: number | null; salePrice: number | null } {
  const given = { price: input.price, salePrice: input.salePrice };
  if (input.usdPrice === null) return given;
  const markup = effectiveMarkup(input.markupPercent, input.categoryId, pegging.markups);
  const result = repriceProduct({ usdPrice: input.usdPrice, markup, ...given }, pegging.exchange);
  return result.ok ? { price: result.price, salePrice: result.salePrice } : given;
}

/** The price and sale price an admin save writes (pegPrices, reading the rate only for a pegged product). */
export async function peggedPrices(
  tx: Tx,
  input: PriceInput,
): Promise<{ price: number | null; salePrice: number | null }> {
  if (input.usdPrice === null) return { price: input.price, salePrice: input.salePrice };
  return pegPrices(await loadPegging(tx), input);
}

type Pegged = {
  id: string;
  name: string;
  price: string | null;
  salePrice: string | null;
  usdPrice: number | null;
  markupPercent: number | null;
  categoryId: string | null;
};

const num = (v: string | null) => (v === null ? null : Number(v));

/** One batch, inside its transaction: computes, writes what changed, reports. */
async function repriceBatch(
  tx: Tx,
  rows: Pegged[],
  exchange: ExchangeRate,
  markups: Map<string, number | null>,
  report: RepriceReport,
) {
  const updates: { id: string; price: string; salePrice: string | null }[] = [];
  for (const row of rows) {
    const before = num(row.price);
    const result = repriceProduct(
      {
        usdPrice: row.usdPrice ?? 0,
        markup: effectiveMarkup(row.markupPercent, row.categoryId, markups),
        price: before,
        salePrice: num(row.salePrice),
      },
      exchange,
    );
    if (!result.ok) {
      report.skipped.push({ id: row.id, name: row.name, reason: result.reason });
      continue;
    }
    if (!result.changed) {
      report.unchanged += 1;
      continue;
    }
    report.changed += 1;
    if (report.sample.length < SAMPLE_SIZE)
      report.sample.push({ id: row.id, name: row.name, before, after: result.price });
    updates.push({
      id: row.id,
      price: result.price.toFixed(2),
      salePrice: result.salePrice === null ? null : result.salePrice.toFixed(2),
    });
  }
  if (updates.length > 0) {
    const values = sql.join(
      updates.map((u) => sql`(${u.id}::uuid, ${u.price}::numeric, ${u.salePrice}::numeric)`),
      sql`, `,
    );
    await tx.execute(sql`
      update products p set price = v.price, sale_price = v.sale_price, updated_at = now()
      from (values ${values}) as v(id, price, sale_price) where p.id = v.id`);
  }
  // Variants with a price of their own do not follow the dollar (ADR 0020): say so.
  const ids = rows.map((r) => r.id);
  const own = await tx
    .select({ productId: productVariants.productId, n: sql<number>`count(*)::int` })
    .from(productVariants)
    .where(and(inArray(productVariants.productId, ids), isNotNull(productVariants.price)))
    .groupBy(productVariants.productId);
  const names = new Map(rows.map((r) => [r.id, r.name]));
  for (const { productId, n } of own) {
    report.skipped.push({
      id: productId,
      name: names.get(productId) ?? "",
      reason: `${n === 1 ? "1 variante tiene" : `${n} variantes tienen`} precio propio y no sigue${n === 1 ? "" : "n"} al dólar.`,
    });
  }
}

/**
 * Re-prices the pegged products (all, or a scope) at the exchange rate of Configuración, in
 * batches of `batchSize` products, each in its own transaction; then writes one audit entry with
 * the report. A failed batch leaves the earlier ones written; running again finishes the rest
 * (a product already at its price is left alone).
 */
export async function repricePegged(
  actor: AuditActor,
  scope: RepriceScope = {},
  batchSize: number = REPRICE_BATCH,
): Promise<RepriceReport> {
  const db = getDb();
  const exchange = await getSetting("exchange_rate", db);
  const report: RepriceReport = { changed: 0, unchanged: 0, batches: 0, sample: [], skipped: [] };
  const filters: SQL[] = [isNotNull(products.usdPrice)];
  if (scope.productIds) filters.push(inArray(products.id, scope.productIds.length ? scope.productIds : [NIL]));
  if (scope.categoryIds)
    filters.push(inArray(products.categoryId, scope.categoryIds.length ? scope.categoryIds : [""]));
  let after: string | null = null;
  for (;;) {
    const last: string | null = await db.transaction(async (tx) => {
      await tagPriceChanges(tx, actor, "repricing");
      const markups = await categoryMarkups(tx);
      const rows: Pegged[] = await tx
        .select({
          id: products.id,
          name: products.name,
          price: products.price,
          salePrice: products.salePrice,
          usdPrice: products.usdPrice,
          markupPercent: products.markupPercent,
          categoryId: products.categoryId,
        })
        .from(products)
        .where(and(...filters, after === null ? undefined : gt(products.id, after)))
        .orderBy(asc(products.id))
        .limit(batchSize)
        .for("update");
      if (rows.length === 0) return null;
      report.batches += 1;
      await repriceBatch(tx, rows, exchange, markups, report);
      return rows.at(-1)!.id;
    });
    if (last === null) break;
    after = last;
  }
  await recordAudit(db, actor, {
    action: "product.reprice",
    entityType: "product",
    entityId: "dollar",
    entityLabel: `Cotización ${exchange.rate ?? "sin cargar"}${exchange.source ? ` (${exchange.source})` : ""}`,
    before: null,
    after: {
      cambiados: report.changed,
      sin_cambios: report.unchanged,
      omitidos: report.skipped.map((s) => `${s.name}: ${s.reason}`).slice(0, 50),
      muestra: report.sample.map((s) => `${s.name}: ${s.before ?? "sin precio"} → ${s.after}`),
    },
  });
  return report;
}

/** The report as staff read it: "12 precios cambiados (Notebook: $ 1.000 → $ 1.300, …); 1 omitido: …". */
export function repriceSummary(report: RepriceReport): string {
  const parts = [
    `${report.changed} ${report.changed === 1 ? "precio cambiado" : "precios cambiados"}` +
      (report.sample.length
        ? ` (${report.sample
            .slice(0, 3)
            .map((s) => `${s.name}: ${s.before === null ? "sin precio" : formatARS(s.before)} → ${formatARS(s.after)}`)
            .join("; ")})`
        : ""),
    `${report.unchanged} sin cambios`,
  ];
  if (report.skipped.length)
    parts.push(
      `${report.skipped.length} ${report.skipped.length === 1 ? "omitido" : "omitidos"}: ${report.skipped
        .slice(0, 3)
        .map((s) => `${s.name}: ${s.reason}`)
        .join(" ")}`,
    );
  return `${parts.join("; ")}.`;
}

/** "Traer cotización": what the rate service says now, for staff to confirm (nothing is saved). */
export type RateQuoteResult = { ok: true; quote: BcraRate } | { ok: false; message: string; quote: BcraRate | null };

export async function quoteDollarRate(): Promise<RateQuoteResult> {
  try {
    return { ok: true, quote: await fetchDollarRate() };
  } catch (error) {
    if (error instanceof BcraError) return { ok: false, message: error.message, quote: null };
    throw error;
  }
}

export type ApplyRateResult =
  { ok: true; quote: BcraRate; report: RepriceReport } | { ok: false; message: string; quote: BcraRate | null };

/**
 * Staff confirmed the rate they were shown (`expected`): the server asks the service again and
 * saves what the service says, never the browser's number (source and date included, rounding
 * and "USD x" kept), then re-prices the pegged products. When the service's rate is no longer
 * the one shown, nothing is saved and the new one is answered for staff to look at again.
 */
export async function applyQuotedRate(actor: AuditActor, expected: number): Promise<ApplyRateResult> {
  const quoted = await quoteDollarRate();
  if (!quoted.ok) return quoted;
  const { quote } = quoted;
  if (Math.round(quote.rate * 100) !== Math.round(expected * 100)) {
    return {
      ok: false,
      quote,
      message: `La cotización cambió mientras tanto: ahora es ${formatARS(quote.rate)} (${quote.source}, ${quote.date}). Revisala y confirmá de nuevo.`,
    };
  }
  const current = await getSetting("exchange_rate", getDb());
  await updateSetting(actor, "exchange_rate", { ...current, rate: quote.rate, source: quote.source, date: quote.date });
  return { ok: true, quote, report: await repricePegged(actor) };
}

const NIL = "00000000-0000-0000-0000-000000000000";

/** The category and all its subcategories (their products inherit its markup). */
export async function categoryAndDescendants(categoryId: string, db: DbOrTx = getDb()): Promise<string[]> {
  const rows = await db.select({ id: categories.id, parentId: categories.parentId }).from(categories);
  const ids = new Set([categoryId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows)
      if (r.parentId && ids.has(r.parentId) && !ids.has(r.id)) {
        ids.add(r.id);
        grew = true;
      }
  }
  return [...ids];
}
