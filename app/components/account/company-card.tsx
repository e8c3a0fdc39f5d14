import { Building2 } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { useActionResult } from "~/components/use-action-result";
import { Button } from "~/components/ui/button";
import { MemberFields } from "~/components/business/member-fields";
import { RoleSelect } from "~/components/business/role-select";
import { type FormAnswer, InlineForm } from "~/components/ui/inline-form";
import { COMPANY_ROLE_LABELS } from "~/domain/business";
import type { CompanyMember, MemberCompany } from "~/models/companies.server";
import type { CompanyInvitation } from "~/models/company-members.server";
import type { ToastInput } from "~/schemas/toast";

// [25/25] Mi Cuenta > Empresa (ADR 0022): the company the user buys for and its members. An
// approver adds a member by e-mail (an account, or an invitation), changes roles and removes
// members, all posted to /cuenta/empresa; a buyer sees the members only.

export type MyCompany = { company: MemberCompany; members: CompanyMember[]; invitations: CompanyInvitation[] };

type Answer = FormAnswer & { ok: boolean; intent: string; toast: ToastInput };

const ACTION = "/cuenta/empresa";

function MemberRow({ member, manage, me }: { member: CompanyMember; manage: boolean; me: string }) {
  const fetcher = useFetcher<Answer>();
  useActionResult(fetcher.data, fetcher.state);
  const saving = fetcher.state !== "idle";
  const who = member.email === me ? `${member.name} (vos)` : member.name;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3">
      <span>
        <span className="font-medium">{who}</span>
        <span className="block text-xs text-slate-500">{member.email}</span>
      </span>
      {manage ? (
        <span className="flex flex-wrap items-center gap-2">
          <fetcher.Form method="post" action={ACTION} className="flex items-center gap-2">
            <input type="hidden" name="intent" value="member-role" />
            <input type="hidden" name="userId" value={member.userId} />
            <label htmlFor={`role-${member.userId}`} className="sr-only">
              Rol de {member.email}
            </label>
            <RoleSelect id={`role-${member.userId}`} defaultValue={member.role} />
            <Button type="submit" variant="outline" size="sm" disabled={saving}>
              Cambiar rol
            </Button>
          </fetcher.Form>
          <fetcher.Form method="post" action={ACTION}>
            <input type="hidden" name="intent" value="member-remove" />
            <input type="hidden" name="userId" value={member.userId} />
            <Button type="submit" variant="ghost" size="sm" disabled={saving} aria-label={`Quitar a ${member.email}`}>
              Quitar
            </Button>
          </fetcher.Form>
        </span>
      ) : (
        <span className="text-sm text-slate-600">{COMPANY_ROLE_LABELS[member.role]}</span>
      )}
    </li>
  );
}

function InvitationRow({ invitation }: { invitation: CompanyInvitation }) {
  const fetcher = useFetcher<Answer>();
  useActionResult(fetcher.data, fetcher.state);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
      <span>
        {invitation.email} · {COMPANY_ROLE_LABELS[invitation.role]} · <em>invitación enviada</em>
      </span>
      <fetcher.Form method="post" action={ACTION}>
        <input type="hidden" name="intent" value="invitation-cancel" />
        <input type="hidden" name="invitationId" value={invitation.id} />
        <Button type="submit" variant="ghost" size="sm" disabled={fetcher.state !== "idle"}>
          Cancelar invitación
        </Button>
      </fetcher.Form>
    </li>
  );
}

function AddMemberForm() {
  const fetcher = useFetcher<Answer>();
  useActionResult(fetcher.data, fetcher.state);
  const answer = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  // A new key after each member added empties the e-mail field.
  const added = fetcher.data?.ok ? fetcher.data : null;
  return (
    <InlineForm
      key={added ? JSON.stringify(added.toast) : "new"}
      intent="member-add"
      answer={answer}
      label="Agregar"
      fetcher={fetcher}
      action={ACTION}
    >
      <MemberFields
        answer={answer}
        label="Email de la persona"
        hint="Si no tiene cuenta, le mandamos una invitación."
      />
    </InlineForm>
  );
}

/** The Empresa tab: the company, its status and group, and its members. */
export function CompanyCard({ data, email }: { data: MyCompany | null; email: string }) {
  if (!data) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 p-8 text-center">
        <Building2 aria-hidden className="size-10 text-slate-300" />
        <p className="text-slate-600">¿Comprás para una empresa? Registrala para comprar con precios de empresa.</p>
        <Link to="/empresas/registro" className="font-semibold text-brand-700 underline">
          Registrar mi empresa
        </Link>
      </div>
    );
  }
  const { company, members, invitations } = data;
  const manage = company.role === "approver";
  return (
    <section aria-labelledby="my-company-title" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5">
      <div>
        <h3 id="my-company-title" className="text-lg font-bold">
          {company.legalName}
        </h3>
        <p className="text-sm text-slate-600">
          CUIT {company.cuit} · {company.statusLabel}
          {company.groupName ? ` · ${company.groupName}` : ""} · Tu rol: {COMPANY_ROLE_LABELS[company.role]}
        </p>
      </div>
      <div>
        <h4 className="font-semibold">Miembros</h4>
        <ul aria-label="Miembros de la empresa" className="divide-y divide-slate-100">
          {members.map((m) => (
            <MemberRow key={`${m.userId}-${m.role}`} member={m} manage={manage} me={email} />
          ))}
        </ul>
        {manage && invitations.length > 0 ? (
          <ul aria-label="Invitaciones pendientes" className="divide-y divide-slate-100 border-t border-slate-100">
            {invitations.map((i) => (
              <InvitationRow key={i.id} invitation={i} />
            ))}
          </ul>
        ) : null}
      </div>
      {manage ? (
        <AddMemberForm />
      ) : (
        <p className="text-sm text-slate-600">Solo quien aprueba en la empresa puede sumar o quitar miembros.</p>
      )}
    </section>
  );
}
