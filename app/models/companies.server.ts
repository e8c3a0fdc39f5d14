import { asc, count, desc, eq, sql } from "drizzle-orm";
import { type Database, type DbOrTx, getDb } from "~/db/client.server";
import { pgErrorOf } from "~/db/pg-error.server";
import { users } from "~/db/schema/auth";
import { companies, companyMembers, customerGroups } from "~/db/schema/business";
import {
  type BusinessIvaCondition,
  COMPANY_STATUS_LABELS,
  type CompanyRole,
  type CompanyStatus,
} from "~/domain/business";
import { formatCuit } from "~/domain/cuit";
import { formatShortDateTime } from "~/domain/dates";
import { ivaConditionLabel } from "~/domain/invoice";
import { isUuid } from "~/domain/uuid";
import type { CompanyRegistration, CompanyReview, CustomerGroupForm } from "~/schemas/business";
import { type AuditActor, recordChange } from "./audit.server";
import {
  type MemberResult,
  attachOrInvite,
  changeMember,
  oneCompanyPerAccount,
  queueCompanyReviewEmails,
} from "./company-members.server";

// [25/25] Business buyers (ADR 0022): a signed-in customer registers their company (it waits for
// staff), staff review it in Admin > Empresas (status, customer group, credit limit, terms) and
// keep the customer groups. Every review is in the audit log.

export const CUIT_TAKEN =
  "Ya hay una empresa registrada con este CUIT. Si trabajás en ella, pedile a quien la registró que te sume.";
export const ALREADY_MEMBER = "Tu cuenta ya pertenece a una empresa.";

export type MemberCompany = {
  id: string;
  cuit: string;
  legalName: string;
  ivaCondition: BusinessIvaCondition;
  status: CompanyStatus;
  statusLabel: string;
  groupName: string | null;
  role: CompanyRole;
};

