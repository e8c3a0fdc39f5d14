import { and, asc, count, eq } from "drizzle-orm";
import { type Database, type DbOrTx, getDb } from "~/db/client.server";
import { pgErrorOf } from "~/db/pg-error.server";
import { users } from "~/db/schema/auth";
import { companies, companyInvitations, companyMembers, customerGroups } from "~/db/schema/business";
import type { AuditValues } from "~/domain/audit";
import { COMPANY_ROLE_LABELS, type CompanyRole } from "~/domain/business";
import { companyInviteEmail, companyReviewEmail } from "~/domain/emails";
import { isUuid } from "~/domain/uuid";
import { baseUrl } from "~/utils/env.server";
import { signLink, verifyLink } from "~/utils/signed-link.server";
import { type AuditActor, recordChange } from "./audit.server";
import { queueEmails } from "./outbox.server";

// [25/25] Who buys for a company (ADR 0022): staff, an approver of the company in Mi Cuenta, and
// the conversion of an /empresas enquiry add a member by e-mail. An existing customer account is
// attached at once; an e-mail with no account gets an invitation (a row and an e-mailed link
// signed with the app's secret); accepting it, signed in with that same e-mail, attaches the
// account. The link proves the inbox, the session proves the account: the store does not verify
// e-mails at sign-up, so matching the e-mail alone would let anyone claim the invitation.

/** How long an invitation's link works. */
export const INVITATION_DAYS = 30;

export type MemberResult =
  { ok: true; email: string; outcome: "member" | "invited" } | { ok: false; errors: Record<string, string> };

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type CompanyRef = { id: string; legalName: string };

const MEMBER_TAKEN = "Esa cuenta ya pertenece a una empresa.";

/** Runs a member change; two changes racing for one account end in the unique index's message. */
export async function oneCompanyPerAccount(run: () => Promise<MemberResult>): Promise<MemberResult> {
  try {
    return await run();
  } catch (error) {
    const pg = pgErrorOf(error);
    if (pg?.code === "23505" && pg.constraint === "company_members_user_unique") {
      return { ok: false, errors: { email: MEMBER_TAKEN } };
    }
    throw error;
  }
}

function auditMember(
  tx: Tx,
  actor: AuditActor,
  company: CompanyRef,
  before: AuditValues | null,
  after: AuditValues | null,
) {
  return recordChange(
    tx,
    actor,
    { action: "company.member", entityType: "company", entityId: company.id, entityLabel: company.legalName },
    before,
    after,
    ["email", "role"],
  );
}

/** An invitation's page, signed for INVITATION_DAYS from now: sign in with the invited e-mail and "Unirme". */
function invitationLink(invitationId: string): string {
  const expires = new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000);
  return `${baseUrl()}/empresas/invitacion?t=${signLink("company-invite", invitationId, expires)}`;
}

/**
 * Adds the customer account with this e-mail to the company. With `invite`, an e-mail with no
 * account gets an invitation instead (sent again, with the new role, when it was already invited);
 * the e-mail names `inviter` (the store, for staff) or else the actor's e-mail (an approver).
 * `inviteEmail: false` leaves the invitation's e-mail to the caller (a conversion as approved:
 * the approval e-mail carries the link).
 */
