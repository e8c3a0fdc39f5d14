import { Form } from "react-router";
import { MemberFields } from "~/components/business/member-fields";
import { Button } from "~/components/ui/button";
import { InlineForm } from "~/components/ui/inline-form";
import { COMPANY_ROLE_LABELS } from "~/domain/business";
import type { AdminCompany, CompanyMember } from "~/models/companies.server";
import type { CompanyFormAnswer } from "./company-review-form";

/** Admin > Empresas: the accounts that buy for the company under review; staff add or remove them. */
export function CompanyMembers({
  company,
  members,
  answer,
}: {
  company: AdminCompany;
  members: CompanyMember[];
  answer: CompanyFormAnswer | undefined;
}) {
  return (
    <section aria-labelledby="company-members-title" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="company-members-title" className="text-lg font-bold">
        Quiénes compran para {company.legalName}
      </h2>
      {members.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Ninguna cuenta compra para esta empresa.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {members.map((m) => (
            <li key={m.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium">{m.name}</span> · {m.email} · {COMPANY_ROLE_LABELS[m.role]}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="member-remove" />
                <input type="hidden" name="companyId" value={company.id} />
                <input type="hidden" name="userId" value={m.userId} />
                <Button type="submit" variant="ghost" size="sm" aria-label={`Quitar a ${m.email} de la empresa`}>
                  Quitar
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <InlineForm
        intent="member-add"
        answer={answer}
        label="Agregar"
        hidden={{ companyId: company.id }}
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <MemberFields answer={answer} label="Email de la cuenta" hint="La persona se registra en la tienda primero." />
      </InlineForm>
    </section>
  );
}
