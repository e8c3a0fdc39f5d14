import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, companyMembers, customerGroups } from "~/db/schema/business";
import { contactMessages, outboxEmails } from "~/db/schema/content";
import { deliverPendingEmails } from "~/jobs/mail-delivery.server";
import * as adminCompanies from "~/routes/admin/companies";
import * as enquiries from "~/routes/admin/enquiries";
import * as memberRoute from "~/routes/account/company-members";
import * as invitationRoute from "~/routes/account/empresas-invitacion";
import { setupTestDatabase } from "../setup/db";
import { smtpDoubleForFile } from "../setup/smtp";
import {
  type RouteFunction,
  args,
  formRequest,
  getRequest,
  outcome,
  signedInAdmin,
  signedInCustomer,
} from "../setup/routes";

// [25/25] The routes of the conversion, the invitation link and Mi Cuenta's member changes
// (ADR 0022), called as React Router calls them: who may post, what a tampered form gets.

// A real SMTP server for what the invited contact receives.
const smtp = smtpDoubleForFile();

const t = setupTestDatabase();

const convert = enquiries.action as unknown as RouteFunction;
const members = memberRoute.action as unknown as RouteFunction;
const invitationPage = invitationRoute.loader as unknown as RouteFunction;
const acceptInvitation = invitationRoute.action as unknown as RouteFunction;

let enquiryId = "";
let groupId = "";
const fields = () => ({
  intent: "convert",
  enquiryId,
  cuit: "30-71234567-1",
  legalName: "Redes del Sur SRL",
  ivaCondition: "responsable_inscripto",
  contactName: "Laura Gómez",
  contactEmail: "laura@redes.example",
  contactPhone: "11 4555-1234",
  status: "approved",
  groupId,
});

beforeAll(async () => {
  const [group] = await t.db.insert(customerGroups).values({ name: "Corporativo" }).returning();
  groupId = group!.id;
  const [row] = await t.db
    .insert(contactMessages)
    .values({ name: "Laura Gómez", email: "laura@redes.example", message: "Hola", formType: "b2b_contact" })
    .returning();
  enquiryId = row!.id;
});

describe("converting an enquiry (Admin > Consultas)", () => {
  it("is refused to a customer, and a CUIT with a wrong check digit gets the registration's message", async () => {
    const customer = await signedInCustomer();
    const post = await outcome(() =>
      convert(args(formRequest("/admin/consultas", fields(), { cookie: customer.cookie }))),
    );
    expect(post.status).toBe(403);

    const admin = await signedInAdmin();
    const bad = await outcome(() =>
      convert(args(formRequest("/admin/consultas", { ...fields(), cuit: "30-71234567-2" }, { cookie: admin.cookie }))),
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Ingresá un CUIT válido");
    expect(await t.db.$count(companies)).toBe(0);
  });

  it("creates the company and sends the contact, who has no account, an invitation that only their account accepts", async () => {
    const admin = await signedInAdmin();
    const post = await outcome(() =>
      convert(args(formRequest("/admin/consultas", fields(), { cookie: admin.cookie }))),
    );
    expect(post.status).toBe(302);
    const [company] = await t.db.select().from(companies);
    expect(post.location).toBe(`/admin/empresas?revisar=${company!.id}`);

    const [invite] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, "laura@redes.example"));
    const link = /href="[^"]*(\/empresas\/invitacion\?t=[^"]+)"/.exec(invite!.html)![1]!.replace(/&amp;/g, "&");

    // Without a session: to "Crear cuenta" with the invited e-mail, and back.
    const anonymous = await outcome(() => invitationPage(args(getRequest(link))));
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toContain("mode=signup");
    expect(anonymous.location).toContain("email=laura%40redes.example");

    const token = new URL(link, "http://x").searchParams.get("t")!;
    const other = await signedInCustomer();
    const refused = await outcome(() =>
      acceptInvitation(args(formRequest(link, { t: token }, { cookie: other.cookie }))),
    );
    expect(refused.status).toBe(400);
    expect(await t.db.$count(companyMembers)).toBe(0);
  });
});

