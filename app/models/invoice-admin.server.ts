import { X509Certificate, createPrivateKey } from "node:crypto";
import { and, asc, eq, gte, inArray, lte, ne, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type DbOrTx, getDb } from "~/db/client.server";
import { settings } from "~/db/schema/content";
import { invoices } from "~/db/schema/invoices";
import { orders } from "~/db/schema/orders";
import { type BookInvoice, invoiceLabel } from "~/domain/libro-iva";
import { isUuid } from "~/domain/uuid";
import { type ArcaConfig, arcaConfig, decryptPrivateKey, encryptPrivateKey } from "~/services/arca/config.server";
import { type ConnectionCheck, checkConnection } from "~/services/arca/connection.server";
import { ArcaError } from "~/services/arca/errors";
import type { PointOfSale } from "~/services/arca/wsfe.server";
import type { ToastInput } from "~/schemas/toast";
import { getEnv } from "~/utils/env.server";
import { type AuditActor, recordAudit } from "./audit.server";
import {
  InvoiceQueueError,
  currentFactura,
  invoicingSettingsOf,
  isCreditedInFull,
  queueFactura,
} from "./invoices.server";
import { orderNumber } from "./order.server";
import { getSettings } from "./settings.server";

// The admin side of ARCA invoicing (ADR 0017): the certificate and key staff upload in
// Configuración > Facturación (the key kept encrypted, never shown back), the configuration the
// invoicing job and "Probar conexión" use, the Facturar buttons of Admin > Órdenes, the invoice
// state each order shows, and the Facturación screen's list.

/** The settings row holding the uploaded certificate and the encrypted key (not a card's setting). */
const CREDENTIALS_KEY = "arca_credentials";

type StoredCredentials = { certPem: string; keyEncrypted: string; subject: string; expiresAt: string };

/** What the card shows of the credentials: never the key itself. */
export type CredentialsStatus = {
  environment: "homologacion" | "produccion";
  /** ARCA_CERT_PATH / ARCA_KEY_PATH are set: they are used, whatever was uploaded. */
  fromEnvironment: boolean;
  /** ARCA_KEY_ENCRYPTION_KEY is set: an uploaded key can be stored. */
  canStore: boolean;
  uploaded: { subject: string; expiresAt: string } | null;
};

async function readStoredCredentials(db: DbOrTx): Promise<StoredCredentials | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, CREDENTIALS_KEY));
  return (row?.value as StoredCredentials | undefined) ?? null;
}

export async function credentialsStatus(db: DbOrTx = getDb()): Promise<CredentialsStatus> {
  const env = getEnv();
  const stored = await readStoredCredentials(db);
  return {
    environment: env.ARCA_ENV ?? "homologacion",
    fromEnvironment: Boolean(env.ARCA_CERT_PATH && env.ARCA_KEY_PATH),
    canStore: Boolean(env.ARCA_KEY_ENCRYPTION_KEY),
    uploaded: stored ? { subject: stored.subject, expiresAt: stored.expiresAt } : null,
  };
}

export const NO_ENCRYPTION_KEY =
  "No se puede guardar la clave: falta ARCA_KEY_ENCRYPTION_KEY en el entorno del servidor (al menos 32 caracteres al azar). Pedile a quien administra el servidor que la configure.";

export type CredentialsResult = { ok: true; subject: string } | { ok: false; message: string };

/** "CN=vitec, serialNumber=CUIT 20123456786" from the certificate's subject lines. */
function subjectOf(certificate: X509Certificate): string {
  return certificate.subject.split("\n").filter(Boolean).join(", ");
}

/**
 * Keeps the certificate ARCA gave and its private key (encrypted with ARCA_KEY_ENCRYPTION_KEY).
 * Refused, with the reason, when either cannot be read, the key is not the certificate's, the
 * certificate has expired or the encryption key is missing.
 */
