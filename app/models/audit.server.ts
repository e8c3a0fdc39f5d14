import { type SQL, and, count, desc, eq, gte, ilike, lt, or } from "drizzle-orm";
import { type DbOrTx, getDb } from "~/db/client.server";
import { AUDIT_ENTITY_TYPES, type AuditEntityType, auditLog } from "~/db/schema/staff";
import { type AuditValues, auditDiff } from "~/domain/audit";
import { isIsoDay, storeDayRange } from "~/domain/dates";

// The audit log: every admin change to prices, stock and status of products and orders, to
// settings and to roles is written here, in the same transaction as the change itself, so an
// entry exists exactly when the change does.

/** Who made the change: the signed-in admin, or the store itself (id null, a name in `email`). */
export type AuditActor = { id: string | null; email: string };

/** Changes made by Mercado Pago's notifications (a payment approved, refunded...). */
export const MERCADO_PAGO_ACTOR: AuditActor = { id: null, email: "Mercado Pago" };
/** Changes made by the store's own background jobs (an unpaid order that expired). */
export const SYSTEM_ACTOR: AuditActor = { id: null, email: "Sistema" };

export type AuditEntry = {
  action: string;
  entityType: AuditEntityType;
  entityId: string;
  entityLabel?: string | null;
  before: AuditValues | null;
  after: AuditValues | null;
};

export async function recordAudit(db: DbOrTx, actor: AuditActor, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  // Large imports write many entries: in batches, to stay under the driver's parameter limit.
  for (let i = 0; i < list.length; i += 500) {
    await db.insert(auditLog).values(
      list.slice(i, i + 500).map((e) => ({
        actorId: actor.id,
        actorEmail: actor.email,
        action: e.action,
        entityType: e.entityType,
        entityId: e.entityId,
        entityLabel: e.entityLabel ?? null,
        before: e.before,
        after: e.after,
      })),
    );
  }
}

/**
 * Records a change only when a watched field changed (see auditDiff). Returns whether an entry
 * was written.
 */
export async function recordChange(
  db: DbOrTx,
  actor: AuditActor,
  entry: Omit<AuditEntry, "before" | "after">,
  before: AuditValues | null,
  after: AuditValues | null,
  fields: readonly string[],
): Promise<boolean> {
  const diff = auditDiff(before, after, fields);
  if (!diff) return false;
  await recordAudit(db, actor, { ...entry, ...diff });
  return true;
}

export const AUDIT_PAGE_SIZE = 50;

export type AuditQuery = {
  entityType: AuditEntityType | null;
  /** Part of the admin's e-mail, or of the changed thing's name or id. */
  q: string;
  /** yyyy-mm-dd, inclusive, in the store's time zone. */
  from: string | null;
  to: string | null;
  page: number;
};

/** Reads the screen's filters from the URL; anything odd falls back to no filter. */
export function parseAuditQuery(params: URLSearchParams): AuditQuery {
  const type = params.get("tipo");
  const page = Number(params.get("page"));
  const date = (key: string) => {
    const value = params.get(key);
    return value && isIsoDay(value) ? value : null;
  };
  return {
    entityType: (AUDIT_ENTITY_TYPES as readonly string[]).includes(type ?? "") ? (type as AuditEntityType) : null,
    q: (params.get("q") ?? "").replaceAll("\0", "").trim().slice(0, 100),
    from: date("desde"),
    to: date("hasta"),
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, 10_000) : 1,
  };
}

export type AuditRow = {
  id: string;
  actorEmail: string;
  action: string;
  entityType: string;
  entityId: string;
  entityLabel: string | null;
  before: AuditValues | null;
  after: AuditValues | null;
  createdAt: Date;
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listAuditLog(
  query: AuditQuery,
  db: DbOrTx = getDb(),
): Promise<{ rows: AuditRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.entityType) conditions.push(eq(auditLog.entityType, query.entityType));
  if (query.q) {
    const like = `%${escapeLike(query.q)}%`;
    conditions.push(
      or(ilike(auditLog.actorEmail, like), ilike(auditLog.entityLabel, like), ilike(auditLog.entityId, like))!,
    );
  }
  // Days are the store's days.
  const { start, end } = storeDayRange(query.from, query.to);
  if (start) conditions.push(gte(auditLog.createdAt, start));
  if (end) conditions.push(lt(auditLog.createdAt, end));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        actorEmail: auditLog.actorEmail,
        action: auditLog.action,
        entityType: auditLog.entityType,
        entityId: auditLog.entityId,
        entityLabel: auditLog.entityLabel,
        before: auditLog.before,
        after: auditLog.after,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((query.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}
