import { randomUUID } from "node:crypto";
import { and, eq, isNotNull, lt, or, isNull, sql } from "drizzle-orm";
import { type DbOrTx, getDb, queryRows } from "~/db/client.server";
import { arcaNumbering, invoices } from "~/db/schema/invoices";
import { arcaDate, isoFromArcaDate } from "~/domain/arca-invoice";
import { invoiceSeller } from "~/domain/invoice-document";
import { getSettings } from "~/models/settings.server";
import { storeArcaConfig } from "~/models/invoice-admin.server";
import type { ArcaConfig } from "~/services/arca/config.server";
import { ArcaError } from "~/services/arca/errors";
import { creditIfCancelled } from "~/models/invoices.server";
import { postInvoiceToAccount } from "~/models/cuenta-corriente.server";
import { afterResponse } from "~/utils/after-response.server";
import { every } from "./every.server";
import {
  type CaeRequest,
  caeRequestBody,
  consultComprobante,
  lastAuthorised,
  requestCae,
} from "~/services/arca/wsfe.server";

// The invoicing job: asks ARCA for the CAE of each pending invoice (app/models/invoices.server.ts
// queues them). An invoice is claimed by one process (FOR UPDATE SKIP LOCKED and a lease); its
// number is given while that process holds the (point of sale, type) numbering lease, so numbers
// are consecutive across processes: last authorised number + 1 -> FECAESolicitar -> CAE kept.
// The number is written to the invoice before ARCA is asked, so an answer that never comes
// (timeout, crash) leaves a number that is checked with FECompConsultar before anything else is
// numbered: an invoice is never authorised twice and no number is skipped. ARCA down or busy:
// the invoice stays pending ("pendiente de facturar") with ARCA's error, retried with backoff.
// A refusal (a comprobante ARCA will not authorise as it is) marks it failed, with ARCA's code.

const CLAIM_MS = 5 * 60_000;
/** Longer than the three ARCA calls made while holding it (each bounded by the config's timeout). */
const NUMBERING_LEASE_MS = 5 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;

type InvoiceRow = typeof invoices.$inferSelect;

export type InvoicingRound = { authorised: number; failed: number; waiting: number; busy: number };

/** Backoff after `attempts` failed tries: 30 s, 1, 2, 4 … minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

async function claimOne(db: DbOrTx): Promise<InvoiceRow | null> {
  const [row] = await queryRows<{ id: string }>(
    sql`with due as (
          select id from ${invoices}
          where ${invoices.status} = 'pending' and ${invoices.nextAttemptAt} <= now()
            and (${invoices.claimedUntil} is null or ${invoices.claimedUntil} < now())
          order by ${invoices.createdAt}, ${invoices.id}
          limit 1
          for update skip locked
        )
        update ${invoices} set claimed_until = now() + make_interval(secs => ${CLAIM_MS / 1000})
        from due where ${invoices.id} = due.id
        returning ${invoices.id} as id`,
    db,
  );
  if (!row) return null;
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, row.id));
  return invoice ?? null;
}

async function takeNumbering(db: DbOrTx, puntoVenta: number, cbteTipo: number, holder: string): Promise<boolean> {
  await db.insert(arcaNumbering).values({ puntoVenta, cbteTipo }).onConflictDoNothing();
  const taken = await db
    .update(arcaNumbering)
    .set({ heldBy: holder, heldUntil: sql`now() + make_interval(secs => ${NUMBERING_LEASE_MS / 1000})` })
    .where(
      and(
        eq(arcaNumbering.puntoVenta, puntoVenta),
        eq(arcaNumbering.cbteTipo, cbteTipo),
        or(isNull(arcaNumbering.heldUntil), lt(arcaNumbering.heldUntil, sql`now()`)),
      ),
    )
    .returning({ holder: arcaNumbering.heldBy });
  return taken.length === 1;
}

async function releaseNumbering(db: DbOrTx, puntoVenta: number, cbteTipo: number, holder: string): Promise<void> {
  await db
    .update(arcaNumbering)
    .set({ heldBy: null, heldUntil: null })
    .where(
      and(
        eq(arcaNumbering.puntoVenta, puntoVenta),
        eq(arcaNumbering.cbteTipo, cbteTipo),
        eq(arcaNumbering.heldBy, holder),
      ),
    );
}

async function markAuthorised(
  db: DbOrTx,
  config: ArcaConfig,
  id: string,
  result: { cae: string; caeExpiresAt: string; number: number; date: string; response: Record<string, unknown> },
): Promise<void> {
  // Authorised, and (an order on account) in the company's ledger, in one transaction. The
  // seller is kept as it is now, with the CUIT that asked for the CAE: the comprobante prints it
  // whatever Configuración says later.
  const authorised = await db.transaction(async (tx) => {
    const { store, invoicing } = await getSettings(["store", "invoicing"], tx);
    const [row] = await tx
      .update(invoices)
      .set({
        status: "authorised",
        seller: invoiceSeller(store, invoicing, config.cuit),
        number: result.number,
        cae: result.cae,
        caeExpiresAt: isoFromArcaDate(result.caeExpiresAt),
        issuedOn: isoFromArcaDate(result.date),
        response: result.response,
        errorCode: null,
        errorText: null,
        claimedUntil: null,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, id))
      .returning({ kind: invoices.kind, orderId: invoices.orderId });
    if (row) await postInvoiceToAccount(tx, id);
    return row;
  });
  // The order was cancelled while its factura waited for the CAE: its credit note now.
  if (authorised?.kind === "factura") await creditIfCancelled(db, authorised.orderId);
}

/**
 * Numbers given before whose answer never came: ARCA has them (authorised, kept) or not (the
 * number is free again). Run while holding the numbering lease, before a new number is given.
 */