export async function saveArcaCredentials(
  actor: AuditActor,
  certPem: string,
  keyPem: string,
  db: DbOrTx = getDb(),
): Promise<CredentialsResult> {
  if (!getEnv().ARCA_KEY_ENCRYPTION_KEY) return { ok: false, message: NO_ENCRYPTION_KEY };
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(certPem);
  } catch {
    return { ok: false, message: "El certificado no se puede leer: subí el archivo .crt o .pem que dio ARCA." };
  }
  try {
    const key = createPrivateKey(keyPem);
    if (!certificate.checkPrivateKey(key)) {
      return { ok: false, message: "La clave privada no corresponde a ese certificado." };
    }
  } catch {
    return { ok: false, message: "La clave privada no se puede leer: subí el archivo .key (PEM, sin contraseña)." };
  }
  const expiresAt = new Date(certificate.validTo);
  if (expiresAt.getTime() < Date.now()) {
    return { ok: false, message: "El certificado está vencido: pedí uno nuevo en ARCA." };
  }
  const subject = subjectOf(certificate);
  const value: StoredCredentials = {
    certPem: certificate.toString(),
    keyEncrypted: encryptPrivateKey(keyPem),
    subject,
    expiresAt: expiresAt.toISOString(),
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ key: CREDENTIALS_KEY, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
    // The audit names the certificate, never the key.
    await recordAudit(tx, actor, {
      action: "setting.arca_certificate",
      entityType: "setting",
      entityId: CREDENTIALS_KEY,
      entityLabel: "Certificado de ARCA",
      before: null,
      after: { certificate: subject, expiresAt: value.expiresAt },
    });
  });
  return { ok: true, subject };
}

/**
 * The ARCA configuration the store invoices with: the CUIT of Configuración > Facturación (or
 * ARCA_CUIT), the certificate and key from the environment's files when given, else the uploaded
 * ones. Throws ArcaError("config") saying what is missing.
 */
export async function storeArcaConfig(db: DbOrTx = getDb()): Promise<ArcaConfig> {
  const env = getEnv();
  const { invoicing } = await getSettings(["invoicing"], db);
  const cuit = invoicing.cuit || null;
  if (env.ARCA_CERT_PATH && env.ARCA_KEY_PATH) return arcaConfig({ cuit });
  const stored = await readStoredCredentials(db);
  if (!stored) throw new ArcaError("config", "no_certificate", "Falta el certificado o la clave de ARCA.");
  return arcaConfig({ cuit, credentials: { certPem: stored.certPem, keyPem: decryptPrivateKey(stored.keyEncrypted) } });
}

// ---------------------------------------------------------------- an order's invoice

/** What Admin > Órdenes shows of an order's factura. */
export type OrderInvoiceView = {
  status: "pending" | "authorised" | "failed";
  /** "Factura A 0003-00000012" once numbered. */
  label: string | null;
  invoiceClass: "A" | "B" | "C";
  cae: string | null;
  caeExpiresAt: string | null;
  errorCode: string | null;
  errorText: string | null;
};

/** The factura of each order that has one, by order id. */
export async function orderInvoices(orderIds: string[], db: DbOrTx = getDb()): Promise<Map<string, OrderInvoiceView>> {
  if (orderIds.length === 0) return new Map();
  // Each order's latest issue last, so the map keeps its current factura.
  const rows = await db
    .select()
    .from(invoices)
    .where(and(inArray(invoices.orderId, orderIds), eq(invoices.kind, "factura")))
    .orderBy(asc(invoices.issue));
  return new Map(
    rows.map((row) => [
      row.orderId,
      {
        status: row.status,
        label: row.number ? invoiceLabel(row) : null,
        invoiceClass: row.invoiceClass,
        cae: row.cae,
        caeExpiresAt: row.caeExpiresAt,
        errorCode: row.errorCode,
        errorText: row.errorText,
      },
    ]),
  );
}

/**
 * Orders with no authorised factura standing ("sin facturar"): none, or only ones credited in
 * full (a cancelled order reopened), by the credit notes not refused.
 */
