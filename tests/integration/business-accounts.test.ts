import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, companyMembers, customerGroups } from "~/db/schema/business";
import { auditLog } from "~/db/schema/staff";
import * as adminCompanies from "~/routes/admin/companies";
import * as registration from "~/routes/account/empresas-registro";
import { CUIT_TAKEN } from "~/models/companies.server";
import { LAST_APPROVER } from "~/models/company-members.server";
import { memberPriceList } from "~/models/price-lists.server";
import { setupTestDatabase } from "../setup/db";
import {
  args,
  flashedToast,
  formRequest,
  getRequest,
  outcome,
  routeModule,
  signedInAdmin,
  signedInCustomer,
} from "../setup/routes";

// [25/25] A company registers with its CUIT at /empresas/registro and waits; staff approve it in
// Admin > Empresas and assign its customer group (ADR 0022). Route modules called as React
// Router calls them, against a real database.

const t = setupTestDatabase();

const { loader: registrationPage, action: register } = routeModule(registration);
const { loader: adminPage, action: adminAction } = routeModule(adminCompanies);

const valid = {
  cuit: "30-71234567-1",
  legalName: "Redes del Sur SRL",
  ivaCondition: "responsable_inscripto",
  contactName: "Laura Gómez",
  contactEmail: "Compras@RedesDelSur.com.ar",
  contactPhone: "11 4555-1234",
};

async function companyByCuit(cuit: string) {
  const [row] = await t.db.select().from(companies).where(eq(companies.cuit, cuit));
  return row;
}

describe("registering a company", () => {
  it("sends an anonymous visitor to sign in and back to the form", async () => {
    const answer = await outcome(() => registrationPage(args(getRequest("/empresas/registro"))));
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/login?redirectTo=%2Fempresas%2Fregistro");
    const post = await outcome(() => register(args(formRequest("/empresas/registro", valid))));
    expect(post.location).toMatch(/^\/login/);
    expect(await t.db.$count(companies)).toBe(0);
  });

  it("refuses a CUIT whose check digit is wrong, and missing fields, in Spanish, keeping what was typed", async () => {
    const customer = await signedInCustomer();
    const answer = await outcome(() =>
      register(
        args(
          formRequest(
            "/empresas/registro",
            { ...valid, cuit: "30-71234567-2", legalName: "", contactPhone: "12" },
            { cookie: customer.cookie },
          ),
        ),
      ),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      errors: {
        cuit: expect.stringContaining("Ingresá un CUIT válido"),
        legalName: "Ingresá la razón social.",
        contactPhone: "Ingresá un teléfono válido (al menos 6 dígitos).",
      },
      values: { cuit: "30-71234567-2", contactName: "Laura Gómez" },
    });
    const consumer = await outcome(() =>
      register(
        args(
          formRequest(
            "/empresas/registro",
            { ...valid, ivaCondition: "consumidor_final" },
            { cookie: customer.cookie },
          ),
        ),
      ),
    );
    expect(consumer.body).toMatchObject({
      errors: { ivaCondition: "Elegí la condición frente al IVA de la empresa." },
    });
    expect(await t.db.$count(companies)).toBe(0);
  });

  it("registers the company pending review, with the customer as its approver, and shows where it stands", async () => {
    const customer = await signedInCustomer();
    const answer = await outcome(() =>
      register(args(formRequest("/empresas/registro", valid, { cookie: customer.cookie }))),
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/empresas/registro");
    const company = await companyByCuit("30712345671");
    expect(company).toMatchObject({
      legalName: "Redes del Sur SRL",
      ivaCondition: "responsable_inscripto",
      contactEmail: "compras@redesdelsur.com.ar",
      status: "pending",
      groupId: null,
    });
    const [member] = await t.db.select().from(companyMembers).where(eq(companyMembers.userId, customer.id));
    expect(member).toMatchObject({ companyId: company!.id, role: "approver" });

    const page = await outcome(() => registrationPage(args(getRequest("/empresas/registro", customer.cookie))));
    expect(page.body).toMatchObject({
      company: { legalName: "Redes del Sur SRL", cuit: "30-71234567-1", status: "pending", statusLabel: "Pendiente" },
    });

    // A second company for the same account is refused.
    const again = await outcome(() =>
      register(
        args(formRequest("/empresas/registro", { ...valid, cuit: "20-12345678-6" }, { cookie: customer.cookie })),
      ),
    );
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ errors: { form: "Tu cuenta ya pertenece a una empresa." } });
  });

  it("refuses a CUIT already registered, however it is typed", async () => {
    const other = await signedInCustomer();
    const answer = await outcome(() =>
      register(args(formRequest("/empresas/registro", { ...valid, cuit: "30712345671" }, { cookie: other.cookie }))),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errors: { cuit: CUIT_TAKEN } });
    expect(await t.db.$count(companyMembers, eq(companyMembers.userId, other.id))).toBe(0);
  });
});

