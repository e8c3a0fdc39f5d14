import { Link, data } from "react-router";
import type { Route } from "./+types/companies";
import { type CompanyFormAnswer, CompanyReviewForm } from "~/components/admin/companies/company-review-form";
import { CompanyMembers } from "~/components/admin/companies/company-members";
import { CustomerGroups } from "~/components/admin/companies/customer-groups";
import { AccountsAging, CompanyAccount } from "~/components/admin/companies/company-account";
import { buttonVariants } from "~/components/ui/button";
import { TD, TH, THead, TR, Table } from "~/components/ui/table";
import { COMPANY_STATUSES, COMPANY_STATUS_LABELS } from "~/domain/business";
import { formatARS, fromCents } from "~/domain/money";
import {
  addCompanyMember,
  createCustomerGroup,
  listCompanies,
  listCompanyMembers,
  listCustomerGroups,
  removeCompanyMember,
  reviewCompany,
} from "~/models/companies.server";
import {
  CompanyListQuerySchema,
  CompanyMemberAddSchema,
  CompanyMemberRemoveSchema,
  CompanyReviewSchema,
  CustomerGroupSchema,
} from "~/schemas/business";
import { accountsAging, companyStatement, recordAccountPayment } from "~/models/cuenta-corriente.server";
import { AccountPaymentSchema } from "~/schemas/cuenta-corriente";
import { toStoreLocalInput } from "~/domain/dates";
import { requireAdmin } from "~/utils/auth.server";
import { echoFields, parseForm, readForm } from "~/utils/request.server";
import { redirectWithToast } from "~/utils/toast.server";
import { cn } from "~/utils/cn";

// [25/25] Admin > Empresas (ADR 0022): the companies that registered, pending ones first, with
// their group, credit limit and status; "Revisar" opens the review form above the list
// (?revisar=<id>) where staff approve or reject and set the group, with the company's cuenta
// corriente (statement, record a payment received). Below, the aging of every account and the
// customer groups.

export const meta: Route.MetaFunction = () => [{ title: "Empresas | Admin Vitec" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const query = CompanyListQuerySchema.parse({ estado: params.get("estado") ?? undefined });
  const [list, groups, aging] = await Promise.all([listCompanies(query), listCustomerGroups(), accountsAging()]);
  const reviewing = params.get("revisar");
  const company = reviewing ? (list.companies.find((c) => c.id === reviewing) ?? null) : null;
  const [members, account] = company
    ? await Promise.all([listCompanyMembers(company.id), companyStatement(company.id)])
    : [[], null];
  const today = toStoreLocalInput(new Date()).slice(0, 10);
  return { list, groups, query, company, members, account, aging, today };
}

type ActionData = CompanyFormAnswer & { intent: "review" | "group" | "member-add" | "payment" };

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const actor = { id: admin.id, email: admin.email };
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "review") {
    const values = echoFields(form, ["status", "groupId", "creditLimit", "paymentTermsDays"], 100);
    const parsed = parseForm(CompanyReviewSchema, form);
    if (!parsed.ok) return data<ActionData>({ intent, errors: parsed.errors, values }, { status: 400 });
    const result = await reviewCompany(actor, parsed.data);
    if (!result.ok) return data<ActionData>({ intent, errors: result.errors, values }, { status: 400 });
    return redirectWithToast("/admin/empresas", {
      type: "success",
      title: "Empresa revisada",
      description: `${result.legalName} quedó ${COMPANY_STATUS_LABELS[parsed.data.status].toLowerCase()}.`,
    });
  }
  if (intent === "group") {
    const values = echoFields(form, ["name", "defaultPercent"], 100);
    const parsed = parseForm(CustomerGroupSchema, form);
    if (!parsed.ok) return data<ActionData>({ intent, errors: parsed.errors, values }, { status: 400 });
    const result = await createCustomerGroup(actor, parsed.data);
    if (!result.ok) return data<ActionData>({ intent, errors: result.errors, values }, { status: 400 });
    return redirectWithToast("/admin/empresas", {
      type: "success",
      title: "Grupo creado",
      description: `Ya podés asignar empresas a ${parsed.data.name}.`,
    });
  }
  if (intent === "member-add") {
    const values = echoFields(form, ["email", "role"], 300);
    const parsed = parseForm(CompanyMemberAddSchema, form);
    if (!parsed.ok) return data<ActionData>({ intent, errors: parsed.errors, values }, { status: 400 });
    const result = await addCompanyMember(actor, parsed.data);
    if (!result.ok) return data<ActionData>({ intent, errors: result.errors, values }, { status: 400 });
    return redirectWithToast(`/admin/empresas?revisar=${parsed.data.companyId}`, {
      type: "success",
      title: "Cuenta agregada",
      description: `${result.email} ya compra para la empresa.`,
    });
  }
  if (intent === "payment") {
    const values = echoFields(form, ["amount", "method", "reference", "receivedOn", "invoiceId"], 200);
    const parsed = parseForm(AccountPaymentSchema, form);
    if (!parsed.ok) return data<ActionData>({ intent, errors: parsed.errors, values }, { status: 400 });
    const result = await recordAccountPayment(actor, parsed.data);
    if (!result.ok) return data<ActionData>({ intent, errors: result.errors, values }, { status: 400 });
    return redirectWithToast(`/admin/empresas?revisar=${parsed.data.companyId}`, {
      type: "success",
      title: "Pago registrado",
      description: `${formatARS(parsed.data.amount)} en la cuenta de ${result.legalName}.`,
    });
  }
  if (intent === "member-remove") {
    const parsed = parseForm(CompanyMemberRemoveSchema, form);
    const result = parsed.ok ? await removeCompanyMember(actor, parsed.data) : null;
    if (!parsed.ok || !result) throw data("No encontramos esa cuenta en la empresa.", { status: 404 });
    return redirectWithToast(
      `/admin/empresas?revisar=${parsed.data.companyId}`,
      result.ok
        ? { type: "success", title: "Cuenta quitada de la empresa" }
        : { type: "error", title: "No se pudo quitar la cuenta", description: result.errors.form },
    );
  }
  throw data("Acción desconocida.", { status: 400 });
}