export function uninvoicedCondition(db: DbOrTx = getDb()): SQL {
  const notes = alias(invoices, "notes");
  const credited = db
    .select({ cents: sql`coalesce(sum((${notes.amounts} ->> 'impTotalCents')::bigint), 0)` })
    .from(notes)
    .where(and(eq(notes.associatedInvoiceId, invoices.id), ne(notes.status, "failed")));
  return sql`not exists (${db
    .select({ one: sql`1` })
    .from(invoices)
    .where(
      and(
        eq(invoices.orderId, orders.id),
        eq(invoices.kind, "factura"),
        eq(invoices.status, "authorised"),
        sql`(${credited}) < (${invoices.amounts} ->> 'impTotalCents')::bigint`,
      ),
    )})`;
}

const PAID_STATUSES = new Set(["processing", "shipped", "delivered"]);

export type InvoiceOrderResult = { orderId: string; number: string; ok: boolean; message: string };

/**
 * Facturar: queues the factura of each order for the invoicing job. Refused per order, with the
 * reason, when it is not paid, cancelled, already invoiced or waiting for its CAE; a factura ARCA
 * refused is asked for again.
 */
export async function invoiceOrders(
  actor: AuditActor,
  orderIds: readonly unknown[],
  db: DbOrTx = getDb(),
): Promise<InvoiceOrderResult[]> {
  const ids = [...new Set(orderIds.filter((id): id is string => typeof id === "string" && isUuid(id)))];
  const { invoicing } = await getSettings(["invoicing"], db);
  const results: InvoiceOrderResult[] = [];
  for (const orderId of ids) {
    const number = orderNumber(orderId);
    const refuse = (message: string) => results.push({ orderId, number, ok: false, message });
    if (invoicing.mode === "off") {
      refuse(`La orden #${number} no se factura: la facturación con ARCA está apagada (Configuración > Facturación).`);
      continue;
    }
    const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    if (!order) {
      refuse("No existe la orden.");
      continue;
    }
    if (order.status === "cancelled") {
      refuse(`La orden #${number} está cancelada: no se factura.`);
      continue;
    }
    if (!PAID_STATUSES.has(order.status)) {
      refuse(`La orden #${number} todavía no está paga: se factura cuando se aprueba el pago.`);
      continue;
    }
    const outcome = await db.transaction(async (tx) => {
      const current = await currentFactura(tx, orderId, true);
      // A factura credited in full (the order was cancelled, then reopened) is no longer the sale's.
      const existing = current && (await isCreditedInFull(tx, current)) ? null : current;
      if (existing?.status === "authorised") return `La orden #${number} ya está facturada.`;
      if (existing?.status === "pending") return `La orden #${number} ya está en cola para facturar.`;
      if (existing) {
        // ARCA refused it before (the reason is on the order): asked for again, as it is now.
        await tx.delete(invoices).where(eq(invoices.id, existing.id));
      }
      try {
        await tx.transaction((savepoint) => queueFactura(orderId, invoicingSettingsOf(invoicing), savepoint));
      } catch (error) {
        if (error instanceof InvoiceQueueError) return `La orden #${number}: ${error.message}`;
        throw error;
      }
      await recordAudit(tx, actor, {
        action: "order.invoice",
        entityType: "order",
        entityId: orderId,
        entityLabel: `#${number}`,
        before: existing ? { invoice: existing.status } : null,
        after: { invoice: "pending" },
      });
      return null;
    });
    if (outcome) refuse(outcome);
    else results.push({ orderId, number, ok: true, message: `La orden #${number} está en cola para facturar.` });
  }
  return results;
}

// ---------------------------------------------------------------- Facturación