async function settleUnanswered(config: ArcaConfig, db: DbOrTx, puntoVenta: number, cbteTipo: number): Promise<void> {
  const unanswered = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.puntoVenta, puntoVenta),
        eq(invoices.cbteTipo, cbteTipo),
        eq(invoices.status, "pending"),
        isNotNull(invoices.number),
      ),
    );
  for (const invoice of unanswered) {
    const found = await consultComprobante(config, cbteTipo, invoice.number!, puntoVenta);
    if (found) {
      await markAuthorised(db, config, invoice.id, {
        cae: found.cae,
        caeExpiresAt: found.caeExpiresAt,
        number: invoice.number!,
        date: found.date,
        response: { FECompConsultar: found },
      });
    } else {
      await db
        .update(invoices)
        .set({ number: null, issuedOn: null, updatedAt: new Date() })
        .where(eq(invoices.id, invoice.id));
    }
  }
}

async function caeRequest(
  db: DbOrTx,
  config: ArcaConfig,
  invoice: InvoiceRow,
  number: number,
  date: string,
): Promise<CaeRequest> {
  let associated: CaeRequest["associated"];
  if (invoice.associatedInvoiceId) {
    const [original] = await db.select().from(invoices).where(eq(invoices.id, invoice.associatedInvoiceId));
    if (!original?.number || !original.issuedOn)
      throw new ArcaError("config", "no_associated", "La factura asociada no tiene número.");
    associated = {
      cbteTipo: original.cbteTipo,
      puntoVenta: original.puntoVenta,
      number: original.number,
      cuit: config.cuit,
      date: original.issuedOn.replace(/-/g, ""),
    };
  }
  return {
    puntoVenta: invoice.puntoVenta,
    cbteTipo: invoice.cbteTipo,
    number,
    date,
    docTipo: invoice.docTipo,
    docNro: invoice.docNro,
    condicionIvaReceptorId: invoice.condicionIvaReceptorId,
    amounts: invoice.amounts,
    associated,
  };
}