export async function attachOrInvite(
  tx: Tx,
  actor: AuditActor,
  company: CompanyRef,
  input: { email: string; role: CompanyRole; invite: boolean; inviter?: string; inviteEmail?: boolean },
): Promise<MemberResult> {
  const email = input.email.toLowerCase();
  const [user] = await tx
    .select({ id: users.id, role: users.role, companyId: companyMembers.companyId })
    .from(users)
    .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
    .where(eq(users.email, email));
  if (!user && !input.invite) {
    return {
      ok: false,
      errors: { email: "No hay una cuenta con ese email: pedile que se registre en la tienda primero." },
    };
  }
  if (!user) {
    const [invitation] = await tx
      .insert(companyInvitations)
      .values({ companyId: company.id, email, role: input.role, invitedBy: actor.email })
      .onConflictDoUpdate({
        target: [companyInvitations.companyId, companyInvitations.email],
        set: { role: input.role, invitedBy: actor.email, createdAt: new Date() },
      })
      .returning({ id: companyInvitations.id });
    if (input.inviteEmail ?? true) {
      await queueEmails(
        [
          companyInviteEmail(email, {
            legalName: company.legalName,
            role: input.role,
            invitedBy: input.inviter ?? actor.email,
            link: invitationLink(invitation!.id),
          }),
        ],
        tx,
      );
    }
    await recordChange(
      tx,
      actor,
      { action: "company.invite", entityType: "company", entityId: company.id, entityLabel: company.legalName },
      null,
      { email, role: input.role },
      ["email", "role"],
    );
    return { ok: true, email, outcome: "invited" };
  }
  if (user.role !== "customer") {
    return { ok: false, errors: { email: "Las cuentas del personal no pueden comprar para una empresa." } };
  }
  if (user.companyId !== null) {
    return {
      ok: false,
      errors: {
        email:
          user.companyId === company.id
            ? "Esa cuenta ya es miembro de esta empresa."
            : "Esa cuenta ya pertenece a otra empresa.",
      },
    };
  }
  await tx.insert(companyMembers).values({ companyId: company.id, userId: user.id, role: input.role });
  await auditMember(tx, actor, company, null, { email, role: input.role });
  return { ok: true, email, outcome: "member" };
}

// ---------------------------------------------------------------- invitations

export type CompanyInvitation = { id: string; email: string; role: CompanyRole };

export async function listCompanyInvitations(companyId: string, db: DbOrTx = getDb()): Promise<CompanyInvitation[]> {
  if (!isUuid(companyId)) return [];
  return db
    .select({ id: companyInvitations.id, email: companyInvitations.email, role: companyInvitations.role })
    .from(companyInvitations)
    .where(eq(companyInvitations.companyId, companyId))
    .orderBy(asc(companyInvitations.createdAt));
}

export type InvitationView =
  { ok: true; legalName: string; email: string; roleLabel: string } | { ok: false; message: string };

const INVITATION_GONE =
  "Esta invitación ya no está vigente: ya la usaste o la cancelaron. Pedí que te inviten de nuevo.";

async function findInvitation(tx: DbOrTx, token: string, lock: boolean) {
  const link = verifyLink("company-invite", token);
  if (!link.ok) {
    return {
      error:
        link.reason === "expired"
          ? "Esta invitación venció. Pedí que te inviten de nuevo."
          : "El enlace de la invitación no es válido. Copialo completo desde el email.",
    };
  }
  if (!isUuid(link.payload)) return { error: INVITATION_GONE };
  const query = tx
    .select({
      id: companyInvitations.id,
      companyId: companyInvitations.companyId,
      email: companyInvitations.email,
      role: companyInvitations.role,
      legalName: companies.legalName,
    })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .where(eq(companyInvitations.id, link.payload));
  const [row] = lock ? await query.for("update", { of: companyInvitations }) : await query;
  return row ? { invitation: row } : { error: INVITATION_GONE };
}

/** What the invitation page shows: the company and the invited e-mail, or why it cannot be used. */
export async function viewInvitation(token: string, db: DbOrTx = getDb()): Promise<InvitationView> {
  const found = await findInvitation(db, token, false);
  if (!found.invitation) return { ok: false, message: found.error };
  const { legalName, email, role } = found.invitation;
  return { ok: true, legalName, email, roleLabel: COMPANY_ROLE_LABELS[role] };
}

export type AcceptResult = { ok: true; legalName: string } | { ok: false; message: string };