describe("Admin > Empresas", () => {
  it("a customer can neither see the companies nor approve one", async () => {
    const customer = await signedInCustomer();
    const company = await companyByCuit("30712345671");
    const page = await outcome(() => adminPage(args(getRequest("/admin/empresas", customer.cookie))));
    expect(page.status).toBe(403);
    const post = await outcome(() =>
      adminAction(
        args(
          formRequest(
            "/admin/empresas",
            { intent: "group", name: "Revendedor", defaultPercent: "50" },
            { cookie: customer.cookie },
          ),
        ),
      ),
    );
    expect(post.status).toBe(403);
    expect(await t.db.$count(customerGroups)).toBe(0);
    expect((await companyByCuit("30712345671"))!.status).toBe(company!.status);
  });

  it("staff create a group, then approve the company into it with a credit limit; the list shows it", async () => {
    const admin = await signedInAdmin();
    const post = (fields: Record<string, string>) =>
      outcome(() => adminAction(args(formRequest("/admin/empresas", fields, { cookie: admin.cookie }))));
    const company = (await companyByCuit("30712345671"))!;

    const listed = await outcome(() => adminPage(args(getRequest("/admin/empresas?estado=pending", admin.cookie))));
    expect(listed.body).toMatchObject({
      list: { pending: 1, companies: [{ legalName: "Redes del Sur SRL", statusLabel: "Pendiente", groupName: null }] },
    });

    // Approving needs a group.
    const noGroup = await post({ intent: "review", id: company.id, status: "approved", groupId: "" });
    expect(noGroup.status).toBe(400);
    expect(noGroup.body).toMatchObject({ errors: { groupId: "Para aprobar la empresa, elegí su grupo de clientes." } });

    const badPercent = await post({ intent: "group", name: "Revendedor", defaultPercent: "150" });
    expect(badPercent.body).toMatchObject({ errors: { defaultPercent: "El descuento admite hasta 100 %." } });
    const created = await post({ intent: "group", name: "Revendedor", defaultPercent: "12,5" });
    expect(created.status).toBe(302);
    const duplicate = await post({ intent: "group", name: "Revendedor", defaultPercent: "10" });
    expect(duplicate.body).toMatchObject({ errors: { name: "Ya hay un grupo con ese nombre." } });
    const [group] = await t.db.select().from(customerGroups);
    expect(group).toMatchObject({ name: "Revendedor", defaultPercent: 12.5 });

    const approved = await post({
      intent: "review",
      id: company.id,
      status: "approved",
      groupId: group!.id,
      creditLimit: "1.500.000",
      paymentTermsDays: "30",
    });
    expect(approved.status).toBe(302);
    expect(await companyByCuit("30712345671")).toMatchObject({
      status: "approved",
      groupId: group!.id,
      creditLimit: "1500000.00",
      reviewedBy: admin.email,
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "company"), eq(auditLog.action, "company.review")));
    expect(entry).toMatchObject({ actorEmail: admin.email, entityLabel: "Redes del Sur SRL" });
    expect(entry!.after).toMatchObject({ status: "approved", creditLimit: 1500000 });

    const all = await outcome(() => adminPage(args(getRequest(`/admin/empresas?revisar=${company.id}`, admin.cookie))));
    expect(all.body).toMatchObject({
      list: {
        pending: 0,
        companies: [{ statusLabel: "Aprobada", groupName: "Revendedor", creditLimit: 1500000, members: 1 }],
      },
      groups: [{ name: "Revendedor", companies: 1 }],
      company: { id: company.id },
    });
    const pending = await outcome(() => adminPage(args(getRequest("/admin/empresas?estado=pending", admin.cookie))));
    expect(pending.body).toMatchObject({ list: { companies: [] } });
  });

  it("refuses a tampered review: an unknown company, an unknown group, terms out of range", async () => {
    const admin = await signedInAdmin();
    const post = (fields: Record<string, string>) =>
      outcome(() => adminAction(args(formRequest("/admin/empresas", fields, { cookie: admin.cookie }))));
    const company = (await companyByCuit("30712345671"))!;
    const unknown = await post({ intent: "review", id: "not-a-uuid", status: "rejected" });
    expect(unknown.body).toMatchObject({ errors: { id: "No encontramos la empresa." } });
    const noSuchGroup = await post({
      intent: "review",
      id: company.id,
      status: "approved",
      groupId: "00000000-0000-4000-8000-000000000000",
    });
    expect(noSuchGroup.body).toMatchObject({ errors: { groupId: "Ese grupo ya no existe. Elegí otro." } });
    const terms = await post({
      intent: "review",
      id: company.id,
      status: "approved",
      groupId: company.groupId!,
      paymentTermsDays: "365",
    });
    expect(terms.body).toMatchObject({ errors: { paymentTermsDays: "El plazo de pago va de 0 a 180 días." } });
    expect(await companyByCuit("30712345671")).toMatchObject({ status: "approved", paymentTermsDays: 30 });
  });

  it("staff add a customer account as a buyer, who then gets the company's price list, and take it out again", async () => {
    const admin = await signedInAdmin();
    const buyer = await signedInCustomer();
    const post = (fields: Record<string, string>) =>
      outcome(() => adminAction(args(formRequest("/admin/empresas", fields, { cookie: admin.cookie }))));
    const company = (await companyByCuit("30712345671"))!;
    expect(await memberPriceList(buyer.id, [])).toBeNull();

    const unknown = await post({
      intent: "member-add",
      companyId: company.id,
      email: "nadie@example.com",
      role: "buyer",
    });
    expect(unknown.body).toMatchObject({
      errors: { email: "No hay una cuenta con ese email: pedile que se registre en la tienda primero." },
    });
    const staff = await post({ intent: "member-add", companyId: company.id, email: admin.email, role: "buyer" });
    expect(staff.body).toMatchObject({
      errors: { email: "Las cuentas del personal no pueden comprar para una empresa." },
    });

    const added = await post({
      intent: "member-add",
      companyId: company.id,
      email: buyer.email.toUpperCase(),
      role: "buyer",
    });
    expect(added.status).toBe(302);
    expect(added.location).toBe(`/admin/empresas?revisar=${company.id}`);
    const again = await post({ intent: "member-add", companyId: company.id, email: buyer.email, role: "approver" });
    expect(again.body).toMatchObject({ errors: { email: "Esa cuenta ya es miembro de esta empresa." } });

    const page = await outcome(() =>
      adminPage(args(getRequest(`/admin/empresas?revisar=${company.id}`, admin.cookie))),
    );
    expect((page.body as { members: { email: string; role: string }[] }).members).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: buyer.email, role: "buyer" })]),
    );
    expect(await memberPriceList(buyer.id, [])).toMatchObject({ companyId: company.id, groupName: "Revendedor" });

    const removed = await post({ intent: "member-remove", companyId: company.id, userId: buyer.id });
    expect(removed.status).toBe(302);
    expect(await memberPriceList(buyer.id, [])).toBeNull();
    const twice = await post({ intent: "member-remove", companyId: company.id, userId: buyer.id });
    expect(twice.status).toBe(404);
    expect(await t.db.$count(auditLog, eq(auditLog.action, "company.member"))).toBe(2);

    // Its last approver stays, as in Mi Cuenta: the same rule and message, under the company's row lock.
    const [approver] = await t.db
      .select({ userId: companyMembers.userId })
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, company.id), eq(companyMembers.role, "approver")));
    const last = await post({ intent: "member-remove", companyId: company.id, userId: approver!.userId });
    expect(last.location).toBe(`/admin/empresas?revisar=${company.id}`);
    expect(await flashedToast(last.headers)).toMatchObject({ type: "error", description: LAST_APPROVER });
    expect(await t.db.$count(companyMembers, eq(companyMembers.userId, approver!.userId))).toBe(1);
    expect(await t.db.$count(auditLog, eq(auditLog.action, "company.member"))).toBe(2);
  });
});
