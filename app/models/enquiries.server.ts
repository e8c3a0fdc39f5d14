import { and, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { type Database, type DbOrTx, getDb } from "~/db/client.server";
import { pgErrorOf } from "~/db/pg-error.server";
import { companies, customerGroups } from "~/db/schema/business";
import { contactMessages } from "~/db/schema/content";
import { findCuit } from "~/domain/cuit";
import type { FormType } from "~/domain/form-type";
import { EnquiryListQuerySchema } from "~/schemas/admin";
import type { CompanyConversion } from "~/schemas/business";
import { formatShortDateTime } from "~/domain/dates";
import { isUuid } from "~/domain/uuid";
import { type AuditActor, recordChange } from "./audit.server";
import { attachOrInvite, queueCompanyReviewEmails } from "./company-members.server";

// Enquiries (contact_messages) for the staff: listed newest first, filtered by the form they
// came from and by whether someone already handled them, read one by one, marked handled; an
// /empresas enquiry can become a company (ADR 0022).

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
  /** The CUIT written in the message, if any (check digit verified), to prefill the conversion. */
  cuit: string | null;
  /** The company staff created from it. */
  company: { id: string; legalName: string } | null;
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
  const [found] = await db
    .select({ row: contactMessages, legalName: companies.legalName })
    .from(contactMessages)
    .leftJoin(companies, eq(companies.id, contactMessages.companyId))
    .where(eq(contactMessages.id, id));
  if (!found) return null;
  const { row, legalName } = found;
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
    cuit: findCuit(row.message),
    company: row.companyId && legalName ? { id: row.companyId, legalName } : null,
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

export const CONVERSION_CUIT_TAKEN =
  "Ya hay una empresa con este CUIT. Buscala en Empresas y sumá al contacto desde ahí.";

export type ConversionResult =
  | {
      ok: true;
      id: string;
      legalName: string;
      /** The contact: attached as approver, invited by e-mail, or neither (their account cannot be). */
      contact: "member" | "invited" | { refused: string };
    }
  | { ok: false; errors: Record<string, string> };

/**
 * Staff turn an /empresas enquiry into a company, in one transaction: the company (approved or
 * pending, in a group), the contact as its approver (their customer account, or an invitation
 * to the contact's e-mail), the enquiry marked handled and linked to it, and the audit entry. A
 * CUIT already registered is refused by the unique index, so two conversions cannot both pass.
 */
export async function convertEnquiry(
  actor: AuditActor,
  input: CompanyConversion,
  db: Database = getDb(),
): Promise<ConversionResult> {
  try {
    return await db.transaction(async (tx): Promise<ConversionResult> => {
      const [enquiry] = await tx
        .select({ formType: contactMessages.formType, companyId: contactMessages.companyId })
        .from(contactMessages)
        .where(eq(contactMessages.id, input.enquiryId))
        .for("update");
      if (!enquiry) return { ok: false, errors: { form: "No encontramos la consulta." } };
      if (enquiry.formType !== "b2b_contact") {
        return { ok: false, errors: { form: "Solo una consulta de Empresas se convierte en empresa." } };
      }
      if (enquiry.companyId) return { ok: false, errors: { form: "Esta consulta ya se convirtió en una empresa." } };
      const [group] = await tx
        .select({ name: customerGroups.name })
        .from(customerGroups)
        .where(eq(customerGroups.id, input.groupId));
      if (!group) return { ok: false, errors: { groupId: "Ese grupo ya no existe. Elegí otro." } };
      const { enquiryId, ...fields } = input;
      const approved = input.status === "approved";
      const [company] = await tx
        .insert(companies)
        .values({ ...fields, reviewedAt: approved ? new Date() : null, reviewedBy: approved ? actor.email : null })
        .returning({ id: companies.id, legalName: companies.legalName });
      await tx
        .update(contactMessages)
        .set({ companyId: company!.id, handledAt: sql`coalesce(${contactMessages.handledAt}, now())` })
        .where(eq(contactMessages.id, enquiryId));
      await recordChange(
        tx,
        actor,
        { action: "company.convert", entityType: "company", entityId: company!.id, entityLabel: input.legalName },
        null,
        { cuit: input.cuit, status: input.status, group: group.name, enquiryId },
        ["cuit", "status", "group", "enquiryId"],
      );
      const contact = await attachOrInvite(tx, actor, company!, {
        email: input.contactEmail,
        role: "approver",
        invite: true,
        inviter: "Vitec",
        // Approved at once: the approval e-mail below carries the invitation's link, one e-mail.
        inviteEmail: !approved,
      });
      if (approved) await queueCompanyReviewEmails(tx, company!.id);
      return {
        ok: true,
        id: company!.id,
        legalName: company!.legalName,
        contact: contact.ok ? contact.outcome : { refused: Object.values(contact.errors)[0]! },
      };
    });
  } catch (error) {
    const pg = pgErrorOf(error);
    if (pg?.code === "23505" && pg.constraint === "companies_cuit_unique") {
      return { ok: false, errors: { cuit: CONVERSION_CUIT_TAKEN } };
    }
    throw error;
  }
}