describe("Mi Cuenta > Empresa (POST /cuenta/empresa)", () => {
  it("sends an anonymous visitor to sign in, and refuses a customer of no company", async () => {
    const anonymous = await outcome(() =>
      members(args(formRequest("/cuenta/empresa", { intent: "member-add", email: "x@example.com", role: "buyer" }))),
    );
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/login/);

    const customer = await signedInCustomer();
    const post = await outcome(() =>
      members(
        args(
          formRequest(
            "/cuenta/empresa",
            { intent: "member-add", email: "x@example.com", role: "buyer" },
            { cookie: customer.cookie },
          ),
        ),
      ),
    );
    expect(post.status).toBe(400);
    expect(JSON.stringify(post.body)).toContain("Solo quien aprueba en la empresa puede cambiar sus miembros.");
  });

  it("lets the approver add a member; a posted company id changes nothing and a buyer is refused", async () => {
    const [company] = await t.db.select().from(companies);
    const approver = await signedInCustomer();
    const buyer = await signedInCustomer();
    await t.db.insert(companyMembers).values({ companyId: company!.id, userId: approver.id, role: "approver" });

    const added = await outcome(() =>
      members(
        args(
          formRequest(
            "/cuenta/empresa",
            {
              intent: "member-add",
              email: buyer.email,
              role: "buyer",
              companyId: "00000000-0000-4000-8000-000000000000",
            },
            { cookie: approver.cookie },
          ),
        ),
      ),
    );
    expect(added.status).toBe(200);
    const [row] = await t.db.select().from(companyMembers).where(eq(companyMembers.userId, buyer.id));
    expect(row).toMatchObject({ companyId: company!.id, role: "buyer" });

    const promote = await outcome(() =>
      members(
        args(
          formRequest(
            "/cuenta/empresa",
            { intent: "member-role", userId: buyer.id, role: "approver" },
            { cookie: buyer.cookie },
          ),
        ),
      ),
    );
    expect(promote.status).toBe(400);
    const [still] = await t.db.select().from(companyMembers).where(eq(companyMembers.userId, buyer.id));
    expect(still!.role).toBe("buyer");
  });
});

describe("approving a company whose contact is invited (Admin > Empresas)", () => {
  it("e-mails the contact who has not joined the approval with their link to join", async () => {
    const admin = await signedInAdmin();
    const [enquiry] = await t.db
      .insert(contactMessages)
      .values({ name: "Mario Sosa", email: "mario@sur.example", message: "Hola", formType: "b2b_contact" })
      .returning();
    const pending = {
      ...fields(),
      enquiryId: enquiry!.id,
      cuit: "30-71111003-4",
      legalName: "Sur Insumos SA",
      contactName: "Mario Sosa",
      contactEmail: "mario@sur.example",
      status: "pending",
    };
    const converted = await outcome(() =>
      convert(args(formRequest("/admin/consultas", pending, { cookie: admin.cookie }))),
    );
    expect(converted.status).toBe(302);
    const [company] = await t.db.select().from(companies).where(eq(companies.cuit, "30711110034"));

    const review = {
      intent: "review",
      id: company!.id,
      status: "approved",
      groupId,
      creditLimit: "",
      paymentTermsDays: "30",
    };
    const approved = await outcome(() =>
      (adminCompanies.action as unknown as RouteFunction)(
        args(formRequest("/admin/empresas", review, { cookie: admin.cookie })),
      ),
    );
    expect(approved.status).toBeLessThan(400);

    await deliverPendingEmails(100);
    const received = await Promise.all(
      smtp.received.filter((m) => m.to.includes("mario@sur.example")).map((m) => simpleParser(m.raw)),
    );
    expect(received.map((m) => m.subject)).toEqual([
      "Te invitaron a comprar para Sur Insumos SA en Vitec",
      "¡Sur Insumos SA ya compra como empresa en Vitec!",
    ]);
    const approval = received[1]!;
    expect(approval.text).toContain("Corporativo");
    const link = /href="[^"]*(\/empresas\/invitacion\?t=[^"]+)"/
      .exec(String(approval.html))![1]!
      .replace(/&amp;/g, "&");
    // The link is the invitation: without a session, to "Crear cuenta" with the invited e-mail.
    const page = await outcome(() => invitationPage(args(getRequest(link))));
    expect(page.status).toBe(302);
    expect(page.location).toContain("email=mario%40sur.example");
  });
});