/** The company the user buys for (one at most), with its status and group. */
export async function getMemberCompany(userId: string, db: DbOrTx = getDb()): Promise<MemberCompany | null> {
  const [row] = await db
    .select({
      id: companies.id,
      cuit: companies.cuit,
      legalName: companies.legalName,
      ivaCondition: companies.ivaCondition,
      status: companies.status,
      groupName: customerGroups.name,
      role: companyMembers.role,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .leftJoin(customerGroups, eq(customerGroups.id, companies.groupId))
    .where(eq(companyMembers.userId, userId));
  return row ? { ...row, cuit: formatCuit(row.cuit), statusLabel: COMPANY_STATUS_LABELS[row.status] } : null;
}

/**
 * The checkout's invoice data for a member of an approved company: its CUIT, razón social and IVA
 * condition, as the order will carry them (placeOrder takes them from the company again, whatever
 * is posted). Nothing for anyone else.
 */
export function companyInvoicePrefill(company: MemberCompany | null): Record<string, string> {
  if (company?.status !== "approved") return {};
  return { cuit: company.cuit, company: company.legalName, ivaCondition: company.ivaCondition };
}

export type RegisterResult = { ok: true; id: string } | { ok: false; errors: Record<string, string> };

/**
 * Registers the company, pending review, with the user as its approver, in one transaction. A
 * CUIT already registered, or a user who already belongs to a company, is refused: the unique
 * indexes decide, so two registrations at once cannot both pass.
 */
export async function registerCompany(
  user: { id: string },
  input: CompanyRegistration,
  db: Database = getDb(),
): Promise<RegisterResult> {
  try {
    const id = await db.transaction(async (tx) => {
      const [company] = await tx.insert(companies).values(input).returning({ id: companies.id });
      await tx.insert(companyMembers).values({ companyId: company!.id, userId: user.id, role: "approver" });
      return company!.id;
    });
    return { ok: true, id };
  } catch (error) {
    const pg = pgErrorOf(error);
    if (pg?.code === "23505" && pg.constraint === "companies_cuit_unique") {
      return { ok: false, errors: { cuit: CUIT_TAKEN } };
    }
    if (pg?.code === "23505" && pg.constraint === "company_members_user_unique") {
      return { ok: false, errors: { form: ALREADY_MEMBER } };
    }
    throw error;
  }
}

export type CustomerGroup = { id: string; name: string; defaultPercent: number; companies: number };

export async function listCustomerGroups(db: DbOrTx = getDb()): Promise<CustomerGroup[]> {
  return db
    .select({
      id: customerGroups.id,
      name: customerGroups.name,
      defaultPercent: customerGroups.defaultPercent,
      companies: sql<number>`(select count(*)::int from companies c where c.group_id = "customer_groups"."id")`,
    })
    .from(customerGroups)
    .orderBy(asc(customerGroups.name));
}

export type SaveGroupResult = { ok: true; id: string } | { ok: false; errors: Record<string, string> };

export async function createCustomerGroup(
  actor: AuditActor,
  input: CustomerGroupForm,
  db: Database = getDb(),
): Promise<SaveGroupResult> {
  try {
    return await db.transaction(async (tx) => {
      const [group] = await tx.insert(customerGroups).values(input).returning({ id: customerGroups.id });
      await recordChange(
        tx,
        actor,
        { action: "company.group", entityType: "company", entityId: group!.id, entityLabel: `Grupo ${input.name}` },
        null,
        { name: input.name, defaultPercent: input.defaultPercent },
        ["name", "defaultPercent"],
      );
      return { ok: true as const, id: group!.id };
    });
  } catch (error) {
    const pg = pgErrorOf(error);
    if (pg?.code === "23505" && pg.constraint === "customer_groups_name_unique") {
      return { ok: false, errors: { name: "Ya hay un grupo con ese nombre." } };
    }
    throw error;
  }
}

export type AdminCompany = {
  id: string;
  cuit: string;
  legalName: string;
  ivaCondition: BusinessIvaCondition;
  ivaConditionLabel: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  status: CompanyStatus;
  statusLabel: string;
  groupId: string | null;
  groupName: string | null;
  creditLimit: number | null;
  paymentTermsDays: number;
  members: number;
  createdAtLabel: string;
  reviewedLabel: string | null;
};

export type CompanyList = { companies: AdminCompany[]; pending: number };

/** Every company, pending ones first, newest first; with ?estado only that status. */
export async function listCompanies(query: { estado?: CompanyStatus }, db: DbOrTx = getDb()): Promise<CompanyList> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        company: companies,
        groupName: customerGroups.name,
        members: sql<number>`(select count(*)::int from company_members m where m.company_id = "companies"."id")`,
      })
      .from(companies)
      .leftJoin(customerGroups, eq(customerGroups.id, companies.groupId))
      .where(query.estado ? eq(companies.status, query.estado) : undefined)
      .orderBy(sql`${companies.status} = 'pending' desc`, desc(companies.createdAt)),
    db.select({ pending: count() }).from(companies).where(eq(companies.status, "pending")),
  ]);
  return {
    pending: counted?.pending ?? 0,
    companies: rows.map(({ company: c, groupName, members }) => ({
      id: c.id,
      cuit: formatCuit(c.cuit),
      legalName: c.legalName,
      ivaCondition: c.ivaCondition,
      ivaConditionLabel: ivaConditionLabel(c.ivaCondition),
      contactName: c.contactName,
      contactEmail: c.contactEmail,
      contactPhone: c.contactPhone,
      status: c.status,
      statusLabel: COMPANY_STATUS_LABELS[c.status],
      groupId: c.groupId,
      groupName,
      creditLimit: c.creditLimit === null ? null : Number(c.creditLimit),
      paymentTermsDays: c.paymentTermsDays,
      members,
      createdAtLabel: formatShortDateTime(c.createdAt),
      reviewedLabel: c.reviewedAt ? `${formatShortDateTime(c.reviewedAt)} · ${c.reviewedBy ?? ""}` : null,
    })),
  };
}

export type ReviewResult = { ok: true; legalName: string } | { ok: false; errors: Record<string, string> };