async function invoiceOne(config: ArcaConfig, db: DbOrTx, invoice: InvoiceRow): Promise<keyof InvoicingRound> {
  const holder = randomUUID();
  if (!(await takeNumbering(db, invoice.puntoVenta, invoice.cbteTipo, holder))) {
    // Another process is numbering this type: leave the invoice for a next round.
    await db.update(invoices).set({ claimedUntil: null }).where(eq(invoices.id, invoice.id));
    return "busy";
  }
  const attempts = invoice.attempts + 1;
  try {
    await settleUnanswered(config, db, invoice.puntoVenta, invoice.cbteTipo);
    const [current] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
    if (current?.status === "authorised") return "authorised";
    const number = (await lastAuthorised(config, invoice.puntoVenta, invoice.cbteTipo)) + 1;
    const date = arcaDate(new Date());
    const request = await caeRequest(db, config, invoice, number, date);
    // Written before ARCA is asked: if the answer never comes, this number is consulted first.
    await db
      .update(invoices)
      .set({
        number,
        issuedOn: isoFromArcaDate(date),
        request: caeRequestBody(request),
        attempts,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, invoice.id));
    const result = await requestCae(config, request);
    await markAuthorised(db, config, invoice.id, { ...result, date, response: result.response });
    return "authorised";
  } catch (error) {
    const arca = error instanceof ArcaError ? error : new ArcaError("network", "error", String(error));
    // A refusal ARCA gave for the comprobante itself: the number was not used. 10016 (someone
    // else took the number, e.g. on ARCA's web portal) is tried again with the next one.
    const refused = arca.kind === "rejected" && !arca.transient && arca.code !== "10016";
    const unanswered = arca.kind === "timeout" || arca.kind === "network";
    await db
      .update(invoices)
      .set({
        status: refused ? "failed" : "pending",
        ...(unanswered ? {} : { number: null, issuedOn: null }),
        errorCode: arca.code,
        errorText: arca.text,
        attempts,
        nextAttemptAt: new Date(Date.now() + (refused ? 0 : retryDelayMs(attempts))),
        claimedUntil: null,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, invoice.id));
    return refused ? "failed" : "waiting";
  } finally {
    await releaseNumbering(db, invoice.puntoVenta, invoice.cbteTipo, holder);
  }
}

/**
 * One round: claims pending invoices one at a time (up to `limit`) and asks ARCA for each.
 * Safe to run in several processes at once.
 */
export async function runInvoicing(config: ArcaConfig, limit = 20, db: DbOrTx = getDb()): Promise<InvoicingRound> {
  const round: InvoicingRound = { authorised: 0, failed: 0, waiting: 0, busy: 0 };
  for (let i = 0; i < limit; i++) {
    const invoice = await claimOne(db);
    if (!invoice) break;
    const outcome = await invoiceOne(config, db, invoice);
    round[outcome] += 1;
    if (outcome === "busy") break;
  }
  return round;
}

/**
 * One round with the store's configuration (app/models/invoice-admin.server.ts: the CUIT of
 * Configuración > Facturación or ARCA_CUIT, the certificate from the environment's files or the
 * one staff uploaded), read each time. A store not set up for ARCA has nothing to do: `onConfig`
 * hears why (or null when it is set up).
 */
async function storeRound(onConfig: (problem: string | null) => void = () => {}): Promise<void> {
  let config: ArcaConfig;
  try {
    config = await storeArcaConfig();
  } catch (error) {
    if (!(error instanceof ArcaError) || error.kind !== "config") throw error;
    onConfig(error.text);
    return;
  }
  onConfig(null);
  await runInvoicing(config);
}

/**
 * Asks ARCA for the pending invoices every `intervalMs` (server/serve.ts), saying once per reason
 * why a store meant for ARCA is not set up. Returns a stop function.
 */
export function startInvoicingWorker(intervalMs = 30_000): () => void {
  let lastProblem = "";
  return every("invoicing", intervalMs, () =>
    storeRound((problem) => {
      if (problem && problem !== lastProblem && (process.env.ARCA_CUIT || process.env.ARCA_CERT_PATH)) {
        console.error(`[invoicing] ARCA off: ${problem}`);
      }
      lastProblem = problem ?? "";
    }),
  );
}

/**
 * Staff pressed Facturar: a round now, after the answer, instead of at the worker's next one. It
 * runs in the process that answered (the route's copy of this module is not the one server/serve.ts
 * started the worker from, so the worker cannot be nudged from here); invoices are claimed across
 * processes, so the worker's round and this one never ask ARCA for the same invoice twice.
 */
export function invoiceSoon(): void {
  afterResponse("invoicing", () => storeRound());
}
