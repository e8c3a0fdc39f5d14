import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/staff";
import { users } from "~/db/schema/auth";
import { companies, companyInvitations, companyMembers, customerGroups } from "~/db/schema/business";
import { contactMessages, outboxEmails } from "~/db/schema/content";
import { setupTestDatabase } from "../../tests/setup/db";
import { reviewCompany } from "./companies.server";
import { acceptInvitation, changeMembersAsApprover, viewInvitation } from "./company-members.server";
import { CONVERSION_CUIT_TAKEN, convertEnquiry, getEnquiry } from "./enquiries.server";

// [25/25] Enquiries become companies, review e-mails, and an approver managing the company's
// members (ADR 0022), against a real database: the unique indexes, the locks and the outbox.

const t = setupTestDatabase();
const staff = { id: null, email: "staff@vitec.com.ar" };
let groupId = "";

async function account(id: string, role: "customer" | "admin" = "customer") {
  await t.db.insert(users).values({ id, name: `Nombre ${id}`, email: `${id}@example.com`, role });
  return { id, email: `${id}@example.com` };
}

async function enquiry(email: string, message = "Somos una empresa, CUIT 30-71234567-1") {
  const [row] = await t.db
    .insert(contactMessages)
    .values({
      name: "Ana Compras",
      email,
      phone: "11 4555-1234",
      message,
      companyName: "Redes SA",
      formType: "b2b_contact",
    })
    .returning({ id: contactMessages.id });
  return row!.id;
}

function conversion(enquiryId: string, cuit: string, contactEmail: string, status: "approved" | "pending") {
  return {
    enquiryId,
    cuit,
    legalName: `Empresa ${cuit}`,
    ivaCondition: "responsable_inscripto" as const,
    contactName: "Ana Compras",
    contactEmail,
    contactPhone: "11 4555-1234",
    status,
    groupId,
  };
}

async function mailsTo(to: string) {
  return t.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));
}

async function roleOf(userId: string) {
  const [row] = await t.db.select().from(companyMembers).where(eq(companyMembers.userId, userId));
  return row ? { companyId: row.companyId, role: row.role } : null;
}

function tokenOf(html: string): string {
  return decodeURIComponent(/invitacion\?t=([^"&]+)/.exec(html)![1]!);
}

beforeAll(async () => {
  const [group] = await t.db.insert(customerGroups).values({ name: "Revendedor", defaultPercent: 10 }).returning();
  groupId = group!.id;
});

describe("converting an /empresas enquiry into a company", () => {
  it("creates the approved company from the form, attaches the contact's account as approver and e-mails the approval", async () => {
    const ana = await account("ana");
    const id = await enquiry(ana.email);
    const prefilled = await getEnquiry(id);
    expect(prefilled?.cuit).toBe("30712345671");

    const result = await convertEnquiry(staff, conversion(id, "30712345671", ana.email, "approved"));
    expect(result).toMatchObject({ ok: true, contact: "member" });
    if (!result.ok) return;

    const [company] = await t.db.select().from(companies).where(eq(companies.id, result.id));
    expect(company).toMatchObject({
      cuit: "30712345671",
      legalName: "Empresa 30712345671",
      status: "approved",
      groupId,
      contactEmail: ana.email,
      reviewedBy: staff.email,
    });
    expect(await roleOf(ana.id)).toEqual({ companyId: result.id, role: "approver" });

    const converted = await getEnquiry(id);
    expect(converted?.company).toEqual({ id: result.id, legalName: "Empresa 30712345671" });
    expect(converted?.handled).toBe(true);

    const [mail] = await mailsTo(ana.email);
    expect(mail?.kind).toBe("company_review");
    expect(mail?.html).toContain("Revendedor");
    expect(mail?.html).toContain("Pedir una cotización");

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, result.id), eq(auditLog.action, "company.convert")));
    expect(audit).toHaveLength(1);
  });

  it("refuses a CUIT already registered with its own message, and an enquiry converted twice", async () => {
    const id = await enquiry("otra@example.com");
    const duplicate = await convertEnquiry(staff, conversion(id, "30712345671", "otra@example.com", "pending"));
    expect(duplicate).toEqual({ ok: false, errors: { cuit: CONVERSION_CUIT_TAKEN } });
    // Nothing half-written: the enquiry is still open to convert.
    expect((await getEnquiry(id))?.company).toBeNull();

    const first = await convertEnquiry(staff, conversion(id, "20123456786", "otra@example.com", "pending"));
    expect(first.ok).toBe(true);
    const again = await convertEnquiry(staff, conversion(id, "27280335148", "otra@example.com", "pending"));
    expect(again).toEqual({ ok: false, errors: { form: "Esta consulta ya se convirtió en una empresa." } });
  });

  it("invites a contact without an account; the link attaches only the account with that e-mail, once", async () => {
    const id = await enquiry("nuevo@example.com");
    const result = await convertEnquiry(staff, conversion(id, "33693450239", "nuevo@example.com", "pending"));
    expect(result).toMatchObject({ ok: true, contact: "invited" });
    const [invite] = await mailsTo("nuevo@example.com");
    expect(invite?.kind).toBe("company_invite");
    expect(invite?.html).toContain("Vitec te invitó a comprar y administrar la cuenta para");
    const token = tokenOf(invite!.html);
    expect(await viewInvitation(token)).toMatchObject({ ok: true, email: "nuevo@example.com" });

    const intruder = await account("intruso");
    const refused = await acceptInvitation(intruder, token);
    expect(refused).toEqual({
      ok: false,
      message: "Esta invitación es para nuevo@example.com. Ingresá con esa cuenta para aceptarla.",
    });
    expect(await roleOf(intruder.id)).toBeNull();
    expect((await acceptInvitation(intruder, `${token}x`)).ok).toBe(false);

    const nuevo = await account("nuevo");
    expect(await acceptInvitation(nuevo, token)).toEqual({ ok: true, legalName: "Empresa 33693450239" });
    expect(await roleOf(nuevo.id)).toMatchObject({ role: "approver" });
    expect(await t.db.select().from(companyInvitations).where(eq(companyInvitations.email, nuevo.email))).toEqual([]);
    expect((await acceptInvitation(nuevo, token)).ok).toBe(false);
  });
});

