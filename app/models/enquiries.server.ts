import { and, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { type DbOrTx, getDb } from "~/db/client.server";
import { contactMessages } from "~/db/schema/content";
import type { FormType } from "~/domain/form-type";
import { EnquiryListQuerySchema } from "~/schemas/admin";
import { formatShortDateTime } from "~/domain/dates";
import { isUuid } from "~/domain/uuid";

// Enquiries (contact_messages) for the staff: listed newest first, filtered by the form they
// came from and by whether someone already handled them, read one by one, marked handled.

export const ENQUIRIES_PAGE_SIZE = 20;

export type EnquiryListQuery = z.input<typeof EnquiryListQuerySchema> & { pageSize?: number };

export type EnquirySummary = {
  id: string;
  name: string;
  email: string;
  subject: string | null;
  preview: string;
  formType: FormType;
  createdAt: string;
  createdAtLabel: string;
  handled: boolean;
};

export type Enquiry = Omit<EnquirySummary, "preview"> & {
  phone: string | null;
  companyName: string | null;
  message: string;
  handledAtLabel: string | null;
};

export type EnquiryList = {
  enquiries: EnquirySummary[];
  total: number;
  pending: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

function preview(message: string): string {
  const text = message.replace(/\s+/g, " ").trim();
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

export async function listEnquiries(query: EnquiryListQuery = {}, db: DbOrTx = getDb()): Promise<EnquiryList> {
  const { formType, state, page: requested } = EnquiryListQuerySchema.parse(query);
  const pageSize = query.pageSize ?? ENQUIRIES_PAGE_SIZE;
  const where = and(
    formType ? eq(contactMessages.formType, formType) : undefined,
    state === "handled"
      ? isNotNull(contactMessages.handledAt)
      : state === "pending"
        ? isNull(contactMessages.handledAt)
        : undefined,
  );
  const [[totals], [pendingRow]] = await Promise.all([
    db.select({ n: count() }).from(contactMessages).where(where),
    db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.handledAt)),
  ]);
  const total = totals?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(requested, pageCount);
  const rows = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      subject: contactMessages.subject,
      message: contactMessages.message,
      formType: contactMessages.formType,
      createdAt: contactMessages.createdAt,
      handledAt: contactMessages.handledAt,
    })
    .from(contactMessages)
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    enquiries: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      subject: row.subject,
      preview: preview(row.message),
      formType: row.formType,
      createdAt: row.createdAt.toISOString(),
      createdAtLabel: formatShortDateTime(row.createdAt),
      handled: row.handledAt !== null,
    })),
    total,
    pending: pendingRow?.n ?? 0,
    page,
    pageCount,
    pageSize,
  };
}

export async function getEnquiry(id: string, db: DbOrTx = getDb()): Promise<Enquiry | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    companyName: row.companyName,
    message: row.message,
    formType: row.formType,
    createdAt: row.createdAt.toISOString(),
    createdAtLabel: formatShortDateTime(row.createdAt),
    handled: row.handledAt !== null,
    handledAtLabel: row.handledAt ? formatShortDateTime(row.handledAt) : null,
  };
}

/** Marks an enquiry handled (now) or back to pending; false when it does not exist. */
export async function setEnquiryHandled(id: string, handled: boolean, db: DbOrTx = getDb()): Promise<boolean> {
  if (!isUuid(id)) return false;
  const updated = await db
    .update(contactMessages)
    // Marking an already handled enquiry again keeps the first time it was handled.
    .set({ handledAt: handled ? sql`coalesce(${contactMessages.handledAt}, now())` : null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return updated.length > 0;
}