/** The authorised invoices and credit notes issued in the store days from..to (both included). */
export async function listBookInvoices(
  range: { desde?: string | null; hasta?: string | null },
  db: DbOrTx = getDb(),
): Promise<BookInvoice[]> {
  const rows = await db
    .select({
      invoice: invoices,
      name: orders.customerName,
      lastname: orders.customerLastname,
      company: orders.billingCompany,
    })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(
      and(
        eq(invoices.status, "authorised"),
        // issued_on is the store's day (ARCA's date), compared as days.
        range.desde ? gte(invoices.issuedOn, range.desde) : undefined,
        range.hasta ? lte(invoices.issuedOn, range.hasta) : undefined,
      ),
    )
    .orderBy(asc(invoices.issuedOn), asc(invoices.cbteTipo), asc(invoices.number));
  return rows.map(({ invoice, name, lastname, company }) => ({
    issuedOn: invoice.issuedOn!,
    kind: invoice.kind,
    invoiceClass: invoice.invoiceClass,
    cbteTipo: invoice.cbteTipo,
    puntoVenta: invoice.puntoVenta,
    number: invoice.number!,
    docTipo: invoice.docTipo,
    docNro: invoice.docNro,
    name: company || [name, lastname].filter(Boolean).join(" "),
    cae: invoice.cae!,
    amounts: invoice.amounts,
  }));
}

// ---------------------------------------------------------------- Configuración > Facturación

/** What the certificate upload and "Probar conexión" answer to the card. */
export type ArcaActionData = {
  ok: boolean;
  intent: "arca-credentials" | "arca-test";
  message: string;
  pointsOfSale?: PointOfSale[];
  toast: ToastInput;
};

const MAX_PEM_BYTES = 20_000;

async function pemOf(value: FormDataEntryValue | null): Promise<string | null> {
  if (typeof value === "string") return value.trim() || null;
  if (!value || value.size === 0 || value.size > MAX_PEM_BYTES) return null;
  return (await value.text()).trim() || null;
}

const STEP_LABELS = { servers: "servidores", login: "inicio de sesión (WSAA)", points_of_sale: "puntos de venta" };

/**
 * The card's two extra forms (intent "arca-credentials", "arca-test"), or null for any other
 * form of the settings page.
 */
export async function arcaAdminAction(actor: AuditActor, form: FormData): Promise<ArcaActionData | null> {
  const intent = form.get("intent");
  if (intent === "arca-credentials") {
    const [certPem, keyPem] = await Promise.all([pemOf(form.get("certificate")), pemOf(form.get("privateKey"))]);
    const result =
      !certPem || !keyPem
        ? {
            ok: false as const,
            message: "Elegí el certificado (.crt) y la clave privada (.key), de hasta 20 KB cada uno.",
          }
        : await saveArcaCredentials(actor, certPem, keyPem);
    if (!result.ok) {
      return {
        ok: false,
        intent,
        message: result.message,
        toast: { type: "error", title: "Certificado no guardado", description: result.message },
      };
    }
    const message = `Certificado guardado: ${result.subject}.`;
    return {
      ok: true,
      intent,
      message,
      toast: { type: "success", title: "Certificado guardado", description: message },
    };
  }
  if (intent === "arca-test") {
    let config: ArcaConfig;
    try {
      config = await storeArcaConfig();
    } catch (error) {
      if (!(error instanceof ArcaError)) throw error;
      const message = `Falta configurar la facturación: ${error.text}`;
      return {
        ok: false,
        intent,
        message,
        toast: { type: "error", title: "Sin conexión con ARCA", description: message },
      };
    }
    const check: ConnectionCheck = await checkConnection(config);
    if (!check.ok) {
      const message = `ARCA respondió con error en ${STEP_LABELS[check.step]}: ${check.code} — ${check.text}`;
      return {
        ok: false,
        intent,
        message,
        toast: { type: "error", title: "Sin conexión con ARCA", description: message },
      };
    }
    const message =
      check.pointsOfSale.length === 0
        ? "Conexión correcta, pero ARCA no informa puntos de venta para web services."
        : "Conexión correcta con ARCA.";
    return {
      ok: true,
      intent,
      message,
      pointsOfSale: check.pointsOfSale,
      toast: { type: "success", title: "Conexión con ARCA", description: message },
    };
  }
  return null;
}