const FILTERS = [
  { value: undefined, label: "Todas" },
  ...COMPANY_STATUSES.map((s) => ({ value: s, label: COMPANY_STATUS_LABELS[s] })),
];

export default function AdminCompanies({ loaderData, actionData }: Route.ComponentProps) {
  const { list, groups, query, company, members, account, aging, today } = loaderData;
  const agingOf = new Map(aging.map((a) => [a.companyId, a.aging]));
  const answer = actionData as ActionData | undefined;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Empresas</h1>
        <p className="mt-1 text-sm text-slate-600">
          {list.pending === 0
            ? "No hay solicitudes pendientes."
            : list.pending === 1
              ? "1 solicitud pendiente de revisión."
              : `${list.pending} solicitudes pendientes de revisión.`}
        </p>
      </div>
      {company ? (
        <CompanyReviewForm
          key={company.id}
          company={company}
          groups={groups}
          answer={answer?.intent === "review" ? answer : undefined}
        />
      ) : null}
      {company ? (
        <CompanyMembers
          key={`members-${company.id}`}
          company={company}
          members={members}
          answer={answer?.intent === "member-add" ? answer : undefined}
        />
      ) : null}
      {account ? (
        <CompanyAccount
          key={`account-${account.companyId}`}
          account={account}
          today={today}
          answer={answer?.intent === "payment" ? answer : undefined}
        />
      ) : null}
      <nav aria-label="Filtrar por estado" className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Link
            key={f.label}
            to={f.value ? `?estado=${f.value}` : "/admin/empresas"}
            aria-current={query.estado === f.value ? "page" : undefined}
            className={cn(buttonVariants({ variant: query.estado === f.value ? "default" : "outline", size: "sm" }))}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      {list.companies.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-sm text-slate-600">
          {query.estado ? "No hay empresas con ese estado." : "Todavía no se registró ninguna empresa."}
        </p>
      ) : (
        <Table>
          <caption className="sr-only">Empresas, las pendientes primero</caption>
          <THead>
            <tr>
              <TH>Empresa</TH>
              <TH className="hidden md:table-cell">Contacto</TH>
              <TH>Grupo</TH>
              <TH className="hidden sm:table-cell">Límite de crédito</TH>
              <TH className="text-right">Saldo</TH>
              <TH className="text-right">Vencido</TH>
              <TH>Estado</TH>
              <TH>Acciones</TH>
            </tr>
          </THead>
          <tbody>
            {list.companies.map((c) => (
              <TR key={c.id}>
                <TD>
                  <span className="font-medium">{c.legalName}</span>
                  <span className="block text-xs text-slate-500">
                    CUIT {c.cuit} · {c.ivaConditionLabel}
                  </span>
                </TD>
                <TD className="hidden text-sm md:table-cell">
                  {c.contactName}
                  <span className="block text-xs text-slate-500">{c.contactEmail}</span>
                </TD>
                <TD>{c.groupName ?? "—"}</TD>
                <TD className="hidden tabular-nums sm:table-cell">
                  {c.creditLimit === null ? "Sin cuenta corriente" : formatARS(c.creditLimit)}
                </TD>
                <TD className="text-right tabular-nums">
                  {formatARS(fromCents(agingOf.get(c.id)?.balanceCents ?? 0))}
                </TD>
                <TD
                  className={cn(
                    "text-right tabular-nums",
                    (agingOf.get(c.id)?.overdueCents ?? 0) > 0 && "text-red-700",
                  )}
                >
                  {formatARS(fromCents(agingOf.get(c.id)?.overdueCents ?? 0))}
                </TD>
                <TD>{c.statusLabel}</TD>
                <TD>
                  <Link
                    to={`?${new URLSearchParams({ ...(query.estado ? { estado: query.estado } : {}), revisar: c.id })}`}
                    className={buttonVariants({ variant: "outline", size: "sm" })}
                    aria-label={`Revisar ${c.legalName}`}
                  >
                    Revisar
                  </Link>
                </TD>
              </TR>
            ))}
          </tbody>
        </Table>
      )}
      <AccountsAging accounts={aging} />
      <CustomerGroups groups={groups} answer={answer?.intent === "group" ? answer : undefined} />
    </div>
  );
}