const REVIEWED = ["status", "groupId", "creditLimit", "paymentTermsDays"] as const;

/** Staff set a company's status, group, credit limit and terms; the change goes to the audit log. */
export async function reviewCompany(
  actor: AuditActor,
  input: CompanyReview,
  db: Database = getDb(),
): Promise<ReviewResult> {
  if (!isUuid(input.id)) return { ok: false, errors: { form: "No encontramos la empresa." } };
  return db.transaction(async (tx): Promise<ReviewResult> => {
    const [before] = await tx.select().from(companies).where(eq(companies.id, input.id)).for("update");
    if (!before) return { ok: false, errors: { form: "No encontramos la empresa." } };
    if (input.groupId !== null) {
      const [group] = await tx
        .select({ id: customerGroups.id })
        .from(customerGroups)
        .where(eq(customerGroups.id, input.groupId));
      if (!group) return { ok: false, errors: { groupId: "Ese grupo ya no existe. Elegí otro." } };
    }
    const creditLimit = input.creditLimit === null ? null : input.creditLimit.toFixed(2);
    await tx
      .update(companies)
      .set({
        status: input.status,
        groupId: input.groupId,
        creditLimit,
        paymentTermsDays: input.paymentTermsDays,
        reviewedAt: new Date(),
        reviewedBy: actor.email,
        updatedAt: new Date(),
      })
      .where(eq(companies.id, input.id));
    await recordChange(
      tx,
      actor,
      { action: "company.review", entityType: "company", entityId: before.id, entityLabel: before.legalName },
      {
        status: before.status,
        groupId: before.groupId,
        creditLimit: before.creditLimit === null ? null : Number(before.creditLimit),
        paymentTermsDays: before.paymentTermsDays,
      },
      {
        status: input.status,
        groupId: input.groupId,
        creditLimit: input.creditLimit,
        paymentTermsDays: input.paymentTermsDays,
      },
      REVIEWED,
    );
    // The members hear of a decision (approved or rejected), not of a change of limit or terms.
    if (input.status !== before.status) await queueCompanyReviewEmails(tx, before.id);
    return { ok: true, legalName: before.legalName };
  });
}

export type CompanyMember = { userId: string; name: string; email: string; role: CompanyRole };

export async function listCompanyMembers(companyId: string, db: DbOrTx = getDb()): Promise<CompanyMember[]> {
  if (!isUuid(companyId)) return [];
  return db
    .select({ userId: users.id, name: users.name, email: users.email, role: companyMembers.role })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(asc(companyMembers.createdAt));
}

/**
 * Staff add a customer account, by its e-mail, to a company as buyer or approver. The account must
 * exist (the person signs up first), be a customer's, and belong to no company yet.
 */
export async function addCompanyMember(
  actor: AuditActor,
  input: { companyId: string; email: string; role: CompanyRole },
  db: Database = getDb(),
): Promise<MemberResult> {
  return oneCompanyPerAccount(() =>
    db.transaction(async (tx): Promise<MemberResult> => {
      const [company] = await tx
        .select({ id: companies.id, legalName: companies.legalName })
        .from(companies)
        .where(eq(companies.id, input.companyId));
      if (!company) return { ok: false, errors: { form: "No encontramos la empresa." } };
      return attachOrInvite(tx, actor, company, { email: input.email, role: input.role, invite: false });
    }),
  );
}

/**
 * Staff take an account out of a company: from then on it buys at public prices. Under the
 * company's row lock and with the rule of Mi Cuenta (`changeMember`): never its last approver.
 * Null when the account is not a member of the company.
 */
export async function removeCompanyMember(
  actor: AuditActor,
  input: { companyId: string; userId: string },
  db: Database = getDb(),
): Promise<MemberResult | null> {
  return db.transaction(async (tx) => {
    const [company] = await tx
      .select({ id: companies.id, legalName: companies.legalName })
      .from(companies)
      .where(eq(companies.id, input.companyId))
      .for("update");
    return company ? changeMember(tx, actor, company, { kind: "remove", userId: input.userId }) : null;
  });
}