/** The signed-in user accepts the invitation: only with the invited e-mail, once. */
export async function acceptInvitation(
  user: { id: string; email: string },
  token: string,
  db: Database = getDb(),
): Promise<AcceptResult> {
  let legalName = "";
  const result = await oneCompanyPerAccount(() =>
    db.transaction(async (tx): Promise<MemberResult> => {
      const found = await findInvitation(tx, token, true);
      if (!found.invitation) return { ok: false, errors: { form: found.error } };
      const invitation = found.invitation;
      if (invitation.email !== user.email.toLowerCase()) {
        return {
          ok: false,
          errors: { form: `Esta invitación es para ${invitation.email}. Ingresá con esa cuenta para aceptarla.` },
        };
      }
      legalName = invitation.legalName;
      const company = { id: invitation.companyId, legalName };
      const attached = await attachOrInvite(tx, user, company, { ...invitation, invite: false });
      if (attached.ok) await tx.delete(companyInvitations).where(eq(companyInvitations.id, invitation.id));
      return attached;
    }),
  );
  return result.ok ? { ok: true, legalName } : { ok: false, message: Object.values(result.errors)[0]! };
}

// ---------------------------------------------------------------- an approver's changes (Mi Cuenta)

const NOT_APPROVER = "Solo quien aprueba en la empresa puede cambiar sus miembros.";
const NOT_IN_COMPANY = "No encontramos esa cuenta en tu empresa.";
export const LAST_APPROVER =
  "La empresa necesita al menos una persona que apruebe: sumá o elegí otra antes de quitar este rol.";

/**
 * The company the user approves for, its row locked: member changes of one company queue here,
 * so two approvers demoting each other at once cannot leave it without one.
 */
async function lockApproverCompany(tx: Tx, userId: string): Promise<CompanyRef | null> {
  const [membership] = await tx
    .select({ companyId: companyMembers.companyId, role: companyMembers.role })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId));
  if (!membership) return null;
  const [company] = await tx
    .select({ id: companies.id, legalName: companies.legalName })
    .from(companies)
    .where(eq(companies.id, membership.companyId))
    .for("update");
  // Read again under the lock: another approver may have just changed this user's role.
  const [still] = await tx
    .select({ role: companyMembers.role })
    .from(companyMembers)
    .where(and(eq(companyMembers.userId, userId), eq(companyMembers.companyId, membership.companyId)));
  return company && still?.role === "approver" ? company : null;
}

type ApproverChange = { kind: "add"; email: string; role: CompanyRole } | MemberChange;

/**
 * An approver adds (or invites), changes the role of, or removes a member of their own company.
 * The company is the approver's, never a posted id; the last approver keeps the role.
 */
export async function changeMembersAsApprover(
  actor: { id: string; email: string },
  change: ApproverChange,
  db: Database = getDb(),
): Promise<MemberResult> {
  return oneCompanyPerAccount(() =>
    db.transaction(async (tx): Promise<MemberResult> => {
      const company = await lockApproverCompany(tx, actor.id);
      if (!company) return { ok: false, errors: { form: NOT_APPROVER } };
      if (change.kind === "add") {
        return attachOrInvite(tx, actor, company, { email: change.email, role: change.role, invite: true });
      }
      return (await changeMember(tx, actor, company, change)) ?? { ok: false, errors: { form: NOT_IN_COMPANY } };
    }),
  );
}

export type MemberChange = { kind: "role"; userId: string; role: CompanyRole } | { kind: "remove"; userId: string };

/**
 * Changes the role of, or removes, a member of the company, whoever asks (an approver in Mi Cuenta,
 * staff in Admin > Empresas); the caller holds the company's row lock, so changes of one company
 * queue and the last approver is never removed nor demoted (LAST_APPROVER). Null when the account
 * is not a member of the company.
 */