describe("review e-mails", () => {
  it("tells every member of the approval with the group and the cuenta corriente, and of a rejection", async () => {
    const id = await enquiry("revisar@example.com");
    const buyer = await account("revisar");
    const created = await convertEnquiry(staff, conversion(id, "30500010912", buyer.email, "pending"));
    if (!created.ok) throw new Error("conversion failed");
    expect(await mailsTo(buyer.email)).toEqual([]);

    const review = { id: created.id, groupId, creditLimit: 500000, paymentTermsDays: 30 };
    await reviewCompany(staff, { ...review, status: "approved" });
    let mails = await mailsTo(buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("ya compra como empresa");
    expect(mails[0]!.html).toContain("Revendedor");
    expect(mails[0]!.html).toContain("cuenta corriente");
    expect(mails[0]!.html).toContain("500.000");

    // A change of limit alone is no decision: no e-mail.
    await reviewCompany(staff, { ...review, creditLimit: 100000, status: "approved" });
    expect(await mailsTo(buyer.email)).toHaveLength(1);

    await reviewCompany(staff, { ...review, status: "rejected" });
    mails = await mailsTo(buyer.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toContain("No pudimos aprobar");
  });
});

describe("review e-mails to invited contacts", () => {
  it("tells a contact invited but not joined of the approval with their link to join, and not of a rejection", async () => {
    const id = await enquiry("invitada@example.com");
    const created = await convertEnquiry(staff, conversion(id, "30711110018", "invitada@example.com", "pending"));
    expect(created).toMatchObject({ ok: true, contact: "invited" });
    if (!created.ok) return;
    expect((await mailsTo("invitada@example.com")).map((m) => m.kind)).toEqual(["company_invite"]);

    const review = { id: created.id, groupId, creditLimit: null, paymentTermsDays: 30 };
    await reviewCompany(staff, { ...review, status: "approved" });
    const mails = await mailsTo("invitada@example.com");
    expect(mails).toHaveLength(2);
    expect(mails[1]).toMatchObject({
      kind: "company_review",
      subject: "¡Empresa 30711110018 ya compra como empresa en Vitec!",
    });
    expect(mails[1]!.html).toContain("Revendedor");
    expect(mails[1]!.html).toContain("Unirme a Empresa 30711110018");
    // The link is the invitation's: it attaches the account with that e-mail.
    const token = tokenOf(mails[1]!.html);
    expect(await viewInvitation(token)).toMatchObject({ ok: true, email: "invitada@example.com" });

    // A rejection has nothing for someone who never joined.
    await reviewCompany(staff, { ...review, status: "rejected" });
    expect(await mailsTo("invitada@example.com")).toHaveLength(2);

    await reviewCompany(staff, { ...review, status: "approved" });
    const invitada = await account("invitada");
    expect(await acceptInvitation(invitada, tokenOf((await mailsTo(invitada.email))[2]!.html))).toEqual({
      ok: true,
      legalName: "Empresa 30711110018",
    });
    expect(await roleOf(invitada.id)).toMatchObject({ companyId: created.id, role: "approver" });
  });

  it("sends one e-mail, the approval with the link, to a contact invited by a conversion as approved", async () => {
    const id = await enquiry("directa@example.com");
    const created = await convertEnquiry(staff, conversion(id, "30711110026", "directa@example.com", "approved"));
    expect(created).toMatchObject({ ok: true, contact: "invited" });
    const mails = await mailsTo("directa@example.com");
    expect(mails.map((m) => m.kind)).toEqual(["company_review"]);
    expect(await viewInvitation(tokenOf(mails[0]!.html))).toMatchObject({ ok: true, email: "directa@example.com" });
  });
});

describe("an approver manages the company's members", () => {
  let approver: { id: string; email: string };
  let buyer: { id: string; email: string };
  let otherApprover: { id: string; email: string };

  beforeAll(async () => {
    approver = await account("aprueba");
    buyer = await account("compra");
    otherApprover = await account("ajeno");
    await convertEnquiry(staff, conversion(await enquiry(approver.email), "30715548921", approver.email, "approved"));
    await convertEnquiry(
      staff,
      conversion(await enquiry(otherApprover.email), "30708167564", otherApprover.email, "approved"),
    );
    expect(await roleOf(otherApprover.id)).toMatchObject({ role: "approver" });
  });

  it("adds an existing account as buyer, invites an unknown e-mail, and refuses a staff account", async () => {
    const added = await changeMembersAsApprover(approver, { kind: "add", email: buyer.email, role: "buyer" });
    expect(added).toEqual({ ok: true, email: buyer.email, outcome: "member" });
    expect(await roleOf(buyer.id)).toMatchObject({ companyId: (await roleOf(approver.id))!.companyId, role: "buyer" });

    const invited = await changeMembersAsApprover(approver, { kind: "add", email: "Socio@Example.com", role: "buyer" });
    expect(invited).toMatchObject({ ok: true, outcome: "invited" });
    expect((await mailsTo("socio@example.com"))[0]?.kind).toBe("company_invite");

    const admin = await account("personal", "admin");
    const staffAccount = await changeMembersAsApprover(approver, { kind: "add", email: admin.email, role: "buyer" });
    expect(staffAccount.ok).toBe(false);

    const taken = await changeMembersAsApprover(approver, { kind: "add", email: otherApprover.email, role: "buyer" });
    expect(taken).toEqual({ ok: false, errors: { email: "Esa cuenta ya pertenece a otra empresa." } });
  });

  it("a buyer cannot change members, and another company's approver cannot touch this one's", async () => {
    expect(await changeMembersAsApprover(buyer, { kind: "role", userId: buyer.id, role: "approver" })).toEqual({
      ok: false,
      errors: { form: "Solo quien aprueba en la empresa puede cambiar sus miembros." },
    });
    expect((await changeMembersAsApprover(buyer, { kind: "remove", userId: approver.id })).ok).toBe(false);
    expect((await changeMembersAsApprover(otherApprover, { kind: "remove", userId: buyer.id })).ok).toBe(false);
    expect(
      (await changeMembersAsApprover(otherApprover, { kind: "role", userId: approver.id, role: "buyer" })).ok,
    ).toBe(false);
    expect(await roleOf(buyer.id)).toMatchObject({ role: "buyer" });
    expect(await roleOf(approver.id)).toMatchObject({ role: "approver" });
  });

  it("keeps the last approver, changes roles, and removes a member", async () => {
    const lastDemoted = await changeMembersAsApprover(approver, { kind: "role", userId: approver.id, role: "buyer" });
    expect(lastDemoted.ok).toBe(false);
    expect((await changeMembersAsApprover(approver, { kind: "remove", userId: approver.id })).ok).toBe(false);

    expect((await changeMembersAsApprover(approver, { kind: "role", userId: buyer.id, role: "approver" })).ok).toBe(
      true,
    );
    expect(await roleOf(buyer.id)).toMatchObject({ role: "approver" });
    // With two approvers, one may step down, and then the other is the last.
    expect((await changeMembersAsApprover(buyer, { kind: "role", userId: approver.id, role: "buyer" })).ok).toBe(true);
    expect((await changeMembersAsApprover(buyer, { kind: "remove", userId: buyer.id })).ok).toBe(false);

    expect((await changeMembersAsApprover(buyer, { kind: "remove", userId: approver.id })).ok).toBe(true);
    expect(await roleOf(approver.id)).toBeNull();
    // A removed approver no longer manages anything.
    expect((await changeMembersAsApprover(approver, { kind: "add", email: "x@example.com", role: "buyer" })).ok).toBe(
      false,
    );
  });
});