export async function changeMember(
  tx: Tx,
  actor: AuditActor,
  company: CompanyRef,
  change: MemberChange,
): Promise<MemberResult | null> {
  const [target] = await tx
    .select({ role: companyMembers.role, email: users.email })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, company.id), eq(companyMembers.userId, change.userId)));
  if (!target) return null;
  const losesApprover = target.role === "approver" && (change.kind === "remove" || change.role !== "approver");
  if (losesApprover) {
    const [approvers] = await tx
      .select({ n: count() })
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, company.id), eq(companyMembers.role, "approver")));
    if ((approvers?.n ?? 0) <= 1) return { ok: false, errors: { form: LAST_APPROVER } };
  }
  const where = and(eq(companyMembers.companyId, company.id), eq(companyMembers.userId, change.userId));
  const before = { email: target.email, role: target.role };
  if (change.kind === "remove") {
    await tx.delete(companyMembers).where(where);
    await auditMember(tx, actor, company, before, null);
  } else {
    await tx.update(companyMembers).set({ role: change.role }).where(where);
    await auditMember(tx, actor, company, before, { email: target.email, role: change.role });
  }
  return { ok: true, email: target.email, outcome: "member" };
}

/** An approver withdraws an invitation of their company not accepted yet. */
export async function cancelInvitationAsApprover(
  actor: { id: string; email: string },
  invitationId: string,
  db: Database = getDb(),
): Promise<MemberResult> {
  if (!isUuid(invitationId)) return { ok: false, errors: { form: INVITATION_GONE } };
  return db.transaction(async (tx): Promise<MemberResult> => {
    const company = await lockApproverCompany(tx, actor.id);
    if (!company) return { ok: false, errors: { form: NOT_APPROVER } };
    const [gone] = await tx
      .delete(companyInvitations)
      .where(and(eq(companyInvitations.id, invitationId), eq(companyInvitations.companyId, company.id)))
      .returning({ email: companyInvitations.email, role: companyInvitations.role });
    if (!gone) return { ok: false, errors: { form: INVITATION_GONE } };
    await recordChange(
      tx,
      actor,
      { action: "company.invite", entityType: "company", entityId: company.id, entityLabel: company.legalName },
      { email: gone.email, role: gone.role },
      null,
      ["email", "role"],
    );
    return { ok: true, email: gone.email, outcome: "invited" };
  });
}

// ---------------------------------------------------------------- review e-mails

/**
 * Tells every member of the company what staff decided (approved or rejected), in the outbox. An
 * approval also reaches the contacts invited who have not joined yet, with their invitation's
 * link (a fresh one: the approval is why they would join now); a rejection does not, as there is
 * nothing for them to do.
 */
export async function queueCompanyReviewEmails(tx: DbOrTx, companyId: string): Promise<void> {
  const [company] = await tx
    .select({
      legalName: companies.legalName,
      status: companies.status,
      groupName: customerGroups.name,
      creditLimit: companies.creditLimit,
      paymentTermsDays: companies.paymentTermsDays,
    })
    .from(companies)
    .leftJoin(customerGroups, eq(customerGroups.id, companies.groupId))
    .where(eq(companies.id, companyId));
  if (!company || company.status === "pending") return;
  const members = await tx
    .select({ email: users.email })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, companyId));
  const data = {
    legalName: company.legalName,
    status: company.status,
    groupName: company.groupName,
    creditLimit: company.creditLimit === null ? null : Number(company.creditLimit),
    paymentTermsDays: company.paymentTermsDays,
    siteUrl: baseUrl(),
  };
  const invited =
    company.status === "approved"
      ? await tx
          .select({ id: companyInvitations.id, email: companyInvitations.email })
          .from(companyInvitations)
          .where(eq(companyInvitations.companyId, companyId))
      : [];
  await queueEmails(
    [
      ...members.map((m) => companyReviewEmail(m.email, data)),
      ...invited.map((i) => companyReviewEmail(i.email, { ...data, joinLink: invitationLink(i.id) })),
    ],
    tx,
  );
}
